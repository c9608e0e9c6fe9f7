// One shared-module catalogue for the shell and every remote (required by each webpack config), so the
// singleton list and the version ranges cannot drift between independently deployed frontends.
const path = require('node:path');

const root = path.resolve(__dirname, '../..');
// Read from the installed package's own package.json (not through its exports map, which may hide it).
const installedVersion = (name) =>
  require(path.join(root, 'node_modules', name, 'package.json')).version;

// The versions the platform ships; remotes accept any compatible minor (caret range).
const singleton = (packageName) => {
  const version = installedVersion(packageName);
  return { singleton: true, requiredVersion: `^${version}`, version, packageName };
};

// Modules that hold React contexts provided by the shell (theme tokens, locale, z-index, App's message/modal).
// antd imports them with relative paths, so the 'antd/es/' prefix alone would not catch those imports and a
// remote-only component (say Progress) would read its own copy of the context and miss the shell's dark theme.
// allowNodeModulesSuffixMatch rebuilds 'antd/es/<path>' from the relative import so they resolve to one copy.
const antdContextModules = [
  'antd/es/config-provider/context',
  'antd/es/config-provider/SizeContext',
  'antd/es/config-provider/DisabledContext',
  'antd/es/theme/context',
  'antd/es/locale/context',
  'antd/es/app/context',
  'antd/es/_util/zindexContext',
  // Also shared for size: every remote input reads the form's context, which would otherwise pull a second
  // copy of @rc-component/form (with async-validator, 13 KB gzipped) into the first dashboard load.
  'antd/es/form/context',
];

// antd components that only remotes import. The shell provides them all the same, so a remote's
// component comes built against the shell's copy of antd's internals (theme, config provider, skeleton,
// rc-util) that the page has already loaded; provided by a remote, each one brought its own copy of those
// (about 25 KB gzipped on the first dashboard load). A remote still builds its own fallback, for a shell
// of an older release that does not provide one.
const shellProvidedAntd = [
  'antd/es/checkbox',
  'antd/es/collapse',
  'antd/es/input-number',
  'antd/es/statistic',
  'antd/es/tooltip',
];

/**
 * The `shared` option of ModuleFederationPlugin: the same catalogue in every frontend, the shell
 * (`{ shell: true }`) also providing the antd components only remotes import.
 */
function sharedModules({ shell = false } = {}) {
  const shared = {
    react: singleton('react'),
    'react/': singleton('react'),
    'react-dom': singleton('react-dom'),
    'react-dom/': singleton('react-dom'),
    'react-router': singleton('react-router'),
    'react-router-dom': singleton('react-router-dom'),
    '@tanstack/react-query': singleton('@tanstack/react-query'),
    '@tanstack/query-core': singleton('@tanstack/query-core'),
    '@ant-design/cssinjs': singleton('@ant-design/cssinjs'),
    // Icons and antd are shared per module (deep imports such as 'antd/es/button'), never as a whole:
    // the whole of antd is about 456 KB gzipped and would all land in the first page.
    '@ant-design/icons/': { ...singleton('@ant-design/icons'), allowNodeModulesSuffixMatch: true },
    'antd/es/': singleton('antd'),
    // zod is deliberately not shared: a shared module is never tree-shaken, and the whole of zod 4 (with its
    // locales) is ~87 KB gzipped, far more than the parts each frontend's contracts actually use.
    // antd's own building blocks that the shell and every remote load anyway: one copy instead of one per
    // frontend in the first dashboard load (measured with bench/bundle-size.ts).
    '@rc-component/motion': singleton('@rc-component/motion'),
    '@ant-design/fast-color': singleton('@ant-design/fast-color'),
    '@ant-design/cssinjs-utils': singleton('@ant-design/cssinjs-utils'),
    '@rc-component/trigger': singleton('@rc-component/trigger'),
    dayjs: singleton('dayjs'),
    'dayjs/': singleton('dayjs'),
    '@levelup/web-kit': {
      singleton: true,
      requiredVersion: '*',
      version: installedVersion('@levelup/web-kit'),
    },
    // The API's schemas, with the parts of zod they use: one copy evaluated per page instead of one per
    // frontend (web-kit imports them too). Every frontend already takes the whole package through its index.
    '@levelup/contracts': {
      singleton: true,
      requiredVersion: '*',
      version: installedVersion('@levelup/contracts'),
    },
  };
  for (const key of antdContextModules)
    shared[key] = { ...singleton('antd'), allowNodeModulesSuffixMatch: true };
  // An absolute import makes webpack provide the module though nothing in the shell imports it.
  if (shell)
    for (const key of shellProvidedAntd)
      shared[key] = { ...singleton('antd'), import: require.resolve(key, { paths: [root] }) };
  return shared;
}

module.exports = { sharedModules };
