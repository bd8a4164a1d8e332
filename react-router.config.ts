import type { Config } from '@react-router/dev/config'
import { PRERENDERED_PATHS } from './core/prerender.ts'
import { siteIdentity } from './app/lib/site.server.ts'
import { compileServer } from './scripts/compile-server.ts'
import { writeBuildIdentity } from './server/build-identity.ts'

const buildDirectory = process.env.BUILD_DIR ?? 'build'

export default {
  appDirectory: 'app',
  // BUILD_DIR lets parallel checkouts or test runs build side by side (default ./build).
  buildDirectory,
  ssr: true,
  // Marketing pages whose content never depends on the database are rendered to
  // static HTML at build time and served by Express before the React Router handler.
  // Pages that show prices (/, /packages, /legal) are rendered per request so a price
  // changed in the catalogue shows everywhere at once (docs/decisions/0004).
  prerender: PRERENDERED_PATHS,
  // The identity those pages were rendered with, checked by the server at start-up, and
  // the server itself compiled for production (docs/decisions/0036).
  buildEnd: async () => {
    writeBuildIdentity(buildDirectory, siteIdentity())
    await compileServer(buildDirectory)
  },
  // React Router 8's changes, each declined on purpose for now (docs/decisions/0031): set
  // to false, not left out, so every start does not print five warnings about them.
  future: {
    // Loaders read a typed AppLoadContext (app/lib/load-context.ts); middleware replaces it.
    v8_middleware: false,
    // The browser chunks are tuned and measured (docs/decisions/0021); splitting changes them.
    v8_splitRouteModules: false,
    // The dev server loads the server build through ssrLoadModule (server/pages.ts).
    v8_viteEnvironmentApi: false,
    // Express and static serving of prerendered pages and .data requests depend on today's handling.
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config
