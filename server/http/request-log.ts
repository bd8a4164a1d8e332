import type { RequestHandler } from 'express'
import type { Logger } from '../logger.ts'

/**
 * One line per request: method, path without the query string (it can carry e-mail
 * addresses or references), status and duration. Never bodies, cookies or headers.
 */
export function requestLog(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const started = process.hrtime.bigint()
    // Read now: routers rewrite req.url while they handle the request.
    const path = req.originalUrl.split('?')[0]
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6
      const level = res.statusCode >= 500 ? 'error' : 'info'
      logger[level]({ method: req.method, path, status: res.statusCode, ms: Math.round(ms * 10) / 10 }, 'request')
    })
    next()
  }
}
