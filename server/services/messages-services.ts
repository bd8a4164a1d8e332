import type { Config } from '../config/index.ts'
import type { Db } from '../db/client.ts'
import type { Logger } from '../logger.ts'
import type { RateLimits } from './rate-limits.ts'
import type { TripService } from './trip.ts'
import { createNotificationService } from './notifications.ts'
import { createMailServices } from './mail.ts'
import { createWaitlistService } from './waitlist.ts'
import { createBookingEvents } from './booking-events.ts'
import { createReviewService } from './reviews.ts'
import { createContactService } from './contact.ts'

/**
 * Who is told what: the guide's notifications, the e-mail outbox, and the services whose work is
 * telling someone. The booking events are here because every change of a booking is told through
 * them; the lifecycle (./bookings-and-money-services.ts) writes them.
 */
export function createMessageServices(deps: { db: Db; config: Config; logger: Logger; clock: { now: () => Date }; limits: RateLimits; trip: TripService }) {
  const { db, config, logger, clock, limits, trip } = deps
  const notifications = createNotificationService(db)
  // E-mail (docs/decisions/0008): SMTP or the outbox folder, sent from the outgoing-mail table.
  const mail = createMailServices({ db, config, logger, clock, trip })
  // Visitors waiting for a taken slot (docs/decisions/0057): told in every
  // transaction that frees one, through the booking events and the guide's switches.
  const waitlist = createWaitlistService({ db, config, outbox: mail.outbox, now: clock.now, attemptsPerClient: limits.waitlist })
  const bookingEvents = createBookingEvents({ notifications, mail: mail.bookingMail, waitlist })
  // Reviews from real guests (docs/decisions/0063).
  const reviews = createReviewService({ db, config, outbox: mail.outbox, notifications, now: clock.now, attemptsPerClient: limits.reviews })
  const contact = createContactService({ db, config, notifications, outbox: mail.outbox, attemptsPerClient: limits.contact })
  return { notifications, mail, waitlist, bookingEvents, reviews, contact }
}
