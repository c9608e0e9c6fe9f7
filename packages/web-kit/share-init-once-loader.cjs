// Build-time fix of the Module Federation runtime (runtime-core 2.9): every loadShare called
// initializeSharing with a new, empty initScope, so its "already initialised" guard never held and the whole
// shared table (about 70 packages here) was registered again for each of the ~70 shares the first screen
// consumes: some 5,000 registrations, each with its hook, before the dashboard could render.
// Here every loadShare of one federation instance shares one initScope, so the table is registered once per
// scope, as the build-time init already does. The upstream fix is module-federation/core pull request 5062;
// its one known regression needs per-share strategies that differ within a scope, which this app does not
// use (one catalogue, web-kit/federation.cjs). The build fails if the runtime's code no longer matches.
const unguarded = 'if (!initScope) initScope = [];';
const guarded =
  'if (!initScope) initScope = this.loadShareInitScope || (this.loadShareInitScope = []);';

module.exports = function shareInitOnce(source) {
  if (!source.includes(unguarded))
    throw new Error(
      'share-init-once-loader: runtime-core changed; check initializeSharing and remove or update this loader',
    );
  return source.replace(unguarded, guarded);
};
