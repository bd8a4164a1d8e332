import { z } from 'zod'
import { parseBookingIdParam } from '../../../../core/booking-search.ts'
import { CANCELLATION_CAUSES } from '../../../../core/cancellation-policy.ts'
import { isCalendarDate } from '../../../../core/dates.ts'
import type { Services } from '../../../../server/for-app.ts'
import { asJson } from '../../../lib/admin-route.server.ts'
import { DIALOG_PARAMS } from './dialog-address.ts'

/** A month of the calendar, as the slot fields show it beside each slot (docs/decisions/0055). */
export async function monthSlots({ adminBookings }: Services, month: string) {
  return { month, days: await adminBookings.calendar(month) }
}

/** The tours and the guide's booking rules, which a move and a new booking choose within (docs/decisions/0059). */
async function choices({ catalogue, bookingMoves }: Services) {
  const [packages, rules] = await Promise.all([catalogue.list(), bookingMoves.guideRules()])
  return { packages: asJson(packages), rules }
}

/** The calendar's month of a date the slot fields start from, when it is one. */
const slotsOf = async (services: Services, date: string | null | undefined) => (date && isCalendarDate(date) ? monthSlots(services, date.slice(0, 7)) : null)

/**
 * What the Bookings section's open dialog needs (docs/decisions/0088), by the address that opened
 * it (`?details=12`, `?move=12`, `?cancel=12&cause=guest`, `?new=1&message=3`, `?created=12`): the
 * route's loader adds it to the list's data. A booking that is gone opens nothing. One dialog is
 * open at a time, the first of these the address names.
 */
export async function bookingDialogData(services: Services, url: URL) {
  const { adminBookings, bookingMoves, refunds, taxDocuments, contact } = services
  const params = url.searchParams
  const bookingNamed = async (param: string) => {
    const id = parseBookingIdParam(params.get(param))
    const booking = id === null ? undefined : await adminBookings.get(id)
    return booking ? asJson(booking) : null
  }

  const details = await bookingNamed(DIALOG_PARAMS.details)
  if (details) {
    const [history, ledger, receipts] = await Promise.all([bookingMoves.history(details.id), adminBookings.ledger(details.id), taxDocuments.forBooking(details.id)])
    return { kind: 'details' as const, booking: details, history, ledger, receipts: asJson(receipts) }
  }
  const moving = await bookingNamed(DIALOG_PARAMS.move)
  if (moving) return { kind: 'move' as const, booking: moving, ...(await choices(services)), slots: await slotsOf(services, moving.tourDate) }
  const cancelling = await bookingNamed(DIALOG_PARAMS.cancel)
  if (cancelling) {
    // The cause the address names, else the guest's: the dialog's quote when none or another is named.
    const cause = z.enum(CANCELLATION_CAUSES).catch('guest').parse(params.get(DIALOG_PARAMS.cause))
    return { kind: 'cancel' as const, booking: cancelling, cause, quote: refunds.quote(await refunds.load(cancelling.id), cause) }
  }
  if (params.has(DIALOG_PARAMS.create)) {
    const messageId = parseBookingIdParam(params.get(DIALOG_PARAMS.message))
    const message = messageId === null ? undefined : (await contact.list()).find((m) => m.id === messageId)
    const prefill = message ? { name: message.name, email: message.email, phone: message.phone, tourDate: message.visitDate, groupSize: message.groupSize, locale: message.locale } : {}
    return { kind: 'create' as const, prefill, ...(await choices(services)), slots: await slotsOf(services, prefill.tourDate) }
  }
  const created = await bookingNamed(DIALOG_PARAMS.created)
  if (created) return { kind: 'created' as const, booking: created }
  return null
}

export type BookingDialog = NonNullable<Awaited<ReturnType<typeof bookingDialogData>>>
