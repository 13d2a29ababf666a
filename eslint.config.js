// ESLint 10 flat config: `npm run lint` (part of `npm run check`) allows no warnings.
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { fileURLToPath } from 'node:url';
import tseslint from 'typescript-eslint';

/*
 * Layers (DECISIONS.md "Layers"): core/ holds the rules both sides share; api/ is the server, src/
 * the pages and islands. Each imports only itself, core/ and packages: core/ nothing else, api/
 * never src/ or server/, and src/ reaches the API through its client (src/lib/api-client.ts).
 */
const CODE_FOLDERS = ['api', 'src', 'server', 'scripts', 'tests', 'bench'];
const LAYER_MESSAGES = {
  core: 'core/ imports only core/ and packages: both the browser and the server load it.',
  api: 'api/ never imports src/ or server/: a rule both need belongs in core/.',
  src: 'src/ talks to the API through src/lib/api-client.ts and shares rules through core/.',
};

/** `import-x/no-restricted-paths` options: each layer, and the folders it may not import. */
function layerZones() {
  const zones = Object.entries(LAYER_MESSAGES).flatMap(([layer, message]) =>
    CODE_FOLDERS.filter((folder) => folder !== layer).map((folder) => ({
      target: layer,
      from: folder,
      message,
    })),
  );
  return { basePath: fileURLToPath(new URL('.', import.meta.url)), zones };
}

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'dist-*/',
      '.astro/',
      '.data/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      'bench/results/',
      'api/db/migrations/',
      // Stryker's sandboxes (copies of the tree) and its reports (npm run test:mutation).
      '.stryker-tmp/',
      'reports/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    // The React islands: the rules of hooks and the React Compiler's checks.
    files: ['src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['src/**/*.{ts,tsx,astro}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.mjs', '.js', '.json'] }),
      ],
      'import-x/extensions': ['.ts', '.tsx', '.mjs', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: { 'import-x/no-restricted-paths': ['error', layerZones()] },
  },
  {
    // No import cycles in the server or the shared rules (type-only imports do not count).
    files: ['api/**/*.{ts,tsx}', 'core/**/*.{ts,tsx}'],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    rules: {
      // `_` marks an argument or binding kept on purpose.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
);
