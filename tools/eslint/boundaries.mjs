// Import boundaries of the repository, as one ESLint rule (levelup/boundaries):
// - a front-end feature (shell/src/features/<f>, mfe-*/src/features/<f>) never imports another feature;
//   the app's routes compose them, shared pieces live in the app's lib/ or components/ or in web-kit;
// - a service's or the gateway's source never imports another service or the gateway: they talk over
//   HTTP and events only, and share code through packages/;
// - a harness (e2e, bench, faults, security, scripts, a service's tests and benchmarks) uses another
//   service only through its public entry, <service>/src/index.ts, or its test harness,
//   <service>/test/harness.ts, never a file inside its src/.
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SERVICE = /^(svc-[a-z-]+|gateway)$/;
const APP = /^(shell|mfe-[a-z-]+)$/;
const HARNESS_ROOTS = new Set(['e2e', 'bench', 'faults', 'security', 'scripts', 'tools']);

/** What a repository path is, for the rule: its package and where in it. */
function placeOf(relative) {
  const parts = relative.split(/[\\/]/);
  const [pkg, second, third, fourth] = parts;
  if (APP.test(pkg) && second === 'src' && third === 'features' && fourth)
    return { kind: 'feature', pkg, feature: fourth };
  if (SERVICE.test(pkg) && second === 'src') return { kind: 'service-src', pkg };
  if (SERVICE.test(pkg)) return { kind: 'service-harness', pkg };
  if (HARNESS_ROOTS.has(pkg)) return { kind: 'harness', pkg };
  return { kind: 'other', pkg };
}

/** The repository path an import names, or null for a package outside the repository. */
function targetOf(fromRelative, source) {
  if (source.startsWith('.'))
    return path.relative(ROOT, path.resolve(ROOT, path.dirname(fromRelative), source));
  const match = /^@levelup\/((?:svc-[a-z-]+|gateway))(\/.*)?$/.exec(source);
  if (match) return `${match[1]}${match[2] ?? '/src/index.ts'}`;
  return null;
}

const PUBLIC_ENTRIES = [
  /^(svc-[a-z-]+|gateway)\/src\/index\.ts$/,
  /^svc-[a-z-]+\/test\/harness\.ts$/,
];

function problemOf(from, to) {
  const target = placeOf(to);
  if (from.kind === 'feature' && target.kind === 'feature' && target.pkg === from.pkg)
    return target.feature === from.feature
      ? null
      : `Feature '${from.feature}' imports feature '${target.feature}': features never import each other; compose them in the app's routes or move the shared part to lib/ or web-kit.`;
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
      description: 'Features, services and harnesses import each other only through public entries',
    },
    schema: [],
  },
  create(context) {
    const file = path.relative(ROOT, context.filename ?? context.getFilename());
    if (file.startsWith('..')) return {};
    const from = placeOf(file);
    if (from.kind === 'other') return {};
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
