import express, { Router, type ErrorRequestHandler, type Request, type RequestHandler, type Response } from 'express'
import type { Reseller } from '../db/schema.ts'
import type { AppDeps } from '../deps.ts'
import { OCTO_CAPABILITIES } from '../../core/octo.ts'
import { clientKey } from '../http/rate-limit.ts'
import { isDatabaseUnavailable, loggableError, RETRY_AFTER_SECONDS } from '../http/errors.ts'
import { OctoError, type OctoErrorCode } from '../services/octo.ts'

/**
 * The OCTO supplier API (docs/decisions/0074), mounted at /octo/v1 for the guide's resellers.
 * Every request carries a reseller's key as `Authorization: Bearer …`; it is looked up on each
 * request (a revoked key stops at once on every instance) and counted against the reseller's own
 * limit. Errors are OCTO's: `{ error, errorMessage }` with the offending id beside them.
 * Not a browser API: no cookies, no same-origin guard; the key is the credential.
 */

const send = (res: Response, status: number, error: OctoErrorCode | 'NOT_FOUND' | 'TOO_MANY_REQUESTS' | 'INTERNAL_SERVER_ERROR' | 'SERVICE_UNAVAILABLE', errorMessage: string, extra: Record<string, string> = {}) =>
  res.status(status).json({ error, errorMessage, ...extra })

const resellerOf = (res: Response) => res.locals.reseller as Reseller

/** The request's `Octo-Capabilities` that this supplier offers, echoed on the response as OCTO asks. */
const capabilities: RequestHandler = (req, res, next) => {
  const asked = (req.get('Octo-Capabilities') ?? '').split(',').map((c) => c.trim())
  res.set('Octo-Capabilities', OCTO_CAPABILITIES.filter((c) => asked.includes(c)).join(', '))
  next()
}

export function octoRouter({ services, logger }: AppDeps) {
  const router = Router()
  const { limits, resellers, octo, octoWebhooks } = services

  router.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store')
    next()
  })
  router.use(capabilities)

  // The key, before anything else is read: an unknown key counts against its address like a wrong reference.
  router.use(async (req, res, next) => {
    const match = /^Bearer\s+(\S+)$/i.exec(req.get('Authorization') ?? '')
    if (!match) return void send(res, 401, 'UNAUTHORIZED', "You didn't send the API Key in the Authorization header to an endpoint that requires authentication")
    const reseller = await resellers.authenticate(match[1]!)
    if (!reseller) {
      const wait = await limits.lookups.hit(clientKey(req))
      if (wait > 0) return void send(res.set('Retry-After', String(wait)), 429, 'TOO_MANY_REQUESTS', 'Too many requests. Please wait a minute and try again.')
      return void send(res, 401, 'UNAUTHORIZED', 'You sent an API Key that was invalid or has been revoked')
    }
    const wait = await limits.octo.hit(`reseller:${reseller.id}`)
    if (wait > 0) return void send(res.set('Retry-After', String(wait)), 429, 'TOO_MANY_REQUESTS', `Too many requests with this key: try again in ${wait} seconds`)
    // A test key books in test mode only, a live key live only (OCTO's Octo-Env header).
    const env = req.get('Octo-Env')?.trim().toLowerCase()
    if (env && env !== (reseller.testMode ? 'test' : 'live')) {
      return void send(res, 403, 'FORBIDDEN', `This key is for the ${reseller.testMode ? 'test' : 'live'} environment; Octo-Env asked for ${env}`)
    }
    res.set('Octo-Env', reseller.testMode ? 'test' : 'live')
    res.locals.reseller = reseller
    next()
  })

  router.use(express.json({ limit: '64kb' }))

  const get = (path: string, answer: (req: Request, res: Response) => Promise<unknown> | unknown) =>
    router.get(path, async (req, res) => void res.json(await answer(req, res)))
  const post = (path: string, answer: (req: Request, res: Response) => Promise<unknown>) => router.post(path, async (req, res) => void res.json(await answer(req, res)))
  const uuid = (req: Request) => String(req.params.uuid)

  get('/supplier', () => octo.supplier())
  get('/capabilities', () => octo.capabilities())
  get('/products', (_req, res) => octo.products(resellerOf(res)))
  get('/products/:id', (req, res) => octo.product(resellerOf(res), String(req.params.id)))
  post('/availability/calendar', (req, res) => octo.calendar(resellerOf(res), req.body))
  post('/availability', (req, res) => octo.check(resellerOf(res), req.body))
  post('/bookings', (req, res) => octo.reserve(resellerOf(res), req.body))
  get('/bookings', (req, res) => octo.list(resellerOf(res), req.query as Record<string, unknown>))
  get('/bookings/:uuid', (req, res) => octo.get(resellerOf(res), uuid(req)))
  post('/bookings/:uuid/confirm', (req, res) => octo.confirm(resellerOf(res), uuid(req), req.body))
  post('/bookings/:uuid/extend', (req, res) => octo.extend(resellerOf(res), uuid(req), req.body))
  router.patch('/bookings/:uuid', async (req, res) => void res.json(await octo.update(resellerOf(res), uuid(req), req.body)))
  post('/bookings/:uuid/cancel', (req, res) => octo.cancel(resellerOf(res), uuid(req), req.body))
  // OCTO 1.0's form of the cancellation, which resellers built on it still send.
  router.delete('/bookings/:uuid', async (req, res) => void res.json(await octo.cancel(resellerOf(res), uuid(req), req.body)))

  // octo/webhooks (docs/decisions/0081): the reseller's own webhooks; the secret is in the creation's answer only.
  router.post('/webhooks', async (req, res) => void res.json(await octoWebhooks.create(resellerOf(res), req.body)))
  get('/webhooks', (_req, res) => octoWebhooks.list(resellerOf(res)))
  router.delete('/webhooks/:id', async (req, res) => void res.json(await octoWebhooks.remove(resellerOf(res), String(req.params.id))))

  router.use((req, res) => void send(res, 404, 'NOT_FOUND', `No OCTO endpoint ${req.method} ${req.path}`))

  const errors: ErrorRequestHandler = (error, req, res, _next) => {
    if (res.headersSent) return
    if (error instanceof OctoError) return void send(res, error.status, error.code, error.message, error.extra)
    if (error?.type === 'entity.parse.failed') return void send(res, 400, 'BAD_REQUEST', 'The request body is not valid JSON')
    if (error?.type === 'entity.too.large') return void send(res, 413, 'BAD_REQUEST', 'The request body is too large')
    const status = typeof error?.status === 'number' ? error.status : 500
    if (status >= 400 && status < 500) return void send(res, status, 'BAD_REQUEST', status === 415 ? 'Send the body as application/json' : 'Bad request')
    if (isDatabaseUnavailable(error)) {
      logger.error({ error: loggableError(error), path: req.originalUrl.split('?')[0] }, 'database unavailable')
      return void send(res.set('Retry-After', String(RETRY_AFTER_SECONDS)), 503, 'SERVICE_UNAVAILABLE', 'The service is temporarily unavailable. Please try again in a minute.')
    }
    logger.error({ error: loggableError(error), method: req.method, path: req.originalUrl.split('?')[0] }, 'unhandled OCTO error')
    send(res, 500, 'INTERNAL_SERVER_ERROR', 'There was an un-recoverable error, please try again')
  }
  router.use(errors)
  return router
}
