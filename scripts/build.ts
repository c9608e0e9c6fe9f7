/** `npm run build`: build every frontend that is stale (`--force` rebuilds all). */
import { buildStale } from '../tools/stack/build.ts';

await buildStale({ force: process.argv.includes('--force') });
