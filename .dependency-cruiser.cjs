// Which way imports point (docs/decisions/0042, docs/architecture.md). Run by `npm test`
// (scripts/test.ts) as `depcruise app server core`; tests and scripts may reach anything.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'A loop of imports: one of its modules holds something the others should import instead.',
      severity: 'error',
      from: { path: '^(app|server|core)/' },
      to: { circular: true },
    },
    {
      name: 'core-imports-nothing-of-ours',
      comment: 'core/ holds the pure rules: it imports libraries and other core modules only.',
      severity: 'error',
      from: { path: '^core/' },
      to: { path: '^(app|server|scripts|tests)/' },
    },
    {
      name: 'server-imports-no-app',
      comment: 'The server serves the pages; what both need lives in core/.',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^app/' },
    },
    {
      name: 'app-reaches-the-server-through-its-entry',
      comment: 'app/ takes from the server only what server/for-app.ts and for-app.server.ts name (services come through the load context).',
      severity: 'error',
      // Tests may reach anything (the comment above): a unit test of a page translates with the server's catalogue.
      from: { path: '^app/', pathNot: '[.]test[.]tsx?$' },
      to: { path: '^server/', pathNot: '^server/for-app([.]server)?[.]ts$' },
    },
    {
      name: 'browser-modules-take-only-types-from-the-server',
      comment: 'Only modules that never reach the browser (*.server.ts, entry.server.tsx) may run server code; server/for-app.ts holds types only.',
      severity: 'error',
      from: { path: '^app/', pathNot: '[.]server[.]tsx?$' },
      to: { path: '^server/for-app[.]server[.]ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|build|[.]react-router)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
}
