/**
 * Inside an image build (the Dockerfile's `released` stage): a frontend's new build is put in place over
 * the files of the release its image replaces, by the same rule as `npm run deploy:remote`. The image
 * then serves the new release and still every content-hashed chunk of the one before, so a page opened
 * on the previous release keeps loading its chunks from any pod, old or new, during and after a rolling
 * update; chunks of the release before that are dropped (dist/releases.json lists what each kept
 * release uses).
 *
 *   node scripts/carry-release.ts <frontend> <new build folder> <previous release folder> <release id>
 *
 * The previous release folder becomes the served one. It is empty for a first release.
 */
import { release } from './deploy-remote.ts';

if (import.meta.main) {
  const [frontend, built, previous, releaseId] = process.argv.slice(2);
  if (!frontend || !built || !previous || !releaseId) {
    console.error(
      'usage: node scripts/carry-release.ts <frontend> <new build folder> <previous release folder> <release id>',
    );
    process.exit(2);
  }
  const result = release(built, previous, releaseId, frontend);
  console.log(
    `${frontend} release ${releaseId}: ${result.added.length} new chunks, ${result.kept.length} unchanged, ` +
      `${result.removed.length} of an older release dropped; the previous release's chunks are kept`,
  );
}
