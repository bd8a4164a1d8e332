import { asJson } from '../../app/lib/admin-route.server.ts'
import { action as bookingsAction, loader as bookingsLoader } from '../../app/routes/admin/bookings.tsx'
import { loader as calendarLoader } from '../../app/routes/admin/calendar.tsx'
import { loadAdminSection, postAdminSection } from './admin-section.ts'
import type { TestApp } from './app.ts'

/**
 * The guide's side of a booking, the way the dashboard's Bookings section reaches it
 * (docs/decisions/0088): what its dialogs show, read from the services its loader calls, and its
 * dialogs' saves, through its route action as the page's fetcher sends them.
 */

/** A booking as the section's loader hands it to the page (JSON: instants as ISO text); undefined when there is none. */
export async function dashboardBooking(app: TestApp, id: number) {
  const booking = await app.services.adminBookings.get(id)
  return booking && asJson(booking)
}

/** What the cancel dialog shows before the guide cancels for `cause` (its address `?cancel=&cause=`): the policy's quote. */
export async function cancelQuote(app: TestApp, id: number, cause: string, username = 'guide-admin') {
  const { dialog } = await loadAdminSection(app, bookingsLoader, `/admin/bookings?cancel=${id}&cause=${cause}`, { username })
  if (dialog?.kind !== 'cancel') throw new Error(`no cancel dialog for booking ${id}`)
  return dialog.quote
}

/** The weekends of `month` (yyyy-mm) as the Calendar section shows them, each slot with its booking. */
export async function calendarDays(app: TestApp, month: string, username = 'guide-admin') {
  return (await loadAdminSection(app, calendarLoader, `/admin/calendar?month=${month}`, { username })).days
}

type Fields = Record<string, string | number | boolean | null | undefined>
type SaveOptions = { username?: string; language?: string }
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each intent answers its own shape, as the JSON client's `json` does
type SaveAnswer = { status: number; location: string | null; data: any }

/** Form fields as a browser sends them: text, nothing for an absent value or an unticked box. */
function formFields(fields: Fields): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).flatMap(([key, value]) => (value === undefined || value === null || value === false ? [] : [[key, value === true ? 'on' : String(value)]])))
}

/**
 * A dialog's save (`intent` cancel, move or create) through the section's route action, by script.
 * The answer: `status`, and `data` with `ok`, the intent's `result`, or the refusal's `message` or
 * field `errors`, in the admin's language (English unless `language` says otherwise).
 */
export function guideSaves(app: TestApp, intent: 'cancel' | 'move' | 'create', fields: Fields, options: SaveOptions = {}): Promise<SaveAnswer> {
  return postAdminSection(app, bookingsAction, '/admin/bookings', { intent, ...formFields(fields) }, { byScript: true, username: options.username ?? 'guide-admin', language: options.language ?? 'en' })
}

/** The cancel dialog's save: who cancels, the reason, the card's refund when not the policy's. */
export const guideCancels = (app: TestApp, id: number, body: { cause: string; reason?: string; refundAmount?: number }, options?: SaveOptions) =>
  guideSaves(app, 'cancel', { id, ...body }, options)

/** The move dialog's save; the guest is told unless `tellGuest` is false, as the dialog's box starts ticked. */
export const guideMoves = (app: TestApp, id: number, body: { tourDate: string; tourTime: string; tourPackageId: number; numberOfPeople: number; totalPrice?: number; tellGuest?: boolean }, options?: SaveOptions) =>
  guideSaves(app, 'move', { id, ...body, tellGuest: body.tellGuest ?? true }, options)

/**
 * The new-booking dialog's save: its payment choice starts on a hold, as the API's default was; a
 * custom price is sent as the dialog sends it, with its choice.
 */
export const guideCreates = (app: TestApp, body: Fields, options?: SaveOptions) =>
  guideSaves(app, 'create', { payment: 'hold', ...body, ...(body.customPrice === undefined ? {} : { pricing: 'custom' }) }, options)
