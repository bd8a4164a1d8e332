import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'
import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { type Plugin, defineConfig } from 'vite'

/**
 * Browser chunks (docs/decisions/0021): React, React DOM and React Router in one
 * long-cached file, the public site's shell (layout, header, footer, shared components and
 * helpers) in another, the form pages' small shared pieces in a third, then one file per
 * route. Left to itself, Rollup cut the shared code into a dozen sub-kilobyte files, and
 * each costs a round trip on a mobile connection.
 */
function clientChunk(id: string): string | undefined {
  if (/\/node_modules\/(react|react-dom|scheduler|react-router|@react-router\/[^/]+|turbo-stream|cookie|set-cookie-parser)\//.test(id)) return 'framework'
  if (
    /\/app\/(root\.tsx|routes\/public-layout\.tsx|lib\/(seo|nonce)\.tsx?|content\/(images|tagline)\.ts|components\/ui\/(use-toast\.ts|deferred-toaster\.tsx)|components\/site\/(site-header|site-footer|whatsapp-button|icons|nav-links|styles|image-with-fallback)\.tsx?)$/.test(id) ||
    /\/core\/(site|money)\.ts$|\/app\/lib\/site\.ts$/.test(id) ||
    // The header's class names use it on every page.
    /\/node_modules\/clsx\//.test(id)
  )
    return 'site'
  // Small pieces the form pages share (booking, contact, checkout, admin): one file, not five.
  if (/\/app\/components\/forms\/|\/core\/(themes|contact-options|schemas\/field-errors|i18n\/refusal)\.ts$/.test(id)) return 'forms'
  // The booking page's first screen, its details step (fetched when the guest reaches it,
  // docs/decisions/0054), the checkout and the trip page share these small pieces: two files,
  // as when the details step was in the booking page's first chunks, not the five Rollup cuts
  // without them. The dates and slots rules they use are named too, or Rollup would move them
  // into these files (a manual chunk takes its modules' unassigned dependencies).
  if (/\/core\/(dates|slots)\.ts$|\/node_modules\/@date-fns\/tz\/(tzName|tzOffset|date)\/[^/]+\.js$/.test(id)) return 'slots'
  if (/\/app\/components\/booking\/(contact-links\.tsx|map-links\.tsx|labels\.ts)$|\/core\/pricing\.ts$/.test(id)) return 'booking-shared'
  if (/\/app\/(components\/site\/your-time\.tsx|i18n\/refusals\.ts)$/.test(id)) return 'your-time'
  return undefined
}

/**
 * React Router ships one build for development and production, with its console warnings for
 * developers ("You should call navigate() in a React.useEffect()…") and their messages left
 * in. In the browser build only, their bodies are emptied so the minifier drops the calls
 * and the strings (about 1.8 KB gzip), as React's own production build does. Its
 * ENABLE_DEV_WARNINGS switch is turned off too, as in the package's own dist/production copy
 * (which its exports never select): that drops the checks the warnings guarded and the
 * default error screen's "Hey developer" note (0.3 KB gzip). Errors (`invariant`) stay. If a
 * React Router release renames these, nothing matches and the build is merely larger.
 */
function stripRouterDevWarnings(): Plugin {
  const helpers = /^(function (?:warning|warningOnce|warnOnce)\([^)]*\) \{)$/gm
  return {
    name: 'jlt:strip-react-router-dev-warnings',
    apply: 'build',
    applyToEnvironment: (environment) => environment.config.consumer === 'client',
    transform(code, id) {
      if (!/\/node_modules\/react-router\/dist\/(development|production)\/[^/]+\.mjs$/.test(id)) return null
      return { code: code.replace(helpers, '$1\n  return;').replace(/^var ENABLE_DEV_WARNINGS = true;$/m, 'var ENABLE_DEV_WARNINGS = false;'), map: null }
    },
  }
}

/**
 * Brotli (best setting) and gzip copies of every text asset the browser build writes, so
 * the server never compresses a script per request (server/static-files.ts loads them).
 * Brotli makes React's file about 15% smaller on the wire than gzip.
 */
function precompressAssets(): Plugin {
  return {
    name: 'jlt:precompress-assets',
    apply: 'build',
    applyToEnvironment: (environment) => environment.config.consumer === 'client',
    writeBundle(options, bundle) {
      const dir = options.dir
      if (!dir) return
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|mjs|css|svg|json)$/.test(fileName)) continue
        const file = path.join(dir, fileName)
        const body = fs.readFileSync(file)
        if (body.length < 1024) continue
        const br = zlib.brotliCompressSync(body, {
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
        })
        const gzip = zlib.gzipSync(body, { level: 9 })
        if (br.length < body.length) fs.writeFileSync(`${file}.br`, br)
        if (gzip.length < body.length) fs.writeFileSync(`${file}.gz`, gzip)
      }
    },
  }
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [tailwindcss(), reactRouter(), stripRouterDevWarnings(), precompressAssets()],
  optimizeDeps: {
    // Every package the browser's code imports, pre-bundled at the dev server's start: one it
    // met later was bundled then and the page reloaded, losing what the visitor was doing
    // (a booking just created). app/browser-dependencies.test.ts keeps this list complete.
    include: [
      '@date-fns/tz',
      '@radix-ui/react-alert-dialog',
      '@radix-ui/react-dialog',
      '@radix-ui/react-toast',
      '@stripe/react-stripe-js',
      '@stripe/stripe-js/pure',
      'clsx',
      'zod',
    ],
    // Server-only packages never belong in the browser bundle or Vite's optimiser.
    exclude: ['@electric-sql/pglite', '@lingui/message-utils/compileMessage', 'drizzle-orm', 'negotiator', 'pg', 'react-dom/server'],
  },
  ssr: { external: ['@electric-sql/pglite', 'pg', 'drizzle-orm', 'pino', 'nodemailer', 'stripe'] },
  server: { watch: { ignored: ['**/data/**', '**/.tmp/**', '**/test-results/**'] } },
  build: {
    target: 'es2022',
    // Terser with two passes makes the browser's JavaScript about 3% smaller (gzip) than
    // esbuild's minifier: slower builds, fewer bytes on every first visit.
    ...(isSsrBuild
      ? {}
      : {
          minify: 'terser' as const,
          terserOptions: { module: true, compress: { passes: 2 }, format: { comments: false } },
          rollupOptions: { output: { manualChunks: clientChunk } },
        }),
  },
}))
