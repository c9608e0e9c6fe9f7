import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The levelup/boundaries lint rule (tools/eslint/boundaries.mjs), run through the repository's own
 * ESLint config on fixture sources placed, by file path, where the rule applies.
 */
const ROOT = path.resolve(import.meta.dirname, '..');
const eslint = new ESLint({ cwd: ROOT });

async function boundaryMessages(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'levelup/boundaries')
    .map((message) => message.message);
}

describe('levelup/boundaries', () => {
  it.each([
    [
      'a feature importing another feature',
      'mfe-community/src/features/feedback-review/components/fixture.tsx',
      "import { ReportedPosts } from '../../post-reports/components/reported-posts.tsx';\nexport const x = ReportedPosts;\n",
      /Feature 'feedback-review' imports feature 'post-reports'/,
    ],
    [
      'a shell feature importing another by a longer path',
      'shell/src/features/navigation/fixture.ts',
      "export { AuthPage } from '../../features/auth/auth-page.tsx';\n",
      /Feature 'navigation' imports feature 'auth'/,
    ],
    [
      'a service importing another service',
      'svc-goals/src/fixture.ts',
      "import { occurrenceModel } from '../../svc-quests/src/occurrences/models.ts';\nexport const x = occurrenceModel;\n",
      /svc-goals imports svc-quests/,
    ],
    [
      'a service importing another by package name',
      'svc-community/src/fixture.ts',
      "import { createApp } from '@levelup/svc-identity';\nexport const x = createApp;\n",
      /svc-community imports svc-identity/,
    ],
    [
      'a harness reaching into a service src',
      'bench/fixture.ts',
      "import { occurrenceModel } from '../svc-quests/src/occurrences/models.ts';\nexport const x = occurrenceModel;\n",
      /Reaches into svc-quests\/src\/occurrences\/models\.ts/,
    ],
    [
      "a service's test reaching into another service's src",
      'svc-identity/test/fixture.test.ts',
      "import { goalModels } from '../../svc-goals/src/goals/models.ts';\nexport const x = goalModels;\n",
      /Reaches into svc-goals\/src\/goals\/models\.ts/,
    ],
  ])('when %s, then the rule fails', async (_case, file, code, expected) => {
    const messages = await boundaryMessages(file, code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(expected);
  });

  it.each([
    [
      'a feature importing its own parts, web-kit and the app lib',
      'shell/src/features/navigation/fixture.ts',
      "import { navLinks } from './nav-links.ts';\nimport { useAuth } from '@levelup/web-kit';\nimport { AUTH_PATH } from '../../lib/sign-in-href.ts';\nexport const x = [navLinks, useAuth, AUTH_PATH];\n",
    ],
    [
      'the app routes composing features',
      'mfe-community/src/app/fixture.tsx',
      "import { ReportedPosts } from '../features/post-reports/components/reported-posts.tsx';\nexport const x = ReportedPosts;\n",
    ],
    [
      'a harness using public entries',
      'faults/src/fixture.ts',
      "import { createApp } from '../../svc-quests/src/index.ts';\nimport { startQuests } from '../../svc-quests/test/harness.ts';\nexport const x = [createApp, startQuests];\n",
    ],
    [
      "a service's own tests using its own src",
      'svc-quests/test/fixture.test.ts',
      "import { occurrenceModel } from '../src/occurrences/models.ts';\nexport const x = occurrenceModel;\n",
    ],
  ])('when %s, then the rule passes', async (_case, file, code) => {
    expect(await boundaryMessages(file, code)).toEqual([]);
  });
});
