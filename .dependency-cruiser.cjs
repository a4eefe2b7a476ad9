/**
 * The directions our imports may run (docs/decisions/0009-one-way-imports.md). `npm run lint:deps`
 * checks them and `npm test` runs it beside the type check. Only our own folders are cruised;
 * packages are leaves.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle means neither side can change or be tested without the other.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'schema-stands-alone',
      severity: 'error',
      comment: 'schema/ is the shared contract of web, worker and party: it imports nothing of ours.',
      from: { path: '^schema/' },
      to: { path: '^(web|worker|party|scripts|tests)/' },
    },
    {
      name: 'lower-layers-never-import-api',
      severity: 'error',
      comment:
        'lib/, ports/, money/ and party/ are what routes are built from; a route folder is the top layer.',
      from: { path: '^(worker/(lib|ports|money)|party)/' },
      to: { path: '^worker/api/' },
    },
    {
      name: 'web-never-imports-the-server',
      severity: 'error',
      comment: 'The browser bundle shares only schema/ with the server.',
      from: { path: '^web/' },
      to: { path: '^(worker|party)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|\\.wrangler)/' },
    // TypeScript 7's compiler has no API dependency-cruiser can call yet; swc reads our sources, and
    // sees `import type` lines too (marked type-only), so the rules hold for types as for values.
    parser: 'swc',
    tsPreCompilationDeps: false,
    tsConfig: { fileName: 'tsconfig.worker.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
