import type { Attention } from '../../core/admin-notices.ts'
import { bookingReply, type GuestReply } from './guest-reply.ts'
import { and, asc, count, eq, gte, inArray, isNotNull, lt, lte } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { bookings, channelBlocks, channelCalendars, meetingPoints, moneyMovements, resellers, slotClaims, tourPackages, vouchers, waitlistAddresses, waitlistEntries, weekendAvailability } from '../db/schema.ts'
import { maskVoucherCode } from '../../core/vouchers.ts'
import type { Config } from '../config/index.ts'
import { ServiceError } from './service-error.ts'
import { refusal, refusalMessage } from '../../core/i18n/refusal.ts'
import { payLink } from './booking-events.ts'
import { EXPIRED_REASON, effectiveStatus, tableMoney } from '../../core/booking-lifecycle.ts'
import { cardAndCash, paidByParts, type PaidByPart } from '../../core/ledger.ts'
import { liveClaim, SlotTakenError } from './slot-claims.ts'
import type { BookingLifecycle } from './booking-lifecycle.ts'
import { withMoney, type Booking } from './ledger.ts'
import { matchesBookingSearch, sortBookings, type BookingSortKey, type SortDirection } from '../../core/booking-search.ts'
import { type BookingStatus, type PaidBy } from '../../core/schemas/booking-status.ts'
import { allowedStatuses } from '../../core/booking-transitions.ts'
import { formatClockTime, DEFAULT_SLOT_START_TIMES, isTourTime, slotOpenBySwitches, type TourTime } from '../../core/slots.ts'
import { bookingWindow, formatLongDate, monthRange, todayInTokyo, tokyoInstant, weekendDatesBetween } from '../../core/dates.ts'
import { moveWindow } from '../../core/booking-changes.ts'
import { formatYen } from '../../core/money.ts'
import { guestWhatsappLink } from '../../core/guide-bookings.ts'
import { translate } from '../i18n/catalog.ts'
import { languageLabel, toLocale } from '../../core/i18n/locales.ts'
import type { AnswerSnapshot } from '../../core/booking-questions.ts'
import { revenueOfYear } from '../../core/revenue.ts'
import type { MovementKind, Transition } from '../../core/ledger.ts'

/** A booking as the dashboard shows it. `status` is the effective one: a lapsed hold reads as cancelled (docs/decisions/0005). */
export type AdminBooking = {
  id: number
  reference: string
  name: string
  email: string
  phone: string
  tourDate: string
  tourTime: string
  /** '9:00 AM': the admin's time text (docs/decisions/0039). */
  timeText: string
  numberOfPeople: number
  tourPackageId: number
  packageName: string
  isHalfDay: boolean
  totalPrice: number
  /** The tour's price before promo code and voucher, and what a cancellation kept as its fee (docs/decisions/0067). */
  tourPrice: number
  cancellationFee: number
  /** Card money a refused refund owes the guest, until it is refunded in the provider. */
  owedBack: number
  status: BookingStatus
  /** The statuses the menu may set now (core/booking-transitions.ts), the current one included. */
  allowedStatuses: BookingStatus[]
  specialRequests: string | null
  /** The language the guest booked in ('한국어 (ko)'): their e-mails are written in it. */
  language: string
  interestTheme: string | null
  cancellationReason: string | null
  /** The guide's note, to read in the dashboard's language; its English beside it (docs/decisions/0086). */
  attention: Attention | null
  /** The guide's e-mail to the guest, drafted in the guest's language. */
  reply: GuestReply
  attentionReason: string | null
  amountRefunded: number
  /** Yen received and not refunded: what a refund could give back. */
  amountPaid: number
  paidAt: string | null
  createdAt: string
  holdExpiresAt: string | null
  /** When the guest accepted the cancellation policy and terms, and which version (docs/decisions/0050); null before the form asked. */
  policyAcceptedAt: string | null
  policyVersion: string | null
  /** Where the tour starts, in the guide's words: a meeting point's name or 'Hotel pickup: …' (docs/decisions/0052). */
  meeting: string
  /** The guest's answers to the booking questions, as asked then (docs/decisions/0053). */
  answers: AnswerSnapshot[]
  /** The admin who made the booking in the dashboard (null: the guest on the site), and a custom price's note (docs/decisions/0059). */
  arrangedBy: string | null
  priceNote: string | null
  /** A promo code and the yen it took off the catalogue's price; totalPrice is after it (docs/decisions/0062). */
  promoCode: string | null
  discount: number
  /** What a gift voucher paid; totalPrice is what is left for the card (docs/decisions/0065). */
  voucherAmount: number
  /** What covers the price now, way by way, and what is still to pay: from the ledger (docs/decisions/0075). */
  paidBy: PaidByPart[]
  due: number
  /**
   * An unpaid hold's pay link, and a WhatsApp chat to the guest carrying it with the total, both
   * in the guest's language (docs/decisions/0059); null when nothing is to be paid.
   */
  payUrl: string | null
  whatsappUrl: string | null
}

/** One movement of a booking's money, as its dialog lists it. */
export type LedgerLine = { at: string; kind: MovementKind; transition: Transition; amount: number; source: string | null }

export type BookingListQuery = {
  status?: BookingStatus
  q?: string
  bookingId?: number
  sort?: BookingSortKey
  dir?: SortDirection
  page?: number
  pageSize?: number
}

export type BookingPage = { items: AdminBooking[]; total: number; page: number; pageSize: number }

/** `channel`: an imported calendar's event takes it (docs/decisions/0077). */
export type SlotState = 'free' | 'held' | 'booked' | 'closed' | 'channel'
export type CalendarSlot = {
  tourTime: TourTime
  state: SlotState
  timeText: string
  /** The admin's switch (docs/decisions/0039), whatever the bookings. */
  open: boolean
  /**
   * The booking that claims the slot. It may be another slot's booking that overlaps it (a morning
   * takes the full day, a full day both halves): its `tourTime` says which, so the calendar names
   * each booking once, in its own row (docs/decisions/0075).
   */
  booking: { id: number; name: string; status: BookingStatus; tourTime: string } | null
  /** Visitors on the slot's waitlist (docs/decisions/0057). */
  waiting: number
  /** The imported calendar whose event takes the slot (docs/decisions/0077), with the event's title. */
  channel: { name: string; summary: string } | null
  /** Imported events on a half one of our bookings held first: double bookings made on the other platform. */
  conflicts: { channel: string; reference: string; bookingId: number }[]
}
/**
 * One weekend day. `guideWindow`: whether the guide may book or move a booking onto it now (from
 * today to the booking horizon, docs/decisions/0055), before it ('past') or after ('beyond').
 */
export type CalendarDay = { date: string; note: string | null; guideWindow: 'past' | 'open' | 'beyond'; slots: CalendarSlot[] }

export const BOOKING_NOT_FOUND_MESSAGE = refusal('errors.bookingNotFound')
export const REVIVE_CONFLICT_MESSAGE = refusalMessage('adminErrors.reviveSlotTaken')
export { PAID_CANCEL_BY_STATUS_MESSAGE } from '../../core/booking-transitions.ts'
export { ADMIN_CANCEL_REASON, PAID_DELETE_MESSAGE } from '../../core/booking-lifecycle.ts'

export function createAdminBookingService(deps: { db: Db; config: Config; lifecycle: BookingLifecycle; now: () => Date }) {
  const { db, config, lifecycle, now } = deps
  const startTimes = { ...DEFAULT_SLOT_START_TIMES, ...config.booking.startTimes }

  const timeTextOf = (tourTime: string) => (isTourTime(tourTime) ? formatClockTime(startTimes[tourTime]) : tourTime)

  const toAdmin = (b: Booking, pkg: { name: string; isHalfDay: boolean } | null, meetingName: string | null, at: Date): AdminBooking => ({
    id: b.id,
    reference: b.reference,
    name: b.name,
    email: b.email,
    phone: b.phone,
    tourDate: b.tourDate,
    tourTime: b.tourTime,
    timeText: timeTextOf(b.tourTime),
    numberOfPeople: b.numberOfPeople,
    tourPackageId: b.tourPackageId,
    packageName: pkg?.name ?? `Package #${b.tourPackageId}`,
    isHalfDay: pkg?.isHalfDay ?? b.tourTime !== 'full-day',
    totalPrice: b.totalPrice,
    tourPrice: b.money.price,
    cancellationFee: b.money.fee,
    owedBack: b.money.owedBack,
    status: effectiveStatus(b, at),
    allowedStatuses: allowedStatuses(effectiveStatus(b, at), tableMoney(b.status, b.money)),
    specialRequests: b.specialRequests,
    language: languageLabel(toLocale(b.locale)),
    interestTheme: b.interestTheme,
    cancellationReason: effectiveStatus(b, at) === 'cancelled' ? (b.cancellationReason ?? (b.status === 'pending' ? EXPIRED_REASON : null)) : null,
    attention: b.attention,
    reply: bookingReply(b),
    attentionReason: b.attentionReason,
    amountRefunded: b.amountRefunded,
    amountPaid: cardAndCash(b.money),
    paidAt: b.paidAt?.toISOString() ?? null,
    createdAt: b.createdAt.toISOString(),
    holdExpiresAt: b.holdExpiresAt?.toISOString() ?? null,
    policyAcceptedAt: b.policyAcceptedAt?.toISOString() ?? null,
    policyVersion: b.policyVersion,
    meeting: b.pickupHotel ? `Hotel pickup: ${b.pickupHotel}` : (meetingName ?? 'The usual place (booked before guests could choose)'),
    answers: b.answers,
    arrangedBy: b.arrangedBy,
    priceNote: b.priceNote,
    promoCode: b.promoCode,
    discount: b.discount,
    voucherAmount: b.voucherAmount,
    paidBy: paidByParts(b.money),
    // A hold that ran out is cancelled before the ledger releases its price: nothing is to pay.
    due: effectiveStatus(b, at) === 'cancelled' ? 0 : Math.max(0, b.money.due),
    ...payLinksOf(b, effectiveStatus(b, at)),
  })

  function payLinksOf(b: Booking, status: BookingStatus): Pick<AdminBooking, 'payUrl' | 'whatsappUrl'> {
    if (status !== 'pending' || b.totalPrice === 0) return { payUrl: null, whatsappUrl: null }
    const locale = toLocale(b.locale)
    const payUrl = payLink(config, { reference: b.reference, locale })
    const message = translate(locale, 'guideBooking.whatsapp', { name: b.name, date: formatLongDate(b.tourDate, locale), amount: formatYen(b.totalPrice), url: payUrl })
    return { payUrl, whatsappUrl: guestWhatsappLink(b.phone, message) }
  }

  /** Bookings with their tour and meeting point, as the list, the dialog and the CSV show them. */
  const withNames = () =>
    db
      .select({ booking: bookings, pkg: { name: tourPackages.name, isHalfDay: tourPackages.isHalfDay }, meetingName: meetingPoints.name })
      .from(bookings)
      .leftJoin(tourPackages, eq(bookings.tourPackageId, tourPackages.id))
      .leftJoin(meetingPoints, eq(bookings.meetingPointId, meetingPoints.id))

  /** The joined rows as the dashboard shows them, each booking with its ledger's figures. */
  async function shown(rows: Awaited<ReturnType<typeof withNames>>): Promise<AdminBooking[]> {
    const at = now()
    const priced = await withMoney(
      db,
      rows.map((r) => r.booking),
    )
    return rows.map((r, i) => toAdmin(priced[i]!, r.pkg, r.meetingName, at))
  }

  const all = async (): Promise<AdminBooking[]> => shown(await withNames())

  const getOne = async (id: number): Promise<AdminBooking | undefined> => (await shown(await withNames().where(eq(bookings.id, id))))[0]

  /** Every booking that passes the filter and search, sorted: the list's pages and the CSV export. */
  async function matching(query: Omit<BookingListQuery, 'page' | 'pageSize'>): Promise<AdminBooking[]> {
    let items = await all()
    if (query.bookingId !== undefined) items = items.filter((b) => b.id === query.bookingId)
    if (query.status) items = items.filter((b) => b.status === query.status)
    if (query.q) items = items.filter((b) => matchesBookingSearch(b, query.q!))
    return sortBookings(items, query.sort ?? 'tourDate', query.dir ?? 'asc')
  }

  return {
    timeTextOf,
    get: getOne,
    matching,

    /**
     * Filter, search, sort and page (docs/decisions/0013). Search and sort run in the process
     * with the same pure functions as the unit tests, so what the admin types means the
     * same everywhere; a guide's booking book is hundreds of rows, not millions.
     */
    async list(query: BookingListQuery = {}): Promise<BookingPage> {
      const pageSize = Math.min(Math.max(query.pageSize ?? 25, 1), 500)
      const items = await matching(query)
      const total = items.length
      const lastPage = Math.max(1, Math.ceil(total / pageSize))
      const page = Math.min(Math.max(query.page ?? 1, 1), lastPage)
      return { items: items.slice((page - 1) * pageSize, page * pageSize), total, page, pageSize }
    },

    /**
     * Any status to any other the money allows (docs/decisions/0013 as narrowed by 0029,
     * core/booking-transitions.ts; a refusal is a conflict with its reason). Cancelling releases the slot; reviving a
     * cancelled booking claims it again or fails as a conflict when someone else holds it
     * (docs/decisions/0002); confirmed and paid hold the slot for good; pending gets a fresh hold (docs/decisions/0005).
     * Becoming paid or cancelled tells the guest and the admins like any other way there
     * (e.g. cash taken on the day sends the payment e-mail with its calendar file), and
     * becoming confirmed tells the guest their date is held, with the calendar file. A
     * booking still holding the guest's money is cancelled only through the refund
     * service (docs/decisions/0016), so no refund is skipped by a status switch. Marking paid
     * says how the money still due came: cash, or a bank transfer (docs/decisions/0080).
     */
    async updateStatus(id: number, status: BookingStatus, paidBy?: PaidBy): Promise<AdminBooking> {
      try {
        await lifecycle.apply(id, { type: 'status', to: status, ...(paidBy ? { paidBy } : {}) })
      } catch (error) {
        if (error instanceof SlotTakenError) throw new ServiceError('conflict', REVIVE_CONFLICT_MESSAGE)
        throw error
      }
      return (await getOne(id))!
    },

    /** Delete a booking and free its slot; one that holds money is kept (its money trail): the lifecycle refuses. */
    async remove(id: number): Promise<void> {
      await db.transaction(async (tx) => {
        await lifecycle.applyInTx(tx, id, { type: 'delete' })
        // Its ledger rows go with it: they net to nothing in every account (docs/decisions/0067).
        await lifecycle.deleteInTx(tx, id)
      })
    },

    /** The Calendar View: every weekend date of a month with each slot free, held, booked, closed or taken on another channel (docs/decisions/0013, 0077). */
    async calendar(month: string): Promise<CalendarDay[]> {
      const at = now()
      const { from, to } = monthRange(month)
      const window = bookingWindow(at, moveWindow('guide', config.booking))
      const [claims, overrides, waitlist, blocks, conflicts] = await Promise.all([
        db
          .select({ tourDate: slotClaims.tourDate, part: slotClaims.part, booking: bookings })
          .from(slotClaims)
          .innerJoin(bookings, eq(slotClaims.bookingId, bookings.id))
          .where(and(gte(slotClaims.tourDate, from), lte(slotClaims.tourDate, to), liveClaim(at))),
        db.select().from(weekendAvailability).where(and(gte(weekendAvailability.date, from), lte(weekendAvailability.date, to))),
        db
          .select({ tourDate: waitlistEntries.tourDate, tourTime: waitlistEntries.tourTime, waiting: count() })
          .from(waitlistEntries)
          // Only addresses that confirmed themselves wait (docs/decisions/0070): the others are never told.
          .innerJoin(waitlistAddresses, and(eq(waitlistAddresses.email, waitlistEntries.email), isNotNull(waitlistAddresses.confirmedAt)))
          .where(and(gte(waitlistEntries.tourDate, from), lte(waitlistEntries.tourDate, to)))
          .groupBy(waitlistEntries.tourDate, waitlistEntries.tourTime),
        // Halves an imported calendar's block holds (docs/decisions/0077), with its channel's name.
        db
          .select({ tourDate: slotClaims.tourDate, part: slotClaims.part, channel: channelCalendars.name, summary: channelBlocks.summary })
          .from(slotClaims)
          .innerJoin(channelBlocks, eq(slotClaims.channelBlockId, channelBlocks.id))
          .innerJoin(channelCalendars, eq(channelBlocks.calendarId, channelCalendars.id))
          .where(and(gte(slotClaims.tourDate, from), lte(slotClaims.tourDate, to))),
        db
          .select({ tourDate: channelBlocks.tourDate, part: channelBlocks.part, channel: channelCalendars.name, reference: bookings.reference, bookingId: bookings.id })
          .from(channelBlocks)
          .innerJoin(channelCalendars, eq(channelBlocks.calendarId, channelCalendars.id))
          .innerJoin(bookings, eq(channelBlocks.conflictBookingId, bookings.id))
          .where(and(gte(channelBlocks.tourDate, from), lte(channelBlocks.tourDate, to)))
          .orderBy(asc(channelCalendars.name), asc(channelBlocks.part)),
      ])
      return weekendDatesBetween(from, to).map((date) => {
        const override = overrides.find((o) => o.date === date)
        const claimsOfDate = claims.filter((c) => c.tourDate === date)
        const slots = (['morning', 'afternoon', 'full-day'] as const).map((tourTime): CalendarSlot => {
          const parts = tourTime === 'full-day' ? ['morning', 'afternoon'] : [tourTime]
          // Full-day overlaps both halves: a firm booking is the more useful fact than a hold.
          const candidates = claimsOfDate.filter((c) => parts.includes(c.part))
          const claim = candidates.find((c) => effectiveStatus(c.booking, at) !== 'pending') ?? candidates[0]
          const open = !override || (tourTime === 'morning' ? override.morningAvailable : tourTime === 'afternoon' ? override.afternoonAvailable : override.fullDayAvailable)
          const timeText = timeTextOf(tourTime)
          const waiting = Number(waitlist.find((w) => w.tourDate === date && w.tourTime === tourTime)?.waiting ?? 0)
          const slotConflicts = conflicts
            .filter((c) => c.tourDate === date && parts.includes(c.part))
            .map((c) => ({ channel: c.channel, reference: c.reference, bookingId: c.bookingId }))
            .filter((c, i, all) => all.findIndex((o) => o.channel === c.channel && o.bookingId === c.bookingId) === i)
          if (claim) {
            const status = effectiveStatus(claim.booking, at)
            return { tourTime, timeText, open, state: status === 'pending' ? 'held' : 'booked', booking: { id: claim.booking.id, name: claim.booking.name, status, tourTime: claim.booking.tourTime }, waiting, channel: null, conflicts: slotConflicts }
          }
          const block = blocks.find((b) => b.tourDate === date && parts.includes(b.part))
          if (block) return { tourTime, timeText, open, state: 'channel', booking: null, waiting, channel: { name: block.channel, summary: block.summary }, conflicts: slotConflicts }
          // On sale only if the switches of every part it shares are open (docs/decisions/0029).
          return { tourTime, timeText, open, state: slotOpenBySwitches(tourTime, override) ? 'free' : 'closed', booking: null, waiting, channel: null, conflicts: slotConflicts }
        })
        return { date, note: override?.adminNotes ?? null, guideWindow: date < window.first ? 'past' : date > window.last ? 'beyond' : 'open', slots }
      })
    },

    /**
     * The revenue view of a year (docs/decisions/0058, core/revenue.ts), by the month of the tour; voucher sales by the month they were paid;
     * the money by channel, each reseller named as it is now and the bookings made in test mode left out (docs/decisions/0076, 0081).
     */
    async revenue(year: number) {
      const at = now()
      const resellerOf = (r: { id: number; name: string } | null, test: boolean) => (r ? { id: r.id, name: r.name, test } : null)
      const resellerColumns = { id: resellers.id, name: resellers.name }
      const rows = await db
        .select({ booking: bookings, reseller: resellerColumns })
        .from(bookings)
        .leftJoin(resellers, eq(resellers.id, bookings.resellerId))
        .where(and(gte(bookings.tourDate, `${year}-01-01`), lte(bookings.tourDate, `${year}-12-31`)))
      const resellerOfBooking = new Map(rows.map((r) => [r.booking.id, resellerOf(r.reseller, r.booking.testMode)]))
      const tours = (
        await withMoney(
          db,
          rows.map((r) => r.booking),
        )
      ).map((b) => {
        const status = effectiveStatus(b, at)
        return { tourDate: b.tourDate, reseller: resellerOfBooking.get(b.id) ?? null, live: status !== 'cancelled', firm: status === 'paid' || status === 'confirmed', people: b.numberOfPeople, discount: b.money.discount, voucherPaid: b.money.voucher }
      })
      // The year in Japan: its money moved from 1 January 00:00 to the next 1 January 00:00, Japan time.
      const moved = await db
        .select({ movement: moneyMovements, tourType: tourPackages.name, reseller: resellerColumns, testMode: bookings.testMode })
        .from(moneyMovements)
        .leftJoin(bookings, eq(bookings.id, moneyMovements.bookingId))
        .leftJoin(tourPackages, eq(tourPackages.id, bookings.tourPackageId))
        .leftJoin(resellers, eq(resellers.id, bookings.resellerId))
        .where(and(gte(moneyMovements.createdAt, tokyoInstant(`${year}-01-01`, '00:00')), lt(moneyMovements.createdAt, tokyoInstant(`${year + 1}-01-01`, '00:00'))))
      const movements = moved.map(({ movement: m, tourType, reseller, testMode }) => ({
        on: todayInTokyo(m.createdAt),
        kind: m.kind as MovementKind,
        amount: m.amount,
        transition: m.transition as Transition,
        tourType: m.bookingId === null ? null : (tourType ?? 'Custom Tour'),
        reseller: resellerOf(reseller, testMode === true),
      }))
      return { year, ...revenueOfYear(year, tours, movements) }
    },

    /** A booking's ledger, oldest first, as its dialog lists it (docs/decisions/0067). */
    async ledger(id: number): Promise<LedgerLine[]> {
      const [row] = await db.select().from(bookings).where(eq(bookings.id, id))
      if (!row) throw new ServiceError('not-found', BOOKING_NOT_FOUND_MESSAGE)
      const rows = await db.select().from(moneyMovements).where(eq(moneyMovements.bookingId, id)).orderBy(asc(moneyMovements.id))
      const codes = new Map((rows.some((r) => r.voucherId !== null) ? await db.select({ id: vouchers.id, code: vouchers.code }).from(vouchers).where(inArray(vouchers.id, rows.flatMap((r) => (r.voucherId === null ? [] : [r.voucherId])))) : []).map((v) => [v.id, maskVoucherCode(v.code)]))
      return rows.map((r) => ({
        at: r.createdAt.toISOString(),
        kind: r.kind as MovementKind,
        transition: r.transition as Transition,
        amount: r.amount,
        // What names it outside: the card payment, the promo code, the voucher (its code masked),
        // the way cash came (a bank transfer, docs/decisions/0080).
        source: r.kind === 'voucher' ? (codes.get(r.voucherId!) ?? null) : r.kind === 'promo' || r.kind === 'cash' ? r.reference : r.intentId,
      }))
    },

    /** Bookings by id, for the CSV export of a filtered list. */
    async byIds(ids: number[]): Promise<AdminBooking[]> {
      if (ids.length === 0) return []
      return shown(await withNames().where(inArray(bookings.id, ids)).orderBy(asc(bookings.id)))
    },
  }
}

export type AdminBookingService = ReturnType<typeof createAdminBookingService>
