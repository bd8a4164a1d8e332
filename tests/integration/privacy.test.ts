import fs from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { bookings, contactMessages, notifications, outgoingEmails, reviewRequests, tourPackages, users } from '../../server/db/schema.ts'
import { newReviewToken } from '../../core/reviews.ts'
import { openDatabase } from '../../server/db/client.ts'
import { createGuestDataService, ERASED_TEXT } from '../../server/services/guest-data.ts'
import { bookingActionLink, messageActionLink } from '../../server/services/notifications.ts'
import { createLogger } from '../../server/logger.ts'
import { ENGINES } from './databases.ts'
import { startTestApp, TestClock, type TestApp } from './app.ts'
import { insertBookings } from '../booking-fixture.ts'
import { oneWithMoney } from '../../server/services/ledger.ts'
import { action as settingsAction } from '../../app/routes/admin/settings.tsx'
import { postAdminSection, postAdminSectionAsVisitor } from './admin-section.ts'

// 00:30 on 2026-11-22 in Japan is still 2026-11-21 in UTC: cut-offs must follow Japan.
const NOW = '2026-11-21T15:30:00Z'

describe.each(ENGINES)('guests’ personal data on %s', (engine) => {
  let app: TestApp
  let tourId: number
  beforeEach(async () => {
    app = await startTestApp(engine, { clock: new TestClock(new Date(NOW)) })
    const [tour] = await app.db.select().from(tourPackages).limit(1)
    tourId = tour!.id
  })
  afterEach(async () => {
    await app.close()
  })

  let seq = 0
  async function booking(tourDate: string, status: string, email = `guest${++seq}@example.com`, extra: Partial<typeof bookings.$inferInsert> = {}) {
    const [row] = await insertBookings(app.db, {
        reference: `REF${String(++seq).padStart(9, '0')}`,
        name: 'Real Guest',
        email,
        phone: '+1 555 123 4567',
        numberOfPeople: 2,
        tourPackageId: tourId,
        tourDate,
        tourTime: 'morning',
        status,
        totalPrice: 14300,
        specialRequests: 'Vegetarian lunch please',
        ...extra,
      })
    return row!
  }
  async function message(createdAt: string, email = `writer${++seq}@example.com`) {
    const [row] = await app.db
      .insert(contactMessages)
      .values({ name: 'Real Writer', email, phone: '+44 20 1234 5678', message: 'Can we see the castle?', createdAt: new Date(createdAt) })
      .returning()
    return row!
  }
  const reload = async (id: number) => oneWithMoney(app.db, (await app.db.select().from(bookings).where(eq(bookings.id, id)))[0]!)
  /** A Settings form (the guest-data look-up, the erasure) as the page's fetcher posts it, by the admin `app.loggedIn(true)` made, in English. */
  const settings = (fields: Record<string, string>) => postAdminSection(app, settingsAction, '/admin/settings', fields, { byScript: true, username: 'guide-admin', language: 'en' })
  /** An admin who wants e-mail: the booking and inquiry events then queue admin mails too. */
  async function adminWithEmail() {
    const admin = await app.createUser('mail-admin', 'correct-horse-battery', true)
    await app.db.update(users).set({ email: 'guide@example.jp' }).where(eq(users.id, admin.id))
  }
  /** The notification and queued e-mails of a payment, made as the payment service makes them. */
  async function paidWithMail(row: typeof bookings.$inferSelect) {
    await app.db.transaction(async (tx) => app.services.bookingEvents.paid(tx, await oneWithMoney(tx, row)))
  }
  const outbox = () => path.join(app.config.dataDir, 'outbox')
  const outboxFiles = () => (fs.existsSync(outbox()) ? fs.readdirSync(outbox()).sort() : [])
  const outboxText = () => outboxFiles().map((f) => fs.readFileSync(path.join(outbox(), f), 'utf8')).join('\n')
  const emailsAbout = async (bookingId: number) => app.db.select().from(outgoingEmails).where(eq(outgoingEmails.bookingId, bookingId))
  const notificationsOf = async (link: string) => app.db.select().from(notifications).where(eq(notifications.actionLink, link))

  it('anonymises exactly the rows past their period, keeps amounts and statuses, and is idempotent', async () => {
    const paidOld = await booking('2021-11-21', 'paid') // 5 years + 1 day before 2026-11-22
    const paidKept = await booking('2021-11-22', 'paid')
    const cancelledOld = await booking('2025-11-21', 'cancelled') // 12 months + 1 day
    const cancelledKept = await booking('2025-11-22', 'cancelled')
    const expiredOld = await booking('2025-11-21', 'pending')
    const msgOld = await message('2024-11-21T14:59:59Z') // just before 2024-11-22 00:00 in Japan
    const msgKept = await message('2024-11-21T15:00:00Z')
    // Review links of long-past tours (docs/decisions/0063): an anonymised booking's goes with its guest.
    for (const row of [paidOld, paidKept]) await app.db.insert(reviewRequests).values({ bookingId: row.id, token: newReviewToken(), requestedAt: new Date('2021-11-23T00:00:00Z') })

    const first = await app.services.guestData.sweep()
    expect(first).toMatchObject({ bookings: 3, messages: 1 })
    expect((await app.db.select().from(reviewRequests)).map((r) => r.bookingId)).toEqual([paidKept.id])

    for (const row of [paidOld, cancelledOld, expiredOld]) {
      const after = await reload(row.id)
      expect(after.name).toBe('Anonymised guest')
      expect(after.email).toBe(`booking-${row.id}@anonymised.invalid`)
      expect(after.phone).toBe('')
      expect(after.specialRequests).toBeNull()
      expect(after.anonymizedAt).not.toBeNull()
      expect(after.totalPrice).toBe(14300)
      expect(after.status).toBe(row.status)
      expect(after.tourDate).toBe(row.tourDate)
    }
    for (const row of [paidKept, cancelledKept]) expect((await reload(row.id)).name).toBe('Real Guest')

    const messages = await app.db.select().from(contactMessages)
    expect(messages.find((m) => m.id === msgOld.id)).toMatchObject({ name: 'Anonymised guest', phone: null })
    expect(messages.find((m) => m.id === msgKept.id)).toMatchObject({ name: 'Real Writer', email: msgKept.email })

    expect(await app.services.guestData.sweep()).toMatchObject({ bookings: 0, messages: 0, emails: 0 })
  })

  it('lets two instances sweep at once without failing or double counting', async () => {
    for (let i = 0; i < 20; i++) await booking('2020-01-0' + ((i % 9) + 1), 'paid')
    const second = engine === 'postgres' ? await openDatabase({ databaseUrl: app.database.url }) : null
    try {
      const other = createGuestDataService({ db: second?.db ?? app.db, config: app.config, logger: createLogger('silent'), now: app.clock.now, lifecycle: app.services.lifecycle })
      const [a, b] = await Promise.all([app.services.guestData.sweep(), other.sweep()])
      expect(a.bookings + b.bookings).toBe(20)
    } finally {
      await second?.close()
    }
  })

  it('finds and erases a guest through Settings’ route action and exports them through the admin API, with an audit trail', async () => {
    const email = 'Traveller@Example.com'
    const past = await booking('2026-10-03', 'paid', email)
    await message('2026-09-01T00:00:00Z', 'traveller@example.com')
    await app.db.insert(outgoingEmails).values({ kind: 'booking-received', toAddress: 'traveller@example.com', subject: 'Your booking', html: '<p>hi</p>', text: 'hi', status: 'sent' })
    const admin = await app.loggedIn(true)

    const found = await settings({ intent: 'lookUpGuest', email: 'traveller@example.com' })
    expect(found.status).toBe(200)
    expect(found.data?.result).toMatchObject({ bookings: [expect.anything()], messages: [expect.anything()], emails: [expect.anything()], erasureBlockers: [] })

    const exported = await admin.get(`/api/admin/guest-data/export?email=${encodeURIComponent(email)}`)
    expect(exported.headers.get('content-disposition')).toMatch(/attachment; filename="guest-data-/)
    expect(exported.json.bookings[0]).toMatchObject({ reference: past.reference, name: 'Real Guest', totalPrice: 14300 })
    expect(exported.json.messages[0]).toMatchObject({ message: 'Can we see the castle?' })

    const erased = await settings({ intent: 'eraseGuest', email })
    expect(erased.status).toBe(200)
    expect(erased.data?.result).toMatchObject({ erased: { ok: true, bookings: 1, messages: 1, emails: 1 } })
    const after = await reload(past.id)
    expect(after).toMatchObject({ name: 'Anonymised guest', status: 'paid', totalPrice: 14300 })
    expect((await settings({ intent: 'lookUpGuest', email })).data?.result).toMatchObject({ bookings: [] })

    // The audit log as Settings shows it (its loader reads the same service).
    const audit = await app.services.guestData.auditEntries()
    expect(audit.map((e) => e.action)).toEqual(['guest-data.lookup', 'guest-data.erase', 'guest-data.export', 'guest-data.lookup'])
    expect(audit[1]).toMatchObject({ actorUsername: 'guide-admin' })
    // The guest is named by a keyed hash: one subject for one address whatever its case, never the address.
    expect(audit[1]!.subject).toMatch(/^guest:[0-9a-f]{32}$/)
    expect(new Set(audit.map((e) => e.subject)).size).toBe(1)
    expect(JSON.stringify(audit).toLowerCase()).not.toContain('traveller')
  })

  it('erases the notifications, the admins’ e-mails and the outbox files about a guest too, and nothing of another guest', async () => {
    await adminWithEmail()
    const email = 'traveller@example.com'
    const past = await booking('2026-10-03', 'paid', email)
    await paidWithMail(past) // a notification, the guest's confirmation, the admins' mail with Reply-To: the guest
    const { id: messageId } = await app.services.contact.receive({ name: 'Tomoko Traveller', email: 'Traveller@Example.com', message: 'Do you guide in the snow?' }, { clientAddress: '192.0.2.61' })
    const other = await booking('2026-10-04', 'paid', 'someone.else@example.com')
    await paidWithMail(other)
    // Rows tied to the guest by one link only: the Reply-To, or the booking.
    const due = { status: 'pending', nextAttemptAt: new Date(NOW), html: '<p>x</p>', text: 'x' }
    await app.db.insert(outgoingEmails).values([
      { ...due, kind: 'admin-new-inquiry', toAddress: 'guide@example.jp', replyTo: 'TRAVELLER@example.com', subject: 'New inquiry from Tomoko Traveller' },
      { ...due, kind: 'admin-new-booking', toAddress: 'guide@example.jp', bookingId: past.id, subject: `New booking #${past.reference}` },
    ])
    expect(await app.services.mail.outbox.processDue()).toMatchObject({ sent: 7, retry: 0, failed: 0 })
    expect(outboxText().toLowerCase()).toContain(email)
    const admin = await app.loggedIn(true)

    const found = { json: (await settings({ intent: 'lookUpGuest', email })).data?.result as { emails: { kind: string }[] } }
    expect(found.json.emails.map((e: { kind: string }) => e.kind).sort()).toEqual([
      'admin-new-booking',
      'admin-new-inquiry',
      'admin-new-inquiry',
      'admin-payment-received',
      'payment-confirmed',
    ])
    const exported = await admin.get(`/api/admin/guest-data/export?email=${encodeURIComponent(email)}`)
    expect(exported.json.notifications.map((n: { message: string }) => n.message).join(' ')).toContain('Tomoko Traveller sent an inquiry: Do you guide in the snow?')
    expect(exported.json.notifications).toHaveLength(2)

    const erased = await settings({ intent: 'eraseGuest', email })
    expect(erased.data?.result).toMatchObject({ erased: { ok: true, bookings: 1, messages: 1, notifications: 2, emails: 5, outboxFiles: 5 } })

    // Notifications keep their type, title and link (the dashboard still opens the anonymised booking).
    expect(await notificationsOf(bookingActionLink(past.id))).toMatchObject([{ type: 'booking', title: 'Payment received', message: ERASED_TEXT }])
    expect(await notificationsOf(messageActionLink(messageId))).toMatchObject([{ type: 'message', title: 'New message', message: ERASED_TEXT }])
    expect((await notificationsOf(bookingActionLink(other.id)))[0]!.message).toContain('Real Guest paid')
    const left = await app.db.select().from(outgoingEmails)
    expect(left.map((e) => e.bookingId)).toEqual([other.id, other.id])
    expect(JSON.stringify(left).toLowerCase()).not.toContain('traveller')
    expect(outboxFiles()).toHaveLength(2)
    expect(outboxText().toLowerCase()).not.toContain('traveller')
    expect(outboxText()).toContain('someone.else@example.com')
  })

  it('takes a booking’s or message’s notifications, e-mails and outbox files with it, and keeps those of what stays', async () => {
    await adminWithEmail()
    const paidOld = await booking('2021-11-21', 'paid')
    const paidKept = await booking('2021-11-22', 'paid')
    for (const row of [paidOld, paidKept]) await paidWithMail(row)
    const writers = ['old.writer@example.com', 'kept.writer@example.com']
    const msgOld = await app.services.contact.receive({ name: 'Writer 0', email: writers[0], message: 'Snow?' }, { clientAddress: '192.0.2.62' })
    const msgKept = await app.services.contact.receive({ name: 'Writer 1', email: writers[1], message: 'Snow?' }, { clientAddress: '192.0.2.62' })
    await app.db.update(contactMessages).set({ createdAt: new Date('2024-11-21T14:59:59Z') }).where(eq(contactMessages.id, msgOld.id))
    await app.db.update(contactMessages).set({ createdAt: new Date('2024-11-21T15:00:00Z') }).where(eq(contactMessages.id, msgKept.id))
    expect(await app.services.mail.outbox.processDue()).toMatchObject({ sent: 6 })
    // The kept booking's files are old, but they go with their rows, not by age.
    for (const file of outboxFiles()) fs.utimesSync(path.join(outbox(), file), new Date('2023-01-01'), new Date('2023-01-01'))
    const copy = { toAddress: 'guide@example.jp', subject: 'Copy', html: '<p>x</p>', text: 'x' }
    const [oldCopyOfKept, unlinkedOld, unlinkedQueued, unlinkedRecent] = await app.db
      .insert(outgoingEmails)
      .values([
        { ...copy, kind: 'reminder', status: 'sent', bookingId: paidKept.id, createdAt: new Date('2022-01-01T00:00:00Z') },
        { ...copy, kind: 'test', status: 'sent', createdAt: new Date('2024-11-21T14:59:59Z') },
        { ...copy, kind: 'test', status: 'pending', createdAt: new Date('2024-11-21T14:59:59Z'), nextAttemptAt: new Date('2030-01-01') },
        { ...copy, kind: 'test', status: 'sent', createdAt: new Date('2024-11-21T15:00:00Z') },
      ])
      .returning()
    // Files of no row (the test e-mail): by age, like messages.
    fs.writeFileSync(path.join(outbox(), 'old-test.eml'), 'x')
    fs.utimesSync(path.join(outbox(), 'old-test.eml'), new Date('2024-11-21T14:59:59Z'), new Date('2024-11-21T14:59:59Z'))
    fs.writeFileSync(path.join(outbox(), 'recent-test.eml'), 'x')

    const first = await app.services.guestData.sweep()
    expect(first).toEqual({ bookings: 1, messages: 1, notifications: 2, emails: 4, waitlist: 0, vouchers: 0, outboxFiles: 4 })

    expect(await notificationsOf(bookingActionLink(paidOld.id))).toMatchObject([{ title: 'Payment received', message: ERASED_TEXT }])
    expect(await notificationsOf(messageActionLink(msgOld.id))).toMatchObject([{ title: 'New message', message: ERASED_TEXT }])
    expect((await notificationsOf(bookingActionLink(paidKept.id)))[0]!.message).toContain('Real Guest paid')
    expect((await notificationsOf(messageActionLink(msgKept.id)))[0]!.message).toContain('Writer 1 sent an inquiry')
    expect(await emailsAbout(paidOld.id)).toEqual([])
    expect((await emailsAbout(paidKept.id)).map((e) => e.kind).sort()).toEqual(['admin-payment-received', 'payment-confirmed', 'reminder'])
    const ids = (await app.db.select({ id: outgoingEmails.id }).from(outgoingEmails)).map((e) => e.id)
    expect(ids).toContain(oldCopyOfKept!.id)
    expect(ids).not.toContain(unlinkedOld!.id)
    expect(ids).toEqual(expect.arrayContaining([unlinkedQueued!.id, unlinkedRecent!.id]))
    expect(await app.db.select().from(outgoingEmails).where(eq(outgoingEmails.contactMessageId, msgOld.id))).toEqual([])
    expect(await app.db.select().from(outgoingEmails).where(eq(outgoingEmails.contactMessageId, msgKept.id))).toHaveLength(1)

    const text = outboxText()
    expect(outboxFiles()).toHaveLength(4)
    expect(outboxFiles()).toContain('recent-test.eml')
    expect(text).not.toContain(paidOld.email)
    expect(text).not.toContain(writers[0])
    expect(text).toContain(paidKept.email)
    expect(text).toContain(writers[1])

    expect(await app.services.guestData.sweep()).toEqual({ bookings: 0, messages: 0, notifications: 0, emails: 0, waitlist: 0, vouchers: 0, outboxFiles: 0 })
  })

  it('keeps a confirmed booking as long as a paid one', async () => {
    const old = await booking('2021-11-21', 'confirmed')
    const kept = await booking('2021-11-22', 'confirmed')
    // Past the period of cancelled and unpaid bookings: a confirmed tour took place all the same.
    const recent = await booking('2025-11-21', 'confirmed')
    expect(await app.services.guestData.sweep()).toMatchObject({ bookings: 1 })
    expect(await reload(old.id)).toMatchObject({ name: 'Anonymised guest', status: 'confirmed', totalPrice: 14300 })
    for (const row of [kept, recent]) expect((await reload(row.id)).name).toBe('Real Guest')
  })

  it('follows the configured periods rather than the defaults', async () => {
    const custom = await startTestApp(engine, {
      clock: new TestClock(new Date(NOW)),
      env: { RETENTION_PAID_BOOKINGS_YEARS: '7', RETENTION_UNPAID_BOOKINGS_MONTHS: '3', RETENTION_MESSAGES_MONTHS: '6' },
    })
    try {
      const paidOld = await booking('2019-11-21', 'paid')
      const paidKept = await booking('2019-11-22', 'paid')
      const paidPastDefault = await booking('2021-11-21', 'paid')
      const cancelledOld = await booking('2026-08-21', 'cancelled')
      const cancelledKept = await booking('2026-08-22', 'cancelled')
      const msgOld = await message('2026-05-21T14:59:59Z') // just before 2026-05-22 00:00 in Japan
      const msgKept = await message('2026-05-21T15:00:00Z')

      expect(await custom.services.guestData.sweep()).toMatchObject({ bookings: 2, messages: 1 })
      for (const row of [paidOld, cancelledOld]) expect((await reload(row.id)).name).toBe('Anonymised guest')
      for (const row of [paidKept, paidPastDefault, cancelledKept]) expect((await reload(row.id)).name).toBe('Real Guest')
      const messages = await custom.db.select().from(contactMessages)
      expect(messages.find((m) => m.id === msgOld.id)?.name).toBe('Anonymised guest')
      expect(messages.find((m) => m.id === msgKept.id)?.name).toBe('Real Writer')
    } finally {
      await custom.close()
    }
  })

  it('refuses to erase a guest with a tour still to come or a payment under way, saying why', async () => {
    const email = 'future@example.com'
    await booking('2026-12-05', 'paid', email)
    await booking('2026-12-06', 'pending', email, { holdExpiresAt: new Date('2026-11-21T15:50:00Z') })
    await app.loggedIn(true)
    const res = await settings({ intent: 'eraseGuest', email })
    expect(res.status).toBe(409)
    expect(res.data?.message).toBe('Payment is not finished yet (the booking is still held for payment).')
    // The look-up says every reason, each with its refusal's id, for the panel to say in the admin's language (docs/decisions/0087).
    const asked = (await settings({ intent: 'lookUpGuest', email })).data?.result as { erasureBlockers: { refusal: { id: string } }[] }
    expect(asked.erasureBlockers.map((b) => b.refusal.id)).toEqual(['adminErrors.eraseHeld', 'adminErrors.eraseUpcoming'])
    expect(await settings({ intent: 'lookUpGuest', email: 'not-an-address' })).toMatchObject({ status: 400, data: { errors: { email: 'Please enter a valid email address' } } })
    const rows = await app.db.select().from(bookings).where(eq(bookings.email, email))
    expect(rows.every((r) => r.name === 'Real Guest')).toBe(true)
    // The refusal is on the audit log too, its reasons in English, and the look-ups after it.
    const audit = await app.services.guestData.auditEntries()
    expect(audit.map((e) => e.action)).toEqual(['guest-data.lookup', 'guest-data.erase-refused'])
    expect((audit[1]!.details as { blockers: { reason: string }[] }).blockers.map((b) => b.reason)).toEqual(['Payment is not finished yet (the booking is still held for payment).', 'The tour is still to come: cancel it first.'])
  })

  it('keeps guest data behind the admin guard', async () => {
    await app.createUser('helper', 'correct-horse-battery', false)
    for (const username of [undefined, 'helper']) {
      for (const fields of [{ intent: 'lookUpGuest', email: 'a@example.com' }, { intent: 'eraseGuest', email: 'a@example.com' }]) {
        const res = await postAdminSectionAsVisitor(app, settingsAction, '/admin/settings', fields, { username })
        expect(res, `${fields.intent} by ${username}`).toEqual({ status: 302, location: '/admin/login?denied=1&redirectTo=%2Fadmin%2Fsettings' })
      }
    }
    expect(await app.services.guestData.auditEntries()).toEqual([])
    const user = await app.loggedIn(false)
    expect((await app.client().get('/api/admin/guest-data/export?email=a@example.com')).status).toBe(401)
    expect((await user.get('/api/admin/guest-data/export?email=a@example.com')).status).toBe(403)
  })

  it('no longer answers the dashboard’s old JSON routes for the look-up, the erasure and the audit log: Settings’ loader and action took them over', async () => {
    const admin = await app.loggedIn(true)
    expect((await admin.get('/api/admin/guest-data?email=a@example.com')).status).toBe(404)
    expect((await admin.post('/api/admin/guest-data/erase', { email: 'a@example.com' })).status).toBe(404)
    expect((await admin.get('/api/admin/audit-log')).status).toBe(404)
    expect(await app.services.guestData.auditEntries()).toEqual([])
  })
})
