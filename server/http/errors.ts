import { REFUSAL_IDS_HEADER, refusal } from '../../core/i18n/refusal.ts'
import { englishText } from '../i18n/refusals.ts'
import type { ErrorRequestHandler, RequestHandler } from 'express'
import type { Logger } from '../logger.ts'
import { failureOf } from './service-failure.ts'

export const notFoundApi: RequestHandler = (_req, res) => {
  res.status(404).json({ message: 'Not found' })
}

/**
 * The database is unreachable, missing, full or too slow: the site is unavailable for a
 * moment, not broken, so these answer 503 with Retry-After (docs/decisions/0025).
 * Node's socket errors; SQLSTATE class 08 (connection exception); 57014 (statement
 * cancelled: the statement timeout, lock waits included), 55P03 (lock not available),
 * 57P01–57P03 (server shutting down or starting), 3D000 (no such database), 53300 (too many
 * connections), 42P01 (no such table).
 */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN',
  '08000', '08003', '08006', '08001', '08004',
  '57014', '55P03', '57P01', '57P02', '57P03', '3D000', '53300',
  // A table missing (dropped, or an older backup restored) under a running instance: health
  // says so (server/db/schema-version.ts), and the routes that need it are unavailable too.
  '42P01',
])

/**
 * node-postgres's own failures, which carry no code: a connection dropped, none obtained
 * from the pool within DATABASE_CONNECT_TIMEOUT_MS ("timeout exceeded when trying to
 * connect", "Connection terminated due to connection timeout"), or no answer within the
 * query timeout ("Query read timeout").
 */
const UNAVAILABLE_MESSAGES = /Connection terminated|connect ECONNREFUSED|Client has encountered a connection error|timeout exceeded when trying to connect|Query read timeout/

/** Seconds a client should wait before retrying a 503: the database is back in a moment or not soon. */
export const RETRY_AFTER_SECONDS = 10

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code
    if (typeof code === 'string' && UNAVAILABLE_CODES.has(code)) return true
    const message = (e as { message?: unknown }).message
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true
    e = (e as { cause?: unknown }).cause
  }
  return false
}

/**
 * Pages and their data requests (`/booking.data`) whose loader or action failed because
 * the database is unavailable answer 503 with Retry-After, like the API. React Router
 * answers such a failure with 500 and offers no hook for the status of `.data` responses;
 * app/entry.server.tsx handleError sees the original error and marks the response
 * (load context `databaseUnavailable`), and this rewrites the status as it is sent.
 */
export const pageDatabaseUnavailable: RequestHandler = (_req, res, next) => {
  const writeHead = res.writeHead
  res.writeHead = function (this: typeof res, ...args: Parameters<typeof writeHead>) {
    const status = typeof args[0] === 'number' ? args[0] : this.statusCode
    if (this.locals.databaseUnavailable && status === 500) {
      args[0] = 503
      this.setHeader('Retry-After', String(RETRY_AFTER_SECONDS))
    }
    return writeHead.apply(this, args)
  } as typeof writeHead
  next()
}

/** What a log may say about an error: never the data it was carrying (docs/decisions/0020). */
export type LoggableError = { type: string; code?: string; responseCode?: number; message: string; stack?: string; cause?: LoggableError }

const EMAIL_ADDRESS = /[^\s<>()"',;:]+@[^\s<>()"',;:]+/g

/**
 * An error's message without the guest data it may quote: Drizzle appends the query's
 * parameters ("params: name,e-mail,phone,…"), PostgreSQL quotes a refused value at the end
 * ('invalid input syntax for type integer: "…"'), and SMTP servers quote the recipient.
 */
function scrubbed(message: string): string {
  return (message.split('\nparams:')[0] ?? '').replace(/: "[^"]*"/g, ': "…"').replace(EMAIL_ADDRESS, '[e-mail]')
}

/**
 * The safe facts of an error for the logs: its class, its codes (SQLSTATE, Node's or the
 * SMTP client's code, the SMTP reply code), its scrubbed message, the stack frames without
 * the message line, and the same for its causes (Drizzle wraps the driver's error).
 * Never the error object itself: its properties (Drizzle's `params`, pg's `detail`,
 * nodemailer's `rejected`) hold the guest's details. Log it under `error`, not `err`:
 * pino's `err` serializer would rebuild it as an Error and drop the codes and causes.
 */
export function loggableError(error: unknown, depth = 0): LoggableError {
  if (!(error instanceof Error)) return { type: typeof error, message: scrubbed(String(error)) }
  const { code, responseCode } = error as { code?: unknown; responseCode?: unknown }
  return {
    type: error.constructor.name,
    ...(typeof code === 'string' || typeof code === 'number' ? { code: String(code) } : {}),
    ...(typeof responseCode === 'number' ? { responseCode } : {}),
    message: scrubbed(error.message),
    ...(depth === 0 && error.stack ? { stack: error.stack.split('\n').filter((line) => /^\s+at /.test(line)).join('\n') } : {}),
    ...(error.cause !== undefined && depth < 3 ? { cause: loggableError(error.cause, depth + 1) } : {}),
  }
}

/**
 * The one place errors leave the API: services' and schemas' refusals with the status of
 * their kind (docs/decisions/0037), the body parser's as 4xx, the database down as 503,
 * the rest logged as 500.
 */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    if (res.headersSent) return
    const failure = failureOf(error)
    if (failure) {
      const { status, message, errors, extra, headers } = failure
      // Our own pages ask for the refusal's message ids beside the English, to say it in their
      // guest's language (docs/decisions/0087); other clients get the answer as it always was.
      const ids = req.get(REFUSAL_IDS_HEADER) === '1' ? { refusal: failure.refusal, ...(failure.refusals && { refusals: failure.refusals }) } : {}
      res.status(status).set(headers).json({ message, ...(errors && { errors }), ...extra, ...ids })
      return
    }
    // Errors raised by express.json(): malformed JSON, oversized or unsupported bodies.
    const status = typeof error?.status === 'number' ? error.status : typeof error?.statusCode === 'number' ? error.statusCode : 500
    if (error?.type === 'entity.parse.failed') {
      res.status(400).json({ message: 'Malformed JSON in request body' })
      return
    }
    if (error?.type === 'entity.too.large') {
      res.status(413).json({ message: 'Request body is too large' })
      return
    }
    if (status >= 400 && status < 500) {
      res.status(status).json({ message: status === 415 ? 'Unsupported content type' : 'Bad request' })
      return
    }
    if (isDatabaseUnavailable(error)) {
      logger.error({ error: loggableError(error), path: req.originalUrl.split('?')[0] }, 'database unavailable')
      const said = refusal('errors.unavailable')
      res
        .status(503)
        .set('Retry-After', String(RETRY_AFTER_SECONDS))
        .json({ message: englishText(said), ...(req.get(REFUSAL_IDS_HEADER) === '1' && { refusal: said }) })
      return
    }
    logger.error({ error: loggableError(error), method: req.method, path: req.originalUrl.split('?')[0] }, 'unhandled error')
    res.status(500).json({ message: 'An unexpected error occurred' })
  }
}
