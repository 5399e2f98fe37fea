// ESLint (flat config): @eslint/js's recommended rules on every JavaScript file of the repo,
// with the globals of the scope each runs in. `npx eslint . --max-warnings 0`, part of
// `make lint-js`.
//
// To leave a file out until it is clean: add it to NOT_YET_CHECKED (one line); remove the line
// once `npx eslint FILE` passes.

import js from '@eslint/js';
import globals from 'globals';

/** Files not linted yet (being written or not yet cleaned up): paths or globs. */
const NOT_YET_CHECKED = [];

export default [
  {
    // Built or generated: the wasm glue, the precache list, the site bundle, build outputs.
    ignores: ['www/pkg/**', 'www/offline/precache.js', 'www/data/**', 'dist/**', 'target/**', 'fuzz/**', 'egtb-data/**'],
  },
  { ignores: NOT_YET_CHECKED },
  js.configs.recommended,
  {
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    languageOptions: { ecmaVersion: 2024, sourceType: 'module' },
    rules: {
      // Browsers load relative imports exactly as written: they need the file's extension.
      'no-restricted-syntax': [
        'error',
        {
          selector:
            ':matches(ImportDeclaration, ExportNamedDeclaration, ExportAllDeclaration, ImportExpression)' +
            '[source.value=/^\\.{1,2}\\//]:not([source.value=/\\.m?js$/])',
          message: 'A relative import names the file with its extension (.js or .mjs).',
        },
      ],
    },
  },
  {
    // The pages' modules, and the test pages' scripts.
    files: ['www/**/*.js', 'tests/browser/fixtures/**/*.js', 'docs/examples/*.js'],
    ignores: ['www/**/*.worker.js'],
    languageOptions: { globals: globals.browser },
  },
  {
    // The engine's and the PDN reader's workers: module workers.
    files: ['www/**/*.worker.js', 'scripts/bench-threads/worker.js'],
    languageOptions: { globals: globals.worker },
  },
  {
    // The service worker: a classic script (importScripts).
    files: ['sw.js'],
    languageOptions: { sourceType: 'script', globals: globals.serviceworker },
  },
  {
    // Node scripts and the browser tests; the tests (and icons.mjs) also send functions to the
    // page, which see the page's globals.
    files: ['**/*.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
];
