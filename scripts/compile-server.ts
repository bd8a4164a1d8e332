import path from 'node:path'
import { build } from 'esbuild'

/**
 * Production runs the server compiled into `<build>/node/main.js` (and its PDF worker), not
 * its TypeScript through tsx: tsx's loader thread and the transformed sources it keeps
 * held about 110 MB of the idle server's memory (docs/decisions/0036). Packages stay
 * imports of node_modules; only the project's own modules are bundled. Called by
 * `react-router build` when it ends (react-router.config.ts), so every build has it.
 */
export async function compileServer(buildDirectory: string): Promise<void> {
  await build({
    // The receipt PDF's worker thread is its own file beside main.js (server/tax-documents/render-pool.ts).
    entryPoints: {
      main: path.resolve(import.meta.dirname, '../server/main.ts'),
      'render-worker': path.resolve(import.meta.dirname, '../server/tax-documents/render-worker.ts'),
    },
    outdir: path.resolve(buildDirectory, 'node'),
    bundle: true,
    packages: 'external',
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Stack traces map back to server/*.ts with NODE_OPTIONS=--enable-source-maps.
    sourcemap: true,
    logLevel: 'warning',
  })
}
