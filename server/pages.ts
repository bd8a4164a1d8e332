import fs from 'node:fs'
import path from 'node:path'
import express, { type Router } from 'express'
import { createRequestHandler } from '@react-router/express'
import type { ServerBuild } from 'react-router'
import { PRERENDERED_PATHS } from '../core/prerender.ts'
import type { AppDeps } from './deps.ts'
import { buildIdentityMismatch } from './build-identity.ts'
import { pageDatabaseUnavailable } from './http/errors.ts'
import { clientAddress } from './http/rate-limit.ts'
import { BUILD_DIR, ROOT_DIR } from './paths.ts'
import { type StaticFiles, staticFiles } from './static-files.ts'

const CLIENT_DIR = path.join(BUILD_DIR, 'client')
const SERVER_BUILD = path.join(BUILD_DIR, 'server/index.js')

/** What a loader receives as `context` (app/lib/load-context.ts). */
function loadContext(deps: AppDeps): (req: express.Request, res: express.Response) => import('react-router').AppLoadContext {
  return (req, res) => ({
    services: deps.services,
    config: deps.config,
    cspNonce: res.locals.cspNonce,
    user: res.locals.user,
    clientAddress: clientAddress(req),
    databaseUnavailable: () => void (res.locals.databaseUnavailable = true),
  })
}

/**
 * The React Router pages. Production: `staticFiles`, called before Express (server/app.ts),
 * answers for the build's files and the prerendered pages from memory
 * (server/static-files.ts); the router serves the build from disk for an app without it
 * and renders everything else with the server build. Development: Vite in
 * middleware mode with hot reload.
 */
export async function createPageHandler(
  deps: AppDeps,
): Promise<{ router: Router; staticFiles?: StaticFiles; close: () => Promise<void> }> {
  const router = express.Router()

  if (!deps.config.isProduction) {
    const vite = await import('vite')
    // VITE_CACHE_DIR: the fresh-start test (tests/e2e/dev-server.spec.ts) gives Vite an empty cache of its own.
    const devServer = await vite.createServer({
      root: ROOT_DIR,
      server: { middlewareMode: true },
      appType: 'custom',
      ...(deps.config.env.VITE_CACHE_DIR ? { cacheDir: path.resolve(deps.config.env.VITE_CACHE_DIR) } : {}),
    })
    router.use(devServer.middlewares)
    router.use(pageDatabaseUnavailable)
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
  const differing = buildIdentityMismatch(BUILD_DIR, deps.config.site)
  if (differing) {
    deps.logger.error(
      { variables: differing },
      'the prerendered pages were built with other settings than this server has: run `npm run build` with the production environment',
    )
  }

  router.use('/assets', express.static(path.join(CLIENT_DIR, 'assets'), { immutable: true, maxAge: '1y', index: false, redirect: false }))
  router.use(express.static(CLIENT_DIR, { maxAge: '1h', index: false, redirect: false }))
  router.use(pageDatabaseUnavailable)
  router.use(createRequestHandler({ build, mode: 'production', getLoadContext: loadContext(deps) }))
  return {
    router,
    staticFiles: staticFiles({ clientDir: CLIENT_DIR, pagePaths: PRERENDERED_PATHS, isProduction: deps.config.isProduction }),
    close: async () => {},
  }
}
