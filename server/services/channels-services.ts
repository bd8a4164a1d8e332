import type { Config } from '../config/index.ts'
import type { Db } from '../db/client.ts'
import type { Logger } from '../logger.ts'
import type { CatalogueService } from './catalogue.ts'
import type { TripService } from './trip.ts'
import type { NotificationService } from './notifications.ts'
import type { BookingEvents } from './booking-events.ts'
import type { BookingLifecycle } from './booking-lifecycle.ts'
import type { AvailabilityService } from './availability.ts'
import { createOctoWebhookService, type OctoWebhookDeps } from './octo-webhooks.ts'
import { createResellerService } from './resellers.ts'
import { createOctoService } from './octo.ts'
import { createGoogleThingsToDoService } from './google-things-to-do.ts'
import { createChannelCalendarService } from './channel-calendars.ts'
import { createCalendarFeedService } from './calendar-feed.ts'

/**
 * Resellers' webhooks (docs/decisions/0081): written by the lifecycle with each change, so built
 * before it; sent after it by a job. They carry the booking as OCTO shows it, which the OCTO
 * service built after the lifecycle gives through `viewOf`.
 */
export function createResellerWebhooks({ db, config, logger, now, viewOf }: { db: Db; config: Config; logger: Logger; now: () => Date; viewOf: OctoWebhookDeps['viewOf'] }) {
  return createOctoWebhookService({
    db,
    logger,
    now,
    allowPrivate: config.octoWebhooks.allowPrivate,
    userAgent: `${config.site.businessName} OCTO webhooks`,
    viewOf,
  })
}

/** Where else the tours are sold or shown: resellers, Google, other platforms' calendars, the guide's own calendar. */
export function createChannelServices(deps: {
  db: Db
  config: Config
  logger: Logger
  now: () => Date
  catalogue: CatalogueService
  trip: TripService
  notifications: NotificationService
  bookingEvents: BookingEvents
  lifecycle: BookingLifecycle
  availability: AvailabilityService
}) {
  const { db, config, logger, now, catalogue, trip, notifications, bookingEvents, lifecycle, availability } = deps
  // The guide's calendar subscription (docs/decisions/0050).
  const calendarFeed = createCalendarFeedService({ db, config, now })
  // Resellers selling through OCTO (docs/decisions/0074): the same slots, claims and lifecycle as the site.
  const resellers = createResellerService({ db, now })
  const octo = createOctoService({ db, config, lifecycle, availability, catalogue, now })
  // Google's Things to Do product feed (docs/decisions/0078): the catalogue as Google lists it, with a "Book" link here.
  const googleThingsToDo = createGoogleThingsToDoService({ catalogue, trip, site: config.site, now })
  // Platforms that publish only a calendar (docs/decisions/0077): their events close our slots.
  const channelCalendars = createChannelCalendarService({ db, config, lifecycle, events: bookingEvents, notifications, logger, now })
  return { calendarFeed, resellers, octo, googleThingsToDo, channelCalendars }
}
