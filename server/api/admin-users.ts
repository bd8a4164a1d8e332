import { Router } from 'express'
import { userCreateSchema, userUpdateSchema } from '../../core/schemas/users.ts'
import { requireAdmin } from '../auth/guard.ts'
import { sessionTokenIn } from '../http/cookies.ts'
import type { AppDeps } from '../deps.ts'
import { parseId } from './ids.ts'


/**
 * The Users tab (docs/decisions/0012): GET /api/admin/users, POST /api/register (admin only:
 * there is no public sign-up), PATCH and DELETE /api/admin/users/{id}.
 */
export function adminUsersRouter({ services }: AppDeps) {
  const router = Router()

  router.get('/admin/users', requireAdmin, async (_req, res) => {
    res.json(await services.adminUsers.list())
  })

  router.post('/register', requireAdmin, async (req, res) => {
    const input = userCreateSchema.parse(req.body ?? {})
    res.status(201).json(await services.adminUsers.create(input))
  })

  router.patch('/admin/users/:id', requireAdmin, async (req, res) => {
    const id = parseId(req.params.id)
    const input = userUpdateSchema.parse(req.body ?? {})
    res.json(await services.adminUsers.update(res.locals.user!.id, id, input, sessionTokenIn(req.headers.cookie)))
  })

  router.delete('/admin/users/:id', requireAdmin, async (req, res) => {
    const id = parseId(req.params.id)
    await services.adminUsers.remove(res.locals.user!.id, id)
    res.json({ success: true })
  })

  return router
}
