import { readForm } from '../../lib/form-post.server.ts'
import { data, redirect, type AppLoadContext } from 'react-router'
import { localizePath, type Locale } from '../../../core/i18n/locales.ts'
import { freeCancellationDeadline } from '../../../core/cancellation-policy.ts'
import { formatJapanDateTime, isCalendarDate, isMonth, monthRange } from '../../../core/dates.ts'
import { DISRUPTION_CAUSE_MESSAGE_IDS } from '../../../core/disruptions.ts'
import { somethingPaid } from '../../../core/booking-lifecycle.ts'
import { isTourTime, slotStart } from '../../../core/slots.ts'
import { guestMoveSchema } from '../../../core/schemas/booking-move.ts'
import { failureOf, refusalText } from '../../../server/for-app.server.ts'
import { formPageMessages, requestLocale } from '../../i18n/messages.server.ts'

/** What the change page's form gets back: the change made (with its refund), or why not, in the page's language. */
type RefundOutcome = { amount: number; status: 'none' | 'pending' | 'succeeded' | 'failed' }
export type ChangeOutcome = { kind: 'changed'; refund: RefundOutcome; voucherBack: number } | { kind: 'refunded'; refund: RefundOutcome } | { kind: 'refused'; message: string }

/**
 * The change page's data (docs/decisions/0055): the booking; whether the guest may change it
 * (and if not, why, in their language); otherwise the month's slots with the booking's own
 * free to it, the tours, the guest's choice from the URL and, for ?step=review, what the
 * change would do, worked out by the same checks as the change itself.
 */
export async function loadChangePage(request: Request, context: AppLoadContext, reference: string) {
  const { services, config } = context
  const locale = requestLocale(request)
  const messages = formPageMessages(request, 'change', 'booking', 'checkout', 'disruption')
  const stored = await services.bookings.getByReference(reference)
  const booking = stored && !stored.anonymizedAt ? await services.bookings.findByReference(reference, locale) : null
  if (!stored || !booking) return data({ booking: null, ...messages }, { status: 404 })

  const state = await services.bookingMoves.guestState(stored)
  const offer = state.offer ? calledOffView(state.offer, locale, somethingPaid(stored.status, stored.money)) : null
  const base = {
    booking,
    current: slotStart(booking.tourDate, booking.tourTime, config.booking.startTimes),
    deadline: freeCancellationDeadline(booking.tourDate),
    changesLeft: state.changesLeft,
    offer,
    ...messages,
  }
  if (state.message) return { ...base, refusal: refusalText(locale, state.message), chooser: null }

  const url = new URL(request.url).searchParams
  const window = services.availability.window()
  const inWindow = (m: string | null): m is string => isMonth(m) && m >= window.first.slice(0, 7) && m <= window.last.slice(0, 7)
  const askedDate = url.get('date')
  const askedMonth = isCalendarDate(askedDate) ? askedDate.slice(0, 7) : url.get('month')
  const month = inWindow(askedMonth) ? askedMonth : inWindow(booking.tourDate.slice(0, 7)) ? booking.tourDate.slice(0, 7) : window.first.slice(0, 7)
  const { from, to } = monthRange(month)
  const [slots, packages] = await Promise.all([
    // The booking's own slot is free to it: a guest may keep the date and change the group.
    services.availability.timeSlots(from, to, { exceptBookingId: stored.id }),
    services.catalogue.bookableForGuests(locale),
  ])
  const day = slots.dates.find((d) => d.date === askedDate && d.slots.some((s) => s.available)) ?? null
  const tourTime = url.get('tourTime')
  const choice = {
    date: day?.date ?? null,
    tourTime: day && isTourTime(tourTime) ? tourTime : null,
    tourPackageId: url.get('tourPackageId') ?? String(booking.tourPackageId),
    numberOfPeople: url.get('numberOfPeople') ?? String(booking.numberOfPeople),
  }
  let review: { newTotal: number; refund: number; charge: number; voucherBack: number; holdMinutes: number; start: ReturnType<typeof slotStart> } | null = null
  let problem: string | null = null
  if (url.get('step') === 'review' && choice.date && choice.tourTime) {
    try {
      const target = guestMoveSchema.parse({ tourDate: choice.date, tourTime: choice.tourTime, tourPackageId: choice.tourPackageId, numberOfPeople: choice.numberOfPeople })
      const { money, voucherBack } = await services.bookingMoves.previewGuestMove(reference, target)
      review = {
        newTotal: money.newTotal,
        refund: money.kind === 'refund' ? money.amount : 0,
        charge: money.kind === 'charge' ? money.amount : 0,
        voucherBack,
        holdMinutes: config.booking.holdMinutes,
        start: slotStart(target.tourDate, target.tourTime, config.booking.startTimes),
      }
    } catch (error) {
      const failure = failureOf(error)
      if (!failure) throw error
      problem = refusalText(locale, failure.refusal)
    }
  }
  return { ...base, refusal: null, chooser: { month, window: slots.window, dates: slots.dates, packages, choice, review, problem } }
}

/**
 * The change page's action: the same schema and service call as POST /api/bookings/{reference}/move
 * (or, with intent=refund, as POST /api/bookings/{reference}/disruption-refund),
 * for the script-free post and the page's data request alike, so the same checks and the same
 * refusals with their status.
 */
export async function handleChangeAction(request: Request, context: AppLoadContext, reference: string) {
  const form = await readForm(request)
  const body = Object.fromEntries([...form].filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
  try {
    // The other answer to a call-off: a full refund (POST /api/bookings/{reference}/disruption-refund).
    if (body.intent === 'refund') {
      const { refund } = await context.services.disruptions.answerRefund(reference)
      return data<ChangeOutcome>({ kind: 'refunded', refund: { amount: refund.amount, status: refund.status } })
    }
    const outcome = await context.services.bookingMoves.moveByGuest(reference, guestMoveSchema.parse(body))
    // Dearer: the new slot is held, and the checkout takes the difference.
    if (outcome.kind === 'awaiting-payment') return redirect(localizePath(`/checkout/${outcome.booking.reference}`, requestLocale(request)))
    const { refund, voucherBack } = outcome
    return data<ChangeOutcome>({ kind: 'changed', refund: { amount: refund.amount, status: refund.status }, voucherBack })
  } catch (error) {
    const failure = failureOf(error)
    if (!failure) throw error
    return data<ChangeOutcome>({ kind: 'refused', message: refusalText(requestLocale(request), failure.refusal) }, { status: failure.status, headers: failure.headers })
  }
}

/** A call-off waiting for the guest's answer (docs/decisions/0056), as the pages show it: why, the guide's note, and until when. */
function calledOffView(offer: { cause: keyof typeof DISRUPTION_CAUSE_MESSAGE_IDS; note: string | null; deadline: Date; tourDate: string }, locale: Locale, paid: boolean) {
  return { causeId: DISRUPTION_CAUSE_MESSAGE_IDS[offer.cause], note: offer.note, answerBy: formatJapanDateTime(offer.deadline, locale), paid, date: offer.tourDate }
}

/** A call-off waiting for this booking's answer, for its confirmation page (docs/decisions/0056); null when none. */
export async function calledOffOf(context: AppLoadContext, reference: string, locale: Locale) {
  const stored = await context.services.bookings.getByReference(reference)
  const offer = stored ? await context.services.disruptions.openOffer(stored.id) : null
  return offer && stored ? calledOffView(offer, locale, somethingPaid(stored.status, stored.money)) : null
}

/**
 * Whether the trip page offers a change of plans now (docs/decisions/0072), by the change page's own
 * rule (guestMoveRefusal through guestState): the day free changes end while the guest may change
 * online, else why not, in their language. None while a call-off waits: its notice links to the
 * change page, and the day does not apply to it.
 */
export async function changeOfPlansOf(context: AppLoadContext, reference: string, locale: Locale): Promise<{ deadline: string } | { refusal: string } | null> {
  const stored = await context.services.bookings.getByReference(reference)
  if (!stored) return null
  const state = await context.services.bookingMoves.guestState(stored)
  if (state.message) return { refusal: refusalText(locale, state.message) }
  return state.offer ? null : { deadline: freeCancellationDeadline(stored.tourDate) }
}

/** A paid booking's dearer change waiting for its difference, for the checkout (docs/decisions/0055); null when none or its hold ran out. */
export async function pendingChangeOf(context: AppLoadContext, reference: string) {
  const stored = await context.services.bookings.getByReference(reference)
  const change = stored ? await context.services.bookingMoves.pendingChange(stored.id) : null
  if (!change || change.holdExpiresAt.getTime() < context.services.bookings.now().getTime()) return null
  return { ...change.target, newTotal: change.newTotal, difference: change.difference, holdExpiresAt: change.holdExpiresAt.toISOString() }
}
