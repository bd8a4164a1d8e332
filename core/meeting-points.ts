import type { Locale } from './i18n/locales.ts'
import { refusalMessage } from './i18n/refusal.ts'
import type { TourTime } from './slots.ts'
import type { TranslatedLocale } from './schemas/translations.ts'
import type { PagePhoto } from './media/page-photo.ts'

/**
 * Where the guide meets the guest (docs/decisions/0052): places the guide keeps in
 * Settings (a station's ticket gates, a hotel lobby), one of them the default of each slot, or
 * the guest's own hotel in Joetsu when the guide offers pickup. Maps are links built from the
 * coordinates, opened by the visitor's own map app: no tiles or scripts from another host.
 */

/** The booking form's value for "pick me up at my hotel"; every other value is a meeting point's id. */
export const PICKUP = 'pickup'

// Refusals (docs/decisions/0087), and their English as the JSON API answers it
// (server/i18n/refusals.unit.test.ts holds each pair equal).
export const MEETING_POINT_REFUSAL = refusalMessage('errors.meetingPoint')
export const PICKUP_OFF_REFUSAL = refusalMessage('errors.pickupOff')
export const HOTEL_REFUSAL = refusalMessage('errors.hotel')
export const MEETING_POINT_MESSAGE = 'Please choose one of the listed meeting points'
export const PICKUP_OFF_MESSAGE = 'Hotel pickup is not offered at the moment: please choose a meeting point'
export const HOTEL_MESSAGE = 'Please enter the name of your hotel in Joetsu'
export const HOTEL_MAX = 120

/**
 * A place's text in one language the guide translated it into. The address is for the languages
 * that do not read Japanese (Korean, Chinese): Japanese pages read `addressJa` itself.
 */
export type MeetingPointText = { name?: string; instructions?: string; address?: string }
export type MeetingPointTranslations = Partial<Record<TranslatedLocale, MeetingPointText>>

/** A meeting point as stored (server/db/schema.ts) and as the dashboard edits it (core/schemas/meeting-point.ts). */
export type MeetingPoint = {
  id: number
  name: string
  address: string
  /** The address in Japanese, shown to a taxi driver. */
  addressJa: string
  latitude: number
  longitude: number
  instructions: string
  translations: MeetingPointTranslations
  /** A photo of the place from the guide's library, or none. */
  photoMediaId: number | null
  active: boolean
  sortOrder: number
}

/** A meeting point in the reader's language, with its map links: what the pages and e-mails show. */
export type MeetingPlace = {
  kind: 'point'
  id: number
  name: string
  /** Set when the name or instructions are the guide's English on a page in another language. */
  nameLang?: 'en'
  instructionsLang?: 'en'
  /**
   * The address the reader reads: the English one on English pages, the guide's translation where
   * written (Korean, Chinese), else the Japanese one, which taxi drivers and Japan's map apps read
   * (`addressLang` 'ja' where the page is not Japanese).
   */
  address: string
  addressLang?: 'ja'
  /** The Japanese address, for a taxi driver: shown apart wherever `address` is another language's. */
  addressJa: string
  instructions: string
  latitude: number
  longitude: number
  links: MapLinks
  /** The guide's photo of the place, as the trip page draws it. */
  photo?: PagePhoto
}

/** "Pick me up at my hotel": the hotel as the guest named it. */
export type HotelPickup = { kind: 'pickup'; hotel: string }

/** Where a booking meets: a place or a pickup. */
export type Meeting = MeetingPlace | HotelPickup

export type MapLinks = { geo: string; google: string; apple: string }

/** Coordinates in the fixed form every map site reads (six decimals: about 10 cm). */
const coordinate = (n: number) => n.toFixed(6).replace(/\.?0+$/, '')

/**
 * Links that open the place in the visitor's map app: a geo URI (RFC 5870: Android asks which app),
 * Google Maps (every platform) and Apple Maps (iPhone, Mac). Built from the coordinates, so they
 * point at the gate the guide chose rather than at whatever a name search finds.
 */
export function mapLinks(place: { name: string; latitude: number; longitude: number }): MapLinks {
  const at = `${coordinate(place.latitude)},${coordinate(place.longitude)}`
  const label = encodeURIComponent(place.name)
  return {
    geo: `geo:${at}?q=${at}(${label})`,
    google: `https://www.google.com/maps/search/?api=1&query=${at}`,
    apple: `https://maps.apple.com/?ll=${at}&q=${label}`,
  }
}

/** The place in the reader's language: the guide's translation, else their English (marked as such); the address as above. */
export function meetingPlace(point: MeetingPoint, locale: Locale, photo?: PagePhoto): MeetingPlace {
  const own = locale === 'en' ? undefined : point.translations[locale]
  const name = own?.name || point.name
  const instructions = own?.instructions || point.instructions
  const ownAddress = locale === 'ja' ? undefined : own?.address
  return {
    kind: 'point',
    id: point.id,
    name,
    ...(locale !== 'en' && !own?.name ? { nameLang: 'en' as const } : {}),
    ...(locale !== 'en' && point.instructions && !own?.instructions ? { instructionsLang: 'en' as const } : {}),
    address: locale === 'en' ? point.address : ownAddress || point.addressJa,
    ...(locale !== 'en' && locale !== 'ja' && !ownAddress ? { addressLang: 'ja' as const } : {}),
    addressJa: point.addressJa,
    instructions,
    latitude: point.latitude,
    longitude: point.longitude,
    // The map app labels the pin with the name the guest reads.
    links: mapLinks({ name, latitude: point.latitude, longitude: point.longitude }),
    ...(photo ? { photo } : {}),
  }
}

/** The trip settings that choose a booking's meeting point (docs/decisions/0052). */
export type MeetingSettings = {
  pickupEnabled: boolean
  /** The meeting point each slot starts from unless the guest chooses another; null: the first listed. */
  defaults: Record<TourTime, number | null>
}

/** The points a guest may choose, in the guide's order. */
export function offeredPoints<T extends Pick<MeetingPoint, 'active' | 'sortOrder' | 'id'>>(points: T[]): T[] {
  return points.filter((p) => p.active).sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id)
}

/** The slot's default meeting point: the guide's choice while it is offered, else the first offered. */
export function defaultPoint<T extends Pick<MeetingPoint, 'active' | 'sortOrder' | 'id'>>(points: T[], settings: MeetingSettings, tourTime: TourTime): T | undefined {
  const offered = offeredPoints(points)
  return offered.find((p) => p.id === settings.defaults[tourTime]) ?? offered[0]
}

/** What the dashboard sends for a place (core/schemas/meeting-point.ts). */
export type MeetingPointInput = Omit<MeetingPoint, 'id' | 'active' | 'sortOrder' | 'photoMediaId'> & { photoMediaId?: number | null }

export type MeetingChoice = { meetingPointId: number | null; pickupHotel: string | null }

/**
 * The guest's choice checked against what the guide offers: a listed point, or pickup while it
 * is on, with a hotel named; nothing chosen means the slot's default. Throws nothing: returns the
 * refusal's field and message for the service to raise.
 */
export function resolveMeetingChoice(
  request: { meetingPoint?: string; pickupHotel?: string },
  points: Pick<MeetingPoint, 'id' | 'active' | 'sortOrder'>[],
  settings: MeetingSettings,
  tourTime: TourTime,
): { ok: true; choice: MeetingChoice } | { ok: false; field: 'meetingPoint' | 'pickupHotel'; message: string } {
  if (request.meetingPoint === PICKUP) {
    if (!settings.pickupEnabled) return { ok: false, field: 'meetingPoint', message: PICKUP_OFF_REFUSAL }
    if (!request.pickupHotel) return { ok: false, field: 'pickupHotel', message: HOTEL_REFUSAL }
    return { ok: true, choice: { meetingPointId: null, pickupHotel: request.pickupHotel } }
  }
  if (request.meetingPoint === undefined) {
    return { ok: true, choice: { meetingPointId: defaultPoint(points, settings, tourTime)?.id ?? null, pickupHotel: null } }
  }
  const chosen = offeredPoints(points).find((p) => String(p.id) === request.meetingPoint)
  if (!chosen) return { ok: false, field: 'meetingPoint', message: MEETING_POINT_REFUSAL }
  return { ok: true, choice: { meetingPointId: chosen.id, pickupHotel: null } }
}
