// ESLint 10 flat config: `npm run lint` (part of `npm run check`) allows no warnings.
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { readdirSync, readFileSync } from 'node:fs';
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

/*
 * Modules with a public face (issue 37 point 1): each folder under api/modules/ shows what others
 * may use in its index.ts. The rest of api/, server/, scripts/ and bench/ import a module only
 * through it; tests/ may reach inside.
 */
const MODULES = readdirSync(new URL('./api/modules/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const OUTSIDE_MODULES = [
  'api/*.{ts,tsx}',
  ...readdirSync(new URL('./api/', import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== 'modules')
    .map((entry) => `api/${entry.name}`),
];

function moduleZones() {
  return MODULES.map((module) => ({
    target: [
      ...MODULES.filter((other) => other !== module).map((other) => `api/modules/${other}`),
      ...OUTSIDE_MODULES,
      'server',
      'scripts',
      'bench',
    ],
    from: `api/modules/${module}`,
    except: ['./index.ts'],
    message: `Another module is used through its index.ts: import from api/modules/${module} (add what you need to its index.ts), never from its files.`,
  }));
}

/** `import-x/no-restricted-paths` options: each layer and module, and what it may not import. */
function layerZones() {
  const zones = Object.entries(LAYER_MESSAGES).flatMap(([layer, message]) =>
    CODE_FOLDERS.filter((folder) => folder !== layer).map((folder) => ({
      target: layer,
      from: folder,
      message,
    })),
  );
  return {
    basePath: fileURLToPath(new URL('.', import.meta.url)),
    zones: [...zones, ...moduleZones()],
  };
}

/*
 * Order states are spelled in core/orders (the lifecycle) and the schema only (issue 35 point 5):
 * elsewhere a state is named through `ORDER_STATE` or asked through a predicate (`paid`, `toShip`,
 * `countsAsRevenue`, `allows`). The names are read from core/orders/statuses.ts, the one list.
 */
const ORDER_STATE_NAMES = [
  ...readFileSync(new URL('./core/orders/statuses.ts', import.meta.url), 'utf8')
    .match(/export const ORDER_STATUSES = \[([^\]]*)\]/)[1]
    .matchAll(/'([a-z_]+)'/g),
].map((match) => match[1]);
const ORDER_STATE_LITERAL = {
  selector: `Literal[value=/^(${ORDER_STATE_NAMES.join('|')})$/]`,
  message:
    'An order state is named through ORDER_STATE or asked through a lifecycle predicate (core/orders/lifecycle.ts), never spelled out.',
};

/*
 * One home each (issue 37 point 2): cents and dollars convert in core/money.ts, days are counted
 * by the shop's calendar (core/shop-calendar.ts, core/dates.ts), and control characters are
 * refused by one rule (core/plain-text.ts). Elsewhere these spellings are refused.
 */
const ONE_HOME_SYNTAX = [
  {
    selector:
      "BinaryExpression[operator=/^[*\\/]$/][right.value=100], BinaryExpression[operator='*'][left.value=100]",
    message:
      'Cents and dollars convert through core/money.ts (centsToDollars, dollarsToCents, centsToDecimal).',
  },
  {
    selector: "CallExpression[callee.property.name='toFixed']",
    message:
      'Money text comes from core/money.ts (formatCents, centsToDecimal); other figures from Intl.NumberFormat or Math.round.',
  },
  {
    selector: 'Literal[value=86400000]',
    message:
      'A day as a duration is DAY_MS, and instants days apart come from daysAfter (core/dates.ts).',
  },
  {
    selector: 'Literal[value=/current_date/i], TemplateElement[value.raw=/current_date/i]',
    message:
      "Days are the shop's (America/Los_Angeles): core/shop-calendar.ts, never the database's current_date (UTC).",
  },
  {
    selector: 'Literal[regex.pattern=/\\\\(u00[01]|x[01])[0-9a-fA-F]/]',
    message:
      'Control characters are refused by one rule: core/plain-text.ts (isPlainText, CONTROL_EXCEPT_LINE_BREAKS).',
  },
];
const ONE_HOME_FILES = [
  'core/money.ts',
  'core/dates.ts',
  'core/shop-calendar.ts',
  'core/plain-text.ts',
  'scripts/**',
  'bench/**',
  'tests/**',
  'eslint.config.js',
];
const ORDER_STATE_EXEMPT = ['core/orders/**', 'api/db/schema/**'];

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
      '.stryker-tmp*/',
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
    // No import cycles in the server, the shared rules or the islands (type-only imports do not
    // count); tests/unit/island-folders.test.ts also keeps the island folders out of a cycle.
    files: ['api/**/*.{ts,tsx}', 'core/**/*.{ts,tsx}', 'src/islands/**/*.{ts,tsx}'],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  // `no-restricted-syntax` takes one list per file (a later block replaces an earlier one's), so
  // each group of files gets the list of what it may not spell.
  {
    files: ['**/*.{ts,tsx,js,mjs,astro}'],
    ignores: [...ORDER_STATE_EXEMPT, ...ONE_HOME_FILES],
    rules: { 'no-restricted-syntax': ['error', ORDER_STATE_LITERAL, ...ONE_HOME_SYNTAX] },
  },
  {
    files: ORDER_STATE_EXEMPT,
    rules: { 'no-restricted-syntax': ['error', ...ONE_HOME_SYNTAX] },
  },
  {
    files: ['core/money.ts', 'core/dates.ts', 'core/shop-calendar.ts', 'core/plain-text.ts'],
    rules: { 'no-restricted-syntax': ['error', ORDER_STATE_LITERAL] },
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
