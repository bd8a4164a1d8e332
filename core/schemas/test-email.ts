import './zod-config.ts'
import { z } from 'zod'
import { EMAIL_MESSAGE, emailField } from './fields.ts'

/** The dashboard's Settings tab: send a test e-mail. */

export const EMAIL_REQUIRED_MESSAGE = 'Please enter an email address'

export const testEmailSchema = z.object({
  email: emailField(EMAIL_MESSAGE, EMAIL_REQUIRED_MESSAGE),
})

export type TestEmail = z.output<typeof testEmailSchema>
