import type { MessageId } from './i18n/message-id.ts'

/**
 * What the dashboard's notifications say, stored as a message id and its values rather than as
 * sentences (docs/decisions/0086): each admin reads them in the dashboard's language, and the values
 * (dates, slots, yen) are written by the reader in that language. A value's key says what it is:
 * `date…` a calendar date, `slot…` a tour time, `amount…` whole yen; anything else is shown as given.
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
} as const satisfies Record<string, { title: MessageId; message: MessageId }>

export type NoticeKind = keyof typeof NOTICES

export type Notice = { kind: NoticeKind; values: Record<string, string | number> }
