import type { Config } from '../config/index.ts'
import type { Db } from '../db/client.ts'
import type { Logger } from '../logger.ts'
import type { RateLimits } from './rate-limits.ts'
import type { TripService } from './trip.ts'
import type { BookingQuestionService } from './booking-questions.ts'
import type { NotificationService } from './notifications.ts'
import type { MailOutbox } from './mail-outbox.ts'
import type { BookingEvents, WaitlistReconciler } from './booking-events.ts'
import { createPaymentProvider } from '../payments/index.ts'
import { createBookingLifecycle, type LifecycleDeps } from './booking-lifecycle.ts'
import { createRefundService } from './refunds.ts'
import { createGuestDataService } from './guest-data.ts'
import { createAdminBookingService } from './admin-bookings.ts'
import { createJournalService } from './journal.ts'
import { createAvailabilityService } from './availability.ts'
import { createPromoCodeService } from './promo-codes.ts'
import { createBookingService } from './bookings.ts'
import { createBookingMoveService } from './booking-moves.ts'
import { createGuideBookingService } from './guide-bookings.ts'
import { createBookingConsentService } from './booking-consent.ts'
import { createDisruptionService } from './disruptions.ts'
import { createVoucherService } from './vouchers.ts'
import { createTaxDocumentService } from './tax-documents.ts'
import { createPaymentService } from './payments.ts'

/**
 * Bookings and the money that moves with them, one group because they are wound together: the
 * lifecycle needs the payment provider, refunds and moves need the lifecycle, and the payment
 * service needs the bookings, their moves and the vouchers. What they tell people comes in
 * through the message services, and the resellers' webhooks are handed in from the channels.
 */
export function createBookingAndMoneyServices(deps: {
  db: Db
  config: Config
  logger: Logger
  now: () => Date
  limits: RateLimits
  trip: TripService
  bookingQuestions: BookingQuestionService
  notifications: NotificationService
  bookingEvents: BookingEvents
  waitlist: WaitlistReconciler
  outbox: MailOutbox
  resellerWebhooks: LifecycleDeps['resellerWebhooks']
}) {
  const { db, config, logger, now, limits, trip, bookingQuestions, notifications, bookingEvents, waitlist, outbox, resellerWebhooks } = deps
  // Payments: the provider (docs/decisions/0014) and refunds by the policy (docs/decisions/0016).
  const paymentProvider = createPaymentProvider(config, db)
  // Every change of a booking's status and money, in one place (docs/decisions/0067).
  const lifecycle = createBookingLifecycle({ db, events: bookingEvents, notifications, provider: paymentProvider, logger, now, holdMinutes: config.booking.holdMinutes, resellerWebhooks })
  const refunds = createRefundService({ db, lifecycle, now })
  // Guests' personal data (docs/decisions/0020): retention sweep, lookup, export, erasure, audit log.
  const guestData = createGuestDataService({ db, config, logger, now, lifecycle })
  const adminBookings = createAdminBookingService({ db, config, lifecycle, now })
  // The guide's books for the accountant (docs/decisions/0082).
  const journal = createJournalService({ db })
  const availability = createAvailabilityService({ db, now, booking: config.booking, switchesChanged: (tx, date) => waitlist.reconcile(tx, [date]) })
  // Promo codes (docs/decisions/0062).
  const promoCodes = createPromoCodeService({ db, now })
  const bookings = createBookingService({
    db,
    now,
    lifecycle,
    logger,
    booking: config.booking,
    attemptsPerClient: limits.bookings,
    trip,
    questions: bookingQuestions,
  })

  // Changes of plan (docs/decisions/0055).
  const bookingMoves = createBookingMoveService({ db, events: bookingEvents, lifecycle, now, booking: config.booking })
  // Bookings the guide makes in the dashboard (docs/decisions/0059).
  const guideBookings = createGuideBookingService({ db, lifecycle, moves: bookingMoves, trip, now })

  // The guest's consent at the checkout of a booking the guide made (docs/decisions/0073).
  const bookingConsent = createBookingConsentService({ db, now, getByReference: (reference) => bookings.getByReference(reference) })

  // Days the guide calls off (docs/decisions/0056).
  const disruptions = createDisruptionService({ db, config, events: bookingEvents, notifications, availability, refunds, lifecycle, logger, now })

  // Gift vouchers (docs/decisions/0065): bought through the same provider; buying counts as a booking attempt of the address.
  const vouchers = createVoucherService({ db, config, logger, now, provider: paymentProvider, notifications, outbox, attemptsPerClient: limits.bookings })

  // Receipts and return invoices, numbered and kept as issued (docs/decisions/0080).
  const taxDocuments = createTaxDocumentService({ db, now })

  const payments = createPaymentService({
    db,
    config,
    logger,
    now,
    provider: paymentProvider,
    notifications,
    lifecycle,
    getByReference: (reference) => bookings.getByReference(reference),
    moves: bookingMoves,
    vouchers,
  })

  return { lifecycle, refunds, guestData, adminBookings, journal, availability, promoCodes, bookings, bookingMoves, guideBookings, bookingConsent, disruptions, vouchers, taxDocuments, payments }
}
