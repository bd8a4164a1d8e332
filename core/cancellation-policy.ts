import { type CalendarDate, addDays, daysBetween, formatLongDate } from './dates.ts'
import { formatYen, isYenAmount } from './money.ts'
import { refusalMessage, yenValue } from './i18n/refusal.ts'

/**
 * The refund the cancellation policy gives (docs/decisions/0016):
 * - the guest cancels 7 or more days before the tour date: full refund;
 * - the guest cancels 6 days before or later (the day itself and after included): no refund;
 * - the guide cancels (weather, transport, anything else): full refund.
 *
 * Days are whole calendar days in Japan between the day of cancelling and the
 * tour date, so the hour of the request does not matter. The admin sees this as
 * the proposed refund and may override it (docs/decisions/0016); the rule is written once here so
 * the legal page, e-mails and the admin's dialog say the same thing.
 */

export const CANCELLATION_CAUSES = ['guest', 'guide-weather', 'guide-transport', 'guide-other'] as const
export type CancellationCause = (typeof CANCELLATION_CAUSES)[number]

export type RefundRule = 'full-refund-7-days' | 'no-refund-within-6-days' | 'guide-cancelled'

/**
 * The version of the cancellation policy and terms a guest accepts when booking
 * (docs/decisions/0050): stored with each booking beside the moment of consent. Bump it (to the
 * day of the change) whenever what the guest agrees to changes: this module's rule, the
 * policy and terms on the legal page (app/routes/legal.tsx), or the policy line of the e-mails
 * (`email.policy` in core/i18n/messages).
 */
export const POLICY_VERSION = '2026-11-25'

/** Days before the tour date up to which a guest cancels for free. */
export const FREE_CANCELLATION_DAYS = 7

/**
 * The refund an admin may choose instead of the policy's: whole yen, from nothing to all that
 * was paid. The one check, for the dashboard's dialog and the server alike; null when allowed.
 */
export function refundChoiceProblem(amount: number, amountPaid: number): string | null {
  return isYenAmount(amount) && amount <= amountPaid ? null : refusalMessage('adminErrors.refundRange', { max: yenValue(amountPaid) })
}

export type RefundInput = {
  /** Yen actually paid (0 when nothing was paid). */
  amountPaid: number
  tourDate: CalendarDate
  /** The day of cancelling, in Japan (todayInTokyo(now)). */
  today: CalendarDate
  cause: CancellationCause
}

export type Refund = {
  amount: number
  rule: RefundRule
  /** One English sentence for the admin and the guest. */
  explanation: string
}

const GUIDE_REASONS: Record<Exclude<CancellationCause, 'guest'>, string> = {
  'guide-weather': 'because of the weather',
  'guide-transport': 'because of a transport disruption',
  'guide-other': '',
}

function whenCancelled(daysBefore: number): string {
  if (daysBefore === 0) return 'on the day of the tour'
  if (daysBefore < 0) return 'after the tour date'
  return daysBefore === 1 ? '1 day before the tour' : `${daysBefore} days before the tour`
}

/** The last day on which a guest can still cancel with a full refund. */
export function freeCancellationDeadline(tourDate: CalendarDate): CalendarDate {
  return addDays(tourDate, -FREE_CANCELLATION_DAYS)
}

/** A booking nobody paid for is charged nothing, whatever the day (docs/decisions/0029: never "charged in full" for ¥0). */
const NOTHING_PAID = 'Nothing was paid for this booking, so nothing is charged and nothing is refunded.'

export function refundFor({ amountPaid, tourDate, today, cause }: RefundInput): Refund {
  if (!isYenAmount(amountPaid)) throw new RangeError(`amountPaid is not a whole number of yen: ${amountPaid}`)
  const daysBefore = daysBetween(today, tourDate)

  if (cause !== 'guest') {
    const reason = GUIDE_REASONS[cause]
    return {
      amount: amountPaid,
      rule: 'guide-cancelled',
      explanation:
        amountPaid === 0 ? NOTHING_PAID : `The guide cancelled the tour${reason ? ` ${reason}` : ''}, so the full amount of ${formatYen(amountPaid)} is refunded.`,
    }
  }

  if (daysBefore >= FREE_CANCELLATION_DAYS) {
    return {
      amount: amountPaid,
      rule: 'full-refund-7-days',
      explanation:
        amountPaid === 0
          ? NOTHING_PAID
          : `Cancelled ${whenCancelled(daysBefore)}, within free cancellation (until ${formatLongDate(freeCancellationDeadline(tourDate))}), so the full amount of ${formatYen(amountPaid)} is refunded.`,
    }
  }

  return {
    amount: 0,
    rule: 'no-refund-within-6-days',
    explanation:
      amountPaid === 0
        ? NOTHING_PAID
        : `Cancelled ${whenCancelled(daysBefore)}, after free cancellation ended (${formatLongDate(freeCancellationDeadline(tourDate))}), so the tour is charged in full and no refund is due.`,
  }
}

/**
 * The same rule, said before anything is cancelled (the admin's and the guest's cancel
 * dialogs): what cancelling now would do, never "Cancelled …" as if it had happened.
 */
export function refundPreview({ amountPaid, tourDate, today, cause }: RefundInput): string {
  const refund = refundFor({ amountPaid, tourDate, today, cause })
  if (amountPaid === 0) return 'Nothing has been paid for this booking, so cancelling it charges nothing and refunds nothing.'
  if (refund.rule === 'guide-cancelled') {
    const reason = cause === 'guest' ? '' : GUIDE_REASONS[cause]
    return `If the guide cancels${reason ? ` ${reason}` : ''}, the full amount of ${formatYen(amountPaid)} paid will be refunded.`
  }
  const when = whenCancelled(daysBetween(today, tourDate))
  const deadline = formatLongDate(freeCancellationDeadline(tourDate))
  return refund.rule === 'full-refund-7-days'
    ? `Cancelling now, ${when}, is within free cancellation (until ${deadline}): the full amount of ${formatYen(amountPaid)} paid will be refunded.`
    : `Cancelling now, ${when}, is after free cancellation ended (${deadline}): no refund is due, and the ${formatYen(amountPaid)} paid is kept.`
}
