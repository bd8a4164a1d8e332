import './zod-config.ts'
import { z } from 'zod'
import { refusalMessage, type AdminErrorMessageId } from '../i18n/refusal.ts'

/** Admin login, checked by the form and by POST /api/login. */

const USERNAME_MIN = 3
const PASSWORD_MIN = 6
const LOGIN_MAX = 200
export const USERNAME_MIN_MESSAGE = refusalMessage('adminErrors.usernameTooShort', { min: USERNAME_MIN })
export const PASSWORD_MIN_MESSAGE = refusalMessage('adminErrors.passwordTooShort', { min: PASSWORD_MIN })

/**
 * The refusals the login form says itself, in the language the dashboard would speak: its page
 * carries these words alone of the adminErrors namespace (app/i18n/admin-messages.server.ts).
 */
export const LOGIN_REFUSAL_IDS: readonly AdminErrorMessageId[] = ['adminErrors.usernameTooShort', 'adminErrors.passwordTooShort', 'adminErrors.userUsernameTooLong', 'adminErrors.userPasswordTooLong']

export const loginSchema = z.object({
  username: z
    .string({ error: USERNAME_MIN_MESSAGE })
    .trim()
    .min(USERNAME_MIN, USERNAME_MIN_MESSAGE)
    .max(LOGIN_MAX, refusalMessage('adminErrors.userUsernameTooLong', { max: LOGIN_MAX })),
  // Passwords are taken exactly as typed: no trimming.
  password: z
    .string({ error: PASSWORD_MIN_MESSAGE })
    .min(PASSWORD_MIN, PASSWORD_MIN_MESSAGE)
    .max(LOGIN_MAX, refusalMessage('adminErrors.userPasswordTooLong', { max: LOGIN_MAX })),
})

export type LoginInput = z.input<typeof loginSchema>
export type Login = z.output<typeof loginSchema>
