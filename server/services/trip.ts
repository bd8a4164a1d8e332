import { asc, eq, inArray } from 'drizzle-orm'
import type { Db, Tx } from '../db/client.ts'
import { FOREIGN_KEY_VIOLATION, sqlState } from '../db/client.ts'
import { media, meetingPoints, tripSettings } from '../db/schema.ts'
import { PLACE_KINDS } from '../../core/media/places.ts'
import { photoInKind, type PagePhoto } from '../../core/media/page-photo.ts'
import {
  defaultPoint,
  meetingPlace,
  offeredPoints,
  resolveMeetingChoice,
  type Meeting,
  type MeetingChoice,
  type MeetingPlace,
  type MeetingPoint,
  type MeetingPointInput,
  type MeetingSettings,
} from '../../core/meeting-points.ts'
import { whatToBringFor, type TripSeason, type WhatToBring } from '../../core/what-to-bring.ts'
import type { Locale } from '../../core/i18n/locales.ts'
import type { MessageId } from '../../core/i18n/message-id.ts'
import type { TourTime } from '../../core/slots.ts'
import { translate } from '../i18n/catalog.ts'
import { ServiceError } from './service-error.ts'
import { refusal } from '../../core/i18n/refusal.ts'

export type TripSettings = MeetingSettings & { whatToBring: WhatToBring }

/** What the booking form offers: the places in the guide's order, and whether pickup is on. */
export type MeetingOptions = { points: MeetingPlace[]; pickupEnabled: boolean; defaults: Record<TourTime, number | null> }

const POINT_NOT_FOUND = refusal('adminErrors.meetingPointNotFound')
const PHOTO_NOT_FOUND = refusal('adminErrors.photoNotFound')

/** A meeting point's photo is drawn like the article's picture: the trip page's column, 3:2. */
const PHOTO_KIND = PLACE_KINDS.article

const SHIPPED_WHAT_TO_BRING: Record<TripSeason, MessageId> = {
  winter: 'trip.bring.winter',
  spring: 'trip.bring.spring',
  rainy: 'trip.bring.rainy',
  summer: 'trip.bring.summer',
  autumn: 'trip.bring.autumn',
}

type Reader = Db | Tx

/**
 * The trip around a booking (docs/decisions/0052): the meeting points and pickup the
 * guide offers, the choice a booking records, and what the guest should bring.
 */
export function createTripService(db: Db) {
  async function settingsIn(reader: Reader): Promise<TripSettings> {
    const [row] = await reader.select().from(tripSettings).where(eq(tripSettings.id, 1))
    return {
      pickupEnabled: row?.pickupEnabled ?? false,
      defaults: { morning: row?.morningPointId ?? null, afternoon: row?.afternoonPointId ?? null, 'full-day': row?.fullDayPointId ?? null },
      whatToBring: row?.whatToBring ?? {},
    }
  }

  const allPoints = (reader: Reader): Promise<MeetingPoint[]> => reader.select().from(meetingPoints).orderBy(asc(meetingPoints.sortOrder), asc(meetingPoints.id))

  /** The points' photos as the page draws them, by media id. */
  async function photosOf(reader: Reader, points: Pick<MeetingPoint, 'photoMediaId'>[], locale: Locale): Promise<Map<number, PagePhoto>> {
    const ids = [...new Set(points.flatMap((p) => (p.photoMediaId ? [p.photoMediaId] : [])))]
    if (ids.length === 0) return new Map()
    const rows = await reader
      .select({ id: media.id, sha256: media.sha256, width: media.width, height: media.height, alt: media.alt, altTranslations: media.altTranslations, focalX: media.focalX, focalY: media.focalY })
      .from(media)
      .where(inArray(media.id, ids))
    return new Map(rows.map((row) => [row.id, photoInKind(row, PHOTO_KIND, locale)]))
  }

  const placeIn = (point: MeetingPoint, locale: Locale, photos: Map<number, PagePhoto>) => meetingPlace(point, locale, point.photoMediaId ? photos.get(point.photoMediaId) : undefined)

  /** A photo that is not in the library is refused on its field, not stored. */
  async function savingPoint<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write()
    } catch (error) {
      if (sqlState(error) === FOREIGN_KEY_VIOLATION) throw new ServiceError('not-found', PHOTO_NOT_FOUND, { field: 'photoMediaId' })
      throw error
    }
  }

  async function pointIn(reader: Reader, id: number) {
    const [row] = await reader.select().from(meetingPoints).where(eq(meetingPoints.id, id))
    return row
  }

  const service = {
    settings: () => settingsIn(db),
    points: () => allPoints(db),

    /** The booking form's choice of places, in the reader's language. */
    async options(locale: Locale): Promise<MeetingOptions> {
      const [points, settings] = await Promise.all([allPoints(db), settingsIn(db)])
      const offered = offeredPoints(points)
      const photos = await photosOf(db, offered, locale)
      return { points: offered.map((p) => placeIn(p, locale, photos)), pickupEnabled: settings.pickupEnabled, defaults: settings.defaults }
    },

    /**
     * The guest's choice, checked against what is offered at this moment, inside the booking's
     * transaction: a place archived or pickup switched off meanwhile is refused, not stored.
     */
    async choose(tx: Tx, request: { meetingPoint?: string; pickupHotel?: string }, tourTime: TourTime): Promise<MeetingChoice> {
      // One query after the other: a transaction's client runs one at a time.
      const points = await allPoints(tx)
      const resolved = resolveMeetingChoice(request, points, await settingsIn(tx), tourTime)
      if (!resolved.ok) throw new ServiceError('invalid', resolved.message, { field: resolved.field })
      return resolved.choice
    },

    /**
     * Where a booking meets, in the reader's language: its place or pickup; a booking made before
     * the guest could choose meets at its slot's default.
     */
    async meetingOf(booking: { meetingPointId: number | null; pickupHotel: string | null; tourTime: string }, locale: Locale, reader: Reader = db): Promise<Meeting | null> {
      if (booking.pickupHotel) return { kind: 'pickup', hotel: booking.pickupHotel }
      const point = booking.meetingPointId
        ? await pointIn(reader, booking.meetingPointId)
        : defaultPoint(await allPoints(reader), await settingsIn(reader), booking.tourTime as TourTime)
      return point ? placeIn(point, locale, await photosOf(reader, [point], locale)) : null
    },

    /** The season's "what to bring" for a tour date, in the reader's language. */
    async whatToBring(tourDate: string, locale: Locale, reader: Reader = db) {
      const { whatToBring } = await settingsIn(reader)
      return whatToBringFor(tourDate, locale, whatToBring, (season) => translate(locale, SHIPPED_WHAT_TO_BRING[season]))
    },

    /** The site's own texts, for the dashboard's form. */
    shippedWhatToBring(locale: Locale): Record<TripSeason, string> {
      return Object.fromEntries(Object.entries(SHIPPED_WHAT_TO_BRING).map(([season, id]) => [season, translate(locale, id)])) as Record<TripSeason, string>
    },

    async addPoint(input: MeetingPointInput): Promise<MeetingPoint> {
      const points = await allPoints(db)
      const sortOrder = Math.max(0, ...points.map((p) => p.sortOrder)) + 1
      const [row] = await savingPoint(() => db.insert(meetingPoints).values({ ...input, sortOrder }).returning())
      return row!
    },

    async updatePoint(id: number, input: MeetingPointInput): Promise<MeetingPoint> {
      const [row] = await savingPoint(() => db.update(meetingPoints).set({ ...input, updatedAt: new Date() }).where(eq(meetingPoints.id, id)).returning())
      if (!row) throw new ServiceError('not-found', POINT_NOT_FOUND)
      return row
    },

    /**
     * Offers a place again or stops offering it. A place is never deleted: bookings keep naming it.
     * The last offered place cannot go: every slot needs a default.
     */
    async setActive(id: number, active: boolean): Promise<MeetingPoint> {
      return db.transaction(async (tx) => {
        const point = await pointIn(tx, id)
        if (!point) throw new ServiceError('not-found', POINT_NOT_FOUND)
        if (!active && point.active) {
          // Locked, so two instances stopping the last two places at once cannot leave none.
          const offered = offeredPoints(await tx.select().from(meetingPoints).orderBy(asc(meetingPoints.id)).for('update'))
          if (offered.length === 1) throw new ServiceError('conflict', refusal('adminErrors.meetingPointKeepOne'))
        }
        const [row] = await tx.update(meetingPoints).set({ active, updatedAt: new Date() }).where(eq(meetingPoints.id, id)).returning()
        return row!
      })
    },

    /** Moves a place one step up or down the list guests see. */
    async move(id: number, direction: 'up' | 'down'): Promise<MeetingPoint[]> {
      return db.transaction(async (tx) => {
        const points = await allPoints(tx)
        const at = points.findIndex((p) => p.id === id)
        if (at < 0) throw new ServiceError('not-found', POINT_NOT_FOUND)
        const other = direction === 'up' ? at - 1 : at + 1
        if (other >= 0 && other < points.length) {
          ;[points[at], points[other]] = [points[other]!, points[at]!]
          for (const [index, point] of points.entries()) {
            if (point.sortOrder !== index + 1) await tx.update(meetingPoints).set({ sortOrder: index + 1 }).where(eq(meetingPoints.id, point.id))
          }
        }
        return allPoints(tx)
      })
    },

    /** Saves pickup, the slots' defaults and the seasonal texts; a default must be an offered place. */
    async saveSettings(settings: TripSettings): Promise<TripSettings> {
      return db.transaction(async (tx) => {
        const offered = new Set(offeredPoints(await allPoints(tx)).map((p) => p.id))
        for (const id of Object.values(settings.defaults)) {
          if (id !== null && !offered.has(id)) throw new ServiceError('invalid', refusal('adminErrors.meetingPointDefault'), { field: 'defaults' })
        }
        const values = {
          pickupEnabled: settings.pickupEnabled,
          morningPointId: settings.defaults.morning,
          afternoonPointId: settings.defaults.afternoon,
          fullDayPointId: settings.defaults['full-day'],
          whatToBring: settings.whatToBring,
          updatedAt: new Date(),
        }
        await tx.insert(tripSettings).values({ id: 1, ...values }).onConflictDoUpdate({ target: tripSettings.id, set: values })
        return settingsIn(tx)
      })
    },
  }
  return service
}

export type TripService = ReturnType<typeof createTripService>
