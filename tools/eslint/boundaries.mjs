// Import boundaries of the repository, as one ESLint rule (levelup/boundaries). An import is checked
// whether it is written as a relative path or as a workspace package name (@levelup/<name>[/<entry>]);
// any other bare name (an npm package, or a Module Federation name such as 'mfe_quests/routes') is not a
// repository path and is left alone. Layers, from the top: dev tools and harnesses, then the apps (the
// shell and its remotes) and the services (the gateway and svc-*), then packages/ at the bottom.
// - a front-end feature (shell/src/features/<f>, mfe-*/src/features/<f>) never imports another feature;
//   the app's routes compose them, shared pieces live in the app's lib/ or components/ or in web-kit;
// - a remote (mfe-*) never imports another remote or the shell: each is built and deployed on its own,
//   and they share code only through packages/ (web-kit, contracts);
// - the shell never imports a remote's files: it loads remotes at run time through Module Federation
//   (shell/src/features/remotes), never at build time;
// - a front end (the shell, a remote, packages/web-kit) never imports the gateway or a service: it talks
//   to them over HTTP with the operations of packages/contracts' API table;
// - a package (packages/*) never imports an app, a service or the gateway: packages are the bottom layer;
// - product source (the src/ of the shell, a remote, the gateway, a service or a package) never imports a
//   dev tool or harness (tools/, scripts/, e2e/, bench/, faults/, security/). Its test code (*.test.ts(x),
//   a test/ or testing/ folder, such as a package's src/testing/ entry) may use tools/ (such as the
//   embedded database), never a harness, which sits above the product;
// - a service's or the gateway's source never imports another service or the gateway: they talk over
//   HTTP and events only, and share code through packages/;
// - a harness (e2e, bench, faults, security, scripts, a service's tests and benchmarks) uses another
//   service only through its public entry, <service>/src/index.ts, or its test harness,
//   <service>/test/harness.ts, never a file inside its src/.
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SERVICE = /^(svc-[a-z-]+|gateway)$/;
const APP = /^(shell|mfe-[a-z-]+)$/;
const REMOTE = /^mfe-[a-z-]+$/;
const HARNESS_ROOTS = new Set(['e2e', 'bench', 'faults', 'security', 'scripts', 'tools']);
const TEST_CODE = /(^|\/)(test|testing)\/|\.test(-d)?\.(ts|tsx|mts)$/;

/** Each workspace package's folder and exports, by its name (@levelup/contracts → packages/contracts). */
function readWorkspaces() {
  const root = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const folders = root.workspaces.flatMap((pattern) =>
    pattern.endsWith('/*')
      ? fs
          .readdirSync(path.join(ROOT, pattern.slice(0, -2)), { withFileTypes: true })
          .filter((entry) => entry.isDirectory())
          .map((entry) => `${pattern.slice(0, -2)}/${entry.name}`)
      : [pattern],
  );
  const workspaces = new Map();
  for (const folder of folders) {
    const file = path.join(ROOT, folder, 'package.json');
    if (!fs.existsSync(file)) continue;
    const { name, exports } = JSON.parse(fs.readFileSync(file, 'utf8'));
    workspaces.set(name, { folder, exports: typeof exports === 'object' ? exports : {} });
  }
  return workspaces;
}

const WORKSPACES = readWorkspaces();

/** What a repository path is, for the rule: its package, where in it, and its layer. */
function placeOf(relative) {
  const parts = relative.split(/[\\/]/);
  const [top, second, third, fourth] = parts;
  const pkg = top === 'packages' || top === 'tools' ? `${top}/${second}` : top;
  const rest = (top === 'packages' || top === 'tools' ? parts.slice(2) : parts.slice(1)).join('/');
  const inSrc = rest.startsWith('src/');
  const layer = APP.test(top)
    ? 'app'
    : SERVICE.test(top)
      ? 'service'
      : top === 'packages'
        ? 'package'
        : HARNESS_ROOTS.has(top)
          ? 'tool'
          : 'other';
  const place = { pkg, layer, inSrc, testCode: TEST_CODE.test(rest) };
  if (APP.test(top) && second === 'src' && third === 'features' && fourth)
    return { ...place, kind: 'feature', feature: fourth };
  if (SERVICE.test(top) && second === 'src') return { ...place, kind: 'service-src' };
  if (SERVICE.test(top)) return { ...place, kind: 'service-harness' };
  if (HARNESS_ROOTS.has(top)) return { ...place, kind: 'harness' };
  return { ...place, kind: 'other' };
}

/** The repository path an import names, or null for a name outside the repository. */
function targetOf(fromRelative, source) {
  if (source.startsWith('.'))
    return path.relative(ROOT, path.resolve(ROOT, path.dirname(fromRelative), source));
  const match = /^(@levelup\/[a-z-]+)(\/.*)?$/.exec(source);
  const workspace = match && WORKSPACES.get(match[1]);
  if (!workspace) return null;
  const entry = workspace.exports[`.${match[2] ?? ''}`];
  if (typeof entry === 'string') return path.posix.join(workspace.folder, entry);
  return `${workspace.folder}${match[2] ?? '/src/index.ts'}`;
}

const PUBLIC_ENTRIES = [
  /^(svc-[a-z-]+|gateway)\/src\/index\.ts$/,
  /^svc-[a-z-]+\/test\/harness\.ts$/,
];

/** The directions between layers that are refused (front ends, packages, product source). */
function layerProblemOf(from, target) {
  if (REMOTE.test(from.pkg) && REMOTE.test(target.pkg) && target.pkg !== from.pkg)
    return `Remotes never import each other: ${from.pkg} imports ${target.pkg}. Each remote is built and deployed on its own; move the shared code to packages/web-kit (or packages/contracts), or link to the other remote's route.`;
  if (REMOTE.test(from.pkg) && target.pkg === 'shell')
    return `A remote never imports the shell: ${from.pkg} imports shell. The shell hosts remotes at run time; move what both need to packages/web-kit (or packages/contracts).`;
  if (from.pkg === 'shell' && REMOTE.test(target.pkg))
    return `The shell never imports a remote at build time: shell imports ${target.pkg}. Remotes are loaded at run time through Module Federation (loadRemote in shell/src/features/remotes); move shared code to packages/web-kit.`;
  if ((from.layer === 'app' || from.pkg === 'packages/web-kit') && target.layer === 'service')
    return `Front ends never import a service or the gateway: ${from.pkg} imports ${target.pkg}. Call it over HTTP with an operation of packages/contracts' API table (call(API.x)), and move shared schemas or rules to packages/contracts.`;
  if (from.layer === 'package' && (target.layer === 'app' || target.layer === 'service'))
    return `Packages never import an app, a service or the gateway: ${from.pkg} imports ${target.pkg}. Packages are the bottom layer; move the code down into a package, or let the app or service pass it in.`;
  const product =
    from.inSrc && (from.layer === 'app' || from.layer === 'service' || from.layer === 'package');
  if (product && target.layer === 'tool' && !(from.testCode && target.pkg.startsWith('tools/')))
    return `Product source never imports a dev tool or harness: ${from.pkg}/src imports ${target.pkg}. Tools and harnesses depend on the product, not the other way round; move the code into the product or a package (only test code may use tools/).`;
  return null;
}

function problemOf(from, to) {
  const target = placeOf(to);
  if (from.kind === 'feature' && target.kind === 'feature' && target.pkg === from.pkg)
    return target.feature === from.feature
      ? null
      : `Feature '${from.feature}' imports feature '${target.feature}': features never import each other; compose them in the app's routes or move the shared part to lib/ or web-kit.`;
  const layerProblem = layerProblemOf(from, target);
  if (layerProblem) return layerProblem;
  if (from.kind === 'service-src' && SERVICE.test(target.pkg) && target.pkg !== from.pkg)
    return `${from.pkg} imports ${target.pkg}: services talk over HTTP and events, and share code only through packages/.`;
  if (
    (from.kind === 'harness' || from.kind === 'service-harness') &&
    SERVICE.test(target.pkg) &&
    target.pkg !== from.pkg &&
    (target.kind === 'service-src' || target.kind === 'service-harness') &&
    !PUBLIC_ENTRIES.some((entry) => entry.test(to.replace(/\\/g, '/')))
  )
    return `Reaches into ${to}: use ${target.pkg}/src/index.ts (or its test/harness.ts) and export what is needed there.`;
  return null;
}

const boundaries = {
  meta: {
    type: 'problem',
    docs: {
      description:
        'Layers (tools, apps and services, packages), features, remotes, services and harnesses import each other only in allowed directions and through public entries',
    },
    schema: [],
  },
  create(context) {
    const file = path.relative(ROOT, context.filename ?? context.getFilename());
    if (file.startsWith('..')) return {};
    const from = placeOf(file);
    if (from.kind === 'other' && from.layer === 'other') return {};
    const check = (node) => {
      const source = node.source;
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const to = targetOf(file, source.value);
      if (to === null) return;
      const message = problemOf(from, to);
      if (message) context.report({ node: source, message });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default { rules: { boundaries } };
