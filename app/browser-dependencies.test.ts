import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import viteConfig from '../vite.config.ts'

/**
 * A fresh `npm run dev` must not reload the page mid-use (docs/decisions/0031): Vite pre-bundles the
 * browser's packages once, up front, only if it knows them all (optimizeDeps.include).
 * React Router reads whole route modules, loaders included, in the browser's environment,
 * so a package reached through a loader's server code (express through the contact form's
 * action) was found late too, and bundled for the browser: server-only packages are
 * excluded. This walks the imports from the routes the way Vite does and compares.
 */
const ROOT = path.resolve(import.meta.dirname, '..')

/** Runtime imports of a module (type-only imports are erased and reach nothing). */
function importsOf(file: string): string[] {
  const code = fs.readFileSync(file, 'utf8')
  const found: string[] = []
  for (const m of code.matchAll(/^\s*(import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?'([^']+)'/gm)) if (!m[2]) found.push(m[3]!)
  for (const m of code.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g)) found.push(m[1]!)
  return found
}

function resolveRelative(from: string, specifier: string): string | null {
  const base = path.resolve(path.dirname(from), specifier)
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate
  return null
}

/** Bare package names reached from the route modules: [through browser code only, through any code]. */
function reachedPackages(): { browser: Set<string>; any: Set<string> } {
  const routes = fs.readdirSync(path.join(ROOT, 'app/routes'), { recursive: true, encoding: 'utf8' }).filter((f) => /\.tsx?$/.test(f) && !/\.test\./.test(f))
  const start = [path.join(ROOT, 'app/root.tsx'), ...routes.map((f) => path.join(ROOT, 'app/routes', f))]
  const browser = new Set<string>()
  const any = new Set<string>()
  const seen = new Map<string, boolean>()
  const visit = (file: string, serverOnly: boolean) => {
    const isServer = serverOnly || /\.server\.tsx?$/.test(file) || file.startsWith(path.join(ROOT, 'server') + path.sep)
    // Visited once as browser code is final; a module first met through server code is
    // visited again when browser code reaches it too.
    if (seen.has(file) && (seen.get(file) || isServer)) return
    seen.set(file, !isServer)
    for (const specifier of importsOf(file)) {
      if (specifier.startsWith('.')) {
        const target = resolveRelative(file, specifier)
        if (target) visit(target, isServer)
      } else if (!specifier.startsWith('node:') && !specifier.startsWith('./+types') && !specifier.startsWith('#')) {
        any.add(specifier)
        if (!isServer) browser.add(specifier)
      }
    }
  }
  for (const file of start) visit(file, false)
  return { browser, any }
}

const config = typeof viteConfig === 'function' ? viteConfig({ command: 'serve', mode: 'development', isSsrBuild: false }) : viteConfig
const include = new Set((config as { optimizeDeps?: { include?: string[] } }).optimizeDeps?.include ?? [])
const exclude = new Set((config as { optimizeDeps?: { exclude?: string[] } }).optimizeDeps?.exclude ?? [])
/** Pre-bundled by React Router's own Vite plugin. */
const BY_REACT_ROUTER = new Set(['react', 'react/jsx-runtime', 'react/jsx-dev-runtime', 'react-dom', 'react-dom/client', 'react-router', 'react-router/dom'])

describe('the dev server knows every browser package up front', () => {
  const { browser, any } = reachedPackages()

  it('finds the browser packages it checks (the walk works)', () => {
    expect([...browser]).toEqual(expect.arrayContaining(['react-router', 'zod', 'clsx', '@radix-ui/react-dialog']))
  })

  it('pre-bundles every package browser code imports', () => {
    expect([...browser].filter((p) => !include.has(p) && !BY_REACT_ROUTER.has(p)).sort()).toEqual([])
  })

  // A package left in the list after it was uninstalled makes every dev start warn "Failed to resolve dependency".
  it('pre-bundles only packages browser code imports', () => {
    expect([...include].filter((p) => !browser.has(p)).sort()).toEqual([])
  })

  it('never pre-bundles for the browser a package only server code imports', () => {
    const serverOnly = [...any].filter((p) => !browser.has(p))
    expect(serverOnly.filter((p) => !exclude.has(p)).sort()).toEqual([])
  })
})
