import type { CancellationCause } from './cancellation-policy.ts'
import type { MessageId } from './i18n/message-id.ts'
import type { TourTime } from './slots.ts'

/**
 * A day (or one slot) the guide calls off (docs/decisions/0056): every live
 * booking on it is offered a new date free of charge at any time, or a full refund; an offer
 * nobody answers is refunded in full at its deadline.
 */

export const DISRUPTION_CAUSES = ['snow', 'typhoon', 'transport', 'guide-unwell', 'other'] as const
export type DisruptionCause = (typeof DISRUPTION_CAUSES)[number]

/** The guide's words for the causes, in the dashboard. */
export const DISRUPTION_CAUSE_LABELS: Record<DisruptionCause, string> = {
  snow: 'Heavy snow',
  typhoon: 'Typhoon',
  transport: 'Transport disruption',
  'guide-unwell': 'Guide unwell',
  other: 'Other reason',
}

/** The guide's words for the causes in the dashboard's languages (docs/decisions/0086): the call-off form and its notification. */
export const DISRUPTION_CAUSE_ADMIN_IDS: Record<DisruptionCause, MessageId> = {
  snow: 'adminCalendar.cause.snow',
  typhoon: 'adminCalendar.cause.typhoon',
  transport: 'adminCalendar.cause.transport',
  'guide-unwell': 'adminCalendar.cause.guideUnwell',
  other: 'adminCalendar.cause.other',
}

/** The cause as the guest's e-mail and page say it ('because of heavy snow'), in their language. */
export const DISRUPTION_CAUSE_MESSAGE_IDS: Record<DisruptionCause, MessageId> = {
  snow: 'disruption.cause.snow',
  typhoon: 'disruption.cause.typhoon',
  transport: 'disruption.cause.transport',
  'guide-unwell': 'disruption.cause.guideUnwell',
  other: 'disruption.cause.other',
}

/** The cancellation policy's cause of a refund after a disruption: always the guide's, so always in full (docs/decisions/0016). */
export function cancellationCauseOf(cause: DisruptionCause): Exclude<CancellationCause, 'guest'> {
  if (cause === 'snow' || cause === 'typhoon') return 'guide-weather'
  if (cause === 'transport') return 'guide-transport'
  return 'guide-other'
}

/** Hours before the tour starts by which a guest answers, unless the guide sets another time. */
export const ANSWER_HOURS_BEFORE = 48
/** However late the day is called off, a guest has at least this long to answer (never past the start). */
export const MIN_ANSWER_HOURS = 2

/**
 * When an unanswered offer is refunded: 48 hours before the tour, or, when the day is called
 * off later than that, 2 hours after the call (but not after the tour's start).
 */
export function answerDeadline(tourStart: Date, now: Date): Date {
  const usual = tourStart.getTime() - ANSWER_HOURS_BEFORE * 3_600_000
  const soonest = Math.min(now.getTime() + MIN_ANSWER_HOURS * 3_600_000, tourStart.getTime())
  return new Date(Math.max(usual, soonest))
}

/**
 * The same rule in the guide's words (the dashboard is English), from the same numbers, so the
 * call-off dialog never promises the guests more time than answerDeadline gives (docs/decisions/0072).
 */
export const ANSWER_RULE = `Each guest has until ${ANSWER_HOURS_BEFORE} hours before their tour to answer or, when the tour is nearer than that, ${MIN_ANSWER_HOURS} hours from now (never past its start); an offer not answered by then is refunded in full automatically.`

/** The slots a call-off covers: one slot, or the whole day (every slot). */
export function disruptedSlots(tourTime: TourTime | null): TourTime[] {
  return tourTime === null ? ['morning', 'afternoon', 'full-day'] : [tourTime]
}

/** What became of an offer: still open, answered by the guest, or refunded at its deadline. */
export const OFFER_STATES = ['open', 'moved', 'refunded', 'auto-refunded', 'closed'] as const
export type OfferState = (typeof OFFER_STATES)[number]
