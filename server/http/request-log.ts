import type http from 'node:http'
import type { RequestHandler } from 'express'
import type { Logger } from '../logger.ts'

/**
 * One line per request: method, path without the query string (it can carry e-mail
 * addresses or references), status and duration. Never bodies, cookies or headers.
 * `logRequest` is the same for a request answered before Express (server/static-files.ts).
 */
export function logRequest(
  logger: Logger,
  req: http.IncomingMessage & { originalUrl?: string },
  res: http.ServerResponse,
  started = process.hrtime.bigint(),
): void {
  // Read now: routers rewrite req.url while they handle the request.
  const path = (req.originalUrl ?? req.url ?? '/').split('?')[0]
  res.on('finish', () => {
    const ms = Number(process.hrtime.bigint() - started) / 1e6
    const level = res.statusCode >= 500 ? 'error' : 'info'
    logger[level]({ method: req.method, path, status: res.statusCode, ms: Math.round(ms * 10) / 10 }, 'request')
  })
}

export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    logRequest(logger, req, res)
    next()
  }
}
