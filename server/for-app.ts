/**
 * The one way in from the React Router side (app/) to the server (docs/decisions/0042): the
 * shapes the server hands to pages and the browser. Types only, so a browser module that
 * imports them pulls in no server code (a value re-exported as a type cannot be used as one).
 * Loaders and actions reach the services through the load context (app/lib/load-context.ts);
 * modules that run only on the server take the few functions they need from
 * server/for-app.server.ts. The import check (.dependency-cruiser.cjs) refuses any other
 * import of server/ from app/.
 */
/** A server value as the browser receives it through JSON: its Dates arrive as ISO strings. */
export type AsJson<T> = T extends Date ? string : T extends readonly (infer U)[] ? AsJson<U>[] : T extends object ? { [K in keyof T]: AsJson<T[K]> } : T

export type { Config } from './config/index.ts'
export type { Services } from './services/index.ts'
export type { Notification, TourPackage } from './db/schema.ts'
export type { NotificationView } from './services/notifications.ts'
export type { AdminBooking, BookingPage, CalendarDay, CalendarSlot, LedgerLine } from './services/admin-bookings.ts'
export type { DateSlots, SlotView } from './services/availability.ts'
export type { PublicBooking } from './services/bookings.ts'
export type { ContactMessageView, ContactService } from './services/contact.ts'
export type { AdminReview, PublicReview, PublicReviewFilter } from './services/reviews.ts'
export type { AuditEntry, ErasureBlocker, GuestDataSummary } from './services/guest-data.ts'
export type { CheckoutStart } from './services/payments.ts'
export type { CalendarFeedInfo } from './services/calendar-feed.ts'
export type { LibraryPhoto, PhotoPlace } from './services/media.ts'
export type { CancellationQuote, RefundOutcome } from './services/refunds.ts'
export type { BookingChangeView } from './services/booking-moves.ts'
export type { DisruptionView } from './services/disruptions.ts'
export type { PublicTourPackage } from './services/tour-package-view.ts'
export type { AdminVoucher, PublicVoucher, VoucherOffer } from './services/vouchers.ts'
export type { PublicUser } from './services/users.ts'
export type { ResellerView, ResellerWithKey } from './services/resellers.ts'
export type { ChannelCalendarView } from './services/channel-calendars.ts'
export type { WebhookAdminView } from './services/octo-webhooks.ts'
export type { BookingDocumentPoint, IssuedDocument, TaxSettings } from './services/tax-documents.ts'
