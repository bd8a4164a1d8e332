import { Router } from 'express'
import type { AppDeps } from '../deps.ts'
import { schemaVersionCheck, type SchemaState } from '../db/schema-version.ts'
import { RETRY_AFTER_SECONDS } from '../http/errors.ts'

/**
 * Readiness for load balancers and monitoring: 200 only when the database answers and its
 * schema is at this build's latest migration with every table there, so an instance is never
 * sent traffic that every route would fail (docs/decisions/0025). Asked on every call, in one query
 * (schemaVersionCheck), so a schema dropped under a running instance turns it to 503 at once.
 */
export function healthRouter({ database }: AppDeps) {
  const router = Router()
  const schemaState = schemaVersionCheck(database)
  router.get('/health', async (_req, res) => {
    const unavailable = (body: Record<string, string>) =>
      res.status(503).set('Retry-After', String(RETRY_AFTER_SECONDS)).json({ status: 'unavailable', ...body, databaseKind: database.kind })
    let schema: SchemaState
    try {
      schema = await schemaState()
    } catch {
      unavailable({ database: 'unreachable' })
      return
    }
    if (schema !== 'current') {
      unavailable({ database: SCHEMA_WORDS[schema], message: 'The database schema is not at this build\'s latest migration: run the migrations (they run at start-up), or restore the database.' })
      return
    }
    res.json({ status: 'ok', database: 'ok', databaseKind: database.kind })
  })
  return router
}

const SCHEMA_WORDS: Record<Exclude<SchemaState, 'current'>, string> = { behind: 'schema behind', 'not migrated': 'not migrated', 'tables missing': 'tables missing' }
