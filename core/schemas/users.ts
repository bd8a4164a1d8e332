import './zod-config.ts'
import { z } from 'zod'
import { ADMIN_LOCALES } from '../i18n/admin-locales.ts'
import { PASSWORD_MIN_MESSAGE, USERNAME_MIN_MESSAGE } from './auth.ts'
import { EMAIL_MAX, EMAIL_MESSAGE, alongsideFieldErrors, checkbox, clearableText, isPhoneNumber, isSingleLine } from './fields.ts'
import { refusalMessage } from '../i18n/refusal.ts'

/**
 * The dashboard's Add User and Edit User forms (docs/decisions/0012), and
 * POST /api/register, PATCH /api/admin/users/{id}.
 *
 * Create and edit differ on purpose:
 * - create: a password is required; optional texts left blank are not stored;
 *   isAdmin, notificationPreference and notificationsEnabled take their defaults.
 * - edit: a blank password keeps the current one ('Leave blank to keep current');
 *   a blank e-mail, name or WhatsApp number clears it (null); a field left out of
 *   the payload is not changed (undefined), so no default overwrites a stored value.
 */

export const NOTIFICATION_PREFERENCES = ['email', 'whatsapp', 'none'] as const
export type NotificationPreference = (typeof NOTIFICATION_PREFERENCES)[number]

// The dashboard's refusals, in the admin's language (docs/decisions/0087).
const WHATSAPP_MESSAGE = refusalMessage('adminErrors.userWhatsapp')
export const WHATSAPP_REQUIRED_MESSAGE = refusalMessage('adminErrors.userWhatsappRequired')

const username = z
  .string({ error: USERNAME_MIN_MESSAGE })
  .trim()
  .min(3, USERNAME_MIN_MESSAGE)
  .max(50, refusalMessage('adminErrors.userUsernameTooLong', { max: 50 }))
  .refine(isSingleLine, refusalMessage('adminErrors.userUsernameOneLine'))

const password = z
  .string({ error: PASSWORD_MIN_MESSAGE })
  .min(6, PASSWORD_MIN_MESSAGE)
  .max(200, refusalMessage('adminErrors.userPasswordTooLong', { max: 200 }))

const email = z.string().max(EMAIL_MAX, EMAIL_MESSAGE).pipe(z.email({ error: EMAIL_MESSAGE }))
const name = z.string().max(100, refusalMessage('adminErrors.userNameTooLong', { max: 100 })).refine(isSingleLine, refusalMessage('adminErrors.userNameOneLine'))
const whatsappNumber = z.string().max(30, WHATSAPP_MESSAGE).refine(isSingleLine, refusalMessage('adminErrors.userWhatsappOneLine')).refine(isPhoneNumber, WHATSAPP_MESSAGE)
const notificationPreference = z.enum(NOTIFICATION_PREFERENCES, { error: refusalMessage('adminErrors.userPreference') })

/** Blank text is "not given" on create. */
function optionalOnCreate<T extends z.ZodType<string>>(inner: T) {
  return z.preprocess((v) => {
    if (typeof v === 'string') return v.trim() === '' ? undefined : v.trim()
    return v === null ? undefined : v
  }, inner.optional())
}

export const userCreateSchema = z
  .object({
    username,
    password,
    email: optionalOnCreate(email),
    name: optionalOnCreate(name),
    isAdmin: checkbox.default(false),
    notificationPreference: notificationPreference.default('email'),
    whatsappNumber: optionalOnCreate(whatsappNumber),
    notificationsEnabled: checkbox.default(true),
  })
  .superRefine((user, ctx) => {
    if (user.notificationPreference === 'whatsapp' && user.whatsappNumber === undefined) {
      ctx.addIssue({ code: 'custom', path: ['whatsappNumber'], message: WHATSAPP_REQUIRED_MESSAGE })
    }
  }, alongsideFieldErrors('notificationPreference', 'whatsappNumber'))

export const userUpdateSchema = z
  .object({
    username,
    /** Blank or absent keeps the current password. */
    password: z.preprocess((v) => (v === '' || v === null ? undefined : v), password.optional()),
    email: clearableText(email),
    name: clearableText(name),
    isAdmin: checkbox.optional(),
    notificationPreference: notificationPreference.optional(),
    whatsappNumber: clearableText(whatsappNumber),
    notificationsEnabled: checkbox.optional(),
  })
  .superRefine((user, ctx) => {
    // Only decidable from the payload when the number is explicitly cleared; an
    // absent number keeps the stored one, which the service checks.
    if (user.notificationPreference === 'whatsapp' && user.whatsappNumber === null) {
      ctx.addIssue({ code: 'custom', path: ['whatsappNumber'], message: WHATSAPP_REQUIRED_MESSAGE })
    }
  }, alongsideFieldErrors('notificationPreference', 'whatsappNumber'))

export type UserCreateInput = z.input<typeof userCreateSchema>
export type UserCreate = z.output<typeof userCreateSchema>
export type UserUpdateInput = z.input<typeof userUpdateSchema>
export type UserUpdate = z.output<typeof userUpdateSchema>

/** The dashboard's language an admin picks for themselves (docs/decisions/0086). */
export const adminLanguageSchema = z.object({
  language: z.enum(ADMIN_LOCALES, { error: 'Choose Japanese or English' }),
})
