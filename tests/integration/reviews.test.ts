import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { eq } from 'drizzle-orm'
import { bookings, notifications, outgoingEmails, reviewRequests, reviews, users } from '../../server/db/schema.ts'
import { openDatabase } from '../../server/db/client.ts'
import { REVIEW_CLOSED_MESSAGE, REVIEW_CONSENT_MESSAGE, REVIEW_LINK_MESSAGE, REVIEW_TEXT_MESSAGE } from '../../core/schemas/review.ts'
import { WAITLIST_RATE_MESSAGE } from '../../core/schemas/waitlist.ts'
import { action as reviewAction, loader as reviewLoader } from '../../app/routes/review-write.tsx'
import { loader as reviewsPageLoader } from '../../app/routes/reviews.tsx'
import { loader as packagesLoader } from '../../app/routes/packages.tsx'
import { loader as homeLoader } from '../../app/routes/home.tsx'
import { VIA_SCRIPT, VIA_SCRIPT_FIELD } from '../../app/lib/form-post.ts'
import { addDays } from '../../core/dates.ts'
import { ENGINES } from './databases.ts'
import { startTestApp, TestClock, type TestApp, type TestClient } from './app.ts'
import { insertBooking } from './payments-helpers.ts'
import type { Booking } from '../../server/services/ledger.ts'
import { action as reviewsSectionAction, loader as reviewsSectionLoader } from '../../app/routes/admin/reviews.tsx'
import { action as settingsAction } from '../../app/routes/admin/settings.tsx'
import { loadAdminSection, postAdminSection, postAdminSectionAsVisitor } from './admin-section.ts'
import { guideCancels } from './guide-desk.ts'

/**
 * docs/decisions/0063: the day after a paid tour its guest is asked for a review,
 * reminded once five days later, never more; they write one review per booking at the private
 * link and may change it for 14 days; the guide approves, hides and replies.
 */

// Monday 2026-03-02, 10:00 in Japan: Saturday's and Sunday's tours are over.
const NOW = '2026-03-02T01:00:00Z'
const SAT = '2026-02-28'
const SUN = '2026-03-01'
const LONG_AGO = '2026-02-15'
const NEXT_SAT = '2026-03-07'
const DAY_MINUTES = 24 * 60

const GOOD = { rating: 5, title: 'A wonderful day', text: 'Everything was lovely, from the shrine to the noodles.', displayName: 'Aiko T.', country: 'Japan', consent: true }

const context = (app: TestApp, clientAddress = '192.0.2.1') => ({ services: app.services, config: app.config, cspNonce: '', user: null, clientAddress })

/** The review page's action as React Router runs it: a plain form post, or the page's data request (…/review/{token}.data). */
async function postPage(app: TestApp, token: string, fields: Record<string, string>, byScript: boolean, clientAddress?: string) {
  const body = new URLSearchParams(fields)
  if (byScript) body.append(VIA_SCRIPT_FIELD, VIA_SCRIPT)
  const path = byScript ? `/ja/review/${token}.data` : `/ja/review/${token}`
  const request = new Request(`http://127.0.0.1${path}`, { method: 'POST', body })
  const result = (await reviewAction({ request, context: context(app, clientAddress), params: { token } } as unknown as Parameters<typeof reviewAction>[0])) as unknown
  if (result instanceof Response) return { status: result.status, location: result.headers.get('Location'), data: null }
  const { data, init } = result as { data: Record<string, unknown>; init: { status?: number } | null }
  return { status: init?.status ?? 200, location: null, data }
}

async function loadPage(app: TestApp, token: string) {
  const result = (await reviewLoader({ request: new Request(`http://127.0.0.1/review/${token}`), context: context(app), params: { token } } as never)) as unknown
  const wrapped = result as { data?: Record<string, unknown>; init?: { status?: number } | null; type?: string }
  return wrapped.type === 'DataWithResponseInit' ? { status: wrapped.init?.status ?? 200, data: wrapped.data! } : { status: 200, data: result as Record<string, unknown> }
}

const mails = (app: TestApp, kind: string) => app.db.select().from(outgoingEmails).where(eq(outgoingEmails.kind, kind))
const tokenOf = async (app: TestApp, booking: Booking) => (await app.db.select().from(reviewRequests).where(eq(reviewRequests.bookingId, booking.id)))[0]?.token

// The public pages' loaders read the site's address from the environment, where Vite puts its own BASE_URL ('/').
beforeAll(() => {
  vi.stubEnv('BASE_URL', 'http://127.0.0.1')
})

describe.each(ENGINES)('reviews on %s', (engine) => {
  let app: TestApp
  let admin: TestClient
  beforeEach(async () => {
    app = await startTestApp(engine, { clock: new TestClock(new Date(NOW)), env: { RATE_LIMIT_REVIEWS_PER_HOUR: '50' } })
    admin = await app.loggedIn(true)
    // The guide wants e-mail about new reviews.
    await app.db.update(users).set({ email: 'guide@example.com' }).where(eq(users.username, 'guide-admin'))
  })
  afterEach(async () => {
    await app.close()
  })

  /** The dashboard's forms as the page's fetcher posts them, by the admin, in English: the Reviews section's, and Settings' guest-data erasure. */
  const moderate = (fields: Record<string, string>) => postAdminSection(app, reviewsSectionAction, '/admin/reviews', fields, { byScript: true, username: 'guide-admin', language: 'en' })
  const settings = (fields: Record<string, string>) => postAdminSection(app, settingsAction, '/admin/settings', fields, { byScript: true, username: 'guide-admin', language: 'en' })
  /** An approval as a set-up step: what the Reviews section's Approve does, through the service. */
  const approve = (id: number) => app.services.reviews.moderate(id, { status: 'approved' })

  /** A paid tour on SUN, asked for its review; the token of its link. */
  async function askedBooking(opts: { tourDate?: string; tourTime?: 'morning' | 'afternoon'; name?: string } = {}) {
    const booking = await insertBooking(app, { tourDate: opts.tourDate ?? SUN, tourTime: opts.tourTime, status: 'paid', name: opts.name })
    await app.services.reviews.queueRequests()
    return { booking, token: (await tokenOf(app, booking))! }
  }

  it('asks each finished paid tour once, the day after, in its language; not cancelled, unpaid, future or long-past ones', async () => {
    const paid = await insertBooking(app, { tourDate: SUN, status: 'paid' })
    await app.db.update(bookings).set({ locale: 'ja' }).where(eq(bookings.id, paid.id))
    const paidSat = await insertBooking(app, { tourDate: SAT, tourTime: 'afternoon', status: 'paid' })
    await insertBooking(app, { tourDate: SAT, tourTime: 'morning', status: 'cancelled' })
    await insertBooking(app, { tourDate: SUN, tourTime: 'afternoon', status: 'confirmed' })
    await insertBooking(app, { tourDate: NEXT_SAT, status: 'paid' })
    await insertBooking(app, { tourDate: LONG_AGO, status: 'paid' })

    expect(await app.services.reviews.queueRequests()).toBe(2)
    expect(await app.services.reviews.queueRequests()).toBe(0)
    const sent = await mails(app, 'review-request')
    expect(sent.map((m) => m.bookingId).sort()).toEqual([paid.id, paidSat.id].sort())
    const japanese = sent.find((m) => m.bookingId === paid.id)!
    expect(japanese.subject).toContain('ご感想')
    const token = await tokenOf(app, paid)
    expect(japanese.text).toContain(`http://127.0.0.1/ja/review/${token}`)
    expect(japanese.text).toContain(`http://127.0.0.1/ja/review/${token}?stop=1`)

    // Sunday's tour is not asked on Sunday evening, only from Monday in Japan.
    await app.db.delete(reviewRequests)
    await app.db.delete(outgoingEmails)
    app.clock.set('2026-03-01T14:59:00Z')
    await app.services.reviews.queueRequests()
    expect((await mails(app, 'review-request')).map((m) => m.bookingId)).toEqual([paidSat.id])
  })

  it('two runs of the job at once (two instances on PostgreSQL) still send one e-mail per tour', async () => {
    await insertBooking(app, { tourDate: SUN, status: 'paid' })
    await insertBooking(app, { tourDate: SAT, status: 'paid' })
    let other: TestApp | null = null
    const second = engine === 'postgres' ? await openDatabase({ databaseUrl: (app.database as { url?: string }).url! }) : null
    try {
      if (second) other = await startTestApp(engine, { clock: app.clock, database: second })
      const runner = other ?? app
      const counts = await Promise.all([app.services.reviews.queueRequests(), runner.services.reviews.queueRequests(), app.services.reviews.queueRequests()])
      expect(counts.reduce((a, b) => a + b, 0)).toBe(2)
      expect(await mails(app, 'review-request')).toHaveLength(2)
      app.clock.advanceMinutes(5 * DAY_MINUTES)
      const reminded = await Promise.all([app.services.reviews.queueReminders(), runner.services.reviews.queueReminders()])
      expect(reminded.reduce((a, b) => a + b, 0)).toBe(2)
      expect(await mails(app, 'review-reminder')).toHaveLength(2)
    } finally {
      await other?.close()
      await second?.close()
    }
  })

  it('reminds once five days later, never again; not after opt-out, a review or a cancellation', async () => {
    const quiet = await askedBooking()
    const optedOut = await askedBooking({ tourDate: SAT })
    const answered = await askedBooking({ tourDate: SAT, tourTime: 'afternoon', name: 'Ken Sato' })
    const cancelled = await askedBooking({ tourDate: SUN, tourTime: 'afternoon', name: 'Mia Wong' })
    expect((await app.client().post(`/api/reviews/request/${optedOut.token}/opt-out`)).status).toBe(204)
    expect((await app.client().post(`/api/reviews/request/${answered.token}`, GOOD)).status).toBe(201)
    expect((await guideCancels(app, cancelled.booking.id, { cause: 'guide-weather', refundAmount: 0 })).status).toBe(200)
    // A cancellation removes the pending request, and with it the link.
    expect(await tokenOf(app, cancelled.booking)).toBeUndefined()
    expect((await app.client().get(`/api/reviews/request/${cancelled.token}`)).status).toBe(404)

    app.clock.advanceMinutes(5 * DAY_MINUTES - 1)
    expect(await app.services.reviews.queueReminders()).toBe(0)
    app.clock.advanceMinutes(1)
    expect(await app.services.reviews.queueReminders()).toBe(1)
    app.clock.advanceMinutes(30 * DAY_MINUTES)
    expect(await app.services.reviews.queueReminders()).toBe(0)
    expect(await app.services.reviews.queueRequests()).toBe(0)
    const reminders = await mails(app, 'review-reminder')
    expect(reminders.map((m) => m.bookingId)).toEqual([quiet.booking.id])
    expect(reminders[0]!.text).toContain(`/review/${quiet.token}`)
  })

  it('takes a review through the API: bad input refused with nothing stored, then one review, the guide told', async () => {
    const { token } = await askedBooking()
    const refused = await app.client().post(`/api/reviews/request/${token}`, { ...GOOD, text: 'Too short', consent: false })
    expect(refused.status).toBe(400)
    expect(refused.json.errors).toMatchObject({ text: REVIEW_TEXT_MESSAGE, consent: 'Please agree that we may publish your review' })
    expect(await app.db.select().from(reviews)).toHaveLength(0)

    const view = await app.client().get(`/api/reviews/request/${token}`)
    expect(view.json).toMatchObject({ defaultName: 'Aiko T.', review: null, editable: true })

    const saved = await app.client().post(`/api/reviews/request/${token}`, GOOD)
    expect(saved.status).toBe(201)
    const [row] = await app.db.select().from(reviews)
    expect(row).toMatchObject({ rating: 5, title: GOOD.title, status: 'new', source: null, tourDate: SUN, country: 'Japan' })
    expect(await app.db.select().from(notifications).where(eq(notifications.title, 'New review'))).toHaveLength(1)
    const [toGuide] = await mails(app, 'admin-new-review')
    expect(toGuide).toMatchObject({ toAddress: 'guide@example.com' })
    expect(toGuide!.text).toContain(GOOD.title)
  })

  it('keeps one review per booking: a second write within 14 days changes it (back to the guide), after that it is refused', async () => {
    const { token } = await askedBooking()
    expect((await app.client().post(`/api/reviews/request/${token}`, GOOD)).status).toBe(201)
    const [first] = await app.db.select().from(reviews)
    await approve(first!.id)

    app.clock.advanceMinutes(14 * DAY_MINUTES - 1)
    const changed = await app.client().post(`/api/reviews/request/${token}`, { ...GOOD, rating: 4, title: 'Still a wonderful day' })
    expect(changed.status).toBe(200)
    const rows = await app.db.select().from(reviews)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ rating: 4, title: 'Still a wonderful day', status: 'new' })

    app.clock.advanceMinutes(1)
    const late = await app.client().post(`/api/reviews/request/${token}`, { ...GOOD, rating: 1 })
    expect(late.status).toBe(409)
    expect(late.json.message).toBe(REVIEW_CLOSED_MESSAGE)
    expect((await app.db.select().from(reviews))[0]!.rating).toBe(4)
    expect((await app.client().get(`/api/reviews/request/${token}`)).json.editable).toBe(false)
  })

  it('two first reviews of one booking at once store one', async () => {
    const { token } = await askedBooking()
    const results = await Promise.all([1, 2, 3].map((n) => app.client().post(`/api/reviews/request/${token}`, { ...GOOD, rating: n + 2 })))
    expect(results.map((r) => r.status).sort()).toEqual([200, 200, 201])
    expect(await app.db.select().from(reviews)).toHaveLength(1)
  })

  it('refuses forged links, cancelled bookings and the honeypot; keeps markup as inert text', async () => {
    const { booking, token } = await askedBooking()
    for (const forged of ['NOT-A-TOKEN', '0'.repeat(26), booking.reference, `${token}X`]) {
      const res = await app.client().post(`/api/reviews/request/${encodeURIComponent(forged)}`, GOOD)
      expect(res.status).toBe(404)
      expect(res.json.message).toBe(REVIEW_LINK_MESSAGE)
    }
    expect((await app.client().post(`/api/reviews/request/${token}`, { ...GOOD, website: 'http://spam.example' })).status).toBe(400)
    expect((await app.client().post(`/api/reviews/request/${token}`, { ...GOOD, text: 'x'.repeat(100_000) })).status).toBeGreaterThanOrEqual(400)
    expect((await app.client().post(`/api/reviews/request/${token}`, { ...GOOD, title: 'a\u0000b' })).status).toBe(400)
    expect(await app.db.select().from(reviews)).toHaveLength(0)

    const markup = '<script>alert(1)</script><img src=x onerror=alert(2)>'
    const hostile = { rating: 3, title: markup.slice(0, 100), text: `${markup} and more words`, displayName: '<b>x</b>', country: '<i>y</i>', consent: true }
    expect((await app.client().post(`/api/reviews/request/${token}`, hostile)).status).toBe(201)
    expect((await app.db.select().from(reviews))[0]).toMatchObject({ title: hostile.title, displayName: '<b>x</b>' })

    await app.db.update(bookings).set({ status: 'cancelled' }).where(eq(bookings.id, booking.id))
    expect((await app.client().post(`/api/reviews/request/${token}`, GOOD)).status).toBe(404)
  })

  it('counts review writes per client address across the API and the page', async () => {
    const { token } = await startLimited()
    const statuses = []
    for (let i = 0; i < 3; i++) statuses.push((await app.client().post(`/api/reviews/request/${token}`, GOOD)).status)
    // The test client's address, as Express sees it.
    statuses.push((await postPage(app, token, { rating: '5' }, true, '127.0.0.1')).status)
    // Another address has its own budget.
    statuses.push((await postPage(app, token, { rating: '5' }, true, '192.0.2.99')).status)
    expect(statuses).toEqual([201, 200, 429, 429, 400])
    const limited = await app.client().post(`/api/reviews/request/${token}`, GOOD)
    expect(limited.json.message).toBe(WAITLIST_RATE_MESSAGE)
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/)

    async function startLimited() {
      await app.close()
      app = await startTestApp(engine, { clock: new TestClock(new Date(NOW)), env: { RATE_LIMIT_REVIEWS_PER_HOUR: '2' } })
      return askedBooking()
    }
  })

  it('takes the page form post without JavaScript and its data request alike, in the page language', async () => {
    const { token } = await askedBooking()
    const page = await loadPage(app, token)
    expect(page.status).toBe(200)
    expect(page.data.view).toMatchObject({ defaultName: 'Aiko T.', editable: true })
    expect((await loadPage(app, 'A'.repeat(26))).status).toBe(404)

    const fields = { rating: '4', title: 'Lovely', text: 'short', displayName: 'Aiko T.', country: '', consent: 'on' }
    const refused = await postPage(app, token, fields, false)
    expect(refused.status).toBe(400)
    expect(refused.data).toMatchObject({ kind: 'refused', errors: { text: 'ツアーについて20文字以上でお書きください' }, values: { title: 'Lovely', text: 'short' } })
    const byScript = await postPage(app, token, fields, true)
    expect(byScript.status).toBe(400)
    expect(byScript.data).not.toHaveProperty('values')
    expect(await app.db.select().from(reviews)).toHaveLength(0)

    const saved = await postPage(app, token, { ...fields, text: 'A long enough review of a very good day.' }, false)
    expect(saved).toMatchObject({ status: 302, location: `/ja/review/${token}?saved=1` })
    expect((await postPage(app, token, { ...fields, text: 'A long enough review, changed by script.' }, true)).data).toEqual({ kind: 'saved' })
    expect((await app.db.select().from(reviews))[0]!.text).toBe('A long enough review, changed by script.')

    // The opt-out button, both ways; a dead link says so.
    const other = await askedBooking({ tourDate: SAT })
    expect(await postPage(app, other.token, { intent: 'stop' }, false)).toMatchObject({ status: 302, location: `/ja/review/${other.token}?stopped=1` })
    expect((await app.db.select().from(reviewRequests).where(eq(reviewRequests.token, other.token)))[0]!.optedOutAt).not.toBeNull()
    expect((await postPage(app, 'B'.repeat(26), { intent: 'stop' }, true)).status).toBe(404)
  })

  it('reads a missing consent as no, through the API, the page’s form post and its data request: 400 with the form’s message, nothing stored', async () => {
    const { token } = await askedBooking()
    const { consent: _, ...withoutConsent } = GOOD
    const api = await app.client().post(`/api/reviews/request/${token}`, withoutConsent)
    expect(api.status).toBe(400)
    expect(api.json).toMatchObject({ message: REVIEW_CONSENT_MESSAGE, errors: { consent: REVIEW_CONSENT_MESSAGE } })

    // The box left unticked: a browser sends no field for it at all.
    const unticked = { rating: '5', title: GOOD.title, text: GOOD.text, displayName: GOOD.displayName, country: GOOD.country }
    for (const byScript of [false, true]) {
      const refused = await postPage(app, token, unticked, byScript)
      expect(refused.status, `by script: ${byScript}`).toBe(400)
      expect(refused.location).toBeNull()
      expect(refused.data).toMatchObject({ kind: 'refused', errors: { consent: 'ご感想の掲載に同意してください' } })
    }
    expect(await app.db.select().from(reviews)).toHaveLength(0)
    expect(await app.db.select().from(notifications).where(eq(notifications.title, 'New review'))).toHaveLength(0)
    expect(await mails(app, 'admin-new-review')).toHaveLength(0)
  })

  it('moderation: admin only, new first, approve, hide, reply', async () => {
    const { token } = await askedBooking()
    await app.client().post(`/api/reviews/request/${token}`, GOOD)
    const [review] = await app.db.select().from(reviews)
    await app.createUser('helper', 'correct-horse-battery', false)
    for (const username of [undefined, 'helper']) {
      const res = await postAdminSectionAsVisitor(app, reviewsSectionAction, '/admin/reviews', { intent: 'approve', id: String(review!.id) }, { username })
      expect(res, username).toEqual({ status: 302, location: '/admin/login?denied=1&redirectTo=%2Fadmin%2Freviews' })
    }

    const list = await loadAdminSection(app, reviewsSectionLoader, '/admin/reviews', { username: 'guide-admin' })
    expect(list.reviews).toEqual([expect.objectContaining({ id: review!.id, status: 'new', guestName: 'Aiko Tanaka' })])
    expect((await moderate({ intent: 'reply', id: String(review!.id), status: 'published' })).status).toBe(400)
    expect((await moderate({ intent: 'reply', id: String(review!.id) })).status).toBe(400)
    expect((await moderate({ intent: 'approve', id: '99999' })).status).toBe(404)

    const approved = await moderate({ intent: 'reply', id: String(review!.id), status: 'approved', reply: '  Thank you, Aiko!  ' })
    expect(approved.data?.result).toMatchObject({ status: 'approved', reply: 'Thank you, Aiko!' })
    expect((await moderate({ intent: 'hide', id: String(review!.id) })).data?.result).toMatchObject({ status: 'hidden', reply: 'Thank you, Aiko!' })
    expect((await moderate({ intent: 'reply', id: String(review!.id), reply: '' })).data?.result).toMatchObject({ reply: null, repliedAt: null })
  })

  it('no longer answers the dashboard’s old JSON routes for reviews: the Reviews section’s loader and action took them over', async () => {
    const { token } = await askedBooking()
    await app.client().post(`/api/reviews/request/${token}`, GOOD)
    const [review] = await app.db.select().from(reviews)
    expect((await admin.get('/api/admin/reviews')).status).toBe(404)
    expect((await admin.post('/api/admin/reviews', { source: 'Tripadvisor', reviewDate: '2026-01-10', rating: 4, title: 'Great guide', text: 'Copied from the other site, word for word.', displayName: 'Sam', locale: 'en' })).status).toBe(404)
    expect((await admin.patch(`/api/admin/reviews/${review!.id}`, { status: 'approved' })).status).toBe(404)
    expect(await app.db.select().from(reviews)).toEqual([expect.objectContaining({ id: review!.id, status: 'new' })])
  })

  it('shows only approved reviews, newest tour first, paged and filtered, with the average, the counts and JSON-LD only when there are some', async () => {
    type Page = { reviews: { title: string; reply: string | null; source: string | null; month: string }[]; summary: unknown; pages: number; meta: Record<string, unknown>[] }
    const page = async (query = '', prefix = '') => (await loadPageAt<Page>(reviewsPageLoader, `${prefix}/reviews${query}`)).data
    const ldOf = (meta: Record<string, unknown>[]) => meta.filter((m) => 'script:ld+json' in m).map((m) => m['script:ld+json'] as Record<string, unknown>)
    // None approved: nothing shown, no rating, no review markup.
    const empty = await page()
    expect(empty).toMatchObject({ reviews: [], summary: null, pages: 1 })
    expect(ldOf(empty.meta)).toEqual([])
    expect(ldOf((await loadPageAt<Page>(packagesLoader, '/packages')).data.meta).some((ld) => 'aggregateRating' in ld)).toBe(false)

    const ids: number[] = []
    for (const [i, date] of ['2026-02-01', '2026-02-08', '2026-02-15', '2026-02-22', '2026-03-01'].entries()) {
      // The day after each tour, its guest is asked.
      app.clock.set(`${addDays(date, 1)}T01:00:00Z`)
      const { token } = await askedBooking({ tourDate: date, tourTime: i % 2 ? 'afternoon' : 'morning' })
      await app.client().post(`/api/reviews/request/${token}`, { ...GOOD, rating: 5 - (i % 2), title: `Review ${i}` })
      ids.push((await app.db.select().from(reviews).where(eq(reviews.title, `Review ${i}`)))[0]!.id)
    }
    // Review 4 stays new, review 3 is hidden, the others are approved; review 2 gets a reply.
    for (const id of [ids[0], ids[1], ids[2]]) await approve(id!)
    await app.services.reviews.moderate(ids[2]!, { reply: 'Thank you!' })
    await app.services.reviews.moderate(ids[3]!, { status: 'hidden' })
    await app.db.update(reviews).set({ locale: 'ja' }).where(eq(reviews.id, ids[1]!))

    const shown = await page()
    expect(shown.reviews.map((r) => r.title)).toEqual(['Review 2', 'Review 1', 'Review 0'])
    expect(shown.reviews[0]).toMatchObject({ reply: 'Thank you!', source: null, month: 'February 2026' })
    expect(shown.summary).toEqual({ average: 4.7, count: 3, verified: 3, elsewhere: 0 })
    const [ld] = ldOf(shown.meta)
    expect(ld).toMatchObject({ aggregateRating: { ratingValue: 4.7, reviewCount: 3 } })
    expect((ld!.review as unknown[]).length).toBe(3)
    expect((await page('', '/ja')).reviews[0]!.month).toBe('2026年2月')
    expect((await page('?lang=ja')).reviews.map((r) => r.title)).toEqual(['Review 1'])
    const afternoonTour = (await app.db.select().from(reviews).where(eq(reviews.id, ids[1]!)))[0]!.tourPackageId
    expect((await page(`?tour=${afternoonTour}`)).reviews.map((r) => r.title)).toContain('Review 1')
    // Junk in the query is the first page, unfiltered.
    expect((await page('?tour=abc&lang=xx&page=-1')).reviews).toHaveLength(3)
    expect((await page('?page=2')).reviews).toEqual([])

    const packages = (await loadPageAt<Page & { summary: unknown }>(packagesLoader, '/packages')).data
    expect(packages.summary).toEqual(shown.summary)
    expect(packages.reviews.map((r) => r.title)).toEqual(['Review 2', 'Review 1', 'Review 0'])
    expect(ldOf(packages.meta).some((l) => 'aggregateRating' in l)).toBe(true)
  })

  it.each(['remove', 'anonymise'] as const)('the guest data export lists the reviews; erasure (%s) takes them from the guest, and their link dies', async (choice) => {
    const { booking, token } = await askedBooking()
    await app.client().post(`/api/reviews/request/${token}`, GOOD)
    const [review] = await app.db.select().from(reviews)
    await app.services.reviews.moderate(review!.id, { status: 'approved', reply: 'Thanks!' })

    const exported = await admin.get(`/api/admin/guest-data/export?email=${encodeURIComponent(booking.email)}`)
    expect(exported.json.reviews).toEqual([expect.objectContaining({ id: review!.id, title: GOOD.title, displayName: 'Aiko T.', status: 'approved', reply: 'Thanks!' })])
    expect(JSON.stringify(exported.json.reviews)).not.toContain(token)

    expect((await settings({ intent: 'eraseGuest', email: booking.email, reviews: 'keep' })).status).toBe(400)
    const erased = await settings({ intent: 'eraseGuest', email: booking.email, reviews: choice })
    expect(erased.status).toBe(200)
    expect(erased.data?.result).toMatchObject({ erased: { reviews: 1 } })
    const left = await app.db.select().from(reviews)
    if (choice === 'remove') expect(left).toEqual([])
    else expect(left).toEqual([expect.objectContaining({ displayName: 'Anonymised guest', country: null, bookingId: null, title: GOOD.title, status: 'approved' })])
    expect(await app.db.select().from(reviewRequests)).toEqual([])
    expect((await app.client().get(`/api/reviews/request/${token}`)).status).toBe(404)
    expect((await admin.get(`/api/admin/guest-data/export?email=${encodeURIComponent(booking.email)}`)).json.reviews).toEqual([])
  })

  it('the guide adds reviews from other sites: labelled with their source, counted apart in the average, bad links and dates refused', async () => {
    // The Reviews section's form: every field is text.
    const external = { intent: 'addExternal', source: 'Tripadvisor', sourceUrl: 'https://www.tripadvisor.com/review/1', reviewDate: '2026-01-10', rating: '4', title: 'Great guide', text: 'Copied from the other site, word for word.', displayName: 'Sam', country: '', locale: 'en' }
    expect(await postAdminSectionAsVisitor(app, reviewsSectionAction, '/admin/reviews', external)).toEqual({ status: 302, location: '/admin/login?denied=1&redirectTo=%2Fadmin%2Freviews' })
    for (const bad of [{ sourceUrl: 'javascript:alert(1)' }, { sourceUrl: 'data:text/html,x' }, { source: '' }, { reviewDate: '2026-12-01' }, { reviewDate: '2026-02-30' }, { rating: '6' }]) {
      const res = await moderate({ ...external, ...bad })
      expect(res.status, JSON.stringify(bad)).toBe(400)
    }
    expect(await app.db.select().from(reviews)).toHaveLength(0)
    const added = await moderate(external)
    expect(added.status).toBe(200)
    expect(added.data?.result).toMatchObject({ source: 'Tripadvisor', status: 'approved', bookingId: null, tourDate: '2026-01-10' })
    expect((await moderate({ ...external, sourceUrl: '', title: 'No link' })).data?.result).toMatchObject({ sourceUrl: null })

    const { token } = await askedBooking()
    await app.client().post(`/api/reviews/request/${token}`, GOOD)
    const [own] = await app.db.select().from(reviews).where(eq(reviews.title, GOOD.title))
    await approve(own!.id)
    expect(await app.services.reviews.summary()).toEqual({ average: 4.3, count: 3, verified: 1, elsewhere: 2 })
    const shown = (await loadPageAt<{ reviews: { title: string; source: string | null; sourceUrl: string | null }[] }>(reviewsPageLoader, '/reviews')).data.reviews
    expect(shown.map((r) => [r.title, r.source])).toEqual([
      [GOOD.title, null],
      ['No link', 'Tripadvisor'],
      ['Great guide', 'Tripadvisor'],
    ])
  })

  it('marks up only the site’s own reviews in JSON-LD (rating and review items); reviews from other sites stay on the page, labelled, and no own review means no rating markup', async () => {
    type Page = { reviews: { title: string; source: string | null }[]; summary: unknown; meta: Record<string, unknown>[] }
    const ldOf = (meta: Record<string, unknown>[]) => meta.filter((m) => 'script:ld+json' in m).map((m) => m['script:ld+json'] as Record<string, unknown>)
    const reviewMarkup = (meta: Record<string, unknown>[]) => ldOf(meta).filter((ld) => 'aggregateRating' in ld || 'review' in ld)
    const pages = async () =>
      Promise.all([
        loadPageAt<Page>(reviewsPageLoader, '/reviews'),
        loadPageAt<Page>(packagesLoader, '/packages'),
        loadPageAt<{ reviews: { section: string } | null; meta: Record<string, unknown>[] }>(homeLoader, '/'),
      ])

    const external = { source: 'Tripadvisor', reviewDate: '2026-01-10', text: 'Copied from the other site, word for word.', displayName: 'Sam', locale: 'en' }
    await app.services.reviews.addExternal({ ...external, rating: 5, title: 'Five stars elsewhere' })
    await app.services.reviews.addExternal({ ...external, rating: 4, title: 'Four stars elsewhere' })
    {
      const [reviewsPage, packagesPage, homePage] = await pages()
      expect(reviewsPage.data.reviews.map((r) => [r.title, r.source]).sort()).toEqual([
        ['Five stars elsewhere', 'Tripadvisor'],
        ['Four stars elsewhere', 'Tripadvisor'],
      ])
      expect(reviewsPage.data.summary).toEqual({ average: 4.5, count: 2, verified: 0, elsewhere: 2 })
      expect(packagesPage.data.reviews).toHaveLength(2)
      expect(homePage.data.reviews?.section).toContain('Five stars elsewhere')
      for (const { data } of [reviewsPage, packagesPage, homePage]) expect(reviewMarkup(data.meta)).toEqual([])
    }

    const { token } = await askedBooking()
    await app.client().post(`/api/reviews/request/${token}`, { ...GOOD, rating: 2 })
    const [own] = await app.db.select().from(reviews).where(eq(reviews.title, GOOD.title))
    await approve(own!.id)
    const [reviewsPage, packagesPage, homePage] = await pages()
    // The page still shows all three, with the average and counts of each kind.
    expect(reviewsPage.data.reviews).toHaveLength(3)
    expect(reviewsPage.data.summary).toEqual({ average: 3.7, count: 3, verified: 1, elsewhere: 2 })
    for (const { data } of [reviewsPage, packagesPage, homePage]) {
      const [markup, ...more] = reviewMarkup(data.meta)
      expect(more).toEqual([])
      expect(markup!.aggregateRating).toMatchObject({ ratingValue: 2, reviewCount: 1 })
      expect((markup!.review as { name: string }[]).map((r) => r.name)).toEqual([GOOD.title])
    }
  })

  async function loadPageAt<T>(loader: (args: never) => unknown, path: string) {
    const result = (await loader({ request: new Request(`http://127.0.0.1${path}`), context: context(app), params: {} } as never)) as unknown
    return { data: result as T }
  }
})
