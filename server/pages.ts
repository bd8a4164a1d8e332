import fs from 'node:fs'
import path from 'node:path'
import express, { type RequestHandler, type Router } from 'express'
import { createRequestHandler } from '@react-router/express'
import type { ServerBuild } from 'react-router'
import { PRERENDERED_PATHS } from '../app/prerendered-paths.ts'
import { PRERENDER_NONCE_PLACEHOLDER } from '../app/lib/nonce.tsx'
import type { AppDeps } from './app.ts'

export const ROOT_DIR = path.resolve(import.meta.dirname, '..')
export const BUILD_DIR = path.resolve(ROOT_DIR, process.env.BUILD_DIR ?? 'build')
const CLIENT_DIR = path.join(BUILD_DIR, 'client')
const SERVER_BUILD = path.join(BUILD_DIR, 'server/index.js')

/** What a loader receives as `context` (app/lib/load-context.ts). */
function loadContext(deps: AppDeps): (req: express.Request, res: express.Response) => import('react-router').AppLoadContext {
  return (_req, res) => ({ services: deps.services, config: deps.config, cspNonce: res.locals.cspNonce, user: res.locals.user })
}

/**
 * The React Router pages. Production: hashed assets cached for a year, prerendered HTML
 * served from memory (with this response's CSP nonce), everything else rendered by the
 * server build. Development: Vite in middleware mode with hot reload.
 */
export async function createPageHandler(deps: AppDeps): Promise<{ router: Router; close: () => Promise<void> }> {
  const router = express.Router()

  if (!deps.config.isProduction) {
    const vite = await import('vite')
    const devServer = await vite.createServer({ root: ROOT_DIR, server: { middlewareMode: true }, appType: 'custom' })
    router.use(devServer.middlewares)
    router.use(
      createRequestHandler({
        build: () => devServer.ssrLoadModule('virtual:react-router/server-build') as Promise<ServerBuild>,
        mode: 'development',
        getLoadContext: loadContext(deps),
      }),
    )
    return { router, close: () => devServer.close() }
  }

  if (!fs.existsSync(SERVER_BUILD)) {
    throw new Error(`No production build at ${SERVER_BUILD}: run "npm run build" first`)
  }
  const build = (await import(SERVER_BUILD)) as ServerBuild

  router.use('/assets', express.static(path.join(CLIENT_DIR, 'assets'), { immutable: true, maxAge: '1y', index: false, redirect: false }))
  router.use(prerenderedPages())
  router.use(express.static(CLIENT_DIR, { maxAge: '1h', index: false, redirect: false }))
  router.use(createRequestHandler({ build, mode: 'production', getLoadContext: loadContext(deps) }))
  return { router, close: async () => {} }
}

/**
 * express.static alone would redirect /about to /about/, so the prerendered index.html
 * files are read once and served for their exact paths. Each is kept split around the
 * nonce placeholder and written directly: no per-request search of the page, and no
 * ETag (the nonce makes every response unique anyway).
 */
function prerenderedPages(): RequestHandler {
  const pages = new Map<string, string[]>()
  for (const pagePath of PRERENDERED_PATHS) {
    const file = path.join(CLIENT_DIR, pagePath, 'index.html')
    if (fs.existsSync(file)) pages.set(pagePath, fs.readFileSync(file, 'utf8').split(PRERENDER_NONCE_PLACEHOLDER))
  }
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next()
    const parts = pages.get(req.path.length > 1 ? req.path.replace(/\/$/, '') : req.path)
    if (!parts) return next()
    const body = parts.join(res.locals.cspNonce)
    res.writeHead(200, {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Length': Buffer.byteLength(body),
      'Cache-Control': 'public, max-age=300',
    })
    res.end(req.method === 'HEAD' ? undefined : body)
  }
}
