import { defineConfig } from 'vitest/config'

// Two kinds of Vitest suites:
// - unit: pure rules in core/ and small server helpers, no database;
// - integration: services and the HTTP API against a real database engine
//   (embedded PGlite always, and the PostgreSQL server named by TEST_DATABASE_URL when set).
// Browser journeys run under Playwright (playwright.config.ts), not here.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['core/**/*.test.ts', 'app/**/*.test.ts', 'app/**/*.test.tsx', 'server/**/*.unit.test.ts', 'scripts/**/*.unit.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'integration',
          include: ['server/**/*.int.test.ts', 'tests/integration/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/integration/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 120_000,
          // Each worker owns one database (PGlite costs ~800 MB), so keep workers few.
          maxWorkers: 2,
          // Keep module state (the per-worker database cache) across the files of a worker.
          isolate: false,
          fileParallelism: true,
        },
      },
    ],
  },
})
