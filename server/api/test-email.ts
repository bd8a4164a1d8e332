import { Router } from 'express'
import type { AppDeps } from '../deps.ts'
import { requireAdmin } from '../auth/guard.ts'
import { testEmailSchema } from '../../core/schemas/test-email.ts'

/**
 * POST /api/admin/test-email { email }: the mail service's test e-mail (`sendTest`), in the
 * language the admin chose for the dashboard, English until they choose (docs/decisions/0086).
 * Empty address → 400 'Please enter an email address'; SMTP failure → 502 with its error.
 */
export function testEmailRouter({ services }: AppDeps) {
  const router = Router()
  router.post('/admin/test-email', requireAdmin, async (req, res) => {
    const { email } = testEmailSchema.parse(req.body ?? {})
    const { transport, messageId } = await services.mail.sendTest(email, res.locals.user?.language ?? 'en')
    res.json({
      message: transport === 'smtp' ? `Test email sent to ${email}` : `SMTP is not configured: the test email to ${email} was written to the outbox folder`,
      transport,
      messageId,
    })
  })
  return router
}
