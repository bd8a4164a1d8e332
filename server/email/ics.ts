import ical, { ICalCalendarMethod, ICalEventStatus, ICalEventTransparency } from 'ical-generator'

/**
 * The guest's calendar file (RFC 5545, written by ical-generator): one VEVENT with its start
 * and end in UTC (the 'Z' form), so every calendar app places the tour at the right moment
 * whatever the reader's own time zone.
 *
 * The invitation is published (METHOD:PUBLISH) with the booking's stable UID. A cancellation
 * sends the same UID with METHOD:CANCEL, STATUS:CANCELLED and a higher SEQUENCE
 * (RFC 5546 §3.2.5), which is what makes calendar apps remove the event they imported.
 */
export type IcsEvent = {
  uid: string
  start: Date
  end: Date
  /** When the file was produced (DTSTAMP). */
  stamp: Date
  /** Revision of the event: each later message about the same UID has a higher one. */
  sequence: number
  summary: string
  description?: string
  location?: IcsLocation
  url?: string
  organizer: { name: string; email: string }
}

/** Where the tour starts: LOCATION (its name and address) and, for a place, GEO (its coordinates). */
export type IcsLocation = { title: string; address?: string; geo?: { lat: number; lon: number } }

const PRODUCT_ID = { company: 'Joetsu Local Tours', product: 'Bookings', language: 'EN' }

/** A quoted parameter value (CN="…") may not hold a double quote or a line break (RFC 5545 §3.1). */
const person = ({ name, email }: { name: string; email: string }) => ({ name: name.replace(/["\r\n]/g, ''), email })

/** RFC 5545 ends every line, the last one too, with CRLF; ical-generator leaves the last one bare. */
const withFinalLineBreak = (text: string) => (text.endsWith('\r\n') ? text : `${text}\r\n`)

/** What every event says, the guest's invitations and the guide's feed alike: the calendar matches them by UID. */
const commonFields = (event: Omit<IcsEvent, 'organizer'>) => ({
  id: event.uid,
  start: event.start,
  end: event.end,
  stamp: event.stamp,
  sequence: event.sequence,
  summary: event.summary,
  description: event.description ?? null,
  url: event.url ?? null,
  location: event.location ?? null,
})

/** What the invitation and its cancellation say alike. */
const eventFields = (event: IcsEvent) => ({ ...commonFields(event), organizer: person(event.organizer) })

/** The invitation: adds the tour to the guest's calendar. */
export function buildIcs(event: IcsEvent): string {
  const calendar = ical({ prodId: PRODUCT_ID, method: ICalCalendarMethod.PUBLISH })
  calendar.createEvent({
    ...eventFields(event),
    status: ICalEventStatus.CONFIRMED,
    transparency: ICalEventTransparency.OPAQUE,
  })
  return withFinalLineBreak(calendar.toString())
}

/** The cancellation of an invitation sent before: same UID, higher SEQUENCE, the guest as attendee (RFC 5546 requires one). */
export function buildCancellationIcs(event: IcsEvent & { attendee: { name: string; email: string } }): string {
  const calendar = ical({ prodId: PRODUCT_ID, method: ICalCalendarMethod.CANCEL })
  calendar.createEvent({
    ...eventFields(event),
    attendees: [person(event.attendee)],
    status: ICalEventStatus.CANCELLED,
  })
  return withFinalLineBreak(calendar.toString())
}

/** One booking in the guide's feed: a stable UID, its last change (LAST-MODIFIED, SEQUENCE) and whether it is firm. */
export type FeedEvent = Omit<IcsEvent, 'organizer'> & {
  lastModified: Date
  /** An unpaid hold is TENTATIVE: the slot is free again if the guest does not pay. */
  tentative: boolean
}

/**
 * The guide's calendar subscription (docs/decisions/0050): a published
 * calendar (no METHOD: subscribing apps read it as a feed, not as invitations) named by
 * X-WR-CALNAME, with REFRESH-INTERVAL and X-PUBLISHED-TTL asking for a fetch every `ttlSeconds`.
 * Each event keeps its UID for the booking's life, so a change updates the event in place.
 */
export function buildFeed(feed: { name: string; ttlSeconds: number; events: FeedEvent[] }): string {
  const calendar = ical({ prodId: PRODUCT_ID, name: feed.name, ttl: feed.ttlSeconds })
  for (const event of feed.events) {
    calendar.createEvent({
      ...commonFields(event),
      lastModified: event.lastModified,
      status: event.tentative ? ICalEventStatus.TENTATIVE : ICalEventStatus.CONFIRMED,
      transparency: ICalEventTransparency.OPAQUE,
    })
  }
  return withFinalLineBreak(calendar.toString())
}
