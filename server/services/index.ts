import type { Config } from '../config/index.ts'
import type { Database } from '../db/client.ts'
import type { Job } from '../jobs.ts'
import type { Logger } from '../logger.ts'
import { createRateLimits, pruneExpiredLimits } from './rate-limits.ts'
import { createPeopleServices } from './people-services.ts'
import { createContentServices } from './content-services.ts'
import { createMessageServices } from './messages-services.ts'
import { createBookingAndMoneyServices } from './bookings-and-money-services.ts'
import { createChannelServices, createResellerWebhooks } from './channels-services.ts'

export type Clock = { now: () => Date }
export const systemClock: Clock = { now: () => new Date() }

export type ServiceDeps = { database: Database; config: Config; logger: Logger; clock: Clock }

/**
 * Every server service, built once per process around one database handle. Loaders and
 * /api routers both call these; neither talks to the database directly. They are built by
 * domain (docs/decisions/0084), each group handed the services of the groups before it that
 * it uses; a new service goes in its domain's group.
 */
export function createServices({ database, config, logger, clock }: ServiceDeps) {
  const db = database.db
  const now = clock.now
  // Abuse limits, shared by every instance on PostgreSQL (docs/decisions/0024).
  const limits = createRateLimits(database, config.env)
  const people = createPeopleServices({ db, config, logger, now })
  const content = createContentServices({ db, config, now })
  const messages = createMessageServices({ db, config, logger, clock, limits, trip: content.trip })
  // The one service built before a service it uses: the lifecycle writes the webhooks, which show the booking as OCTO does.
  const octoWebhooks = createResellerWebhooks({ db, config, logger, now, viewOf: (reseller, bookingId) => channels.octo.viewById(reseller, bookingId) })
  const money = createBookingAndMoneyServices({
    db,
    config,
    logger,
    now,
    limits,
    trip: content.trip,
    bookingQuestions: content.bookingQuestions,
    notifications: messages.notifications,
    bookingEvents: messages.bookingEvents,
    waitlist: messages.waitlist,
    outbox: messages.mail.outbox,
    resellerWebhooks: octoWebhooks,
  })
  const channels = createChannelServices({
    db,
    config,
    logger,
    now,
    catalogue: content.catalogue,
    trip: content.trip,
    notifications: messages.notifications,
    bookingEvents: messages.bookingEvents,
    lifecycle: money.lifecycle,
    availability: money.availability,
  })

  /** Periodic work this process runs (see server/jobs.ts). */
  const jobs: Job[] = [
    { name: 'purge-expired-sessions', everyMs: 60 * 60_000, run: () => people.sessions.purgeExpired() },
    { name: 'retention-sweep', everyMs: 24 * 60 * 60_000, run: () => money.guestData.sweep() },
    // An erasure on another instance reaches this instance's outbox folder within a minute.
    { name: 'prune-outbox-folder', everyMs: 60_000, run: () => money.guestData.pruneDeletedFromOutbox() },
    ...messages.mail.jobs,
    // docs/decisions/0005: lapsed holds are already free for readers and claimers; this records them.
    { name: 'expire-unpaid-holds', everyMs: 60_000, run: () => money.bookings.expireHolds() },
    { name: 'prune-rate-limits', everyMs: 10 * 60_000, run: () => pruneExpiredLimits(database) },
    // docs/decisions/0056: an offer nobody answered by its deadline is refunded in full.
    { name: 'refund-unanswered-call-offs', everyMs: 60_000, run: () => money.disruptions.refundUnanswered() },
    // docs/decisions/0067: a card refund recorded before a crash is made once the process is back.
    { name: 'make-recorded-refunds', everyMs: 5 * 60_000, run: () => money.lifecycle.issueRecordedRefunds() },
    // docs/decisions/0057: a slot freed by a hold that simply ran out is told within a minute.
    { name: 'tell-waitlists', everyMs: 60_000, run: () => messages.waitlist.tellFreedSlots() },
    // docs/decisions/0070: an address that did not confirm within the window is forgotten.
    { name: 'forget-unconfirmed-waitlist', everyMs: 10 * 60_000, run: () => messages.waitlist.forgetUnconfirmed() },
    // docs/decisions/0063: the day after a paid tour, its guest is asked for a review; five days later, reminded once.
    { name: 'request-reviews', everyMs: 10 * 60_000, run: () => messages.reviews.queueRequests() },
    { name: 'remind-reviews', everyMs: 10 * 60_000, run: () => messages.reviews.queueReminders() },
    // docs/decisions/0077: each imported calendar is fetched once per CHANNEL_CALENDAR_INTERVAL_MINUTES, by one instance (its lease).
    { name: 'fetch-channel-calendars', everyMs: 60_000, run: () => channels.channelCalendars.fetchDue() },
    // docs/decisions/0081: each booking change reaches the reseller's webhooks within seconds, once, from one instance.
    { name: 'deliver-octo-webhooks', everyMs: 5_000, run: () => octoWebhooks.processDue() },
    // docs/decisions/0080: issued receipts are kept seven years whatever else is erased, then go.
    { name: 'purge-kept-tax-documents', everyMs: 24 * 60 * 60_000, run: () => money.taxDocuments.purgeExpired() },
  ]

  return { limits, ...people, ...content, ...messages, octoWebhooks, ...money, ...channels, jobs }
}

export type Services = ReturnType<typeof createServices>
