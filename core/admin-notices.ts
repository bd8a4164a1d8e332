import { formatLongDate } from './dates.ts'
import { DISRUPTION_CAUSE_ADMIN_IDS, DISRUPTION_CAUSES, type DisruptionCause } from './disruptions.ts'
import type { Locale } from './i18n/locales.ts'
import type { MessageId } from './i18n/message-id.ts'
import { formatYen } from './money.ts'
import { SLOT_MESSAGE_IDS, isTourTime } from './slots.ts'

/**
 * What the dashboard's notifications say, stored as a message id and its values rather than as
 * sentences (docs/decisions/0086): each admin reads them in the dashboard's language, and the values
 * (dates, slots, yen) are written by the reader in that language. A value's key says what it is:
 * `date…` a calendar date, `slot…` a tour time, `amount…` whole yen, `cause` a call-off's cause
 * (core/disruptions.ts); anything else is shown as given. A message chooses among its wordings with
 * ICU `select`/`plural` on values such as `referenced: 'yes' | 'no'`, so that no sentence is put
 * together outside the catalogue.
 */
export const NOTICES = {
  newBooking: { title: 'adminNotice.newBooking.title', message: 'adminNotice.newBooking.message' },
  paymentReceived: { title: 'adminNotice.paymentReceived.title', message: 'adminNotice.paymentReceived.message' },
  bookingCancelled: { title: 'adminNotice.bookingCancelled.title', message: 'adminNotice.bookingCancelled.message' },
  bookingCancelledRefund: { title: 'adminNotice.bookingCancelled.title', message: 'adminNotice.bookingCancelled.messageRefund' },
  bookingMovedByGuest: { title: 'adminNotice.bookingMoved.title', message: 'adminNotice.bookingMoved.byGuest' },
  bookingMovedByGuide: { title: 'adminNotice.bookingMoved.title', message: 'adminNotice.bookingMoved.byGuide' },
  bookingMovedAfterDisruption: { title: 'adminNotice.bookingMoved.title', message: 'adminNotice.bookingMoved.afterDisruption' },
  bookingExpired: { title: 'adminNotice.bookingExpired.title', message: 'adminNotice.bookingExpired.message' },
  newMessage: { title: 'adminNotice.newMessage.title', message: 'adminNotice.newMessage.message' },
  newMessageAbout: { title: 'adminNotice.newMessage.title', message: 'adminNotice.newMessage.messageAbout' },
  newReview: { title: 'adminNotice.newReview.title', message: 'adminNotice.newReview.message' },
  reviewChanged: { title: 'adminNotice.reviewChanged.title', message: 'adminNotice.reviewChanged.message' },
  voucherSold: { title: 'adminNotice.voucherSold.title', message: 'adminNotice.voucherSold.message' },
  voucherSoldFor: { title: 'adminNotice.voucherSold.title', message: 'adminNotice.voucherSold.messageFor' },
  resellerBooking: { title: 'adminNotice.resellerBooking.title', message: 'adminNotice.resellerBooking.message' },
  resellerBookingCancelled: { title: 'adminNotice.resellerBookingCancelled.title', message: 'adminNotice.resellerBookingCancelled.message' },
  dayCalledOff: { title: 'adminNotice.calledOff.title', message: 'adminNotice.calledOff.day' },
  slotCalledOff: { title: 'adminNotice.calledOff.title', message: 'adminNotice.calledOff.slot' },
  refundedAfterNoAnswer: { title: 'adminNotice.noAnswer.title', message: 'adminNotice.noAnswer.refunded' },
  cancelledAfterNoAnswer: { title: 'adminNotice.noAnswer.title', message: 'adminNotice.noAnswer.cancelled' },
  doubleBooking: { title: 'adminNotice.doubleBooking.title', message: 'adminNotice.doubleBooking.message' },
  paymentMismatch: { title: 'adminNotice.paymentAttention.title', message: 'adminNotice.paymentAttention.mismatch' },
  paidAfterHoldSlotTaken: { title: 'adminNotice.paymentAttention.title', message: 'adminNotice.paymentAttention.lateSlotTaken' },
  paidAfterHoldPriceChanged: { title: 'adminNotice.paymentAttention.title', message: 'adminNotice.paymentAttention.latePriceChanged' },
  changePaidSlotTaken: { title: 'adminNotice.paymentAttention.title', message: 'adminNotice.paymentAttention.changeSlotTaken' },
  voucherPaymentMismatch: { title: 'adminNotice.paymentAttention.title', message: 'adminNotice.paymentAttention.voucherMismatch' },
} as const satisfies Record<string, { title: MessageId; message: MessageId }>

export type NoticeKind = keyof typeof NOTICES

export type Notice = { kind: NoticeKind; values: Record<string, string | number> }

/**
 * The note a booking or a gift voucher carries for the guide until it is dealt with (the dashboard's
 * red line beside it): a message id and its values, as a notice is (docs/decisions/0086). Values
 * are written as a notice's are; `detail` is the payment provider's own words, shown as given.
 */
export const ATTENTIONS = {
  paidTwice: 'admin.attention.paidTwice',
  paidAfterCancel: 'admin.attention.paidAfterCancel',
  paymentMismatch: 'admin.attention.paymentMismatch',
  paidAfterHoldSlotTaken: 'admin.attention.lateSlotTaken',
  paidAfterHoldPriceChanged: 'admin.attention.latePriceChanged',
  cashBackCheaperMove: 'admin.attention.cashBackCheaperMove',
  cashBackCancelled: 'admin.attention.cashBackCancelled',
  refundIssuing: 'admin.attention.refundIssuing',
  refundFailed: 'admin.attention.refundFailed',
  refundedInProvider: 'admin.attention.refundedInProvider',
  voucherPaymentMismatch: 'admin.attention.voucherPaymentMismatch',
  voucherPaidTwice: 'admin.attention.voucherPaidTwice',
  voucherRefundedWhileUsable: 'admin.attention.voucherRefundedWhileUsable',
} as const satisfies Record<string, MessageId>

export type AttentionKind = keyof typeof ATTENTIONS

export type Attention = { kind: AttentionKind; values: Record<string, string | number> }

const isDisruptionCause = (value: unknown): value is DisruptionCause => DISRUPTION_CAUSES.includes(value as DisruptionCause)

/**
 * A notice's (or an attention's) values written in a language, by the key rules above: the server
 * and the dashboard's pages each pass their own translator. The English names the slot by its
 * value ('morning'), as the notifications always have.
 */
export function writeNoticeValues(values: Notice['values'], locale: Locale, say: (id: MessageId) => string): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(values).map(([key, value]) => {
      if (key.startsWith('date')) return [key, formatLongDate(String(value), locale)]
      if (key.startsWith('amount')) return [key, formatYen(Number(value), locale)]
      if (key.startsWith('slot') && locale !== 'en' && isTourTime(value)) return [key, say(SLOT_MESSAGE_IDS[value])]
      if (key === 'cause' && isDisruptionCause(value)) return [key, say(DISRUPTION_CAUSE_ADMIN_IDS[value])]
      return [key, value]
    }),
  )
}
