import type { Config } from '../config/index.ts'
import type { Database } from '../db/client.ts'
import type { Job } from '../jobs.ts'
import type { Logger } from '../logger.ts'
import { createSessionService } from '../auth/sessions.ts'
import { createCatalogueService } from './catalogue.ts'
import { createMediaService } from './media.ts'
import { createGuideWordsService } from './guide-words.ts'
import { createUserService } from './users.ts'
import { createNotificationService } from './notifications.ts'
import { createBookingEvents } from './booking-events.ts'
import { createBookingLifecycle } from './booking-lifecycle.ts'
import { createGuestDataService } from './guest-data.ts'
import { createMailServices } from './mail.ts'
import { createContactService } from './contact.ts'
import { createAdminUserService } from './admin-users.ts'
import { createAdminBookingService } from './admin-bookings.ts'
import { createJournalService } from './journal.ts'
import { createAvailabilityService } from './availability.ts'
import { createBookingService } from './bookings.ts'
import { createTripService } from './trip.ts'
import { createPaymentProvider } from '../payments/index.ts'
import { createPaymentService } from './payments.ts'
import { createRefundService } from './refunds.ts'
import { createGuideBookingService } from './guide-bookings.ts'
import { createBookingConsentService } from './booking-consent.ts'
import { createRateLimits, pruneExpiredLimits } from './rate-limits.ts'
import { createCalendarFeedService } from './calendar-feed.ts'
import { createPromoCodeService } from './promo-codes.ts'
import { createBookingQuestionService } from './booking-questions.ts'
import { createBookingMoveService } from './booking-moves.ts'
import { createDisruptionService } from './disruptions.ts'
import { createWaitlistService } from './waitlist.ts'
import { createReviewService } from './reviews.ts'
import { createVoucherService } from './vouchers.ts'
import { createResellerService } from './resellers.ts'
import { createOctoService } from './octo.ts'
import { createGoogleThingsToDoService } from './google-things-to-do.ts'
import { createChannelCalendarService } from './channel-calendars.ts'
import { createOctoWebhookService } from './octo-webhooks.ts'
import { createTaxDocumentService } from './tax-documents.ts'

export type Clock = { now: () => Date }
export const systemClock: Clock = { now: () => new Date() }

export type ServiceDeps = { database: Database; config: Config; logger: Logger; clock: Clock }

/**
 * Every server service, built once per process around one database handle. Loaders and
 * /api routers both call these; neither talks to the database directly.
 */
export function createServices({ database, config, logger, clock }: ServiceDeps) {
  const db = database.db
  // Abuse limits, shared by every instance on PostgreSQL (docs/decisions/0024).
  const limits = createRateLimits(database, config.env)
  const sessions = createSessionService(db, config.sessionSecret, clock.now)
  const users = createUserService(db, logger)
  const catalogue = createCatalogueService(db)
  // The guide's photos (docs/decisions/0048).
  const media = createMediaService(db)
  const guideWords = createGuideWordsService(db, config.site)
  const notifications = createNotificationService(db)
  // The guide's calendar subscription (docs/decisions/0050).
  const calendarFeed = createCalendarFeedService({ db, config, now: clock.now })
  // E-mail (issue 6, docs/decisions/0008): SMTP or the outbox folder, sent from the outgoing-mail table.
  // Meeting points, pickup and what to bring (issue 18, docs/decisions/0052).
  const trip = createTripService(db)
  const mail = createMailServices({ db, config, logger, clock, trip })
  // Visitors waiting for a taken slot (issue 19 point 4, docs/decisions/0057): told in every
  // transaction that frees one, through the booking events and the guide's switches.
  const waitlist = createWaitlistService({ db, config, outbox: mail.outbox, now: clock.now, attemptsPerClient: limits.waitlist })
  const bookingEvents = createBookingEvents({ notifications, mail: mail.bookingMail, waitlist })
  // Reviews from real guests (issue 21, docs/decisions/0063).
  const reviews = createReviewService({ db, config, outbox: mail.outbox, notifications, now: clock.now, attemptsPerClient: limits.reviews })
  const contact = createContactService({ db, config, notifications, outbox: mail.outbox, attemptsPerClient: limits.contact })
  const adminUsers = createAdminUserService(db, sessions)
  // Payments (issue 5): the provider (docs/decisions/0014) and refunds by the policy (docs/decisions/0016).
  const paymentProvider = createPaymentProvider(config, db)
  // Every change of a booking's status and money, in one place (docs/decisions/0067).
  // Resellers' webhooks (docs/decisions/0081): written by the lifecycle with each change, sent after it by a job.
  const octoWebhooks = createOctoWebhookService({
    db,
    logger,
    now: clock.now,
    allowPrivate: config.octoWebhooks.allowPrivate,
    userAgent: `${config.site.businessName} OCTO webhooks`,
    viewOf: (reseller, bookingId) => octo.viewById(reseller, bookingId),
  })
  const lifecycle = createBookingLifecycle({ db, events: bookingEvents, notifications, provider: paymentProvider, logger, now: clock.now, holdMinutes: config.booking.holdMinutes, resellerWebhooks: octoWebhooks })
  const refunds = createRefundService({ db, lifecycle, now: clock.now })
  // Guests' personal data (issue 9): retention sweep, lookup, export, erasure, audit log.
  const guestData = createGuestDataService({ db, config, logger, now: clock.now, lifecycle })
  const adminBookings = createAdminBookingService({ db, config, lifecycle, now: clock.now })
  // The guide's books for the accountant (docs/decisions/0082).
  const journal = createJournalService({ db })
  const availability = createAvailabilityService({ db, now: clock.now, booking: config.booking, switchesChanged: (tx, date) => waitlist.reconcile(tx, [date]) })
  // The guide's booking questions (docs/decisions/0053).
  const bookingQuestions = createBookingQuestionService({ db, now: clock.now })
  // Promo codes (issue 20 point 2, docs/decisions/0062).
  const promoCodes = createPromoCodeService({ db, now: clock.now })
  const bookings = createBookingService({
    db,
    now: clock.now,
    lifecycle,
    logger,
    booking: config.booking,
    attemptsPerClient: limits.bookings,
    trip,
    questions: bookingQuestions,
  })

  // Changes of plan (issue 19, docs/decisions/0055).
  const bookingMoves = createBookingMoveService({ db, events: bookingEvents, lifecycle, now: clock.now, booking: config.booking })
  // Bookings the guide makes in the dashboard (issue 20 point 1, docs/decisions/0059).
  const guideBookings = createGuideBookingService({ db, lifecycle, moves: bookingMoves, trip, now: clock.now })

  // The guest's consent at the checkout of a booking the guide made (docs/decisions/0073).
  const bookingConsent = createBookingConsentService({ db, now: clock.now, getByReference: (reference) => bookings.getByReference(reference) })

  // Days the guide calls off (issue 19, docs/decisions/0056).
  const disruptions = createDisruptionService({ db, config, events: bookingEvents, notifications, availability, refunds, lifecycle, logger, now: clock.now })

  // Gift vouchers (issue 20 point 3, docs/decisions/0065): bought through the same provider; buying counts as a booking attempt of the address.
  const vouchers = createVoucherService({ db, config, logger, now: clock.now, provider: paymentProvider, notifications, outbox: mail.outbox, attemptsPerClient: limits.bookings })

  // Resellers selling through OCTO (docs/decisions/0074): the same slots, claims and lifecycle as the site.
  const resellers = createResellerService({ db, now: clock.now })
  const octo = createOctoService({ db, config, lifecycle, availability, catalogue, now: clock.now })
  // Google's Things to Do product feed (docs/decisions/0078): the catalogue as Google lists it, with a "Book" link here.
  const googleThingsToDo = createGoogleThingsToDoService({ catalogue, trip, site: config.site, now: clock.now })
  // Platforms that publish only a calendar (docs/decisions/0077): their events close our slots.
  const channelCalendars = createChannelCalendarService({ db, config, lifecycle, events: bookingEvents, notifications, logger, now: clock.now })

  // Receipts and return invoices, numbered and kept as issued (docs/decisions/0080).
  const taxDocuments = createTaxDocumentService({ db, now: clock.now })

  const payments = createPaymentService({
    db,
    config,
    logger,
    now: clock.now,
    provider: paymentProvider,
    notifications,
    lifecycle,
    getByReference: (reference) => bookings.getByReference(reference),
    moves: bookingMoves,
    vouchers,
  })

  /** Periodic work this process runs (see server/jobs.ts). */
  const jobs: Job[] = [
    { name: 'purge-expired-sessions', everyMs: 60 * 60_000, run: () => sessions.purgeExpired() },
    { name: 'retention-sweep', everyMs: 24 * 60 * 60_000, run: () => guestData.sweep() },
    // An erasure on another instance reaches this instance's outbox folder within a minute.
    { name: 'prune-outbox-folder', everyMs: 60_000, run: () => guestData.pruneDeletedFromOutbox() },
    ...mail.jobs,
    // docs/decisions/0005: lapsed holds are already free for readers and claimers; this records them.
    { name: 'expire-unpaid-holds', everyMs: 60_000, run: () => bookings.expireHolds() },
    { name: 'prune-rate-limits', everyMs: 10 * 60_000, run: () => pruneExpiredLimits(database) },
    // docs/decisions/0056: an offer nobody answered by its deadline is refunded in full.
    { name: 'refund-unanswered-call-offs', everyMs: 60_000, run: () => disruptions.refundUnanswered() },
    // docs/decisions/0067: a card refund recorded before a crash is made once the process is back.
    { name: 'make-recorded-refunds', everyMs: 5 * 60_000, run: () => lifecycle.issueRecordedRefunds() },
    // docs/decisions/0057: a slot freed by a hold that simply ran out is told within a minute.
    { name: 'tell-waitlists', everyMs: 60_000, run: () => waitlist.tellFreedSlots() },
    // docs/decisions/0070: an address that did not confirm within the window is forgotten.
    { name: 'forget-unconfirmed-waitlist', everyMs: 10 * 60_000, run: () => waitlist.forgetUnconfirmed() },
    // docs/decisions/0063: the day after a paid tour, its guest is asked for a review; five days later, reminded once.
    { name: 'request-reviews', everyMs: 10 * 60_000, run: () => reviews.queueRequests() },
    { name: 'remind-reviews', everyMs: 10 * 60_000, run: () => reviews.queueReminders() },
    // docs/decisions/0077: each imported calendar is fetched once per CHANNEL_CALENDAR_INTERVAL_MINUTES, by one instance (its lease).
    { name: 'fetch-channel-calendars', everyMs: 60_000, run: () => channelCalendars.fetchDue() },
    // docs/decisions/0081: each booking change reaches the reseller's webhooks within seconds, once, from one instance.
    { name: 'deliver-octo-webhooks', everyMs: 5_000, run: () => octoWebhooks.processDue() },
    // docs/decisions/0080: issued receipts are kept seven years whatever else is erased, then go.
    { name: 'purge-kept-tax-documents', everyMs: 24 * 60 * 60_000, run: () => taxDocuments.purgeExpired() },
  ]

  return { lifecycle, limits, mail, contact, guestData, sessions, users, catalogue, media, guideWords, notifications, bookingEvents, adminUsers, adminBookings, journal, availability, bookings, payments, refunds, calendarFeed, trip, bookingQuestions, promoCodes, vouchers, bookingMoves, guideBookings, bookingConsent, disruptions, waitlist, reviews, resellers, octo, octoWebhooks, googleThingsToDo, channelCalendars, taxDocuments, jobs }
}

export type Services = ReturnType<typeof createServices>
