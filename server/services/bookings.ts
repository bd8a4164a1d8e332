import { englishText } from '../i18n/refusals.ts'
import { refusal } from '../../core/i18n/refusal.ts'
import { and, count, eq, gte, isNotNull, isNull, lt, or, sql } from 'drizzle-orm'
import type { Db, Tx } from '../db/client.ts'
import { withFreshReference } from './booking-reference.ts'
import { bookings, tourPackages } from '../db/schema.ts'
import { isWithinBookingWindow } from '../../core/dates.ts'
import { DEFAULT_LOCALE, toLocale, type Locale } from '../../core/i18n/locales.ts'
import { localizeTour } from '../../core/i18n/tour-text.ts'
import { POLICY_VERSION } from '../../core/cancellation-policy.ts'
import { quote } from '../../core/pricing.ts'
import { normaliseReference } from '../../core/reference.ts'
import { containsUnstorableText, UNSTORABLE_TEXT_MESSAGE } from '../../core/unstorable-text.ts'
import { packageFitsSlot, type TourTime } from '../../core/slots.ts'
import { bookingRequestSchema, type BookingRequest } from '../../core/schemas/booking.ts'
import type { BookingStatus } from '../../core/schemas/booking-status.ts'
import { effectiveStatus } from '../../core/booking-lifecycle.ts'
import { slotOn } from './availability.ts'
import type { BookingLifecycle } from './booking-lifecycle.ts'
import { oneWithMoney, type Booking } from './ledger.ts'
import { SlotTakenError } from './slot-claims.ts'
import type { Logger } from '../logger.ts'
import type { HitCounter } from './rate-limits.ts'
import type { TripService } from './trip.ts'
import type { Meeting } from '../../core/meeting-points.ts'
import type { BookingQuestionService } from './booking-questions.ts'
import type { AnswerSnapshot } from '../../core/booking-questions.ts'
import { invalidInput, ServiceError } from './service-error.ts'
import { applicablePromoCode, takePromoUse } from './promo-codes.ts'
import { promoCheckSchema } from '../../core/schemas/promo-code.ts'
import { PROMO_UNKNOWN } from '../../core/promo-codes.ts'
import { spendVoucher } from './voucher-spending.ts'

export { SlotTakenError, SLOT_TAKEN_MESSAGE } from './slot-claims.ts'

// Refusals: message ids with their values (docs/decisions/0087).
export const OUTSIDE_WINDOW = (lead: number, horizon: number) => refusal('errors.outsideWindow', { lead, horizon })
/** errors.outsideWindow in English, as the JSON API answers it. */
export const OUTSIDE_WINDOW_MESSAGE = (lead: number, horizon: number) => englishText(OUTSIDE_WINDOW(lead, horizon))
export const PACKAGE_UNAVAILABLE_MESSAGE = refusal('errors.packageUnavailable')
export const PACKAGE_DOES_NOT_FIT_MESSAGE = refusal('errors.packageDoesNotFit')
export const GROUP_TOO_LARGE_MESSAGE = (max: number) => refusal('errors.groupTooLarge', { max })
export const UNPAID_LIMIT = refusal('errors.unpaidLimit')
/** errors.unpaidLimit in English, as the JSON API answers it. */
export const UNPAID_LIMIT_MESSAGE = englishText(UNPAID_LIMIT)
/**
 * A booking the guest reaches on the site by its reference: the site's and the guide's, never a
 * reseller's (docs/decisions/0074), which changes and cancels through the reseller that sold it.
 */
export const onTheSite = isNull(bookings.resellerId)

/** The advisory-lock class of "one guest e-mail address creating a booking" (the key is the address's hash). */
const EMAIL_LOCK_CLASS = 727140002

/** What the confirmation page and GET /api/bookings/:reference show: never the id or admin notes. */
export type PublicBooking = {
  reference: string
  name: string
  email: string
  phone: string
  tourDate: string
  tourTime: TourTime
  numberOfPeople: number
  specialRequests: string | null
  interestTheme: string | null
  totalPrice: number
  currency: string
  /** Effective status: a pending booking whose hold ran out reads as cancelled. */
  status: BookingStatus
  tourPackageId: number
  isHalfDay: boolean
  tourPackage: { name: string } | null
  /** Yen received for the booking and yen refunded: what a cancelled booking's pages tell the guest. */
  amountReceived: number
  amountRefunded: number
  /** ISO instant until which an unpaid booking holds its slot; null once confirmed or paid. */
  holdExpiresAt: string | null
  createdAt: string
  /** Where the tour starts, in the guest's language (docs/decisions/0052). */
  meeting: Meeting | null
  /** The guest's answers to the booking questions, as they were asked (docs/decisions/0053). */
  answers: AnswerSnapshot[]
  /** What a custom price the guide set is for, as written for the guest (docs/decisions/0059). */
  priceNote: string | null
  /** The promo code the booking took and its yen off; totalPrice is after the discount (docs/decisions/0062). */
  promoCode: string | null
  discount: number
  /** What a gift voucher paid; totalPrice is what is left for the card (docs/decisions/0065). */
  voucherAmount: number
}

export const HONEYPOT_MESSAGE = refusal('errors.bookingNotSubmitted')
export const BOOKING_RATE = refusal('errors.bookingRate')
/** errors.bookingRate in English, as the JSON API answers it. */
export const BOOKING_RATE_MESSAGE = englishText(BOOKING_RATE)
export function createBookingService(deps: {
  db: Db
  now: () => Date
  lifecycle: BookingLifecycle
  logger: Logger
  booking: { holdMinutes: number; leadDays: number; horizonDays: number; maxUnpaidPerEmail: number }
  /** RATE_LIMIT_BOOKINGS_PER_HOUR per client address, for every way in (decision 0024). */
  attemptsPerClient: HitCounter
  trip: TripService
  /** The booking questions every request's answers are checked against (docs/decisions/0053). */
  questions: BookingQuestionService
}) {
  const { db, lifecycle } = deps

  async function withPackage(booking: Booking) {
    const [pkg] = await db.select().from(tourPackages).where(eq(tourPackages.id, booking.tourPackageId))
    return pkg
  }

  function toPublic(booking: Booking, pkg: { name: string; isHalfDay: boolean } | undefined, meeting: Meeting | null, now: Date): PublicBooking {
    const status = effectiveStatus(booking, now)
    return {
      reference: booking.reference,
      name: booking.name,
      email: booking.email,
      phone: booking.phone,
      tourDate: booking.tourDate,
      tourTime: booking.tourTime as TourTime,
      numberOfPeople: booking.numberOfPeople,
      specialRequests: booking.specialRequests,
      interestTheme: booking.interestTheme,
      totalPrice: booking.totalPrice,
      currency: booking.currency,
      status,
      tourPackageId: booking.tourPackageId,
      isHalfDay: booking.tourTime !== 'full-day',
      tourPackage: pkg ? { name: pkg.name } : null,
      amountReceived: booking.money.received,
      amountRefunded: booking.amountRefunded,
      holdExpiresAt: status === 'pending' && booking.holdExpiresAt ? booking.holdExpiresAt.toISOString() : null,
      createdAt: booking.createdAt.toISOString(),
      meeting,
      answers: booking.answers,
      priceNote: booking.priceNote,
      promoCode: booking.promoCode,
      discount: booking.discount,
      voucherAmount: booking.voucherAmount,
    }
  }

  /**
   * At most maxUnpaidPerEmail live unpaid holds per guest e-mail address (any letter case),
   * so one address cannot hold the calendar hostage or be mailed by the dozen. Requests for
   * one address take turns on an advisory lock for the rest of the transaction, so two
   * instances racing cannot both see room for one more.
   */
  async function refuseOverUnpaidLimit(tx: Tx, email: string, now: Date) {
    const address = email.trim().toLowerCase()
    await tx.execute(sql`select pg_advisory_xact_lock(${EMAIL_LOCK_CLASS}, hashtext(${address}))`)
    const [counted] = await tx
      .select({ live: count() })
      .from(bookings)
      .where(and(sql`lower(${bookings.email}) = ${address}`, eq(bookings.status, 'pending'), or(isNull(bookings.holdExpiresAt), gte(bookings.holdExpiresAt, now))))
    if ((counted?.live ?? 0) >= deps.booking.maxUnpaidPerEmail) throw new ServiceError('conflict', UNPAID_LIMIT, { field: 'email' })
  }

  /** The tour a request names, if it is on sale, fits the slot and takes the group, and its catalogue price (docs/decisions/0019). */
  async function pricedPackage(request: Pick<BookingRequest, 'tourPackageId' | 'tourTime' | 'numberOfPeople' | 'tourDate'>) {
    const [pkg] = await db.select().from(tourPackages).where(eq(tourPackages.id, request.tourPackageId))
    if (!pkg || !pkg.available) throw new ServiceError('invalid', PACKAGE_UNAVAILABLE_MESSAGE, { field: 'tourPackageId' })
    if (!packageFitsSlot(pkg.isHalfDay, request.tourTime)) throw new ServiceError('invalid', PACKAGE_DOES_NOT_FIT_MESSAGE, { field: 'tourPackageId' })
    if (request.numberOfPeople > pkg.maxGroupSize) {
      throw new ServiceError('invalid', GROUP_TOO_LARGE_MESSAGE(pkg.maxGroupSize), { field: 'numberOfPeople' })
    }
    const price = quote(pkg, request.numberOfPeople, request.tourDate)
    if (!price.ok) throw new ServiceError('invalid', price.message, { field: 'numberOfPeople' })
    return { pkg, price }
  }

  /** One booking attempt from a client address (decision 0024): a booking, or a promo code's check. */
  async function countAttempt(clientAddress: string) {
    const retryAfter = await deps.attemptsPerClient.hit(`ip:${clientAddress}`)
    if (retryAfter > 0) throw new ServiceError('rate-limited', BOOKING_RATE, { retryAfter })
  }

  const service = {
    /** The service's clock (tests move it): pages use it to count down holds consistently. */
    now: () => deps.now(),

    /**
     * Creates a pending booking that holds its slot for holdMinutes (docs/decisions/0005). Checks, in order:
     * booking window, the admin's switches, the package (exists, bookable, fits the slot,
     * group size), then prices it from the catalogue (docs/decisions/0019) and claims the slot in the same
     * transaction as the insert (docs/decisions/0002). Throws ServiceError (SlotTakenError for the slot).
     */
    async create(request: BookingRequest, options: { userId?: number | null; answers?: AnswerSnapshot[] } = {}): Promise<{ booking: Booking; view: PublicBooking }> {
      const now = deps.now()
      const { leadDays, horizonDays, holdMinutes } = deps.booking
      if (!isWithinBookingWindow(request.tourDate, now, { leadDays, horizonDays })) {
        throw new ServiceError('invalid', OUTSIDE_WINDOW(leadDays, horizonDays), { field: 'tourDate' })
      }
      const switchCheck = await slotOn(db, request.tourDate, request.tourTime, { now, window: { leadDays, horizonDays }, claims: false })
      if (!switchCheck.available) throw new SlotTakenError()

      const { pkg, price } = await pricedPackage(request)

      const holdExpiresAt = new Date(now.getTime() + holdMinutes * 60_000)
      const booking = await withFreshReference(() =>
        db.transaction(async (tx) => {
          await refuseOverUnpaidLimit(tx, request.email, now)
          // After the e-mail's lock, which the code's one-use-per-address check relies on.
          const promo = request.promoCode
            ? await takePromoUse(tx, request.promoCode, { email: request.email, isHalfDay: pkg.isHalfDay, guests: request.numberOfPeople, total: price.total, now })
            : null
          const afterPromo = price.total - (promo?.discount ?? 0)
          // A gift voucher pays from what the promo code left (docs/decisions/0065); its balance moves with the ledger row.
          const voucher = request.voucherCode ? await spendVoucher(tx, request.voucherCode, afterPromo, now) : null
          const meeting = await deps.trip.choose(tx, request, request.tourTime)
          return lifecycle.createInTx(
            tx,
            {
              name: request.name,
              email: request.email,
              phone: request.phone,
              numberOfPeople: request.numberOfPeople,
              tourPackageId: pkg.id,
              tourDate: request.tourDate,
              tourTime: request.tourTime,
              interestTheme: request.interestTheme ?? null,
              specialRequests: request.specialRequests ?? null,
              locale: request.locale,
              // The schema let the request through only with the box ticked (docs/decisions/0050).
              policyAcceptedAt: request.acceptPolicy ? now : null,
              policyVersion: request.acceptPolicy ? POLICY_VERSION : null,
              meetingPointId: meeting.meetingPointId,
              pickupHotel: meeting.pickupHotel,
              answers: options.answers ?? [],
              userId: options.userId ?? null,
            },
            { type: 'create', price: price.total, promo: promo ? { code: promo.code, discount: promo.discount } : null, voucher: voucher ? { id: voucher.voucherId, amount: voucher.amount } : null, holdExpiresAt },
          )
        }),
      )
      const meeting = await deps.trip.meetingOf(booking, request.locale)
      return { booking, view: toPublic(booking, pkg, meeting, now) }
    },

    /**
     * A guest's raw request (JSON body or form fields) → booking, or a ServiceError: the rate
     * limit per client address first, then the honeypot (nothing stored), the shared schema,
     * and create(). Every way in (the API, the page's form post and its data request) calls
     * this, so the limit is counted here rather than on URLs in front of it (decision 0024).
     */
    async submit(body: Record<string, unknown>, options: { userId?: number | null; clientAddress: string }): Promise<PublicBooking> {
      await countAttempt(options.clientAddress)
      if (typeof body.website === 'string' && body.website.trim() !== '') throw new ServiceError('invalid', HONEYPOT_MESSAGE)
      // Text PostgreSQL cannot store would fail at the insert as a 500: refused here for every way in.
      if (containsUnstorableText(body)) throw new ServiceError('invalid', UNSTORABLE_TEXT_MESSAGE)
      const parsed = bookingRequestSchema.safeParse(body)
      const refused = parsed.success ? undefined : invalidInput(parsed.error, 'Invalid booking request')
      // The answers are checked even when a fixed field is wrong, so the form shows every problem at once.
      const answers = await deps.questions.answersOf(body, toLocale(body.locale), refused)
      if (!parsed.success) throw refused
      return (await service.create(parsed.data, { ...options, answers })).view
    },

    /**
     * GET /api/promo-codes/check (docs/decisions/0062): what a code would take off the booking the
     * form describes, so its summary shows the total to pay. Takes no use. Each check counts as a
     * booking attempt of the client address, so codes cost as much to guess here as by booking.
     */
    async previewPromo(query: Record<string, unknown>, options: { clientAddress: string }) {
      await countAttempt(options.clientAddress)
      const parsed = promoCheckSchema.safeParse(query)
      if (!parsed.success) throw invalidInput(parsed.error, PROMO_UNKNOWN)
      const { pkg, price } = await pricedPackage(parsed.data)
      const promo = await applicablePromoCode(db, parsed.data.promoCode, { email: parsed.data.email, isHalfDay: pkg.isHalfDay, guests: parsed.data.numberOfPeople, total: price.total, now: deps.now() })
      return { promoCode: promo.code, discount: promo.discount, catalogueTotal: price.total, total: price.total - promo.discount }
    },

    /** The visitor's view of a booking by its public reference; null for ids, junk or unknown references. */
    async findByReference(reference: unknown, locale: Locale = DEFAULT_LOCALE): Promise<PublicBooking | null> {
      const ref = normaliseReference(reference)
      if (!ref) return null
      const [row] = await db.select().from(bookings).where(and(eq(bookings.reference, ref), onTheSite))
      if (!row || row.anonymizedAt) return null
      const booking = await oneWithMoney(db, row)
      const [pkg, meeting] = await Promise.all([withPackage(booking), deps.trip.meetingOf(booking, locale)])
      return toPublic(booking, pkg && localizeTour(pkg, locale), meeting, deps.now())
    },

    /** The stored booking (for payments and the admin), by reference. */
    async getByReference(reference: unknown): Promise<Booking | null> {
      const ref = normaliseReference(reference)
      if (!ref) return null
      const [row] = await db.select().from(bookings).where(and(eq(bookings.reference, ref), onTheSite))
      return row ? oneWithMoney(db, row) : null
    },

    /**
     * The sweep (docs/decisions/0005): records every pending booking whose hold ran out as cancelled,
     * frees its slot and notifies the admins. Safe on several instances at once: each lapse
     * locks its booking and finds it cancelled already when another got there first.
     */
    async expireHolds(): Promise<number> {
      const now = deps.now()
      const lapsed = await db
        .select({ id: bookings.id })
        .from(bookings)
        .where(and(eq(bookings.status, 'pending'), isNotNull(bookings.holdExpiresAt), lt(bookings.holdExpiresAt, now)))
      let count = 0
      for (const { id } of lapsed) {
        // The lifecycle's lapse records it once, whichever instance gets there first; the freed slot's waitlist hears at once (docs/decisions/0057).
        const { done } = await db.transaction((tx) => lifecycle.applyInTx(tx, id, { type: 'lapse' }))
        if (done.patch) count++
      }
      if (count > 0) deps.logger.info({ count }, 'expired unpaid holds')
      return count
    },
  }
  return service
}

export type BookingService = ReturnType<typeof createBookingService>
