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
    [
      'a remote importing another remote by a relative path',
      'mfe-goals/src/features/goal-list/fixture.tsx',
      "import { QuestCard } from '../../../../mfe-quests/src/features/quest-log/quest-card.tsx';\nexport const x = QuestCard;\n",
      /Remotes never import each other: mfe-goals imports mfe-quests/,
    ],
    [
      'a remote importing another remote by package name',
      'mfe-community/src/app/fixture.tsx',
      "import routes from '@levelup/mfe-progression';\nexport const x = routes;\n",
      /Remotes never import each other: mfe-community imports mfe-progression/,
    ],
    [
      "a remote's test importing another remote",
      'mfe-quests/src/features/quest-log/fixture.test.tsx',
      "import { goalFixture } from '../../../../mfe-goals/src/test/fixtures.ts';\nexport const x = goalFixture;\n",
      /Remotes never import each other: mfe-quests imports mfe-goals/,
    ],
    [
      'a remote importing the shell',
      'mfe-quests/src/lib/fixture.ts',
      "import { signInHref } from '../../../shell/src/lib/sign-in-href.ts';\nexport const x = signInHref;\n",
      /A remote never imports the shell: mfe-quests imports shell/,
    ],
    [
      'a remote importing the shell by package name',
      'mfe-progression/src/fixture.ts',
      "export * from '@levelup/shell';\n",
      /A remote never imports the shell: mfe-progression imports shell/,
    ],
    [
      'the shell importing a remote at build time',
      'shell/src/features/remotes/fixture.tsx',
      "const routes = () => import('../../../../mfe-quests/src/routes.tsx');\nexport const x = routes;\n",
      /The shell never imports a remote at build time: shell imports mfe-quests/,
    ],
    [
      'the shell importing a remote by package name',
      'shell/src/app/fixture.tsx',
      "import routes from '@levelup/mfe-goals';\nexport const x = routes;\n",
      /The shell never imports a remote at build time: shell imports mfe-goals/,
    ],
    [
      'a remote importing a service',
      'mfe-quests/src/features/quest-log/fixture.ts',
      "import { occurrenceModel } from '../../../../svc-quests/src/occurrences/models.ts';\nexport const x = occurrenceModel;\n",
      /Front ends never import a service or the gateway: mfe-quests imports svc-quests/,
    ],
    [
      'the shell importing the gateway by package name',
      'shell/src/lib/fixture.ts',
      "import { createApp } from '@levelup/gateway';\nexport const x = createApp;\n",
      /Front ends never import a service or the gateway: shell imports gateway/,
    ],
    [
      'web-kit importing a service',
      'packages/web-kit/src/api/fixture.ts',
      "import { createApp } from '@levelup/svc-identity';\nexport const x = createApp;\n",
      /Front ends never import a service or the gateway: packages\/web-kit imports svc-identity/,
    ],
    [
      'a package importing a service',
      'packages/service-kit/src/fixture.ts',
      "import { createApp } from '../../../svc-goals/src/index.ts';\nexport const x = createApp;\n",
      /Packages never import an app, a service or the gateway: packages\/service-kit imports svc-goals/,
    ],
    [
      "a package's test importing an app by package name",
      'packages/contracts/test/fixture.test.ts',
      "import { routes } from '@levelup/mfe-quests';\nexport const x = routes;\n",
      /Packages never import an app, a service or the gateway: packages\/contracts imports mfe-quests/,
    ],
    [
      'a package importing the gateway',
      'packages/contracts/src/fixture.ts',
      "export { routeTable } from '../../../gateway/src/route-table.ts';\n",
      /Packages never import an app, a service or the gateway: packages\/contracts imports gateway/,
    ],
    [
      "a service's source importing a tool",
      'svc-quests/src/fixture.ts',
      "import { start } from '@levelup/mongo-embedded';\nexport const x = start;\n",
      /Product source never imports a dev tool or harness: svc-quests\/src imports tools\/mongo-embedded/,
    ],
    [
      "a package's source importing a script",
      'packages/contracts/src/fixture.ts',
      "import { apiTable } from '../../../scripts/api-table.ts';\nexport const x = apiTable;\n",
      /Product source never imports a dev tool or harness: packages\/contracts\/src imports scripts/,
    ],
    [
      "a remote's source importing an e2e helper",
      'mfe-goals/src/lib/fixture.ts',
      "import { helper } from '../../../e2e/helpers.ts';\nexport const x = helper;\n",
      /Product source never imports a dev tool or harness: mfe-goals\/src imports e2e/,
    ],
    [
      "the gateway's source importing a fault harness by package name",
      'gateway/src/fixture.ts',
      "import { faults } from '@levelup/faults';\nexport const x = faults;\n",
      /Product source never imports a dev tool or harness: gateway\/src imports faults/,
    ],
    [
      "the shell's source importing a bench helper",
      'shell/src/lib/fixture.ts',
      "import { measure } from '../../../bench/bundle-size.ts';\nexport const x = measure;\n",
      /Product source never imports a dev tool or harness: shell\/src imports bench/,
    ],
    [
      "a product's test importing a harness (only tools/ is open to tests)",
      'svc-goals/src/goals/fixture.test.ts',
      "import { attack } from '../../../security/src/attacks.ts';\nexport const x = attack;\n",
      /Product source never imports a dev tool or harness: svc-goals\/src imports security/,
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
    [
      'the shell loading remotes at run time by federated specifiers',
      'shell/src/features/remotes/fixture.ts',
      "import { loadRemote } from '@module-federation/enhanced/runtime';\nexport const a = () => loadRemote('mfe_quests/routes');\nexport const b = () => import('quests/routes');\n",
    ],
    [
      'a remote and web-kit using packages (contracts, web-kit and its testing entry)',
      'mfe-quests/src/features/quest-log/fixture.test.tsx',
      "import { API } from '@levelup/contracts';\nimport { call } from '@levelup/web-kit';\nimport { renderWithProviders } from '@levelup/web-kit/testing';\nexport const x = [API, call, renderWithProviders];\n",
    ],
    [
      "a package's testing entry and tests using a tool",
      'packages/service-kit/src/testing/fixture.ts',
      "export const start = () => import('@levelup/mongo-embedded');\n",
    ],
    [
      "a package's source test using a tool",
      'packages/service-kit/src/fixture.test.ts',
      "import { start } from '@levelup/mongo-embedded';\nexport const x = start;\n",
    ],
    [
      "an app's serve script using web-kit's static server",
      'shell/serve.ts',
      "import { serveStatic } from '@levelup/web-kit/static-server';\nexport const x = serveStatic;\n",
    ],
  ])('when %s, then the rule passes', async (_case, file, code) => {
    expect(await boundaryMessages(file, code)).toEqual([]);
  });
});
