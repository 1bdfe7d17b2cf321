// Import rules of STYLE.md ("Dependency rules"), checked by dependency-cruiser on src, test and bench
// (`npm run lint`). ESLint (eslint.config.js) checks the rules inside a file.
//
// The allowed sets are those scripts/lint.mjs enforced before issue 18. Where they differ from the
// words of STYLE.md:
// - sim may also import exchange/book (the embedded exchange keeps its books with the client's
//   order-book code); STYLE.md rule 2 says domain and exchange/wire only.
// - render (the patched Ink's row builder and the cell writer) is not in STYLE.md: it imports only
//   itself, and only cli imports it.
// - pacing (timers that join or pace updates before they reach the screen: UpdateJoiner) is not in
//   STYLE.md: it imports nothing from src, and services, ui and cli may import it.
// - cli is the composition root and may import every layer (STYLE.md names it in Layout only).
// - journal (the trade journal's SQLite file, issue 19) is not in STYLE.md: it imports only domain,
//   and of npm packages only better-sqlite3 and decimal.js (rule 'journal-packages'); services and
//   cli may import it, ui only its types (`import type`, rule 'ui-journal-type-only').
// - Not checked, as before: the order inside ui (panels → components → hooks → keys, STYLE.md rule
//   6) and the "no barrels" part of rule 7.
// - ui → services "type-only" means an import that vanishes when compiled: `import type`, as the
//   script had it. `import { type X }` still loads the module under verbatimModuleSyntax, and
//   counts as a value import, as before.
// - Colocated tests (src/**/*.test.ts[x]) are free of the layer rules, as before; they still may
//   not form cycles.

/** A colocated test file; exempt from the layer rules. */
const TEST_FILE = '\\.test\\.tsx?$';

/**
 * Which src layers each layer may import (besides npm packages and node builtins). A layer is the
 * first folder under src; exchange/wire and exchange/book may be named on their own.
 */
const ALLOWED = {
  domain: ['domain'],
  exchange: ['exchange', 'domain'],
  sim: ['sim', 'domain', 'exchange/wire', 'exchange/book'],
  store: ['store', 'domain'],
  services: ['services', 'exchange', 'store', 'domain', 'pacing', 'journal'],
  // + type-only imports of services and journal: rules 'ui-services-type-only', 'ui-journal-type-only' below.
  ui: ['ui', 'store', 'domain', 'services', 'pacing', 'journal'],
  render: ['render'],
  pacing: ['pacing'],
  journal: ['journal', 'domain'],
  cli: ['cli', 'services', 'exchange', 'store', 'domain', 'sim', 'ui', 'render', 'pacing', 'journal'],
};

const layerRules = Object.entries(ALLOWED).map(([layer, allowed]) => ({
  name: `layer-${layer}`,
  comment: `${layer} may import only ${allowed.join(', ')} from src (STYLE.md dependency rules)`,
  severity: 'error',
  from: { path: `^src/${layer}/`, pathNot: TEST_FILE },
  to: { path: '^src/', pathNot: `^src/(${allowed.join('|')})/` },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: 'ui-services-type-only',
      comment:
        'ui imports services for types only (import type); the instance arrives through a context built in cli/main.ts (STYLE.md rule 5)',
      severity: 'error',
      from: { path: '^src/ui/', pathNot: TEST_FILE },
      to: { path: '^src/services/', preCompilationOnly: false },
    },
    {
      name: 'ui-journal-type-only',
      comment: 'ui imports the journal for types only (import type); the open journal arrives through the services (issue 19)',
      severity: 'error',
      from: { path: '^src/ui/', pathNot: TEST_FILE },
      to: { path: '^src/journal/', preCompilationOnly: false },
    },
    {
      name: 'journal-packages',
      comment: 'the journal layer uses only better-sqlite3 and decimal.js of npm packages, besides node builtins (issue 19)',
      severity: 'error',
      from: { path: '^src/journal/', pathNot: TEST_FILE },
      to: { dependencyTypes: ['npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-no-pkg', 'npm-unknown'], pathNot: 'node_modules/(better-sqlite3|@types/better-sqlite3|decimal\\.js)/' },
    },
    {
      name: 'no-circular',
      comment: 'no import cycles, type imports included (STYLE.md rule 7)',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-test-helpers-in-src',
      comment: 'src (outside its tests) never imports test/ (helpers, fixtures, rigs)',
      severity: 'error',
      from: { path: '^src/', pathNot: TEST_FILE },
      to: { path: '^test/' },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'an import that resolves to no file',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // The fixture tree of test/unit/lint-rules.test.ts breaks these rules on purpose.
    exclude: { path: '^(test/fixtures/|bench/out/|dist/)' },
    // Keep `import type` edges (a cycle of types is still a cycle) and mark them preCompilationOnly, which
    // the ui → services rule reads.
    tsPreCompilationDeps: 'specify',
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
    },
  },
};
