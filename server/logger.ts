import { pino, type Logger } from 'pino'

export type { Logger }

/**
 * Structured JSON logs. Redaction is a safety net: request logs are built field by field
 * (server/http/request-log.ts) and never include bodies, cookies, query strings or guests'
 * contact details in the first place.
 */
export function createLogger(level: string): Logger {
  return pino({
    level,
    base: undefined,
    redact: {
      paths: ['password', '*.password', 'passwordHash', '*.passwordHash', 'cookie', '*.cookie', 'headers.cookie', 'authorization'],
      censor: '[redacted]',
    },
  })
}
