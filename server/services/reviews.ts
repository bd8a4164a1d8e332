import { and, asc, between, count, desc, eq, isNull, lte, sql, type SQL } from 'drizzle-orm'
import type { Db, Tx } from '../db/client.ts'
import { bookings, reviewRequests, reviews, tourPackages, type BookingRow as Booking, type Review } from '../db/schema.ts'
import type { Config } from '../config/index.ts'
import { localizePath, toLocale, type Locale } from '../../core/i18n/locales.ts'
import { compareDates, todayInTokyo } from '../../core/dates.ts'
import { localizeTour } from '../../core/i18n/tour-text.ts'
import { canEditReview, defaultDisplayName, newReviewToken, ratingSummary, reminderDueFor, requestDueTourDates, reviewTokenOf, type RatingSummary, type ReviewState } from '../../core/reviews.ts'
import { externalReviewSchema, REVIEW_CLOSED, REVIEW_HONEYPOT_MESSAGE, REVIEW_LINK, reviewModerationSchema, reviewSchema } from '../../core/schemas/review.ts'
import { WAITLIST_RATE } from '../../core/schemas/waitlist.ts'
import { containsUnstorableText, UNSTORABLE_TEXT_MESSAGE } from '../../core/unstorable-text.ts'
import type { AdminLocale } from '../../core/i18n/admin-locales.ts'
import { renderEmail } from '../email/templates/layout.tsx'
import { adminNewReviewEmail, reviewRequestEmail } from '../email/templates/reviews.ts'
import type { MailOutbox } from './mail-outbox.ts'
import type { NotificationService } from './notifications.ts'
import type { HitCounter } from './rate-limits.ts'
import { invalidInput, ServiceError } from './service-error.ts'
import { refusal } from '../../core/i18n/refusal.ts'

const REVIEW_NOT_FOUND = refusal('adminErrors.reviewNotFound')
export const reviewsActionLink = '/admin/dashboard?tab=reviews'

/** The private page's link and the opt-out's, in the booking's language (docs/decisions/0044). */
export const reviewLink = (baseUrl: string, token: string, locale: Locale) => `${baseUrl}${localizePath(`/review/${token}`, locale)}`
export const reviewOptOutLink = (baseUrl: string, token: string, locale: Locale) => `${reviewLink(baseUrl, token, locale)}?stop=1`

/** What the guest's form shows: their tour, their review if written, and whether it can still change. */
export type ReviewPageView = {
  locale: Locale
  packageName: string
  tourDate: string
  defaultName: string
  optedOut: boolean
  review: Pick<Review, 'rating' | 'title' | 'text' | 'displayName' | 'country' | 'status'> | null
  editable: boolean
}

/** What the site shows of an approved review: never the guest's name, e-mail or booking. */
export type PublicReview = Pick<Review, 'id' | 'rating' | 'title' | 'text' | 'displayName' | 'country' | 'source' | 'sourceUrl' | 'reply' | 'locale' | 'tourDate'> & {
  /** The tour's name in the page's language; null for a review from elsewhere without one. */
  packageName: string | null
}

/** The /reviews page's filters: a tour of the catalogue, the language a review was written in. */
export type PublicReviewFilter = { tourPackageId?: number; locale?: Locale }

/** The dashboard's row: the review and, for one written here, the guest and booking behind it. */
export type AdminReview = Review & { guestName: string | null; bookingReference: string | null; packageName: string | null }

/**
 * Reviews from real guests (docs/decisions/0063).
 *
 * The request job asks every finished paid tour once, the day after it (Japan's calendar), and
 * reminds once five days later unless the guest answered or opted out. Each e-mail is queued in
 * the transaction that makes (or marks) the request row, under a dedupe key, so instances
 * running the job together still send one. A guest writes one review per booking at the private
 * link and may change it for 14 days; each write sends it back to the guide, who approves,
 * hides or replies. Nothing is public until approved.
 */
export function createReviewService(deps: {
  db: Db
  config: Pick<Config, 'baseUrl' | 'site'>
  outbox: MailOutbox
  notifications: NotificationService
  now: () => Date
  /** RATE_LIMIT_REVIEWS_PER_HOUR per client address, for every way in (docs/decisions/0024). */
  attemptsPerClient: HitCounter
}) {
  const { db, config } = deps

  async function packageName(reader: Db | Tx, booking: Booking, locale: Locale): Promise<string> {
    const [pkg] = await reader.select().from(tourPackages).where(eq(tourPackages.id, booking.tourPackageId))
    return pkg ? localizeTour(pkg, locale).name : ''
  }

  async function queueRequestMail(tx: Tx, booking: Booking, token: string, reminder: boolean) {
    const locale = toLocale(booking.locale)
    const model = reviewRequestEmail(
      config.site,
      { locale, name: booking.name, tourDate: booking.tourDate, packageName: await packageName(tx, booking, locale), reminder },
      reviewLink(config.baseUrl, token, locale),
      reviewOptOutLink(config.baseUrl, token, locale),
    )
    await deps.outbox.enqueue(tx, {
      kind: reminder ? 'review-reminder' : 'review-request',
      to: booking.email,
      email: renderEmail(config.site, model),
      dedupeKey: `${reminder ? 'review-reminder' : 'review-request'}:${booking.id}`,
      bookingId: booking.id,
    })
  }

  /** The request behind a link, with its booking: null for junk, a forged token, or a booking no longer paid. */
  async function requestOf(reader: Db | Tx, token: unknown) {
    const key = reviewTokenOf(token)
    if (!key) return null
    const [row] = await reader
      .select({ request: reviewRequests, booking: bookings })
      .from(reviewRequests)
      .innerJoin(bookings, eq(bookings.id, reviewRequests.bookingId))
      .where(eq(reviewRequests.token, key))
    if (!row || row.booking.status !== 'paid' || row.booking.anonymizedAt !== null) return null
    return row
  }

  const service = {
    /**
     * The request job: every paid tour that ended yesterday (up to a week back) and has no
     * request gets one, with its e-mail, in one transaction per booking. The request row's
     * unique booking and the e-mail's dedupe key make it once, whoever runs the job.
     */
    async queueRequests(): Promise<number> {
      const now = deps.now()
      const { from, until } = requestDueTourDates(now)
      const due = await db
        .select({ booking: bookings })
        .from(bookings)
        .leftJoin(reviewRequests, eq(reviewRequests.bookingId, bookings.id))
        .where(and(eq(bookings.status, 'paid'), isNull(bookings.anonymizedAt), between(bookings.tourDate, from, until), isNull(reviewRequests.id)))
        .orderBy(asc(bookings.id))
      let sent = 0
      for (const { booking } of due) {
        const made = await db.transaction(async (tx) => {
          const [request] = await tx
            .insert(reviewRequests)
            .values({ bookingId: booking.id, token: newReviewToken(), requestedAt: now })
            .onConflictDoNothing({ target: reviewRequests.bookingId })
            .returning()
          if (!request) return false
          await queueRequestMail(tx, booking, request.token, false)
          return true
        })
        if (made) sent++
      }
      return sent
    },

    /**
     * The reminder job: requests sent five days ago or more, not reminded, not opted out, not
     * answered, for a booking still paid. Marked with a conditional update, so once only.
     */
    async queueReminders(): Promise<number> {
      const now = deps.now()
      const due = await db
        .select({ id: reviewRequests.id })
        .from(reviewRequests)
        .innerJoin(bookings, eq(bookings.id, reviewRequests.bookingId))
        .leftJoin(reviews, eq(reviews.bookingId, reviewRequests.bookingId))
        .where(
          and(
            isNull(reviewRequests.remindedAt),
            isNull(reviewRequests.optedOutAt),
            lte(reviewRequests.requestedAt, reminderDueFor(now)),
            eq(bookings.status, 'paid'),
            isNull(reviews.id),
          ),
        )
        .orderBy(asc(reviewRequests.id))
      let sent = 0
      for (const { id } of due) {
        const made = await db.transaction(async (tx) => {
          const [request] = await tx
            .update(reviewRequests)
            .set({ remindedAt: now })
            .where(and(eq(reviewRequests.id, id), isNull(reviewRequests.remindedAt), isNull(reviewRequests.optedOutAt)))
            .returning()
          if (!request) return false
          const [booking] = await tx.select().from(bookings).where(eq(bookings.id, request.bookingId))
          await queueRequestMail(tx, booking!, request.token, true)
          return true
        })
        if (made) sent++
      }
      return sent
    },

    /** The form page's view of a link; null for a link that does not (or no longer) work. */
    async findByToken(token: unknown): Promise<ReviewPageView | null> {
      const row = await requestOf(db, token)
      if (!row) return null
      const locale = toLocale(row.booking.locale)
      const [review] = await db.select().from(reviews).where(eq(reviews.bookingId, row.booking.id))
      return {
        locale,
        packageName: await packageName(db, row.booking, locale),
        tourDate: row.booking.tourDate,
        defaultName: defaultDisplayName(row.booking.name),
        optedOut: row.request.optedOutAt !== null,
        review: review ? { rating: review.rating, title: review.title, text: review.text, displayName: review.displayName, country: review.country, status: review.status } : null,
        editable: !review || canEditReview(review.createdAt, deps.now()),
      }
    },

    /**
     * A guest's review at their link (JSON body or form fields): the rate limit per client
     * address first, then the honeypot, the link, the schema. The first write inserts (the
     * unique booking makes a racing second one an edit of it); later writes within 14 days
     * change it and send it back to the guide. Either way the guide is told.
     */
    async submit(token: unknown, body: Record<string, unknown>, options: { clientAddress: string }): Promise<{ created: boolean }> {
      const retryAfter = await deps.attemptsPerClient.hit(`ip:${options.clientAddress}`)
      if (retryAfter > 0) throw new ServiceError('rate-limited', WAITLIST_RATE, { retryAfter })
      if (typeof body.website === 'string' && body.website.trim() !== '') throw new ServiceError('invalid', REVIEW_HONEYPOT_MESSAGE)
      const found = await requestOf(db, token)
      if (!found) throw new ServiceError('not-found', REVIEW_LINK)
      if (containsUnstorableText(body)) throw new ServiceError('invalid', UNSTORABLE_TEXT_MESSAGE)
      const parsed = reviewSchema.safeParse(body)
      if (!parsed.success) throw invalidInput(parsed.error, 'Invalid review')
      const fields = parsed.data
      const now = deps.now()
      const { booking } = found
      const values = {
        rating: fields.rating,
        title: fields.title,
        text: fields.text,
        displayName: fields.displayName,
        country: fields.country ?? null,
        status: 'new' as ReviewState,
        consentedAt: now,
        updatedAt: now,
      }
      return db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(reviews)
          .values({ ...values, bookingId: booking.id, locale: toLocale(booking.locale), tourPackageId: booking.tourPackageId, tourDate: booking.tourDate, createdAt: now })
          .onConflictDoNothing({ target: reviews.bookingId })
          .returning()
        if (!inserted) {
          const [current] = await tx.select().from(reviews).where(eq(reviews.bookingId, booking.id)).for('update')
          if (!current || !canEditReview(current.createdAt, now)) throw new ServiceError('conflict', REVIEW_CLOSED)
          await tx.update(reviews).set(values).where(eq(reviews.id, current.id))
        }
        const created = inserted !== undefined
        await deps.notifications.create(tx, {
          type: 'message',
          notice: { kind: created ? 'newReview' : 'reviewChanged', values: { name: booking.name, rating: fields.rating, title: fields.title } },
          actionLink: reviewsActionLink,
        })
        const facts = { ...fields, country: fields.country ?? null, guestName: booking.name, tourDate: booking.tourDate, changed: !created }
        const email = (locale: AdminLocale) => renderEmail(config.site, adminNewReviewEmail(config.site, facts, `${config.baseUrl}${reviewsActionLink}`, locale))
        await deps.outbox.enqueueForAdmins(tx, { kind: 'admin-new-review', email, dedupeBase: `admin-review:${booking.id}:${now.getTime()}`, bookingId: booking.id })
        return { created }
      })
    },

    /** "No more e-mails about this": the reminder is not sent; the link keeps working. False for a dead link. */
    async optOut(token: unknown): Promise<boolean> {
      const found = await requestOf(db, token)
      if (!found) return false
      await db.update(reviewRequests).set({ optedOutAt: deps.now() }).where(and(eq(reviewRequests.id, found.request.id), isNull(reviewRequests.optedOutAt)))
      return true
    },

    /** Reviews not yet moderated: the dashboard's badge. */
    async newCount(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(reviews).where(eq(reviews.status, 'new'))
      return row?.n ?? 0
    },

    /** The dashboard's list: new first, then newest. */
    async list(): Promise<AdminReview[]> {
      const rows = await db
        .select({ review: reviews, guestName: bookings.name, bookingReference: bookings.reference, packageName: tourPackages.name })
        .from(reviews)
        .leftJoin(bookings, eq(bookings.id, reviews.bookingId))
        .leftJoin(tourPackages, eq(tourPackages.id, reviews.tourPackageId))
        .orderBy(sql`${reviews.status} = 'new' desc`, desc(reviews.createdAt), desc(reviews.id))
      return rows.map((r) => ({ ...r.review, guestName: r.guestName, bookingReference: r.bookingReference, packageName: r.packageName }))
    },

    /**
     * Approved reviews, newest tour first, `limit` from `offset`, in the page's language; with
     * the number that match the filter, for paging.
     */
    async published(options: { locale: Locale; filter?: PublicReviewFilter; limit: number; offset?: number }): Promise<{ reviews: PublicReview[]; total: number }> {
      const conditions: SQL[] = [eq(reviews.status, 'approved')]
      if (options.filter?.tourPackageId !== undefined) conditions.push(eq(reviews.tourPackageId, options.filter.tourPackageId))
      if (options.filter?.locale !== undefined) conditions.push(eq(reviews.locale, options.filter.locale))
      const where = and(...conditions)
      const [rows, [counted]] = await Promise.all([
        db
          .select({ review: reviews, pkg: tourPackages })
          .from(reviews)
          .leftJoin(tourPackages, eq(tourPackages.id, reviews.tourPackageId))
          .where(where)
          .orderBy(desc(reviews.tourDate), desc(reviews.id))
          .limit(options.limit)
          .offset(options.offset ?? 0),
        db.select({ n: count() }).from(reviews).where(where),
      ])
      return {
        total: counted?.n ?? 0,
        reviews: rows.map(({ review: r, pkg }) => ({
          id: r.id,
          rating: r.rating,
          title: r.title,
          text: r.text,
          displayName: r.displayName,
          country: r.country,
          source: r.source,
          sourceUrl: r.sourceUrl,
          reply: r.reply,
          locale: r.locale,
          tourDate: r.tourDate,
          packageName: pkg ? localizeTour(pkg, options.locale).name : null,
        })),
      }
    },

    /** The average of approved reviews and the count of each kind; null when there are none. */
    async summary(): Promise<RatingSummary | null> {
      return ratingSummary(await db.select({ rating: reviews.rating, source: reviews.source }).from(reviews).where(eq(reviews.status, 'approved')))
    },

    /**
     * The same over the site's own reviews only (a booking behind each, no source): all that the
     * pages' rating markup may count. Google's review-snippet guidelines are against marking up
     * reviews collected on other sites (docs/decisions/0073); the pages still show those, labelled.
     */
    async ownSummary(): Promise<RatingSummary | null> {
      return ratingSummary(await db.select({ rating: reviews.rating, source: reviews.source }).from(reviews).where(and(eq(reviews.status, 'approved'), isNull(reviews.source))))
    },

    /**
     * A review from another site, added by the guide (docs/decisions/0063): labelled with its source,
     * counted in the average, and public at once, since the guide is the one who approves.
     */
    async addExternal(body: unknown): Promise<Review> {
      const parsed = externalReviewSchema.safeParse(body)
      if (!parsed.success) throw invalidInput(parsed.error, 'Invalid review')
      const r = parsed.data
      const now = deps.now()
      if (compareDates(r.reviewDate, todayInTokyo(now)) > 0) throw new ServiceError('invalid', refusal('adminErrors.reviewDateFuture'), { field: 'reviewDate' })
      const [row] = await db
        .insert(reviews)
        .values({
          source: r.source,
          sourceUrl: r.sourceUrl ?? null,
          rating: r.rating,
          title: r.title,
          text: r.text,
          displayName: r.displayName,
          country: r.country ?? null,
          locale: r.locale,
          tourDate: r.reviewDate,
          status: 'approved',
          consentedAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .returning()
      return row!
    },

    /** Approve, hide, reply (a blank reply removes it). */
    async moderate(id: number, body: unknown): Promise<Review> {
      const parsed = reviewModerationSchema.safeParse(body)
      if (!parsed.success) throw invalidInput(parsed.error, 'Invalid moderation')
      const { status, reply } = parsed.data
      const [row] = await db
        .update(reviews)
        .set({
          ...(status ? { status } : {}),
          ...(reply !== undefined ? { reply: reply === '' ? null : reply, repliedAt: reply === '' ? null : deps.now() } : {}),
          updatedAt: deps.now(),
        })
        .where(eq(reviews.id, id))
        .returning()
      if (!row) throw new ServiceError('not-found', REVIEW_NOT_FOUND)
      return row
    },
  }
  return service
}

export type ReviewService = ReturnType<typeof createReviewService>
