import { Router } from 'express'
import type { AppDeps } from '../app.ts'

/** Liveness and database readiness for load balancers and monitoring. */
export function healthRouter({ database }: AppDeps) {
  const router = Router()
  router.get('/health', async (_req, res) => {
    try {
      await database.ping()
      res.json({ status: 'ok', database: 'ok', databaseKind: database.kind })
    } catch {
      res.status(503).json({ status: 'unavailable', database: 'unreachable', databaseKind: database.kind })
    }
  })
  return router
}
