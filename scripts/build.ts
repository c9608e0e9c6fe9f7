/** `npm run build`: build every frontend that is stale (`--force` rebuilds all). */
import { buildStale } from './lib/build.ts';

await buildStale({ force: process.argv.includes('--force') });
