import crypto from 'node:crypto'
import { and, asc, eq, gte, inArray, isNull, lte } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { auditLog, bookings, calendarFeed, meetingPoints, tourPackages } from '../db/schema.ts'
import type { Config } from '../config/index.ts'
import { FEED_REFRESH_SECONDS, feedDescription, feedName, feedSequence, feedStatus, feedSummary, feedWindow } from '../../core/calendar-feed.ts'
import { slotInstants, type TourTime } from '../../core/slots.ts'
import { buildFeed, type FeedEvent } from '../email/ics.ts'
import { bookingActionLink } from './notifications.ts'
import { calendarLocation } from './booking-events.ts'
import { meetingPlace, type Meeting } from '../../core/meeting-points.ts'

/**
 * The guide's private calendar feed (docs/decisions/0050). Its URL carries a
 * random token of 256 bits, kept in the database so every instance reads the same one: replacing
 * it is one statement, and the old URL stops working everywhere with the next request. No row,
 * no feed: the admin creates the URL in Settings.
 */

/** 32 random bytes, base64url: 43 characters, nothing to escape in a URL. */
const newToken = () => crypto.randomBytes(32).toString('base64url')

/** Tokens are compared by their SHA-256 digests with timingSafeEqual: equal lengths, no early exit. */
const digest = (text: string) => crypto.createHash('sha256').update(text, 'utf8').digest()
export function sameToken(given: string, stored: string): boolean {
  return crypto.timingSafeEqual(digest(given), digest(stored))
}

/** The feed's path on the site: what the admin pastes into a calendar app (after the site's address). */
export const feedPath = (token: string) => `/calendar/${token}.ics`

export type CalendarFeedInfo = { url: string; createdAt: string } | { url: null; createdAt: null }

export function createCalendarFeedService(deps: { db: Db; config: Config; now: () => Date }) {
  const { db, config } = deps

  const info = (row: { token: string; createdAt: Date } | undefined): CalendarFeedInfo =>
    row ? { url: `${config.baseUrl}${feedPath(row.token)}`, createdAt: row.createdAt.toISOString() } : { url: null, createdAt: null }

  async function stored() {
    const [row] = await db.select().from(calendarFeed).where(eq(calendarFeed.id, 1))
    return row
  }

  return {
    /** The feed's URL for the dashboard, or none yet. */
    async current(): Promise<CalendarFeedInfo> {
      return info(await stored())
    },

    /** A new URL (the first, or in place of the old one, which stops working at once), recorded in the audit log. */
    async replace(actor: { id: number; username: string }): Promise<CalendarFeedInfo> {
      const now = deps.now()
      return db.transaction(async (tx) => {
        const token = newToken()
        const [row] = await tx
          .insert(calendarFeed)
          .values({ id: 1, token, createdAt: now })
          .onConflictDoUpdate({ target: calendarFeed.id, set: { token, createdAt: now } })
          .returning()
        await tx.insert(auditLog).values({ actorUserId: actor.id, actorUsername: actor.username, action: 'calendar-feed.replace', subject: 'calendar feed', details: {} })
        return info(row)
      })
    },

    /**
     * The .ics text of the feed for a token, or null when the token is not the current one
     * (wrong, replaced, or no feed at all): the caller answers all of these alike.
     */
    async feed(token: string): Promise<string | null> {
      const row = await stored()
      if (!row || !sameToken(token, row.token)) return null
      const now = deps.now()
      const { from, to } = feedWindow(now, config.booking.horizonDays)
      const rows = await db
        .select({ booking: bookings, packageName: tourPackages.name, point: meetingPoints })
        .from(bookings)
        .leftJoin(tourPackages, eq(bookings.tourPackageId, tourPackages.id))
        .leftJoin(meetingPoints, eq(bookings.meetingPointId, meetingPoints.id))
        .where(and(gte(bookings.tourDate, from), lte(bookings.tourDate, to), inArray(bookings.status, ['paid', 'confirmed', 'pending']), isNull(bookings.anonymizedAt)))
        .orderBy(asc(bookings.tourDate), asc(bookings.id))
      const host = new URL(config.baseUrl).hostname
      const events: FeedEvent[] = rows.flatMap(({ booking, packageName, point }) => {
        const status = feedStatus(booking, now)
        if (!status) return []
        const tourTime = booking.tourTime as TourTime
        const { start, end } = slotInstants(booking.tourDate, tourTime, config.booking.startTimes)
        const dashboardUrl = `${config.baseUrl}${bookingActionLink(booking.id)}`
        const meeting: Meeting | null = booking.pickupHotel ? { kind: 'pickup', hotel: booking.pickupHotel } : point ? meetingPlace(point, 'en') : null
        const facts = { ...booking, tourTime, packageName: packageName ?? `Package #${booking.tourPackageId}`, meeting: meeting && (meeting.kind === 'pickup' ? `Hotel pickup: ${meeting.hotel}` : meeting.name) }
        return [
          {
            // Not the guest's invitation UID: the guide's feed is a calendar of its own.
            uid: `guide-feed-${booking.reference}@${host}`,
            start,
            end,
            stamp: now,
            sequence: feedSequence(booking.updatedAt),
            lastModified: booking.updatedAt,
            summary: feedSummary(facts, status),
            description: feedDescription(facts, status, dashboardUrl, booking.holdExpiresAt),
            url: dashboardUrl,
            location: calendarLocation(meeting, 'en', config.site.city),
            tentative: status === 'pending',
          },
        ]
      })
      return buildFeed({ name: feedName(config.site.businessName), ttlSeconds: FEED_REFRESH_SECONDS, events })
    },
  }
}

export type CalendarFeedService = ReturnType<typeof createCalendarFeedService>
