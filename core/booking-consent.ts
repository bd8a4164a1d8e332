import { compareDates, todayInTokyo, type CalendarDate } from './dates.ts'
import type { BookingStatus } from './schemas/booking-status.ts'

/**
 * The guest's consent to the cancellation policy and terms (docs/decisions/0050, 0073): given on
 * the booking form for a guest's own booking, and at the checkout for a booking the guide made.
 * These rules say when the checkout asks, and what the dashboard says when none is on record.
 */

/** What decides it, as the booking row (or the dashboard's view of it) has it. */
export type ConsentFacts = {
  /** The admin who made the booking in the dashboard; null for a guest's own booking. */
  arrangedBy: string | null
  policyAcceptedAt: Date | string | null
  /** The effective status: a lapsed hold reads as cancelled. */
  status: BookingStatus
}

/**
 * The checkout asks for the tick before a booking the guide made can be paid: it is the guest's
 * first chance to give it. Not once it is on record, and not for a booking that cannot be paid
 * (paid already, or cancelled: the payment service refuses those with its own words).
 */
export function checkoutAsksConsent(booking: ConsentFacts): boolean {
  return booking.arrangedBy !== null && booking.policyAcceptedAt === null && (booking.status === 'pending' || booking.status === 'confirmed')
}

/**
 * The day the booking form first asked for the tick: POLICY_VERSION's first value (decision
 * 0050). That change went out late on this day (UTC), so a booking made up to its end in Japan
 * may predate the box; any later booking without a consent was made by the guide.
 */
export const CONSENT_FIRST_ASKED_ON: CalendarDate = '2026-11-25'

export const CONSENT_GAP_LABELS = {
  beforeForm: 'Not recorded: booked before the form asked for consent',
  awaitingGuest: 'Not yet given: made by the guide, the guest has not paid through the link',
  confirmedByGuide: "Confirmed by the guide without the guest's online consent",
  paidWithout: 'Not given online: made by the guide, and paid before the checkout asked for consent or marked paid by the guide',
  cancelledWithout: 'Not given: made by the guide, and cancelled before the guest paid through the link',
  missing: 'Not recorded',
} as const

/**
 * What the dashboard says of a booking without a recorded consent, each statement true of the
 * bookings it is shown for; null when the consent is on record (the dialog shows when and which
 * version). Only bookings made before the form asked are said to predate it.
 */
export function consentGapLabel(booking: ConsentFacts & { createdAt: Date | string }): string | null {
  if (booking.policyAcceptedAt !== null) return null
  if (compareDates(todayInTokyo(new Date(booking.createdAt)), CONSENT_FIRST_ASKED_ON) <= 0) return CONSENT_GAP_LABELS.beforeForm
  // A guest's own booking cannot be made without the tick since then: none should lack it.
  if (booking.arrangedBy === null) return CONSENT_GAP_LABELS.missing
  switch (booking.status) {
    case 'pending':
      return CONSENT_GAP_LABELS.awaitingGuest
    case 'confirmed':
      return CONSENT_GAP_LABELS.confirmedByGuide
    case 'paid':
      return CONSENT_GAP_LABELS.paidWithout
    case 'cancelled':
      return CONSENT_GAP_LABELS.cancelledWithout
  }
}
