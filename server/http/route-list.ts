import type { Express } from 'express'

export type RouteEntry = { method: string; path: string }

type Layer = {
  route?: { path: string; methods: Record<string, boolean> }
  handle?: { stack?: Layer[] }
  rawPath?: string | string[]
}

/**
 * Every method and path the Express app answers, read from its own router stack. The
 * security suite builds its access matrix from this list, so a new endpoint is covered
 * (and must be declared public on purpose) the moment it is mounted.
 */
export function listRoutes(app: Express): RouteEntry[] {
  const routes: RouteEntry[] = []
  const walk = (stack: Layer[], prefix: string) => {
    for (const layer of stack) {
      if (layer.route) {
        const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path]
        for (const p of paths) {
          for (const [method, on] of Object.entries(layer.route.methods)) {
            if (on && method !== '_all') routes.push({ method: method.toUpperCase(), path: join(prefix, p) })
          }
        }
      } else if (layer.handle?.stack) {
        const mount = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : ''
        walk(layer.handle.stack, join(prefix, mount))
      }
    }
  }
  const router = (app as unknown as { router: { stack: Layer[] } }).router
  walk(router.stack, '')
  const seen = new Set<string>()
  return routes.filter((r) => {
    const key = `${r.method} ${r.path}`
    if (seen.has(key)) return false
    seen.add(key)
    return true
  })
}

function join(a: string, b: string): string {
  if (!b) return a || '/'
  return `${a.replace(/\/$/, '')}/${b.replace(/^\//, '')}`
}
