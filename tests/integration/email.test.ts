import fs from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { simpleParser } from 'mailparser'
import ICAL from 'ical.js'
import { bookings, contactMessages, outgoingEmails, tourPackages, users } from '../../server/db/schema.ts'
import { oneWithMoney, type Booking } from '../../server/services/ledger.ts'
import { addDays, dayOfWeek, formatLongDate, todayInTokyo } from '../../core/dates.ts'
import { ENGINES } from './databases.ts'
import { startTestApp, TestClock, type TestApp } from './app.ts'
import { startSmtp, TestSmtpServer } from './smtp.ts'
import { insertBookings, type BookingFixture } from '../booking-fixture.ts'
import { guideCancels } from './guide-desk.ts'

/**
 * E-mail that reaches people (docs/decisions/0041, 0008), checked against a real SMTP server
 * (smtp-server) and read back with mailparser.
 */

const INQUIRY = {
  name: 'Maria Rossi',
  email: 'maria@example.org',
  phone: '+39 333 123 4567',
  visitDate: '2031-05-10',
  groupSize: '3',
  package: 'homemaker',
  message: 'We would love a relaxed day with cooking and a market visit.',
  website: '',
}

async function addAdmin(app: TestApp, username: string, email: string | null, extra: Partial<typeof users.$inferInsert> = {}) {
  const user = await app.createUser(username, 'correct-horse-battery', true)
  await app.db.update(users).set({ email, ...extra }).where(eq(users.id, user.id))
  return user
}

async function insertBooking(app: TestApp, values: Partial<BookingFixture> = {}): Promise<Booking> {
  const [pkg] = await app.db.select().from(tourPackages).where(eq(tourPackages.slug, 'half-day'))
  const [row] = await insertBookings(app.db, {
      reference: `REF${Math.random().toString(36).slice(2, 11).toUpperCase()}`,
      name: 'Kenji Tanaka',
      email: 'guest@example.net',
      phone: '+81 90 1234 5678',
      numberOfPeople: 2,
      tourPackageId: pkg!.id,
      tourDate: addDays(todayInTokyo(app.clock.now()), 20),
      tourTime: 'afternoon',
      totalPrice: 14300,
      status: 'pending',
      ...values,
    })
  return oneWithMoney(app.db, row!)
}

describe.each(ENGINES)('e-mail over SMTP on %s', (engine) => {
  let app: TestApp
  let smtp: TestSmtpServer
  let clock: TestClock

  beforeEach(async () => {
    smtp = await startSmtp()
    clock = new TestClock(new Date('2031-04-01T03:00:00Z'))
    // Some tests send more contact messages than a visitor may in a minute.
    app = await startTestApp(engine, { clock, env: { SMTP_URL: smtp.url, MAIL_FROM: 'Joetsu Local Tours <tours@example.jp>', RATE_LIMIT_CONTACT_PER_MINUTE: '100' } })
  })
  afterEach(async () => {
    await app.close()
    await smtp.stop()
  })

  it('delivers the new-inquiry e-mail to the admins who want e-mail, and only to them', async () => {
    await addAdmin(app, 'guide', 'guide@example.jp')
    await addAdmin(app, 'whatsapp-admin', 'wa@example.jp', { notificationPreference: 'whatsapp' })
    await addAdmin(app, 'quiet-admin', 'quiet@example.jp', { notificationsEnabled: false })
    await addAdmin(app, 'no-address-admin', null)
    const helper = await app.createUser('helper', 'correct-horse-battery', false)
    await app.db.update(users).set({ email: 'helper@example.jp' }).where(eq(users.id, helper.id))

    const res = await app.client().post('/api/contact', INQUIRY)
    expect(res.status).toBe(201)
    expect(res.json).toEqual({ message: 'Message received' })
    // Nothing is sent while the visitor waits: the e-mail is queued.
    expect(smtp.messages).toHaveLength(0)

    const run = await app.services.mail.outbox.processDue()
    expect(run).toEqual({ sent: 1, retry: 0, failed: 0 })
    expect(smtp.messages).toHaveLength(1)
    const [mail] = smtp.to('guide@example.jp')
    expect(mail).toBeDefined()
    expect(mail!.subject).toBe('New inquiry from Maria Rossi')
    expect(mail!.from?.value[0]?.address).toBe('tours@example.jp')
    expect(mail!.replyTo?.value[0]?.address).toBe('maria@example.org')
    expect(mail!.text).toContain('We would love a relaxed day with cooking and a market visit.')
    expect(mail!.text).toContain('The Joetsu Homemaker')
    expect(mail!.text).toMatch(/Saturday, May 10, 2031/)
    expect(mail!.html).toContain('/admin/dashboard?tab=messages')
    expect(mail!.html).toContain('Maria Rossi')

    // Sent once: running the job again sends nothing more.
    expect(await app.services.mail.outbox.processDue()).toEqual({ sent: 0, retry: 0, failed: 0 })
    expect(smtp.messages).toHaveLength(1)
  })

  it('stores and answers an inquiry while the mail server is down, and sends it once the server is back', async () => {
    await addAdmin(app, 'guide', 'guide@example.jp')
    const port = smtp.port
    await smtp.stop()

    const started = Date.now()
    const res = await app.client().post('/api/contact', INQUIRY)
    expect(res.status).toBe(201)
    expect(Date.now() - started).toBeLessThan(2000)
    expect(await app.db.select().from(contactMessages)).toHaveLength(1)

    const failed = await app.services.mail.outbox.processDue()
    expect(failed).toEqual({ sent: 0, retry: 1, failed: 0 })
    const [row] = await app.db.select().from(outgoingEmails)
    expect(row).toMatchObject({ status: 'pending', attempts: 1, kind: 'admin-new-inquiry' })
    expect(row!.lastError).toBeTruthy()
    expect(row!.nextAttemptAt.getTime()).toBeGreaterThan(clock.now().getTime())

    const revived = await new TestSmtpServer(port).start()
    try {
      // Not due yet: the retry waits for its backoff.
      expect((await app.services.mail.outbox.processDue()).sent).toBe(0)
      clock.advanceMinutes(2)
      expect(await app.services.mail.outbox.processDue()).toEqual({ sent: 1, retry: 0, failed: 0 })
      expect(revived.to('guide@example.jp').map((m) => m.subject)).toEqual(['New inquiry from Maria Rossi'])
      const [sent] = await app.db.select().from(outgoingEmails)
      expect(sent).toMatchObject({ status: 'sent', attempts: 2, lastError: null })
    } finally {
      await revived.stop()
    }
  })

  it('sends the payment confirmation with an .ics whose DTSTART is the tour start in Japan time', async () => {
    await addAdmin(app, 'guide', 'guide@example.jp')
    const tourDate = addDays(todayInTokyo(clock.now()), 20)
    const booking = await insertBooking(app, { tourDate, tourTime: 'afternoon', status: 'paid', paidAt: clock.now() })
    await app.db.transaction((tx) => app.services.bookingEvents.paid(tx, booking))
    // A second report of the same payment (webhook and return page) sends nothing more.
    await app.db.transaction((tx) => app.services.bookingEvents.paid(tx, booking))

    await app.services.mail.outbox.processDue()
    const guestMails = smtp.to('guest@example.net')
    expect(guestMails.map((m) => m.subject)).toEqual([`Payment confirmed: your tour on ${longDate(tourDate)}`])
    const adminMails = smtp.to('guide@example.jp')
    expect(adminMails.map((m) => m.subject)).toEqual(['Payment received: ¥14,300 from Kenji Tanaka'])

    const ics = guestMails[0]!.attachments.find((a) => a.filename === 'tour.ics')
    expect(ics).toBeDefined()
    expect(ics!.contentType).toBe('text/calendar')
    const text = ics!.content.toString('utf8')
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/)
    expect(text).toMatch(/\r\nEND:VCALENDAR\r\n$/)
    expect(text).toContain('BEGIN:VEVENT')
    // 14:00 in Joetsu is 05:00 UTC the same day; a half-day tour lasts 5 hours.
    const compact = tourDate.replace(/-/g, '')
    expect(text).toContain(`DTSTART:${compact}T050000Z`)
    expect(text).toContain(`DTEND:${compact}T100000Z`)
    expect(text).toMatch(/UID:booking-REF\w+@127\.0\.0\.1/)
    expect(text.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true)
    expect(guestMails[0]!.text).toContain('2:00 PM (Japan time)')
  })

  it('sends the full-day start from the configured start time (09:00 Japan = 00:00 UTC, 9 hours)', async () => {
    const tourDate = addDays(todayInTokyo(clock.now()), 21)
    const [full] = await app.db.select().from(tourPackages).where(eq(tourPackages.slug, 'full-day'))
    const booking = await insertBooking(app, { tourDate, tourTime: 'full-day', tourPackageId: full!.id, totalPrice: 22000, status: 'paid' })
    await app.db.transaction((tx) => app.services.bookingEvents.paid(tx, booking))
    await app.services.mail.outbox.processDue()
    const ics = smtp.to('guest@example.net')[0]!.attachments[0]!.content.toString('utf8')
    const compact = tourDate.replace(/-/g, '')
    expect(ics).toContain(`DTSTART:${compact}T000000Z`)
    expect(ics).toContain(`DTEND:${compact}T090000Z`)
  })

  it('writes each admin’s e-mail in the language they chose for the dashboard, English until they choose (docs/decisions/0086)', async () => {
    await addAdmin(app, 'guide', 'guide@example.jp', { language: 'ja' })
    await addAdmin(app, 'helper-admin', 'helper@example.jp')
    const booking = await insertBooking(app)
    await app.db.transaction((tx) => app.services.bookingEvents.created(tx, booking))
    await app.services.mail.outbox.processDue()

    const [japanese] = smtp.to('guide@example.jp')
    expect(japanese!.subject).toBe(`新しい予約：Kenji Tanaka 様、${formatLongDate(booking.tourDate, 'ja')}`)
    expect(japanese!.html).toContain('<html lang="ja"')
    expect(japanese!.text).toContain('お支払いまで枠を確保しています。')
    const [english] = smtp.to('helper@example.jp')
    expect(english!.subject).toBe(`New booking: Kenji Tanaka, ${longDate(booking.tourDate)}`)

    const inquiry = await app.client().post('/api/contact', INQUIRY)
    expect(inquiry.status).toBe(201)
    await app.services.mail.outbox.processDue()
    expect(smtp.to('guide@example.jp').map((m) => m.subject)).toContain('Maria Rossi 様からのお問い合わせ')
    expect(smtp.to('helper@example.jp').map((m) => m.subject)).toContain('New inquiry from Maria Rossi')
  })

  it('sends the guest "booking received" with the pay link and the admin "new booking"', async () => {
    await addAdmin(app, 'guide', 'guide@example.jp')
    const booking = await insertBooking(app)
    await app.db.transaction((tx) => app.services.bookingEvents.created(tx, booking))
    await app.services.mail.outbox.processDue()

    const [guest] = smtp.to('guest@example.net')
    expect(guest!.subject).toMatch(/^Booking received:/)
    const payUrl = `${app.config.baseUrl}/checkout/${booking.reference}`
    expect(guest!.text).toContain(payUrl)
    expect(guest!.html).toContain(`href="${payUrl}"`)
    expect(guest!.text).toContain('¥14,300 (tax included)')
    const [admin] = smtp.to('guide@example.jp')
    expect(admin!.subject).toBe(`New booking: Kenji Tanaka, ${longDate(booking.tourDate)}`)
    expect(admin!.html).toContain(`/admin/dashboard?tab=bookings&amp;bookingId=${booking.id}`)
  })

  it('writes the guest’s e-mails in the language they booked in, links to their language’s pages, and tells the guide in English', async () => {
    await addAdmin(app, 'guide', 'guide@example.jp')
    let tourDate = addDays(todayInTokyo(clock.now()), 10)
    while (dayOfWeek(tourDate) !== 6) tourDate = addDays(tourDate, 1)
    const made = await app
      .client()
      .post('/api/bookings', { name: '김민지', email: 'minji@example.net', phone: '+82 10 1234 5678', numberOfPeople: 2, tourPackageId: 1, tourDate, tourTime: 'morning', locale: 'ko', acceptPolicy: true })
    expect(made.status, made.text).toBe(201)
    const [stored] = await app.db.select().from(bookings).where(eq(bookings.reference, made.json.reference as string))
    expect(stored!.locale).toBe('ko')
    await app.services.mail.outbox.processDue()

    const [guest] = smtp.to('minji@example.net')
    expect(guest!.subject).toBe(`예약 접수: ${formatLongDate(tourDate, 'ko')} – 결제를 완료해 주세요`)
    expect(guest!.html).toContain('<html lang="ko">')
    expect(guest!.text).toContain(`${app.config.baseUrl}/ko/checkout/${stored!.reference}`)
    // The tour by its Korean name for the guest (docs/decisions/0045), its English one for the guide.
    expect(guest!.text).toContain('반일 프라이빗 투어')
    const [admin] = smtp.to('guide@example.jp')
    expect(admin!.subject).toBe(`New booking: 김민지, ${longDate(tourDate)}`)
    expect(admin!.text).toContain('한국어 (ko)')
    expect(admin!.text).toContain('Half-Day Private Tour')

    // An unknown language is English, not an error.
    const other = await app.client().post('/api/bookings', { name: 'Ana Silva', email: 'ana@example.net', phone: '+351 912 345 678', numberOfPeople: 2, tourPackageId: 1, tourDate, tourTime: 'afternoon', locale: 'pt', acceptPolicy: true })
    expect(other.status, other.text).toBe(201)
    const [english] = await app.db.select().from(bookings).where(eq(bookings.reference, other.json.reference as string))
    expect(english!.locale).toBe('en')
  })

  it('sends the cancellation notice with the refund', async () => {
    const booking = await insertBooking(app, { status: 'cancelled', paidAt: clock.now(), cancelledAt: clock.now() })
    await app.db.transaction((tx) => app.services.bookingEvents.cancelled(tx, booking, { reason: 'cancelled by the guide for weather', refund: 14300 }))
    await app.services.mail.outbox.processDue()
    const [guest] = smtp.to('guest@example.net')
    expect(guest!.subject).toBe(`Booking cancelled: ${longDate(booking.tourDate)}`)
    expect(guest!.text).toContain('A refund of ¥14,300 is on its way')
  })

  it('tells the guest when the admin confirms the booking, with the calendar file, once', async () => {
    const booking = await insertBooking(app)
    const admin = await app.loggedIn(true)
    expect((await admin.patch(`/api/bookings/${booking.id}/status`, { status: 'confirmed' })).status).toBe(200)
    // Saying it again changes nothing and sends nothing more.
    expect((await admin.patch(`/api/bookings/${booking.id}/status`, { status: 'confirmed' })).status).toBe(200)
    await app.services.mail.outbox.processDue()

    const guestMails = smtp.to('guest@example.net')
    expect(guestMails.map((m) => m.subject)).toEqual([`Booking confirmed: your tour on ${longDate(booking.tourDate)}`])
    expect(guestMails[0]!.text).toContain('The date and time are held for you')
    expect(guestMails[0]!.text).not.toMatch(/released/)
    const ics = parseCalendar(guestMails[0]!.attachments.find((a) => a.filename === 'tour.ics')!.content.toString('utf8'))
    expect(ics.method).toBe('PUBLISH')
    expect(ics.uid).toBe(`booking-${booking.reference}@127.0.0.1`)
  })

  it('apologises for a weather cancellation, says what happens next and removes the event from the guest\'s calendar', async () => {
    const booking = await insertBooking(app, { status: 'paid', paidAt: clock.now(), paymentIntentId: null })
    await app.db.transaction((tx) => app.services.bookingEvents.paid(tx, booking))
    await app.loggedIn(true)
    const res = await guideCancels(app, booking.id, { cause: 'guide-weather', refundAmount: 0 })
    expect(res.status).toBe(200)
    await app.services.mail.outbox.processDue()

    const [invitationMail, cancelMail] = smtp.to('guest@example.net')
    expect(cancelMail!.subject).toBe(`Sorry, your tour on ${longDate(booking.tourDate)} is cancelled`)
    expect(cancelMail!.text).toContain('We are very sorry: because of the weather we have had to cancel your tour')
    expect(cancelMail!.text).toContain('we would love to show you around on another day')
    const invitation = parseCalendar(invitationMail!.attachments.find((a) => a.filename === 'tour.ics')!.content.toString('utf8'))
    const cancellation = parseCalendar(cancelMail!.attachments.find((a) => a.filename === 'tour-cancelled.ics')!.content.toString('utf8'))
    expect(cancellation.method).toBe('CANCEL')
    expect(cancellation.status).toBe('CANCELLED')
    expect(cancellation.uid).toBe(invitation.uid)
    expect(cancellation.sequence).toBeGreaterThan(invitation.sequence)
    expect(cancellation.start).toBe(invitation.start)
  })

  it('tells a guest who cancelled it themselves that it is done, in plain words, with no calendar file when none was sent', async () => {
    // A reference the public routes accept (core/reference.ts).
    const booking = await insertBooking(app, { reference: 'GVESTCANCE12' })
    const res = await app.client().post(`/api/bookings/${booking.reference}/cancel`)
    expect(res.status).toBe(200)
    await app.services.mail.outbox.processDue()
    const [guest] = smtp.to('guest@example.net')
    expect(guest!.text).toContain(`As you asked, your booking for ${longDate(booking.tourDate)} has been cancelled.`)
    expect(guest!.text).not.toContain('(cancelled by the guest)')
    expect(guest!.attachments).toEqual([])
  })

  it('tells the guest and the admins when an unpaid hold expires', async () => {
    await addAdmin(app, 'guide', 'guide@example.jp')
    const booking = await insertBooking(app, { status: 'cancelled', cancelledAt: clock.now(), cancellationReason: 'payment not completed in time' })
    await app.db.transaction((tx) => app.services.bookingEvents.expired(tx, booking))
    await app.services.mail.outbox.processDue()
    const [guest] = smtp.to('guest@example.net')
    expect(guest!.subject).toBe(`Booking cancelled: ${longDate(booking.tourDate)}`)
    expect(guest!.text).toContain('payment not completed in time')
    expect(guest!.text).toContain('No payment was taken')
    expect(smtp.to('guide@example.jp').map((m) => m.subject)).toEqual([`Booking expired: Kenji Tanaka, ${longDate(booking.tourDate)}`])
  })

  it('sends the reminder two days before the tour exactly once, even when the job runs twice at the same time', async () => {
    const today = todayInTokyo(clock.now())
    const soon = await insertBooking(app, { tourDate: addDays(today, 2), status: 'paid' })
    await insertBooking(app, { tourDate: addDays(today, 3), status: 'paid', tourTime: 'morning', email: 'later@example.net' })
    await insertBooking(app, { tourDate: addDays(today, 2), status: 'cancelled', tourTime: 'morning', email: 'cancelled@example.net' })

    const queued = await Promise.all([app.services.mail.queueReminders(), app.services.mail.queueReminders()])
    expect(queued[0] + queued[1]).toBe(1)
    await Promise.all([app.services.mail.outbox.processDue(), app.services.mail.outbox.processDue()])
    await app.services.mail.queueReminders()
    await app.services.mail.outbox.processDue()

    expect(smtp.to('guest@example.net').map((m) => m.subject)).toEqual([`See you soon: your tour on ${longDate(soon.tourDate)}`])
    expect(smtp.to('later@example.net')).toHaveLength(0)
    expect(smtp.to('cancelled@example.net')).toHaveLength(0)
    const [marked] = await app.db.select().from(bookings).where(eq(bookings.id, soon.id))
    expect(marked!.reminderSentAt).not.toBeNull()

    // The next day the later tour is two days away and gets its own reminder.
    clock.advanceMinutes(24 * 60)
    await app.services.mail.queueReminders()
    await app.services.mail.outbox.processDue()
    expect(smtp.to('later@example.net')).toHaveLength(1)
    expect(smtp.to('guest@example.net')).toHaveLength(1)
  })

  it('attaches the tour’s calendar file to the reminder, as the same event as the invitation with a higher SEQUENCE, and a later cancellation supersedes it', async () => {
    const booking = await insertBooking(app, { tourDate: addDays(todayInTokyo(clock.now()), 2), status: 'paid', paidAt: clock.now() })
    await app.db.transaction((tx) => app.services.bookingEvents.paid(tx, booking))
    expect(await app.services.mail.queueReminders()).toBe(1)
    await app.services.mail.outbox.processDue()

    const guestMail = (subject: RegExp) => smtp.to('guest@example.net').find((m) => subject.test(m.subject ?? ''))!
    const calendarOf = (mail: ReturnType<typeof guestMail>, filename: string) => parseCalendar(mail.attachments.find((a) => a.filename === filename)!.content.toString('utf8'))
    const invitation = calendarOf(guestMail(/^Payment confirmed/), 'tour.ics')
    const reminderMail = guestMail(/^See you soon/)
    expect(reminderMail.attachments.map((a) => [a.filename, a.contentType])).toEqual([['tour.ics', 'text/calendar']])
    const reminder = calendarOf(reminderMail, 'tour.ics')
    expect(reminder).toMatchObject({ method: 'PUBLISH', uid: invitation.uid, start: invitation.start, status: invitation.status })
    expect(reminder.sequence).toBeGreaterThan(invitation.sequence)

    await app.loggedIn(true)
    expect((await guideCancels(app, booking.id, { cause: 'guide-weather', refundAmount: 0 })).status).toBe(200)
    await app.services.mail.outbox.processDue()
    const cancellation = calendarOf(guestMail(/is cancelled$/), 'tour-cancelled.ics')
    expect(cancellation.uid).toBe(invitation.uid)
    expect(cancellation.sequence).toBeGreaterThan(reminder.sequence)
  })

  it('never sends one message twice when two senders run at once', async () => {
    await addAdmin(app, 'guide', 'guide@example.jp')
    await addAdmin(app, 'second', 'second@example.jp')
    for (let i = 0; i < 6; i++) {
      expect((await app.client().post('/api/contact', { ...INQUIRY, name: `Visitor ${i}` })).status).toBe(201)
    }
    const runs = await Promise.all([app.services.mail.outbox.processDue({ batchSize: 3 }), app.services.mail.outbox.processDue({ batchSize: 3 })])
    expect(runs[0].sent + runs[1].sent).toBe(12)
    expect(smtp.messages).toHaveLength(12)
    const keys = smtp.messages.map((m) => `${m.subject}|${(m.to as { text: string }).text}`)
    expect(new Set(keys).size).toBe(12)
  })

  describe('POST /api/admin/test-email', () => {
    it('is admin-only', async () => {
      expect((await app.client().post('/api/admin/test-email', { email: 'x@example.jp' })).status).toBe(401)
      const helper = await app.loggedIn(false)
      expect((await helper.post('/api/admin/test-email', { email: 'x@example.jp' })).status).toBe(403)
      expect(smtp.messages).toHaveLength(0)
    })

    it('sends a test message at once and reports success', async () => {
      const admin = await app.loggedIn(true)
      const res = await admin.post('/api/admin/test-email', { email: 'owner@example.jp' })
      expect(res.status).toBe(200)
      expect(res.json.message).toBe('Test email sent to owner@example.jp')
      expect(smtp.to('owner@example.jp').map((m) => m.subject)).toEqual(['Test e-mail from Joetsu Local Tours'])
    })

    it('answers 400 with the spec message for an empty address', async () => {
      const admin = await app.loggedIn(true)
      const res = await admin.post('/api/admin/test-email', { email: '   ' })
      expect(res.status).toBe(400)
      expect(res.json.message).toBe('Please enter an email address')
      expect((await admin.post('/api/admin/test-email', {})).json.message).toBe('Please enter an email address')
      expect((await admin.post('/api/admin/test-email', { email: 'not-an-address' })).status).toBe(400)
    })

    it('reports the SMTP error with 502 when the server is down', async () => {
      const admin = await app.loggedIn(true)
      await smtp.stop()
      const res = await admin.post('/api/admin/test-email', { email: 'owner@example.jp' })
      expect(res.status).toBe(502)
      expect(res.json.message).toMatch(/^Failed to send test email: .*(ECONNREFUSED|connect)/i)
    })
  })
})

describe.each(ENGINES)('e-mail without SMTP (outbox folder) on %s', (engine) => {
  let app: TestApp
  beforeEach(async () => {
    app = await startTestApp(engine)
  })
  afterEach(async () => {
    await app.close()
  })

  it('writes each message as a readable .eml file under DATA_DIR/outbox', async () => {
    expect(app.config.env.SMTP_URL).toBeUndefined()
    await addAdmin(app, 'guide', 'guide@example.jp')
    expect((await app.client().post('/api/contact', INQUIRY)).status).toBe(201)
    expect(await app.services.mail.outbox.processDue()).toEqual({ sent: 1, retry: 0, failed: 0 })

    const folder = path.join(app.config.dataDir, 'outbox')
    const files = fs.readdirSync(folder).filter((f) => f.endsWith('.eml'))
    expect(files).toHaveLength(1)
    const mail = await simpleParser(fs.readFileSync(path.join(folder, files[0]!)))
    expect(mail.subject).toBe('New inquiry from Maria Rossi')
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe('guide@example.jp')
    expect(mail.from?.value[0]).toMatchObject({ name: 'Joetsu Local Tours', address: 'hello@example.com' })
    expect(mail.text).toContain('We would love a relaxed day')
    expect(mail.html).toContain('Maria Rossi')
  })

  it('writes the payment e-mail with its calendar file, and the test e-mail, to the folder', async () => {
    const booking = await insertBooking(app, { status: 'paid' })
    await app.db.transaction((tx) => app.services.bookingEvents.paid(tx, booking))
    await app.services.mail.outbox.processDue()
    const admin = await app.loggedIn(true)
    const res = await admin.post('/api/admin/test-email', { email: 'owner@example.jp' })
    expect(res.status).toBe(200)
    expect(res.json.message).toMatch(/outbox folder/)

    const folder = path.join(app.config.dataDir, 'outbox')
    const mails = await Promise.all(fs.readdirSync(folder).map((f) => simpleParser(fs.readFileSync(path.join(folder, f)))))
    const payment = mails.find((m) => m.subject?.startsWith('Payment confirmed'))
    expect(payment?.attachments.map((a) => a.filename)).toEqual(['tour.ics'])
    expect(mails.some((m) => m.subject === 'Test e-mail from Joetsu Local Tours')).toBe(true)
  })
})

function longDate(date: string) {
  // Kept independent of the code under test's formatter on purpose.
  const [y, m, d] = date.split('-').map(Number) as [number, number, number]
  const utc = new Date(Date.UTC(y, m - 1, d))
  return `${utc.toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' })}, ${utc.toLocaleDateString('en-US', { month: 'long', timeZone: 'UTC' })} ${d}, ${y}`
}

/** A calendar file read back with ical.js, as a calendar app reads it. */
function parseCalendar(text: string) {
  const calendar = new ICAL.Component(ICAL.parse(text))
  const [event] = calendar.getAllSubcomponents('vevent')
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: event!.getFirstPropertyValue('uid'),
    status: event!.getFirstPropertyValue('status'),
    sequence: Number(event!.getFirstPropertyValue('sequence')),
    start: (event!.getFirstPropertyValue('dtstart') as ICAL.Time).toJSDate().toISOString(),
  }
}
