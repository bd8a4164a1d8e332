import type { MessageId } from './i18n/message-id.ts'

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
