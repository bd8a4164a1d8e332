import { Router } from 'express'
import type { AppDeps } from '../deps.ts'
import { requireAdmin } from '../auth/guard.ts'
import { loggableError } from '../http/errors.ts'
import { ServiceError } from '../services/service-error.ts'
import { testEmailSchema } from '../../core/schemas/test-email.ts'
import { renderEmail } from '../email/templates/layout.tsx'
import { testEmail } from '../email/templates/guide.ts'

/**
 * POST /api/admin/test-email { email } (Settings tab): sends at once through the
 * configured transport, bypassing the outbox, so the admin sees the real SMTP answer.
 * Empty address → 400 'Please enter an email address'; SMTP failure → 502 with its error.
 */
export function testEmailRouter({ services, config, logger }: AppDeps) {
  const router = Router()
  router.post('/admin/test-email', requireAdmin, async (req, res) => {
    const { email } = testEmailSchema.parse(req.body ?? {})
    const { mailer, clock } = services.mail
    try {
      // In the language the sending admin reads the dashboard in, English until they choose (docs/decisions/0086).
      const locale = res.locals.user?.language ?? 'en'
      const rendered = renderEmail(config.site, testEmail(config.site, clock.now(), mailer.transport.kind === 'smtp' ? 'SMTP' : 'the outbox folder', locale))
      const result = await mailer.send({ to: email, ...rendered })
      res.json({
        message:
          mailer.transport.kind === 'smtp'
            ? `Test email sent to ${email}`
            : `SMTP is not configured: the test email to ${email} was written to the outbox folder`,
        transport: mailer.transport.kind,
        messageId: result.messageId,
      })
    } catch (error) {
      const detail = error instanceof Error ? error.message : String(error)
      logger.warn({ error: loggableError(error) }, 'test e-mail failed')
      throw new ServiceError('provider-failed', `Failed to send test email: ${detail}`)
    }
  })
  return router
}
