import { describe, expect, it } from 'vitest';
import { remoteFor, remoteScripts } from './remote-preload.ts';

describe('preloading the page remote', () => {
  it('when a path is opened, then its remote is known from the first segment', () => {
    expect(remoteFor('/dashboard')).toBe('mfe_quests');
    expect(remoteFor('/admin/feedback')).toBe('mfe_community');
    // The dashboard's quick actions: Create Goal and Body Doubling.
    expect(remoteFor('/goals/new')).toBe('mfe_goals');
    expect(remoteFor('/body-doubling')).toBe('mfe_community');
    expect(remoteFor('/meetups')).toBe('mfe_community');
    expect(remoteFor('/profile')).toBeNull();
  });

  it("when the manifest is read, then the entry and the routes' own chunks are preloaded from the remote's folder", () => {
    const manifest = {
      metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
      exposes: [
        { path: './other', assets: { js: { sync: ['other.1.js'] } } },
        {
          path: './routes',
          assets: { js: { sync: ['a.1.js', 'routes.2.js'], async: ['lazy.3.js'] } },
        },
      ],
    };
    const origin = window.location.origin;
    expect(remoteScripts('/remotes/quests/mf-manifest.json', manifest)).toEqual([
      `${origin}/remotes/quests/remoteEntry.js`,
      `${origin}/remotes/quests/a.1.js`,
      `${origin}/remotes/quests/routes.2.js`,
    ]);
  });
});
