import './zod-config.ts'
import { z } from 'zod'
import { refusalMessage } from '../i18n/refusal.ts'
import { EMAIL_MESSAGE, emailField } from './fields.ts'

/** The dashboard's Settings tab: send a test e-mail. */

export const EMAIL_REQUIRED_MESSAGE = refusalMessage('adminErrors.testEmailRequired')

export const testEmailSchema = z.object({
  email: emailField(EMAIL_MESSAGE, EMAIL_REQUIRED_MESSAGE),
})

export type TestEmail = z.output<typeof testEmailSchema>
