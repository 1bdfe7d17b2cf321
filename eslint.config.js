// The rules of STYLE.md ("Naming", "Code habits") that hold inside one file, for src, test and bench
// (`npm run lint`, after which dependency-cruiser checks the imports: .dependency-cruiser.cjs).
// Type-aware through the project's tsconfig.json (typescript-eslint's project service).
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

/** Identifiers that name money: a JS number never holds them (STYLE.md "Naming", Money). */
const MONEY = '/^(price|qty|amount|size|balance|equity)/';

/** Selectors and messages for `no-restricted-syntax` in every linted file. */
const EVERYWHERE = [
  {
    selector: 'ExportDefaultDeclaration',
    message: 'No default exports (STYLE.md dependency rule 7); export a named binding.',
  },
  {
    // The argument is a money name, a field of one (`o.price`), or starts from one (`price.trim()`,
    // `qty.value`), as scripts/lint.mjs matched `Number(price…`.
    selector: `CallExpression[callee.name=/^(parseFloat|Number)$/] > .arguments:matches(Identifier[name=${MONEY}], MemberExpression[property.name=${MONEY}], MemberExpression[object.name=${MONEY}], CallExpression[callee.object.name=${MONEY}])`,
    message: 'Money through a JS number: prices and quantities are Decimal in the domain and strings on the wire.',
  },
];

/** The file of the UI that may reach the generic operation call (`services.exchange.call`). */
const RAW_CALL_HOME = 'src/ui/hooks/use-desk-view.ts';
const RAW_CALL_MESSAGE = `The UI reaches the wire only in the raw operation browser (${RAW_CALL_HOME}); ask a typed service (services.loans, .account, .history, .trading) instead of services.exchange (issue 18).`;

/** The UI outside the raw operation browser: no member read or destructuring of `exchange`. */
const UI_NO_RAW_CALL = [
  { selector: "MemberExpression[property.name='exchange']", message: RAW_CALL_MESSAGE },
  { selector: "ObjectPattern > Property[key.name='exchange']", message: RAW_CALL_MESSAGE },
];

const TESTS = ['**/*.test.ts', '**/*.test.tsx'];

export default defineConfig(
  {
    // test/fixtures/lint-tree breaks the rules on purpose (test/unit/lint-rules.test.ts).
    ignores: ['dist/', 'coverage/', 'bench/out/', 'test/fixtures/lint-tree/', 'node_modules/', 'bin/', 'scripts/', 'patches/', 'docs/', 'themes/', '*.config.js', '*.config.ts', '.dependency-cruiser.cjs'],
  },
  {
    files: ['src/**/*.{ts,tsx}', 'test/**/*.{ts,tsx}', 'bench/**/*.{ts,tsx}'],
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': 'error',
      'no-restricted-syntax': ['error', ...EVERYWHERE],
      'max-lines': ['error', { max: 500, skipBlankLines: false, skipComments: false }],
    },
  },
  {
    // console.* corrupts the Ink screen. Allowed where scripts/lint.mjs allowed it (the embedded
    // exchange, which also runs alone as `utadash sim`, and tests), and in test/ and bench/, which
    // that script did not check and which draw no Ink screen of ours.
    files: ['src/sim/**', 'test/**', 'bench/**', ...TESTS],
    rules: { 'no-console': 'off' },
  },
  {
    // The 500-line hard limit is for code (helpers and rigs included); test files may run long.
    files: TESTS,
    rules: { 'max-lines': 'off' },
  },
  {
    files: ['src/ui/**/*.{ts,tsx}'],
    ignores: [RAW_CALL_HOME, ...TESTS],
    rules: { 'no-restricted-syntax': ['error', ...EVERYWHERE, ...UI_NO_RAW_CALL] },
  },
);
