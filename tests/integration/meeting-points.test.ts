import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import ICAL from 'ical.js'
import { bookings, meetingPoints, slotClaims, tourPackages, tripSettings, users } from '../../server/db/schema.ts'
import { HOTEL_MESSAGE, MEETING_POINT_MESSAGE, PICKUP_OFF_MESSAGE, type MeetingPlace } from '../../core/meeting-points.ts'
import { ENGINES } from './databases.ts'
import { startTestApp, TestClock, type TestApp } from './app.ts'
import { startSmtp, type TestSmtpServer } from './smtp.ts'
import { loadTripPage, postBookingPage } from './booking-page.ts'
import { phonePhoto } from './crafted-images.ts'
import { openDatabase } from '../../server/db/client.ts'
import { createServices } from '../../server/services/index.ts'
import { createLogger } from '../../server/logger.ts'
import { parseCsv } from './csv.ts'
import { action as settingsAction } from '../../app/routes/admin/settings.tsx'
import { action as photosAction } from '../../app/routes/admin/photos.tsx'
import { meetingPointSchema } from '../../core/schemas/meeting-point.ts'
import { TRANSLATED_LOCALES } from '../../core/schemas/translations.ts'
import { TOUR_TIMES, type TourTime } from '../../core/slots.ts'
import { TRIP_SEASONS, whatToBringSchema } from '../../core/what-to-bring.ts'
import { postAdminSection } from './admin-section.ts'
import { dashboardBooking } from './guide-desk.ts'

/**
 * docs/decisions/0052: the guest chooses where to meet (a meeting
 * point or a pickup at their hotel) through every way in; the server refuses what is not offered;
 * the trip page, the e-mails and the calendar file say where, with map links and what to bring.
 */

// Wednesday 2030-05-01, 12:00 in Japan; Saturday 05-11 is bookable.
const NOW = '2030-05-01T03:00:00.000Z'
const SAT = '2030-05-11'

type Way = 'api' | 'form' | 'data'
const WAYS: Way[] = ['api', 'form', 'data']

describe.each(ENGINES)('meeting points and hotel pickup on %s', (engine) => {
  let app: TestApp
  let halfDay: number
  let station: number
  let takada: number
  let address = 10
  beforeEach(async () => {
    app = await startTestApp(engine, { clock: new TestClock(new Date(NOW)), env: { RATE_LIMIT_BOOKINGS_PER_HOUR: '1000' } })
    const packages = await app.db.select().from(tourPackages)
    halfDay = packages.find((p) => p.isHalfDay)!.id
    const points = await app.db.select().from(meetingPoints)
    station = points.find((p) => p.name === 'Joetsu-Myoko Station')!.id
    takada = points.find((p) => p.name === 'Takada Station')!.id
  })
  afterEach(async () => {
    await app.close()
  })

  const details = (overrides: Record<string, unknown> = {}) => ({
    name: 'Aiko Tanaka',
    email: `aiko${address}@example.com`,
    phone: '+44 7700 900123',
    numberOfPeople: 2,
    tourPackageId: halfDay,
    tourDate: SAT,
    tourTime: 'morning',
    acceptPolicy: true,
    ...overrides,
  })

  /** One booking request through one way in: the JSON API, the page's plain form post, or its data request. */
  async function book(way: Way, body: Record<string, unknown>, path = '/booking.data') {
    address++
    if (way === 'api') {
      const res = await app.client().post('/api/bookings', body)
      return { status: res.status, errors: res.json?.errors as Record<string, string> | undefined }
    }
    const fields = Object.fromEntries(Object.entries(body).map(([k, v]) => [k, v === true ? 'on' : String(v)]))
    const res = await postBookingPage(app, fields, { byScript: way === 'data', path, clientAddress: `192.0.2.${address}` })
    return { status: res.status, errors: (res.data?.errors ?? undefined) as Record<string, string> | undefined }
  }

  const stored = () => app.db.select().from(bookings)

  /**
   * One of Settings' trip forms by script (docs/decisions/0052, 0088), as the admin that
   * app.loggedIn(true) made, refused in English.
   */
  const settingsForm = async (fields: Record<string, string>) => {
    const res = await postAdminSection(app, settingsAction, '/admin/settings', fields, { byScript: true, username: 'guide-admin', language: 'en' })
    const data = res.data as { result?: Record<string, unknown> & { id: number }; message?: string; errors?: Record<string, string> } | null
    return { status: res.status, result: data?.result, message: data?.message, errors: data?.errors ?? {} }
  }
  type PointFields = { name: string; address: string; addressJa: string; latitude: number | string; longitude: number | string; instructions: string; translations?: Record<string, { name?: string; instructions?: string; address?: string }>; photoMediaId?: number | null }
  /** A meeting point's form: each other language's words in fields of their own ('name-ja'), as the panel sends them. */
  const pointFields = ({ translations = {}, photoMediaId = null, ...point }: PointFields) => ({
    ...Object.fromEntries(Object.entries(point).map(([key, value]) => [key, String(value ?? '')])),
    ...Object.fromEntries(
      TRANSLATED_LOCALES.flatMap(({ code }) => (['name', 'instructions', 'address'] as const).map((field) => [`${field}-${code}`, translations[code]?.[field] ?? ''])),
    ),
    photoMediaId: photoMediaId === null ? '' : String(photoMediaId),
  })
  const addPoint = (point: PointFields) => settingsForm({ intent: 'addPoint', ...pointFields(point) })
  const updatePoint = (id: number | string, point: PointFields) => settingsForm({ intent: 'updatePoint', id: String(id), ...pointFields(point) })
  const offerPoint = (id: number, active: boolean) => settingsForm({ intent: 'pointOffered', id: String(id), active: String(active) })
  /** The trip settings' form in one language: pickup, each slot's usual place (as stored unless changed) and that language's seasonal texts. */
  const saveTripSettings = async (change: { defaults?: Partial<Record<TourTime, number | null>>; locale?: string; texts?: Record<string, string> }) => {
    const { pickupEnabled, defaults } = await app.services.trip.settings()
    const chosen = { ...defaults, ...change.defaults }
    return settingsForm({
      intent: 'tripSettings',
      ...(pickupEnabled ? { pickupEnabled: 'on' } : {}),
      ...Object.fromEntries(TOUR_TIMES.map((time) => [`default-${time}`, chosen[time] == null ? '' : String(chosen[time])])),
      locale: change.locale ?? 'en',
      ...Object.fromEntries(TRIP_SEASONS.map((season) => [`bring-${season}`, change.texts?.[season] ?? ''])),
    })
  }

  it.each(WAYS)('stores the meeting point or the hotel pickup the guest chose through %s', async (way) => {
    expect((await book(way, details({ meetingPoint: String(takada) }))).status).toBeLessThan(400)
    expect((await book(way, details({ tourTime: 'afternoon', meetingPoint: 'pickup', pickupHotel: '  Hotel Centraal Joetsu ' }))).status).toBeLessThan(400)
    const rows = await stored()
    expect(rows.map((r) => [r.tourTime, r.meetingPointId, r.pickupHotel]).sort()).toEqual([
      ['afternoon', null, 'Hotel Centraal Joetsu'],
      ['morning', takada, null],
    ])
  })

  it('gives a booking that names no place its slot’s usual one, as the guide set it', async () => {
    await app.db.update(tripSettings).set({ afternoonPointId: takada })
    expect((await book('api', details())).status).toBe(201)
    expect((await book('api', details({ tourTime: 'afternoon' }))).status).toBe(201)
    const rows = await stored()
    expect(rows.map((r) => [r.tourTime, r.meetingPointId]).sort()).toEqual([
      ['afternoon', takada],
      ['morning', station],
    ])
  })

  const refusals: [string, Record<string, unknown>, Record<string, string>][] = [
    ['an unknown place', { meetingPoint: '999999' }, { meetingPoint: MEETING_POINT_MESSAGE }],
    ['an id too large for the database', { meetingPoint: '99999999999' }, { meetingPoint: MEETING_POINT_MESSAGE }],
    ['something that is no id', { meetingPoint: "1' or '1'='1" }, { meetingPoint: MEETING_POINT_MESSAGE }],
    ['a pickup without the hotel', { meetingPoint: 'pickup', pickupHotel: '   ' }, { pickupHotel: HOTEL_MESSAGE }],
    ['a hotel name over two lines', { meetingPoint: 'pickup', pickupHotel: 'Hotel\nBcc: x@example.com' }, { pickupHotel: 'Hotel name must be on one line, without control characters' }],
    ['a hotel name too long', { meetingPoint: 'pickup', pickupHotel: 'H'.repeat(121) }, { pickupHotel: 'Hotel name must be at most 120 characters' }],
  ]
  for (const way of WAYS) {
    it.each(refusals)(`refuses %s through ${way} with a 400 naming the field, and stores nothing`, async (_case, fields, errors) => {
      const res = await book(way, details(fields))
      expect(res.status).toBe(400)
      expect(res.errors).toEqual(errors)
      expect(await stored()).toHaveLength(0)
      expect(await app.db.select().from(slotClaims)).toHaveLength(0)
    })
  }

  it.each(WAYS)('refuses a place the guide stopped offering, and a pickup switched off, through %s', async (way) => {
    await app.loggedIn(true)
    expect((await offerPoint(takada, false)).status).toBe(200)
    expect(await book(way, details({ meetingPoint: String(takada) }))).toEqual({ status: 400, errors: { meetingPoint: MEETING_POINT_MESSAGE } })
    await app.db.update(tripSettings).set({ pickupEnabled: false })
    expect(await book(way, details({ meetingPoint: 'pickup', pickupHotel: 'Hotel Centraal' }))).toEqual({ status: 400, errors: { meetingPoint: PICKUP_OFF_MESSAGE } })
    expect(await stored()).toHaveLength(0)
  })

  it('refuses in the guest’s language on a translated page', async () => {
    const res = await book('data', details({ meetingPoint: 'pickup' }), '/ja/booking.data')
    expect(res.errors).toEqual({ pickupHotel: '上越市内のホテル名を入力してください' })
  })

  it('keeps a booking’s place when the guide stops offering it, and never deletes a place a booking names', async () => {
    expect((await book('api', details({ meetingPoint: String(takada) }))).status).toBe(201)
    await app.loggedIn(true)
    expect((await offerPoint(takada, false)).status).toBe(200)
    const [row] = await stored()
    const view = await app.client().get(`/api/bookings/${row!.reference}`)
    expect(view.json.meeting).toMatchObject({ kind: 'point', name: 'Takada Station' })
    await expect(app.db.delete(meetingPoints).where(eq(meetingPoints.id, takada))).rejects.toThrow()
    // A place and a pickup together cannot be stored.
    await expect(app.db.update(bookings).set({ pickupHotel: 'Hotel' }).where(eq(bookings.id, row!.id))).rejects.toThrow()
  })

  it('shows the trip page with the place in the guest’s language, its map links, the taxi address and what to bring in the season', async () => {
    expect((await book('api', details({ meetingPoint: String(station), locale: 'ja' }))).status).toBe(201)
    const [row] = await stored()
    const page = await tripPage(`/ja/booking-confirmation/${row!.reference}`, row!.reference)
    const meeting = page.booking.meeting as MeetingPlace
    expect(meeting).toMatchObject({ kind: 'point', name: '上越妙高駅', address: '新潟県上越市大和5丁目 上越妙高駅', addressJa: '新潟県上越市大和5丁目 上越妙高駅' })
    expect(meeting.links.google).toBe('https://www.google.com/maps/search/?api=1&query=37.0785,138.2483')
    expect(meeting.links.geo).toBe(`geo:37.0785,138.2483?q=37.0785,138.2483(${encodeURIComponent('上越妙高駅')})`)
    // May: spring; the site's own Japanese text until the guide writes theirs.
    expect(page.whatToBring).toEqual({ season: 'spring', text: expect.stringContaining('高田公園') })

    // The guide's English shows, marked as English, until they write Japanese.
    await app.loggedIn(true)
    const saved = await saveTripSettings({ locale: 'en', texts: { spring: 'Bring a light jacket.' } })
    expect(saved.status, JSON.stringify(saved)).toBe(200)
    expect((await tripPage(`/ja/booking-confirmation/${row!.reference}`, row!.reference)).whatToBring).toEqual({ season: 'spring', text: 'Bring a light jacket.', lang: 'en' })
  })

  it('shows the guide where each booking meets: the booking dialog, the CSV and the calendar feed with LOCATION and GEO', async () => {
    expect((await book('api', details({ meetingPoint: String(takada) }))).status).toBe(201)
    expect((await book('api', details({ tourTime: 'afternoon', meetingPoint: 'pickup', pickupHotel: 'Hotel Centraal' }))).status).toBe(201)
    const rows = await stored()
    const byTime = (time: string) => rows.find((r) => r.tourTime === time)!
    const admin = await app.loggedIn(true)
    expect((await dashboardBooking(app, byTime('morning').id))!.meeting).toBe('Takada Station')
    expect((await dashboardBooking(app, byTime('afternoon').id))!.meeting).toBe('Hotel pickup: Hotel Centraal')
    const csv = parseCsv((await admin.get('/api/bookings.csv')).text)
    expect(csv.map((row) => row.meeting).sort()).toEqual(['Hotel pickup: Hotel Centraal', 'Takada Station'])

    const [guide] = await app.db.select().from(users).where(eq(users.username, 'guide-admin'))
    const url = (await app.services.calendarFeed.replace({ id: guide!.id, username: guide!.username })).url!
    const feed = new ICAL.Component(ICAL.parse((await app.client().get(new URL(url).pathname)).text))
    const events = feed.getAllSubcomponents('vevent')
    expect(events).toHaveLength(2)
    const morning = events.find((e) => String(e.getFirstPropertyValue('location')).includes('Takada Station'))!
    expect(String(morning.getFirstPropertyValue('location'))).toContain('Takada Station')
    expect(morning.getFirstPropertyValue('geo')).toEqual([37.1027, 138.2497])
    expect(String(morning.getFirstPropertyValue('description'))).toContain('Meeting: Takada Station')
    const pickup = events.find((e) => String(e.getFirstPropertyValue('location')).includes('Hotel Centraal'))!
    expect(String(pickup.getFirstPropertyValue('description'))).toContain('Meeting: Hotel pickup: Hotel Centraal')
    expect(pickup.getFirstPropertyValue('geo')).toBeNull()
  })

  it('erases the hotel with the rest of the guest’s data', async () => {
    expect((await book('api', details({ email: 'stay@example.com', meetingPoint: 'pickup', pickupHotel: 'Hotel Centraal' }))).status).toBe(201)
    const [row] = await stored()
    await app.services.refunds.cancel({ bookingId: row!.id, cause: 'guest', reason: 'cancelled by the guest' })
    await app.loggedIn(true)
    // Settings' erasure, as the page's fetcher posts it.
    expect((await postAdminSection(app, settingsAction, '/admin/settings', { intent: 'eraseGuest', email: 'stay@example.com' }, { byScript: true, username: 'guide-admin', language: 'en' })).status).toBe(200)
    const [erased] = await stored()
    expect(erased!.anonymizedAt).not.toBeNull()
    expect(erased!.pickupHotel).toBeNull()
  })

  it('shows the guide’s photo of the place on the trip page, served at the trip page’s sizes; a photo not in the library is refused', async () => {
    await app.loggedIn(true)
    const photo = await app.services.media.upload(await phonePhoto(1600, 1200, 3), 'gate.jpg', { alt: 'The Shinkansen gates', focalX: 50, focalY: 50 })
    const [point] = await app.db.select().from(meetingPoints).where(eq(meetingPoints.id, station))
    const body = { name: point!.name, address: point!.address, addressJa: point!.addressJa, latitude: point!.latitude, longitude: point!.longitude, instructions: point!.instructions, translations: point!.translations }
    const missing = await updatePoint(station, { ...body, photoMediaId: 999999 })
    expect(missing.status).toBe(404)
    expect(missing.errors).toEqual({ photoMediaId: 'Photo not found' })
    expect((await updatePoint(station, { ...body, photoMediaId: photo.id })).status).toBe(200)

    expect((await book('api', details({ meetingPoint: String(station) }))).status).toBe(201)
    const [row] = await stored()
    const page = await tripPage(`/booking-confirmation/${row!.reference}`, row!.reference)
    const shown = (page.booking.meeting as MeetingPlace).photo!
    expect(shown.alt).toBe('The Shinkansen gates')
    expect(shown.width / shown.height).toBeCloseTo(3 / 2, 2)
    const picture = await app.client().bytes(shown.src)
    expect(picture.status).toBe(200)
    expect(picture.headers.get('content-type')).toBe('image/jpeg')

    // A photo taken out of the library (the Photos section's delete) leaves the place without one.
    expect((await postAdminSection(app, photosAction, '/admin/photos', { intent: 'remove', id: String(photo.id) }, { byScript: true, username: 'guide-admin' })).status).toBe(200)
    const [after] = await app.db.select().from(meetingPoints).where(eq(meetingPoints.id, station))
    expect(after!.photoMediaId).toBeNull()
  })

  const tripPage = (path: string, reference: string) => loadTripPage(app, path, reference)

  describe('in the dashboard', () => {
    const point = { name: 'Naoetsu Station', address: 'Higashi-cho, Joetsu', addressJa: '新潟県上越市東町 直江津駅', latitude: 37.1693, longitude: 138.242, instructions: 'North exit.', translations: { ja: { name: '直江津駅' } } }

    it('is for admins only: a visitor or a helper posting the Settings forms is sent to the login page, and nothing changes', async () => {
      const helper = await app.createUser('helper-user', 'correct-horse-battery', false)
      const before = await app.db.select().from(meetingPoints)
      for (const user of [null, { id: helper.id, username: helper.username, isAdmin: false, language: null }]) {
        for (const fields of [{ intent: 'addPoint', ...pointFields(point) }, { intent: 'pointOffered', id: String(station), active: 'false' }] as Record<string, string>[]) {
          const request = new Request('http://127.0.0.1/admin/settings', { method: 'POST', body: new URLSearchParams(fields) })
          const context = { services: app.services, config: app.config, cspNonce: '', user, clientAddress: '192.0.2.9' }
          const answer = await settingsAction({ request, context, params: {} } as never).catch((thrown: unknown) => thrown)
          expect(answer).toBeInstanceOf(Response)
          expect((answer as Response).status).toBe(302)
          expect((answer as Response).headers.get('location')).toBe('/admin/login?denied=1&redirectTo=%2Fadmin%2Fsettings')
        }
      }
      expect(await app.db.select().from(meetingPoints)).toEqual(before)
    })

    it('has no JSON routes of its own any more: the dashboard saves through the Settings section', async () => {
      const admin = await app.loggedIn(true)
      for (const [method, path] of [
        ['GET', '/api/admin/trip'],
        ['POST', '/api/admin/meeting-points'],
        ['PUT', `/api/admin/meeting-points/${station}`],
        ['PUT', `/api/admin/meeting-points/${station}/active`],
        ['POST', `/api/admin/meeting-points/${station}/move`],
        ['PUT', '/api/admin/trip-settings'],
      ] as const) {
        expect((await admin.request(method, path, method === 'GET' ? undefined : {})).status, `${method} ${path}`).toBe(404)
      }
    })

    it('adds, edits, orders and stops offering places; the booking form offers what is offered, in order', async () => {
      await app.loggedIn(true)
      const added = await addPoint(point)
      expect(added.status).toBe(200)
      const id = added.result!.id
      expect((await updatePoint(id, { ...point, instructions: 'By the north exit.' })).result!.instructions).toBe('By the north exit.')
      expect((await settingsForm({ intent: 'movePoint', id: String(id), direction: 'up' })).status).toBe(200)
      expect((await offerPoint(station, false)).status).toBe(200)
      const offer = await app.services.trip.options('ja')
      expect(offer.points.map((p) => p.name)).toEqual(['直江津駅', '高田駅'])
      expect(offer.points[0]!.instructionsLang).toBe('en')
    })

    it('refuses a bad place with a 400 naming the field, and keeps what was stored', async () => {
      await app.loggedIn(true)
      for (const [change, field] of [
        [{ latitude: 91 }, 'latitude'],
        [{ longitude: 'east' }, 'longitude'],
        [{ name: '' }, 'name'],
        [{ addressJa: 'a\nb' }, 'addressJa'],
      ] as const) {
        const res = await updatePoint(station, { ...point, ...change })
        expect(res.status, field).toBe(400)
        expect(Object.keys(res.errors), field).toEqual([field])
      }
      // The form has fields for the site's languages only; the schema refuses any other a post names.
      expect(meetingPointSchema.safeParse({ ...point, translations: { fr: { name: 'Gare' } } }).success).toBe(false)
      expect((await updatePoint('abc', point)).status).toBe(400)
      expect((await updatePoint(99999, point)).status).toBe(404)
      const [kept] = await app.db.select().from(meetingPoints).where(eq(meetingPoints.id, station))
      expect(kept!.name).toBe('Joetsu-Myoko Station')
    })

    it.skipIf(engine !== 'postgres')('keeps one place offered when two instances stop offering the last two at once', async () => {
      const second = await openDatabase({ databaseUrl: (app.database as { url?: string }).url! })
      try {
        const other = createServices({ database: second, config: app.config, logger: createLogger('silent'), clock: app.clock })
        for (let round = 0; round < 10; round++) {
          await app.db.update(meetingPoints).set({ active: true })
          const results = await Promise.allSettled([app.services.trip.setActive(station, false), other.trip.setActive(takada, false)])
          expect(results.map((r) => r.status).sort(), `round ${round}`).toEqual(['fulfilled', 'rejected'])
          expect(await app.db.select().from(meetingPoints).where(eq(meetingPoints.active, true)), `round ${round}`).toHaveLength(1)
        }
      } finally {
        await second.close()
      }
    })

    it('keeps at least one place offered, and a slot’s usual place among the offered', async () => {
      await app.loggedIn(true)
      expect((await offerPoint(takada, false)).status).toBe(200)
      expect((await offerPoint(station, false)).status).toBe(409)
      const res = await saveTripSettings({ defaults: { morning: takada } })
      expect(res.status).toBe(400)
      // The form has a field per season only; the stored texts' schema refuses any other season.
      expect(whatToBringSchema.safeParse({ monsoon: { en: 'x' } }).success).toBe(false)
      const [row] = await app.db.select().from(tripSettings)
      expect(row!.morningPointId).toBe(station)
    })
  })
})

describe.each(ENGINES)('the e-mails keep the trip page’s promise on %s', (engine) => {
  let app: TestApp
  let smtp: TestSmtpServer
  beforeEach(async () => {
    smtp = await startSmtp()
    app = await startTestApp(engine, { clock: new TestClock(new Date(NOW)), env: { SMTP_URL: smtp.url, MAIL_FROM: 'Joetsu Local Tours <tours@example.jp>' } })
  })
  afterEach(async () => {
    await app.close()
    await smtp.stop()
  })

  it('the payment confirmation and the reminder hold everything the trip page promises; the calendar file has LOCATION and GEO', async () => {
    const [pkg] = await app.db.select().from(tourPackages).where(eq(tourPackages.isHalfDay, true))
    const res = await app.client().post('/api/bookings', {
      name: 'Aiko Tanaka',
      email: 'aiko@example.com',
      phone: '+44 7700 900123',
      numberOfPeople: 2,
      tourPackageId: pkg!.id,
      tourDate: SAT,
      tourTime: 'morning',
      acceptPolicy: true,
    })
    expect(res.status).toBe(201)
    const [booking] = await app.db.select().from(bookings)
    await app.services.lifecycle.apply(booking!.id, { type: 'status', to: 'paid' })
    // Two days before the tour the reminder goes.
    app.clock.advanceMinutes(8 * 24 * 60)
    await app.services.mail.queueReminders()
    await app.services.mail.outbox.processDue()

    const page = await loadTripPage(app, `/booking-confirmation/${booking!.reference}`, booking!.reference)
    const meeting = page.booking.meeting as MeetingPlace
    const promises = [meeting.name, meeting.address, meeting.addressJa, meeting.instructions, meeting.links.google, meeting.links.apple, page.whatToBring!.text, booking!.reference]

    const mails = smtp.to('aiko@example.com')
    const confirmation = mails.find((m) => m.subject?.startsWith('Payment confirmed'))!
    const reminder = mails.find((m) => m.subject?.startsWith('See you soon'))!
    for (const mail of [confirmation, reminder]) {
      for (const promise of promises) {
        expect(mail.text, `${mail.subject}: ${promise}`).toContain(promise)
        expect(mail.html, `${mail.subject}: ${promise}`).toContain(promise.replaceAll('&', '&amp;'))
      }
      // The guide's WhatsApp, the message naming the booking, as the trip page's button.
      expect(mail.html).toContain(`?text=${encodeURIComponent(`Hello! About my booking ${booking!.reference}: `)}"`)
    }

    const ics = new ICAL.Component(ICAL.parse(confirmation.attachments.find((a) => a.filename === 'tour.ics')!.content.toString('utf8')))
    const event = ics.getFirstSubcomponent('vevent')!
    expect(String(event.getFirstPropertyValue('location'))).toContain('Joetsu-Myoko Station')
    expect(String(event.getFirstPropertyValue('location'))).toContain('Yamato 5-chome, Joetsu, Niigata')
    expect(event.getFirstPropertyValue('geo')).toEqual([37.0785, 138.2483])
  })
})
