import { englishText } from '../i18n/refusals.ts'
import crypto from 'node:crypto'
import { and, asc, eq, gte, lte, type SQL } from 'drizzle-orm'
import {
  CapabilityId,
  zAvailabilityCalendarBody,
  zAvailabilityCheckBody,
  zBookingCancellationBody,
  zBookingConfirmationBody,
  zBookingReservationBody,
  zBookingUpdateBody,
  zExtendReservationBody,
  type Availability,
  type AvailabilityCalendar,
  type Booking as OctoBooking,
  type Capability,
  type Product,
  type Supplier,
} from '@octocloud/types'
import type { Db } from '../db/client.ts'
import { bookings, type Reseller, type TourPackage } from '../db/schema.ts'
import type { Config } from '../config/index.ts'
import { addDays, daysBetween, datesBetween, isCalendarDate, isWithinBookingWindow, todayInTokyo, type CalendarDate } from '../../core/dates.ts'
import { DEFAULT_LOCALE, preferredLocale } from '../../core/i18n/locales.ts'
import { commissionOf } from '../../core/ledger.ts'
import {
  bookingCutoff,
  contactName,
  OCTO_CAPABILITIES,
  octoCancellable,
  optionIdOf,
  optionTourTimes,
  slotOfAvailabilityId,
  type OptionId,
} from '../../core/octo.ts'
import { quote } from '../../core/pricing.ts'
import { containsUnstorableText } from '../../core/unstorable-text.ts'
import type { SlotAvailability, TourTime } from '../../core/slots.ts'
import { MAX_RANGE_DAYS, slotOn, slotsOn, type AvailabilityService } from './availability.ts'
import type { BookingLifecycle } from './booking-lifecycle.ts'
import { withFreshReference } from './booking-reference.ts'
import type { CatalogueService } from './catalogue.ts'
import { oneWithMoney, withMoney, type Booking } from './ledger.ts'
import { isServiceError } from './service-error.ts'
import { SlotTakenError } from './slot-claims.ts'
import { availabilityView, bookingView, productView, supplierView } from './octo-views.ts'

/**
 * The OCTO supplier API's rules (docs/decisions/0074): what a reseller may see and do, through
 * the same catalogue, slots, claims and booking lifecycle as the site. The HTTP layer
 * (server/api/octo.ts) authenticates the reseller and turns an OctoError into OCTO's error body.
 */

/** OCTO's error codes this supplier answers with, and their HTTP status. */
const OCTO_ERRORS = {
  BAD_REQUEST: 400,
  INVALID_PRODUCT_ID: 400,
  INVALID_OPTION_ID: 400,
  INVALID_UNIT_ID: 400,
  INVALID_AVAILABILITY_ID: 400,
  INVALID_BOOKING_UUID: 400,
  UNPROCESSABLE_ENTITY: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
} as const
export type OctoErrorCode = keyof typeof OCTO_ERRORS

export class OctoError extends Error {
  readonly status: number
  constructor(
    readonly code: OctoErrorCode,
    message: string,
    /** The offending id beside the message, as OCTO's examples name it (`productId`, `availabilityId`, …). */
    readonly extra: Record<string, string> = {},
  ) {
    super(message)
    this.name = 'OctoError'
    this.status = OCTO_ERRORS[code]
  }
}

/** What each offered capability means here. */
const CAPABILITY_DOCS: Record<(typeof OCTO_CAPABILITIES)[number], string> = {
  [CapabilityId.OCTO_PRICING]: 'Prices per booking: one price for a private group, from the site’s price list (docs/decisions/0074).',
  [CapabilityId.OCTO_WEBHOOKS]:
    'booking_update only: each confirmation, update, cancellation and expiry is POSTed as { webhook, booking }, signed the Standard Webhooks way (webhook-id, webhook-timestamp, webhook-signature) with the secret shown once at creation, retried with backoff (docs/decisions/0081).',
}

/** A new date, tour or group is a new booking (docs/decisions/0074), at confirmation as in an update. */
const NEW_BOOKING_MESSAGE = 'A new date, tour or group cannot be changed on a booking: cancel it and make a new one'

/** How long a reservation holds its slot unless the reseller asks otherwise, and at most (minutes). */
export const DEFAULT_EXPIRATION_MINUTES = 30
export const MAX_EXPIRATION_MINUTES = 60

/** The longest free text the site keeps of a reseller's booking (the guest form's own bounds). */
const TEXT_MAX = { name: 100, email: 254, phone: 40, notes: 1000, reference: 100 }

/**
 * OCTO's own request schemas (@octocloud/types) are built on its own zod, not the site's: read
 * through the one method every zod version has.
 */
type OctoSchema<T> = { safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } } }

/** A request body read by one of OCTO's own schemas; what it refuses is OCTO's BAD_REQUEST. */
function read<T>(schema: OctoSchema<T>, body: unknown): T {
  const parsed = schema.safeParse(body ?? {})
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    throw new OctoError('BAD_REQUEST', `${issue.path.map(String).join('.') || 'body'}: ${englishText(issue.message)}`)
  }
  if (containsUnstorableText(parsed.data)) throw new OctoError('BAD_REQUEST', 'The request contains characters that cannot be stored')
  return parsed.data
}

type Contact = { fullName?: string | null; firstName?: string | null; lastName?: string | null; emailAddress?: string | null; phoneNumber?: string | null; locales?: string[]; notes?: string | null }

function bounded(value: string | null | undefined, max: number, field: string): string | null {
  const text = value?.trim() ?? ''
  if (text.length > max) throw new OctoError('BAD_REQUEST', `${field} must be at most ${max} characters`)
  return text === '' ? null : text
}

/** What the booking keeps of an OCTO contact, for the columns it names. */
function contactColumns(contact: Contact | undefined) {
  if (!contact) return {}
  const name = bounded(contactName(contact), TEXT_MAX.name, 'contact.fullName')
  const email = bounded(contact.emailAddress, TEXT_MAX.email, 'contact.emailAddress')
  const phone = bounded(contact.phoneNumber, TEXT_MAX.phone, 'contact.phoneNumber')
  return {
    ...(name ? { name } : {}),
    ...(email ? { email } : {}),
    ...(phone ? { phone } : {}),
    // The guest's languages, best first (BCP 47): the first one the site speaks.
    ...(contact.locales?.length ? { locale: preferredLocale(contact.locales) ?? DEFAULT_LOCALE } : {}),
  }
}

export type OctoDeps = {
  db: Db
  config: Config
  lifecycle: BookingLifecycle
  availability: AvailabilityService
  catalogue: CatalogueService
  now: () => Date
}

export function createOctoService(deps: OctoDeps) {
  const { db, config, lifecycle } = deps
  const { startTimes, leadDays, horizonDays } = config.booking

  /** The tours the reseller may sell: bookable, and among its own if the guide chose some. */
  async function productsOf(reseller: Reseller): Promise<TourPackage[]> {
    const all = await deps.catalogue.bookable()
    return reseller.tourPackageIds.length === 0 ? all : all.filter((p) => reseller.tourPackageIds.includes(p.id))
  }

  async function productOf(reseller: Reseller, productId: string | undefined): Promise<TourPackage> {
    const pkg = (await productsOf(reseller)).find((p) => String(p.id) === productId)
    if (!pkg) throw new OctoError('INVALID_PRODUCT_ID', 'The productId was missing or invalid', { productId: String(productId ?? '') })
    return pkg
  }

  function optionOf(pkg: TourPackage, optionId: string | undefined): OptionId {
    if (optionId !== optionIdOf(pkg.isHalfDay) && optionId !== 'DEFAULT') throw new OctoError('INVALID_OPTION_ID', 'The optionId was missing or invalid', { optionId: String(optionId ?? '') })
    return optionIdOf(pkg.isHalfDay)
  }

  /**
   * The group an OCTO request's units make: every unit is one guest of the one "guest" unit. A
   * group the option cannot take (no guest, or more than the tour's) is well-formed but cannot be
   * processed: OCTO's UNPROCESSABLE_ENTITY, as its "Minimum tickets is 2" example.
   */
  function groupOf(pkg: TourPackage, units: { id?: string; unitId?: string; quantity?: number }[] | undefined, required: boolean): number | null {
    if (!units || units.length === 0) {
      if (required) throw new OctoError('UNPROCESSABLE_ENTITY', 'unitItems: at least one guest is required')
      return null
    }
    let guests = 0
    for (const u of units) {
      const unitId = u.unitId ?? u.id
      if (unitId !== 'guest') throw new OctoError('INVALID_UNIT_ID', 'The unitId was missing or invalid', { unitId: String(unitId ?? '') })
      guests += u.quantity ?? 1
    }
    if (!Number.isInteger(guests)) throw new OctoError('BAD_REQUEST', 'units: quantity must be a whole number')
    if (guests < 1 || guests > pkg.maxGroupSize) throw new OctoError('UNPROCESSABLE_ENTITY', `A group is 1 to ${pkg.maxGroupSize} guests`)
    return guests
  }

  /** The tour's price for a group on a date; with no group, its price from (one guest, or the solo special). */
  function priceOf(pkg: TourPackage, guests: number | null, date: CalendarDate): number {
    const q = quote(pkg, guests ?? 1, date, pkg.maxGroupSize)
    if (!q.ok) throw new OctoError('BAD_REQUEST', englishText(q.message))
    return q.total
  }

  /**
   * A slot as this reseller sees it now: the site's own availability, closed past the reseller's
   * cut-off (the site's lead time, or its own hours before the tour).
   */
  function forReseller(reseller: Reseller, date: CalendarDate, slot: SlotAvailability, now: Date) {
    const cutoff = bookingCutoff(date, slot.tourTime, startTimes, leadDays, reseller.minLeadHours)
    const open = slot.available && now < cutoff
    return { slot: open || !slot.available ? slot : { ...slot, available: false, reason: 'outside-window' as const }, cutoff }
  }

  /** Every slot of the option on each date of the range (weekdays closed), as this reseller sees it. */
  async function slotsBetween(reseller: Reseller, optionId: OptionId, from: CalendarDate, to: CalendarDate) {
    const now = deps.now()
    const view = await deps.availability.timeSlots(from, to)
    const byDate = new Map(view.dates.map((d) => [d.date, d.slots]))
    return datesBetween(from, to).map((date) => ({
      date,
      slots: optionTourTimes(optionId).map((tourTime) => {
        const slot = byDate.get(date)?.find((s) => s.tourTime === tourTime) ?? { tourTime, available: false, reason: 'not-weekend' as const }
        return { tourTime, ...forReseller(reseller, date, slot, now) }
      }),
    }))
  }

  /** The date range of a calendar or check request: both ends, in order, at most MAX_RANGE_DAYS. */
  function rangeOf(body: { localDate?: unknown; localDateStart?: string; localDateEnd?: string }): { from: CalendarDate; to: CalendarDate } {
    const from = body.localDateStart ?? body.localDate
    const to = body.localDateEnd ?? body.localDate
    if (!isCalendarDate(from) || !isCalendarDate(to)) throw new OctoError('BAD_REQUEST', 'either localDate, localDateStart/localDateEnd or availabilityIds is required')
    const span = daysBetween(from, to)
    if (span < 0) throw new OctoError('BAD_REQUEST', 'localDateStart must not be after localDateEnd')
    if (span > MAX_RANGE_DAYS) throw new OctoError('BAD_REQUEST', `A request may cover at most ${MAX_RANGE_DAYS + 1} days`)
    return { from, to }
  }

  async function findBooking(reseller: Reseller, uuid: string): Promise<Booking> {
    const [row] = /^[0-9a-f-]{36}$/i.test(uuid) ? await db.select().from(bookings).where(and(eq(bookings.octoUuid, uuid.toLowerCase()), eq(bookings.resellerId, reseller.id))) : []
    if (!row) throw new OctoError('INVALID_BOOKING_UUID', 'The Booking UUID was missing or invalid', { uuid })
    return oneWithMoney(db, row)
  }

  /**
   * The OCTO view of bookings. What a view needs beyond the booking (its tour, its date's slots,
   * when it was confirmed) is read once per tour, per date and for all the bookings together, so a
   * list of many bookings costs a few queries, not a few per booking.
   */
  async function viewsOf(reseller: Reseller, list: readonly Booking[]): Promise<OctoBooking[]> {
    const now = deps.now()
    const today = todayInTokyo(now)
    const confirmed = await lifecycle.confirmedAtOf(list.map((b) => b.id))
    const tours = new Map<number, TourPackage | undefined>()
    const slotsByDate = new Map<CalendarDate, SlotAvailability[]>()
    for (const booking of list) {
      if (!tours.has(booking.tourPackageId)) tours.set(booking.tourPackageId, await deps.catalogue.get(booking.tourPackageId))
      if (!slotsByDate.has(booking.tourDate)) slotsByDate.set(booking.tourDate, await slotsOn(db, booking.tourDate, { now, window: { leadDays, horizonDays }, claims: true }))
    }
    return list.map((booking) => {
      const slot = slotsByDate.get(booking.tourDate)!.find((s) => s.tourTime === (booking.tourTime as TourTime))!
      return bookingView({ booking, reseller, pkg: tours.get(booking.tourPackageId)!, slot: forReseller(reseller, booking.tourDate, slot, now), startTimes, now, today, confirmedAt: confirmed.get(booking.id) ?? null })
    })
  }

  const viewOf = async (reseller: Reseller, booking: Booking): Promise<OctoBooking> => (await viewsOf(reseller, [booking]))[0]!

  /** A lifecycle refusal as OCTO says it: the reseller cannot do this to this booking now. */
  async function applying<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run()
    } catch (error) {
      if (error instanceof SlotTakenError) throw new OctoError('UNPROCESSABLE_ENTITY', 'This slot is no longer available')
      if (isServiceError(error) && error.kind !== 'rate-limited' && error.kind !== 'provider-failed') throw new OctoError('UNPROCESSABLE_ENTITY', error.message)
      throw error
    }
  }

  const expirationOf = (minutes: number | undefined) => {
    const m = minutes ?? DEFAULT_EXPIRATION_MINUTES
    if (m < 1 || m > MAX_EXPIRATION_MINUTES) throw new OctoError('BAD_REQUEST', `expirationMinutes must be from 1 to ${MAX_EXPIRATION_MINUTES}`)
    return new Date(deps.now().getTime() + m * 60_000)
  }

  return {
    supplier(): Supplier {
      return supplierView(config)
    },

    capabilities(): Capability[] {
      return OCTO_CAPABILITIES.map((id) => ({ id, revision: 1, required: false, dependencies: [], docs: CAPABILITY_DOCS[id] }))
    },

    async products(reseller: Reseller): Promise<Product[]> {
      const today = todayInTokyo(deps.now())
      return (await productsOf(reseller)).map((pkg) => productView(pkg, reseller, startTimes, priceOf(pkg, null, addDays(today, leadDays))))
    },

    async product(reseller: Reseller, id: string): Promise<Product> {
      const pkg = await productOf(reseller, id)
      return productView(pkg, reseller, startTimes, priceOf(pkg, null, addDays(todayInTokyo(deps.now()), leadDays)))
    },

    async calendar(reseller: Reseller, body: unknown): Promise<AvailabilityCalendar[]> {
      const request = read(zAvailabilityCalendarBody, body)
      const pkg = await productOf(reseller, request.productId)
      const optionId = optionOf(pkg, request.optionId)
      const guests = groupOf(pkg, request.units, false)
      const { from, to } = rangeOf(request)
      return (await slotsBetween(reseller, optionId, from, to)).map(({ date, slots }) => availabilityView.day(date, slots, priceOf(pkg, guests, date), reseller, startTimes))
    },

    async check(reseller: Reseller, body: unknown): Promise<Availability[]> {
      const request = read(zAvailabilityCheckBody, body)
      // OCTO's older single-day form (`localDate`) is still sent by some resellers.
      const localDate = (body as { localDate?: unknown } | null)?.localDate
      const forms = [localDate !== undefined, request.localDateStart !== undefined || request.localDateEnd !== undefined, request.availabilityIds !== undefined]
      if (forms.filter(Boolean).length > 1) throw new OctoError('BAD_REQUEST', 'send one of localDate, localDateStart/localDateEnd or availabilityIds, not several')
      const pkg = await productOf(reseller, request.productId)
      const optionId = optionOf(pkg, request.optionId)
      const guests = groupOf(pkg, request.units, false)
      const wanted = request.availabilityIds?.map((id) => {
        const slot = slotOfAvailabilityId(id, optionId, startTimes)
        if (!slot) throw new OctoError('INVALID_AVAILABILITY_ID', 'The availabilityId was missing or invalid', { availabilityId: id })
        return { id, ...slot }
      })
      const { from, to } = wanted?.length
        ? { from: wanted.map((w) => w.tourDate).sort()[0]!, to: wanted.map((w) => w.tourDate).sort().at(-1)! }
        : rangeOf({ ...request, localDate })
      if (daysBetween(from, to) > MAX_RANGE_DAYS) throw new OctoError('BAD_REQUEST', `A request may cover at most ${MAX_RANGE_DAYS + 1} days`)
      const days = await slotsBetween(reseller, optionId, from, to)
      return days.flatMap(({ date, slots }) =>
        slots
          .filter((s) => !wanted || wanted.some((w) => w.tourDate === date && w.tourTime === s.tourTime))
          .map((s) => availabilityView.slot(date, s.tourTime, s.slot, s.cutoff, priceOf(pkg, guests, date), reseller, startTimes)),
      )
    },

    /**
     * A reservation (OCTO's "reserve"): holds the slot through the same claim as a guest's
     * booking, until it is confirmed or its expiry passes. The reseller's uuid makes a retry
     * answer the same booking instead of a second one.
     */
    async reserve(reseller: Reseller, body: unknown): Promise<OctoBooking> {
      const request = read(zBookingReservationBody, body)
      if (request.uuid) {
        const [existing] = await db.select().from(bookings).where(eq(bookings.octoUuid, request.uuid.toLowerCase()))
        if (existing && existing.resellerId === reseller.id) return viewOf(reseller, await oneWithMoney(db, existing))
        if (existing) throw new OctoError('BAD_REQUEST', 'This uuid is already used')
      }
      const pkg = await productOf(reseller, request.productId)
      const optionId = optionOf(pkg, request.optionId)
      const slot = request.availabilityId ? slotOfAvailabilityId(request.availabilityId, optionId, startTimes) : null
      if (!slot) throw new OctoError('INVALID_AVAILABILITY_ID', 'The availabilityId was missing or invalid', { availabilityId: request.availabilityId ?? '' })
      const guests = groupOf(pkg, request.unitItems, true)!
      const now = deps.now()
      const invalid = () => new OctoError('INVALID_AVAILABILITY_ID', 'This availability cannot be booked', { availabilityId: request.availabilityId! })
      if (!isWithinBookingWindow(slot.tourDate, now, { leadDays, horizonDays })) throw invalid()
      const switches = forReseller(reseller, slot.tourDate, await slotOn(db, slot.tourDate, slot.tourTime, { now, window: { leadDays, horizonDays }, claims: false }), now)
      if (!switches.slot.available) throw invalid()
      const holdExpiresAt = expirationOf(request.expirationMinutes)
      const price = priceOf(pkg, guests, slot.tourDate)
      const contact = contactColumns(request.contact)
      const notes = bounded(request.notes ?? request.contact?.notes, TEXT_MAX.notes, 'notes')
      const created = await applying(() =>
        withFreshReference(() =>
          db.transaction((tx) =>
            lifecycle.createInTx(
              tx,
              {
                name: contact.name ?? `Guest of ${reseller.name}`,
                email: contact.email ?? '',
                phone: contact.phone ?? '',
                locale: contact.locale ?? 'en',
                numberOfPeople: guests,
                tourPackageId: pkg.id,
                tourDate: slot.tourDate,
                tourTime: slot.tourTime,
                specialRequests: notes,
                resellerId: reseller.id,
                resellerReference: bounded(request.resellerReference, TEXT_MAX.reference, 'resellerReference'),
                octoUuid: (request.uuid ?? crypto.randomUUID()).toLowerCase(),
                // Made with a test key, a practice booking for good (docs/decisions/0081).
                testMode: reseller.testMode,
              },
              { type: 'create', price, promo: null, voucher: null, holdExpiresAt },
            ),
          ),
        ),
      )
      return viewOf(reseller, created)
    },

    /** Confirms a reservation: the booking is the reseller's sale, and owed to the guide at the agreed rate. */
    async confirm(reseller: Reseller, uuid: string, body: unknown): Promise<OctoBooking> {
      const request = read(zBookingConfirmationBody, body)
      const booking = await findBooking(reseller, uuid)
      const details = {
        ...contactColumns(request.contact),
        // OCTO's confirmation carries notes only in its contact: the guest's requests, as a reservation's notes are.
        ...(request.contact.notes !== undefined ? { specialRequests: bounded(request.contact.notes, TEXT_MAX.notes, 'contact.notes') } : {}),
        ...(request.resellerReference !== undefined ? { resellerReference: bounded(request.resellerReference, TEXT_MAX.reference, 'resellerReference') } : {}),
      }
      if (request.unitItems && request.unitItems.length > 0 && groupOf((await deps.catalogue.get(booking.tourPackageId))!, request.unitItems, true) !== booking.numberOfPeople) {
        throw new OctoError('UNPROCESSABLE_ENTITY', NEW_BOOKING_MESSAGE)
      }
      if (!('name' in details) && booking.name.startsWith('Guest of ')) throw new OctoError('BAD_REQUEST', 'contact: the lead guest’s name is required to confirm')
      const applied = await applying(() =>
        db.transaction(async (tx) => {
          await lifecycle.updateDetailsInTx(tx, booking.id, details, { tellWebhooks: false })
          return lifecycle.applyInTx(tx, booking.id, { type: 'confirm-reseller', commission: commissionOf(booking.money.due, reseller.commissionPercent) })
        }),
      )
      return viewOf(reseller, applied.booking)
    },

    async extend(reseller: Reseller, uuid: string, body: unknown): Promise<OctoBooking> {
      const request = read(zExtendReservationBody, body)
      const booking = await findBooking(reseller, uuid)
      const applied = await applying(() => lifecycle.apply(booking.id, { type: 'extend', holdExpiresAt: expirationOf(request.expirationMinutes) }))
      return viewOf(reseller, applied.booking)
    },

    /** The reseller's update: contact, notes and its reference. A new date, tour or group is a new booking. */
    async update(reseller: Reseller, uuid: string, body: unknown): Promise<OctoBooking> {
      const request = read(zBookingUpdateBody, body)
      const booking = await findBooking(reseller, uuid)
      const pkg = (await deps.catalogue.get(booking.tourPackageId))!
      const moves =
        (request.productId !== undefined && request.productId !== String(booking.tourPackageId)) ||
        (request.optionId !== undefined && request.optionId !== optionIdOf(pkg.isHalfDay)) ||
        (request.availabilityId !== undefined && request.availabilityId !== availabilityView.idOf(booking, startTimes)) ||
        (request.unitItems !== undefined && request.unitItems.length !== booking.numberOfPeople)
      if (moves) throw new OctoError('UNPROCESSABLE_ENTITY', NEW_BOOKING_MESSAGE)
      if (booking.status === 'cancelled') throw new OctoError('UNPROCESSABLE_ENTITY', 'This booking has been cancelled.')
      // The booking's notes, else the contact's, as a reservation reads them.
      const newNotes = request.notes !== undefined ? request.notes : request.contact?.notes
      const notes = newNotes !== undefined ? { specialRequests: bounded(newNotes, TEXT_MAX.notes, 'notes') } : {}
      const details = {
        ...contactColumns(request.contact),
        ...notes,
        ...(request.resellerReference !== undefined ? { resellerReference: bounded(request.resellerReference, TEXT_MAX.reference, 'resellerReference') } : {}),
      }
      await db.transaction((tx) => lifecycle.updateDetailsInTx(tx, booking.id, details, { tellWebhooks: true }))
      if (request.expirationMinutes !== undefined) await applying(() => lifecycle.apply(booking.id, { type: 'extend', holdExpiresAt: expirationOf(request.expirationMinutes) }))
      return viewOf(reseller, await lifecycle.read(db, booking.id))
    },

    /**
     * The reseller cancels (POST …/cancel, and DELETE): a reservation on hold at any time, a
     * confirmed booking until the free-cancellation window closes; later, the guide decides.
     */
    async cancel(reseller: Reseller, uuid: string, body: unknown): Promise<OctoBooking> {
      const request = read(zBookingCancellationBody, body)
      const booking = await findBooking(reseller, uuid)
      const now = deps.now()
      if (booking.status === 'cancelled') return viewOf(reseller, booking)
      if (!octoCancellable(booking, todayInTokyo(now), now)) {
        throw new OctoError('UNPROCESSABLE_ENTITY', `This booking can no longer be cancelled through the API: ask ${config.site.businessName} (${config.site.email})`)
      }
      const reason = bounded(request.reason, 200, 'reason') ?? 'cancelled by the reseller'
      const applied = await applying(() => lifecycle.apply(booking.id, { type: 'cancel', cause: 'guest', today: todayInTokyo(now), reason }))
      return viewOf(reseller, applied.booking)
    },

    /** The booking as `get` shows it, by its id (a webhook's delivery, docs/decisions/0081). */
    async viewById(reseller: Reseller, bookingId: number): Promise<OctoBooking> {
      return viewOf(reseller, await lifecycle.read(db, bookingId))
    },

    async get(reseller: Reseller, uuid: string): Promise<OctoBooking> {
      return viewOf(reseller, await findBooking(reseller, uuid))
    },

    /** The reseller's bookings by its reference, ours (the site's booking reference), or tour date(s). */
    async list(reseller: Reseller, query: Record<string, unknown>): Promise<OctoBooking[]> {
      const text = (key: string) => (typeof query[key] === 'string' && query[key] !== '' ? (query[key] as string) : undefined)
      const filters: SQL[] = []
      const resellerReference = text('resellerReference')
      const supplierReference = text('supplierReference')
      const localDate = text('localDate')
      const start = text('localDateStart') ?? localDate
      const end = text('localDateEnd') ?? localDate
      if (resellerReference) filters.push(eq(bookings.resellerReference, resellerReference))
      if (supplierReference) filters.push(eq(bookings.reference, supplierReference.toUpperCase()))
      if (start !== undefined || end !== undefined) {
        const { from, to } = rangeOf({ localDateStart: start, localDateEnd: end })
        filters.push(gte(bookings.tourDate, from), lte(bookings.tourDate, to))
      }
      if (filters.length === 0) throw new OctoError('BAD_REQUEST', 'resellerReference, supplierReference or localDate (or localDateStart and localDateEnd) is required')
      const rows = await db
        .select()
        .from(bookings)
        .where(and(eq(bookings.resellerId, reseller.id), ...filters))
        .orderBy(asc(bookings.tourDate), asc(bookings.id))
        .limit(500)
      return viewsOf(reseller, await withMoney(db, rows))
    },
  }
}

export type OctoService = ReturnType<typeof createOctoService>
