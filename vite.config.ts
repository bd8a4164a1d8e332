import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  // Server-only packages never belong in the browser bundle or Vite's optimiser.
  optimizeDeps: { exclude: ['@electric-sql/pglite', 'drizzle-orm', 'pg'] },
  ssr: { external: ['@electric-sql/pglite', 'pg', 'drizzle-orm', 'pino', 'nodemailer', 'stripe'] },
  server: { watch: { ignored: ['**/data/**', '**/.tmp/**', '**/test-results/**'] } },
  build: { target: 'es2022' },
})
