import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import levelup from './tools/eslint/boundaries.mjs';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/.data/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['shell/**/*.{ts,tsx}', 'mfe-*/**/*.{ts,tsx}', 'packages/web-kit/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Import boundaries between layers, apps, features, services and harnesses (tools/eslint/boundaries.mjs).
    files: ['**/*.{ts,tsx,mts}'],
    plugins: { levelup },
    rules: { 'levelup/boundaries': 'error' },
  },
  {
    // No function over 150 lines, counted as a reader meets them (blank and comment lines too): a
    // longer one is split by what it does.
    files: ['**/*.{ts,tsx,mts}'],
    ignores: ['**/*.test.{ts,tsx}', '**/test/**', 'e2e/**', 'faults/**', 'security/**', 'bench/**'],
    rules: {
      'max-lines-per-function': [
        'error',
        { max: 150, skipBlankLines: false, skipComments: false, IIFEs: true },
      ],
    },
  },
  {
    files: ['**/*.{cjs,js}'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The shell's service worker is served as written (shell/public), a classic worker script.
    files: ['shell/public/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.serviceworker } },
  },
);
