import fs from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { eq, sql } from 'drizzle-orm'
import { tourPackages } from '../../server/db/schema.ts'
import { FULL_DAY, HALF_DAY } from '../../server/db/seed.ts'
import { MIGRATIONS_FOLDER } from '../../server/paths.ts'
import { addDays, formatLongDate, todayInTokyo, weekendDatesBetween } from '../../core/dates.ts'
import { ENGINES } from './databases.ts'
import { startTestApp, type TestApp } from './app.ts'
import { action as settingsAction } from '../../app/routes/admin/settings.tsx'
import { postAdminSection } from './admin-section.ts'
import { bookingBody, postJson, tourPackages as listTours } from './server-process.ts'
import { ownerServer } from './owner-server.ts'

/**
 * The catalogue's tours in the guest's language (docs/decisions/0045): the guide writes the
 * translations in Dashboard → Settings (its route action, docs/decisions/0088), every way a guest
 * reads a tour shows them, a blank one shows the English, and bad input is refused without
 * touching what is stored.
 */
describe.each(ENGINES)('tour translations on %s', (engine) => {
  let app: TestApp
  let halfId: number

  beforeEach(async () => {
    app = await startTestApp(engine)
    await app.loggedIn(true)
    halfId = (await app.db.select().from(tourPackages).where(eq(tourPackages.slug, 'half-day')))[0]!.id
  })
  afterEach(async () => {
    await app.close()
  })

  /** The half day's form in Settings as it stands, its fields as the form sends them (an unticked box sends nothing). */
  const editable = async (): Promise<Record<string, string>> => {
    const stored = (await app.services.catalogue.get(halfId))!
    const { basePrice, extraGuestPrice, soloPrice, soloPromoStart, soloPromoEnd, duration, available } = stored
    const text = (value: string | number | null) => (value === null ? '' : String(value))
    return { id: String(halfId), basePrice: text(basePrice), extraGuestPrice: text(extraGuestPrice), soloPrice: text(soloPrice), soloPromoStart: text(soloPromoStart), soloPromoEnd: text(soloPromoEnd), duration, ...(available ? { available: 'on' } : {}) }
  }
  /** The tour's form saved as the page's script sends it; a translation's field is named by its path ('translations.ko.name'). */
  const saveTour = (fields: Record<string, string>) => postAdminSection(app, settingsAction, '/admin/settings', { intent: 'tour', ...fields }, { byScript: true, username: 'guide-admin', language: 'en' })
  const storedTranslations = async () => (await app.services.catalogue.get(halfId))!.translations

  it('answers the public list in the language asked for, English otherwise', async () => {
    const names = async (query: string) => (await app.client().get(`/api/tour-packages${query}`)).json.map((t: { name: string }) => t.name)
    expect(await names('')).toEqual([HALF_DAY.name, FULL_DAY.name])
    expect(await names('?locale=ja')).toEqual([HALF_DAY.translations.ja!.name, FULL_DAY.translations.ja!.name])
    expect(await names('?locale=zh-Hant')).toEqual([HALF_DAY.translations['zh-Hant']!.name, FULL_DAY.translations['zh-Hant']!.name])
    expect(await names('?locale=fr')).toEqual([HALF_DAY.name, FULL_DAY.name])
    expect(await names('?locale[]=ja')).toEqual([HALF_DAY.name, FULL_DAY.name])
    const [half] = (await app.client().get('/api/tour-packages?locale=ko')).json
    expect(half).toMatchObject({ duration: HALF_DAY.translations.ko!.duration, shortDescription: HALF_DAY.translations.ko!.shortDescription })
  })

  it('lets the admin write a language, falls back to English for a blank field, and keeps translations a price edit does not name', async () => {
    const body = await editable()
    const saved = await saveTour({
      ...body,
      'translations.ko.name': '  조에쓰 반나절 투어  ',
      'translations.ko.shortDescription': '',
      'translations.ko.description': '',
      'translations.ko.duration': '',
      'translations.ja.name': '',
      'translations.ja.description': '   ',
    })
    expect(saved.status, JSON.stringify(saved.data)).toBe(200)
    // Trimmed, blank fields dropped, a language with nothing written not stored.
    expect(await storedTranslations()).toEqual({ ko: { name: '조에쓰 반나절 투어' } })
    const [ko] = (await app.client().get('/api/tour-packages?locale=ko')).json
    expect(ko).toMatchObject({ name: '조에쓰 반나절 투어', duration: HALF_DAY.duration, description: HALF_DAY.description })
    const [ja] = (await app.client().get('/api/tour-packages?locale=ja')).json
    expect(ja.name).toBe(HALF_DAY.name)

    // A save that sends no translations leaves them as they are.
    expect((await saveTour({ ...body, basePrice: '16000' })).status).toBe(200)
    const [after] = await app.db.select().from(tourPackages).where(eq(tourPackages.id, halfId))
    expect(after).toMatchObject({ basePrice: 16000, translations: { ko: { name: '조에쓰 반나절 투어' } } })
  })

  it.each([
    ['a name longer than 100 characters', { 'translations.ja.name': 'あ'.repeat(101) }, 'translations.ja.name', 'Name must be at most 100 characters'],
    ['a name on two lines', { 'translations.ko.name': '반일\n투어' }, 'translations.ko.name', 'Name must be on one line, without control characters'],
    ['a description with a control character', { 'translations.zh-Hans.description': 'ok\u0007' }, 'translations.zh-Hans.description', 'Description may not contain control characters other than line breaks and tabs'],
    ['a language the site does not speak', { 'translations.fr.name': 'Visite' }, 'translations', 'Translations are only for the site’s languages'],
    ['English among the translations', { 'translations.en.name': 'Other' }, 'translations', 'Translations are only for the site’s languages'],
    ['translations that are not an object', { translations: 'ja' }, 'translations', undefined],
  ])('refuses %s with a 400 naming the field, and stores nothing', async (_label, translations, field, message) => {
    const before = await app.db.select().from(tourPackages).where(eq(tourPackages.id, halfId))
    const res = await saveTour({ ...(await editable()), basePrice: '1', ...translations })
    expect(res.status, JSON.stringify(res.data)).toBe(400)
    const errors = (res.data?.errors ?? {}) as Record<string, string>
    expect(Object.keys(errors)).toContain(field)
    if (message) expect(errors[field]).toBe(message)
    expect(await app.db.select().from(tourPackages).where(eq(tourPackages.id, halfId))).toEqual(before)
  })

  it('gives a catalogue seeded before translations the seed’s, unless the guide has changed the English or written translations', async () => {
    const updates = fs
      .readFileSync(path.join(MIGRATIONS_FOLDER, '0004_tour_translations.sql'), 'utf8')
      .split('--> statement-breakpoint')
      .filter((statement) => statement.includes('UPDATE'))
    expect(updates).toHaveLength(2)
    const backfill = async () => {
      for (const statement of updates) await app.db.execute(sql.raw(statement))
    }
    const translationsOf = async (slug: string) => (await app.db.select().from(tourPackages).where(eq(tourPackages.slug, slug)))[0]!.translations

    await app.db.update(tourPackages).set({ translations: {} })
    await backfill()
    expect(await translationsOf('half-day')).toEqual(HALF_DAY.translations)
    expect(await translationsOf('full-day')).toEqual(FULL_DAY.translations)

    await app.db.update(tourPackages).set({ translations: {} }).where(eq(tourPackages.slug, 'half-day'))
    await app.db.update(tourPackages).set({ translations: { ja: { name: '自分の訳' } } }).where(eq(tourPackages.slug, 'full-day'))
    await app.db.update(tourPackages).set({ name: 'Morning in Takada' }).where(eq(tourPackages.slug, 'half-day'))
    await backfill()
    expect(await translationsOf('half-day')).toEqual({})
    expect(await translationsOf('full-day')).toEqual({ ja: { name: '自分の訳' } })
  })
})

/**
 * Through the pages (server/main.ts renders them): the document, its `.data` request and the
 * structured data speak the page's language; the legal notice's Japanese column names the
 * tours in Japanese; a message sent from a page is stored with its language, whichever way it
 * comes. None of it depends on the engine, so the embedded one is enough.
 */
describe('the pages in the guest’s language', () => {
  const server = ownerServer('jlt-tour-words-')

  const text = async (url: string) => {
    const res = await fetch(`${server.url}${url}`)
    expect(res.status, url).toBe(200)
    return res.text()
  }
  const jsonLd = (html: string) =>
    [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>)

  it.each([
    ['/ja/packages', 'ja'],
    ['/ko/', 'ko'],
    ['/zh-hans/booking', 'zh-Hans'],
  ] as const)('%s and its data request name the tours in its language', async (page, locale) => {
    const ownName = HALF_DAY.translations[locale]!.name!
    const html = await text(page)
    expect(html).toContain(ownName)
    // React Router's data request for '/ko/' is '/ko.data'.
    const data = await text(`${page.replace(/\/$/, '')}.data`)
    expect(data).toContain(ownName)
    expect(data).not.toContain(HALF_DAY.name)
  })

  it('writes the JSON-LD of / and /packages in the page’s language, with links to that language’s pages', async () => {
    const [business] = jsonLd(await text('/ko/'))
    expect(business!.description).toBe('현지 가이드와 함께하는 니가타현 조에쓰의 반일·종일 프라이빗 투어.')
    const offers = business!.makesOffer as { name: string; url: string; description: string; itemOffered: { name: string } }[]
    expect(offers.map((o) => o.itemOffered.name)).toEqual([HALF_DAY.translations.ko!.name, FULL_DAY.translations.ko!.name])
    expect(offers[0]!.url).toMatch(/\/ko\/booking$/)
    expect(offers[0]!.description).toContain('1명 추가마다')

    const trips = jsonLd(await text('/ja/packages'))
    expect(trips[0]).toMatchObject({ name: HALF_DAY.translations.ja!.name, description: HALF_DAY.translations.ja!.description })
    expect(trips[0]!.url).toMatch(/\/ja\/packages#prices$/)

    const [english] = jsonLd(await text('/'))
    expect(english!.description).toBe('Private half-day and full-day tours of Joetsu, Niigata, with a local guide.')
  })

  it('the legal notice names the tours in Japanese in its Japanese column and in English in its English one, in every language', async () => {
    const html = await text('/ko/legal')
    expect(html).toContain(`（${HALF_DAY.translations.ja!.name}）`)
    expect(html).toContain(`${HALF_DAY.name} (`)
  })

  it('the confirmation page and its data name the booked tour in the page’s language', async () => {
    const half = (await listTours(server.url)).find((t) => t.isHalfDay)!
    const today = todayInTokyo(new Date())
    const date = weekendDatesBetween(addDays(today, 20), addDays(today, 40))[0]!
    const created = await postJson(`${server.url}/api/bookings`, bookingBody(half.id, date, 'morning', 1))
    expect(created.status, JSON.stringify(created.json)).toBe(201)
    const page = `/zh-hant/booking-confirmation/${created.json.reference}`
    expect(await text(page)).toContain(HALF_DAY.translations['zh-Hant']!.name!)
    expect(await text(`${page}.data`)).toContain(HALF_DAY.translations['zh-Hant']!.name!)
    expect(await text(`/booking-confirmation/${created.json.reference}`)).toContain(HALF_DAY.name)
    // A booking made in Japanese: the guide's reply is drafted in Japanese, its date as Japanese writes it.
    const japanese = await postJson(`${server.url}/api/bookings`, { ...bookingBody(half.id, date, 'afternoon', 2), email: 'reply-in-japanese@example.com', locale: 'ja' })
    expect(japanese.status, JSON.stringify(japanese.json)).toBe(201)
    const list = (await (await fetch(`${server.url}/api/bookings?search=reply-in-japanese@example.com`, { headers: { cookie: server.cookie } })).json()) as { items: { id: number; reply: unknown }[] }
    const [shown] = list.items
    expect(shown!.reply).toEqual({ subject: `${formatLongDate(date, 'ja')}の上越ツアーについて（予約番号 #${shown!.id}）`, greeting: 'Guest 2 様' })
  })

  it('records the language a contact message was written in, on every way in, and shows it to the guide', async () => {
    const message = (i: number) => ({ name: `Visitor ${i}`, email: `visitor${i}@example.com`, message: `Question ${i} about tours.`, website: '' })
    // The API may name a language; anything else is English.
    expect((await postJson(`${server.url}/api/contact`, { ...message(1), locale: 'zh-Hans' })).status).toBe(201)
    expect((await postJson(`${server.url}/api/contact`, { ...message(2), locale: 'xx' })).status).toBe(201)
    // The pages: the page's language wins over what the form says.
    const plain = await fetch(`${server.url}/ko/contact`, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ ...message(3), locale: 'ja' }) })
    expect(plain.status).toBe(302)
    expect(plain.headers.get('location')).toBe('/ko/contact?sent=1')
    const script = await fetch(`${server.url}/ja/contact.data`, { method: 'POST', body: new URLSearchParams({ ...message(4), _via: 'fetcher' }) })
    expect(script.status).toBe(200)

    const inbox = (await (await fetch(`${server.url}/api/admin/messages`, { headers: { cookie: server.cookie } })).json()) as { name: string; language: string }[]
    const languageOf = (name: string) => inbox.find((m) => m.name === name)?.language
    expect([1, 2, 3, 4].map((i) => languageOf(`Visitor ${i}`))).toEqual(['简体中文 (zh-Hans)', 'English', '한국어 (ko)', '日本語 (ja)'])
    // The guide's reply is drafted in the visitor's language, whatever the dashboard speaks (docs/decisions/0086).
    const replyTo = (name: string) => (inbox as unknown as { name: string; reply: { subject: string; greeting: string } }[]).find((m) => m.name === name)?.reply
    expect(replyTo('Visitor 3')).toEqual({ subject: 'Re: 조에쓰 투어 문의', greeting: 'Visitor 3님, 안녕하세요.' })
    expect(replyTo('Visitor 2')).toEqual({ subject: 'Re: Your inquiry about a Joetsu tour', greeting: 'Hello Visitor 2,' })
  })

  describe('the dashboard in the admin’s language (docs/decisions/0086)', () => {
    const dashboard = async (acceptLanguage?: string, path = '/admin/dashboard') => {
      const res = await fetch(`${server.url}${path}`, { headers: { cookie: server.cookie, ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}) } })
      expect(res.status, path).toBe(200)
      return res.text()
    }
    const choose = (language: string, path = '/admin/dashboard?tab=users', who = server.cookie) =>
      fetch(`${server.url}${path}`, { method: 'POST', redirect: 'manual', headers: { cookie: who }, body: new URLSearchParams({ language }) })
    // What is stored shows through a browser that names the other language.
    const langOf = async (acceptLanguage: string) => /<html lang="(\w+)"/.exec(await dashboard(acceptLanguage))?.[1]

    it('follows the browser between Japanese and English until the admin chooses, English when it names neither', async () => {
      const japanese = await dashboard('ja-JP,ja;q=0.9,en;q=0.8')
      expect(japanese).toContain('<html lang="ja"')
      expect(japanese).toContain('管理ダッシュボード')
      expect(japanese).toContain('ツアー予約')
      expect(await dashboard('ko,en;q=0.8,ja;q=0.5')).toContain('<html lang="en"')
      expect(await dashboard()).toContain('Admin Dashboard')
      expect(await dashboard('fr')).toContain('<html lang="en"')
      const login = await (await fetch(`${server.url}/admin/login?denied=1`, { headers: { 'accept-language': 'ja' } })).text()
      expect(login).toContain('管理者ログイン')
    })

    it('keeps the admin’s choice over the browser’s, by a form post and by the page’s data request', async () => {
      const posted = await choose('ja')
      expect(posted.status).toBe(302)
      expect(posted.headers.get('location')).toBe('/admin/dashboard?tab=users')
      expect(await dashboard('en-US,en;q=0.9')).toContain('管理ダッシュボード')

      const viaData = await choose('en', '/admin/dashboard.data?tab=users')
      expect(viaData.status).toBeLessThan(400)
      await viaData.arrayBuffer()
      const english = await dashboard('ja')
      expect(english).toContain('<html lang="en"')
      expect(english).toContain('Tour Bookings')
    })

    it('refuses a language it does not speak with 400, and a visitor without a session, storing nothing', async () => {
      for (const language of ['fr', '', 'ja'.repeat(100)]) {
        const res = await choose(language)
        expect(res.status, language).toBe(400)
        expect(await res.text()).toContain('Choose Japanese or English')
      }
      const anonymous = await choose('ja', '/admin/dashboard', '')
      expect(anonymous.status).toBe(302)
      expect(anonymous.headers.get('location')).toMatch(/^\/admin\/login/)
      expect(await langOf('ja')).toBe('en')
    })
  })
})
