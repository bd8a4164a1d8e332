import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { contactMessages, notifications, outgoingEmails, users } from '../../server/db/schema.ts'
import { ENGINES } from './databases.ts'
import { startTestApp, TestClock, type TestApp } from './app.ts'
import { handleContactAction } from '../../app/components/contact/contact-action.server.ts'
import { CONTACT_RATE_LIMITED_MESSAGE } from '../../server/services/contact.ts'

/** Run the /contact route action the way React Router would, with a form body. */
async function runAction(app: TestApp, fields: Record<string, string>, clientAddress = '192.0.2.10') {
  const request = new Request('http://127.0.0.1/contact', { method: 'POST', body: new URLSearchParams(fields) })
  try {
    const result = await handleContactAction(request, app.services.contact, clientAddress)
    const headers = new Headers(result.init?.headers)
    return { kind: 'data' as const, status: result.init?.status ?? 200, data: result.data, retryAfter: headers.get('retry-after') }
  } catch (thrown) {
    if (thrown instanceof Response) return { kind: 'redirect' as const, status: thrown.status, location: thrown.headers.get('location') }
    throw thrown
  }
}

/** Contact inquiries, the notifications API and the messages API (docs/decisions/0010, 0041). */

const INQUIRY = {
  name: 'Maria Rossi',
  email: 'maria@example.org',
  phone: '',
  visitDate: '',
  groupSize: '5+',
  package: 'explorer',
  message: 'Can we combine a sake brewery with the castle?',
  website: '',
}

describe.each(ENGINES)('contact and notifications on %s', (engine) => {
  let app: TestApp
  let clock: TestClock
  beforeEach(async () => {
    clock = new TestClock(new Date('2031-04-01T03:00:00Z'))
    app = await startTestApp(engine, { clock })
  })
  afterEach(async () => {
    await app.close()
  })

  describe('POST /api/contact', () => {
    it('stores the message, notifies the admins and queues their e-mail in one go, answering 201 without an id', async () => {
      const admin = await app.createUser('guide', 'correct-horse-battery', true)
      await app.db.update(users).set({ email: 'guide@example.jp' }).where(eq(users.id, admin.id))

      const res = await app.client().post('/api/contact', INQUIRY)
      expect(res.status).toBe(201)
      expect(res.json).toEqual({ message: 'Message received' })

      const [stored] = await app.db.select().from(contactMessages)
      expect(stored).toMatchObject({
        name: 'Maria Rossi',
        email: 'maria@example.org',
        phone: null,
        visitDate: null,
        groupSize: '5+',
        package: 'explorer',
        message: 'Can we combine a sake brewery with the castle?',
        read: false,
      })
      const [note] = await app.db.select().from(notifications)
      expect(note).toMatchObject({ type: 'message', read: false, actionLink: `/admin/dashboard?tab=messages&messageId=${stored!.id}` })
      expect(note!.message).toContain('Maria Rossi')
      const queued = await app.db.select().from(outgoingEmails)
      expect(queued).toHaveLength(1)
      expect(queued[0]).toMatchObject({ kind: 'admin-new-inquiry', toAddress: 'guide@example.jp', status: 'pending', contactMessageId: stored!.id, replyTo: 'maria@example.org' })
    })

    it('refuses invalid input with field messages and stores nothing', async () => {
      const client = app.client()
      const missing = await client.post('/api/contact', { ...INQUIRY, message: '   ' })
      expect(missing.status).toBe(400)
      expect(missing.json.errors).toEqual({ message: 'Please enter a message' })
      const badEmail = await client.post('/api/contact', { ...INQUIRY, email: 'maria-at-example' })
      expect(badEmail.status).toBe(400)
      expect(badEmail.json.errors.email).toBe('Please enter a valid email address')
      const badDate = await client.post('/api/contact', { ...INQUIRY, visitDate: '2031-02-30' })
      expect(badDate.status).toBe(400)
      expect(badDate.json.errors.visitDate).toBe('Please enter a valid date')
      const tooLong = await client.post('/api/contact', { ...INQUIRY, message: 'x'.repeat(5001) })
      expect(tooLong.status).toBe(400)
      const badPackage = await client.post('/api/contact', { ...INQUIRY, package: 'mom' })
      expect(badPackage.status).toBe(400)
      expect(await app.db.select().from(contactMessages)).toHaveLength(0)
      expect(await app.db.select().from(notifications)).toHaveLength(0)
    })

    it('refuses a filled honeypot with 400 and stores nothing', async () => {
      const res = await app.client().post('/api/contact', { ...INQUIRY, website: 'http://spam.example' })
      expect(res.status).toBe(400)
      expect(await app.db.select().from(contactMessages)).toHaveLength(0)
      expect(await app.db.select().from(notifications)).toHaveLength(0)
      expect(await app.db.select().from(outgoingEmails)).toHaveLength(0)
    })

    it('refuses the 6th inquiry in a minute from one client with 429 and does not store it', async () => {
      const client = app.client()
      const statuses: number[] = []
      for (let i = 0; i < 6; i++) statuses.push((await client.post('/api/contact', { ...INQUIRY, name: `Visitor ${i}` })).status)
      expect(statuses).toEqual([201, 201, 201, 201, 201, 429])
      const stored = await app.db.select().from(contactMessages)
      expect(stored.map((m) => m.name).sort()).toEqual(['Visitor 0', 'Visitor 1', 'Visitor 2', 'Visitor 3', 'Visitor 4'])
    })
  })

  describe('notifications API', () => {
    it('is admin-only: 401 without a session, 403 for a non-admin', async () => {
      const anonymous = app.client()
      expect((await anonymous.get('/api/notifications')).status).toBe(401)
      expect((await anonymous.patch('/api/notifications/mark-all-read')).status).toBe(401)
      expect((await anonymous.patch('/api/notifications/1/read')).status).toBe(401)
      expect((await anonymous.delete('/api/notifications/1')).status).toBe(401)
      const helper = await app.loggedIn(false)
      expect((await helper.get('/api/notifications')).status).toBe(403)
      expect((await helper.patch('/api/notifications/mark-all-read')).status).toBe(403)
      expect((await helper.delete('/api/notifications/1')).status).toBe(403)
    })

    it('lists newest first, marks one read, marks all read and deletes', async () => {
      const admin = await app.loggedIn(true)
      for (const title of ['First', 'Second', 'Third']) {
        await app.services.notifications.create(app.db, { type: 'system', notice: { kind: 'newMessage', values: { name: title, text: `${title} message` } } })
        await new Promise((r) => setTimeout(r, 5))
      }
      const list = await admin.get('/api/notifications')
      expect(list.status).toBe(200)
      expect(list.json.map((n: { message: string }) => n.message)).toEqual(['Third', 'Second', 'First'].map((name) => `${name} sent an inquiry: ${name} message`))
      expect(list.json[0]).toMatchObject({ type: 'system', read: false, title: 'New message' })
      const [third, second, first] = list.json as Array<{ id: number }>

      const read = await admin.patch(`/api/notifications/${second!.id}/read`)
      expect(read.status).toBe(200)
      expect(read.json).toMatchObject({ id: second!.id, read: true })
      const afterOne = (await admin.get('/api/notifications')).json as Array<{ id: number; read: boolean }>
      expect(afterOne.map((n) => n.read)).toEqual([false, true, false])

      const all = await admin.patch('/api/notifications/mark-all-read')
      expect(all.status).toBe(200)
      expect(all.json.updated).toBe(2)
      expect(((await admin.get('/api/notifications')).json as Array<{ read: boolean }>).every((n) => n.read)).toBe(true)

      expect((await admin.delete(`/api/notifications/${first!.id}`)).status).toBe(200)
      const remaining = (await admin.get('/api/notifications')).json as Array<{ id: number }>
      expect(remaining.map((n) => n.id)).toEqual([third!.id, second!.id])
    })

    it('answers 404 for an unknown id and 400 for a non-numeric one', async () => {
      const admin = await app.loggedIn(true)
      expect((await admin.delete('/api/notifications/999999')).status).toBe(404)
      expect((await admin.patch('/api/notifications/999999/read')).status).toBe(404)
      expect((await admin.delete('/api/notifications/abc')).status).toBe(400)
      expect((await admin.patch('/api/notifications/1.5/read')).status).toBe(400)
      expect((await admin.delete('/api/notifications/99999999999')).status).toBe(400)
    })

    it('carries the contact message notification with a link to the messages tab', async () => {
      const admin = await app.loggedIn(true)
      await app.client().post('/api/contact', INQUIRY)
      const list = (await admin.get('/api/notifications')).json as Array<{ type: string; actionLink: string }>
      expect(list).toHaveLength(1)
      expect(list[0]).toMatchObject({ type: 'message' })
      expect(list[0]!.actionLink).toMatch(/^\/admin\/dashboard\?tab=messages&messageId=\d+$/)
    })

    it('answers in the dashboard’s language when asked, the same English without, and the rows of before as stored (docs/decisions/0086)', async () => {
      const admin = await app.loggedIn(true)
      // A row from before notices were stored (migration 0029): its English text only.
      await app.db.insert(notifications).values({ type: 'system', title: 'Older', message: 'Stored before notices' })
      await app.client().post('/api/contact', INQUIRY)
      await app.services.notifications.create(app.db, {
        type: 'booking',
        notice: { kind: 'bookingCancelledRefund', values: { name: 'Kenji', date: '2031-05-10', slot: 'afternoon', reason: 'cancelled by the guest', amount: 7150 } },
      })
      const english = (await admin.get('/api/notifications')).json as Array<{ title: string; message: string; notice?: unknown }>
      expect(english.map((n) => n.title)).toEqual(['Booking cancelled', 'New message', 'Older'])
      expect(english[0]!.message).toBe("Kenji's booking for Saturday, May 10, 2031 (afternoon) was cancelled: cancelled by the guest. Refund ¥7,150.")
      expect(english[1]!.message).toMatch(/^Maria Rossi sent an inquiry/)
      expect(english.every((n) => !('notice' in n))).toBe(true)
      expect((await admin.get('/api/notifications?locale=en')).json).toEqual(english)

      const japanese = (await admin.get('/api/notifications?locale=ja')).json as Array<{ title: string; message: string }>
      expect(japanese.map((n) => n.title)).toEqual(['予約がキャンセルされました', '新しいメッセージ', 'Older'])
      expect(japanese[0]!.message).toBe('Kenji 様の2031年5月10日土曜日（午後）の予約がキャンセルされました：cancelled by the guest。返金7,150円。')
      expect(japanese[1]!.message).toMatch(/^Maria Rossi 様から.+についてのお問い合わせ：/)
      expect(japanese[2]!.message).toBe('Stored before notices')
      // An unknown language is no language: the stored English.
      expect((await admin.get('/api/notifications?locale=fr')).json).toEqual(english)
    })
  })

  describe('messages API', () => {
    it('is admin-only', async () => {
      expect((await app.client().get('/api/admin/messages')).status).toBe(401)
      expect((await app.client().patch('/api/admin/messages/1/read')).status).toBe(401)
      const helper = await app.loggedIn(false)
      expect((await helper.get('/api/admin/messages')).status).toBe(403)
      expect((await helper.patch('/api/admin/messages/1/read')).status).toBe(403)
    })

    it('lists inquiries newest first and marks one read for good', async () => {
      const visitor = app.client()
      await visitor.post('/api/contact', { ...INQUIRY, name: 'Older', visitDate: '2031-05-10', phone: '+39 333 1234567' })
      await new Promise((r) => setTimeout(r, 5))
      await visitor.post('/api/contact', { ...INQUIRY, name: 'Newer' })
      const admin = await app.loggedIn(true)

      const list = await admin.get('/api/admin/messages')
      expect(list.status).toBe(200)
      expect(list.json.map((m: { name: string }) => m.name)).toEqual(['Newer', 'Older'])
      expect(list.json[1]).toMatchObject({ email: 'maria@example.org', phone: '+39 333 1234567', visitDate: '2031-05-10', groupSize: '5+', package: 'explorer', read: false })
      expect(list.json[1]).not.toHaveProperty('anonymizedAt')

      const older = list.json[1] as { id: number }
      const read = await admin.patch(`/api/admin/messages/${older.id}/read`)
      expect(read.status).toBe(200)
      expect(read.json).toMatchObject({ id: older.id, read: true })
      expect(((await admin.get('/api/admin/messages')).json as Array<{ read: boolean }>).map((m) => m.read)).toEqual([false, true])
      expect((await admin.patch('/api/admin/messages/424242/read')).status).toBe(404)
      expect((await admin.patch('/api/admin/messages/x/read')).status).toBe(400)
    })
  })

  describe('the /contact page action', () => {
    it('without JavaScript: stores the inquiry and redirects to /contact?sent=1', async () => {
      const result = await runAction(app, { ...INQUIRY, name: 'No Script' })
      expect(result).toMatchObject({ kind: 'redirect', status: 302, location: '/contact?sent=1' })
      const [stored] = await app.db.select().from(contactMessages)
      expect(stored).toMatchObject({ name: 'No Script', package: 'explorer', groupSize: '5+' })
      expect(await app.db.select().from(notifications)).toHaveLength(1)
    })

    it('with JavaScript (fetcher): answers ok data instead of a redirect', async () => {
      const result = await runAction(app, { ...INQUIRY, _via: 'fetcher' })
      expect(result).toMatchObject({ kind: 'data', status: 200, data: { ok: true } })
      expect(await app.db.select().from(contactMessages)).toHaveLength(1)
    })

    it('without JavaScript: a validation failure answers 400 with field errors and the typed values', async () => {
      const result = await runAction(app, { ...INQUIRY, email: 'not-an-address', message: 'Keep me' })
      expect(result).toMatchObject({
        kind: 'data',
        status: 400,
        data: { ok: false, errors: { email: 'Please enter a valid email address' }, values: { email: 'not-an-address', message: 'Keep me', package: 'explorer' } },
      })
      expect(await app.db.select().from(contactMessages)).toHaveLength(0)
    })

    it('refuses the honeypot and a sender over the rate limit, storing nothing', async () => {
      expect(await runAction(app, { ...INQUIRY, website: 'spam', _via: 'fetcher' })).toMatchObject({ kind: 'data', status: 400, data: { ok: false } })
      // Every post counts, refused ones too: a bot at the limit is refused before anything is read.
      const limit = app.config.env.RATE_LIMIT_CONTACT_PER_MINUTE
      for (let i = 1; i < limit; i++) expect((await runAction(app, { ...INQUIRY, website: 'spam' })).status).toBe(400)
      const refused = await runAction(app, { ...INQUIRY, _via: 'fetcher' })
      expect(refused).toMatchObject({ kind: 'data', status: 429, data: { ok: false, message: CONTACT_RATE_LIMITED_MESSAGE } })
      expect(Number(refused.retryAfter)).toBeGreaterThan(0)
      expect(await app.db.select().from(contactMessages)).toHaveLength(0)
      // Another address is not affected.
      expect(await runAction(app, { ...INQUIRY, _via: 'fetcher' }, '198.51.100.7')).toMatchObject({ kind: 'data', status: 200, data: { ok: true } })
    })
  })
})
