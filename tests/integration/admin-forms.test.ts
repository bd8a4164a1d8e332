import { describe, expect, it } from 'vitest'
import { sectionData } from './section-data.ts'
import { ownerServer } from './owner-server.ts'

/**
 * The dashboard's sections on their route loaders and actions (docs/decisions/0088), through every
 * way in: the old address, a plain form post (no script), the page's data request as a fetcher sends
 * it, and a visitor without a session. None of it depends on the engine: the embedded one is enough.
 */
describe('the dashboard’s sections and their forms', () => {
  const server = ownerServer('jlt-admin-forms-')

  type Tour = { id: number; isHalfDay: boolean; basePrice: number; extraGuestPrice: number; soloPrice: number | null; duration: string; available: boolean }
  const post = (url: string, fields: Record<string, string>, who = server.cookie, language = 'en') =>
    fetch(`${server.url}${url}`, { method: 'POST', redirect: 'manual', headers: { cookie: who, 'accept-language': language }, body: new URLSearchParams(fields) })
  /** The same form as the page's fetcher sends it: answered with data, not a redirect. */
  const byScript = (url: string, fields: Record<string, string>, language = 'en') => post(`${url}.data`, { ...fields, _via: 'fetcher' }, server.cookie, language)
  const api = async <T>(url: string) => (await (await fetch(`${server.url}${url}`, { headers: { cookie: server.cookie } })).json()) as T
  type Settings = {
    taxSettings: { registered: boolean; issuerType: string; registrationNumber: string | null; pricesIncludeTax: boolean }
    rules: { changes: { guestMoveLimit: number }; guideBookings: { groupLimit: number; holdHours: number }; vouchers: { validityMonths: number; minAmount: number; maxAmount: number } }
    guideWords: { words: Record<string, Record<string, string>> }
    questions: { questions: unknown[] }
    audit: { action: string }[]
    calendarFeed: { url: string | null; createdAt: string | null }
    tours: Tour[]
  }
  /** A section's loader data as the page's data request answers it: what the dashboard shows. */
  const section = <T>(name: string) => sectionData<T>(server.url, server.cookie, name)
  const settings = () => section<Settings>('settings')
  /** The tours as Settings lists them, from its data request. */
  const tours = async () => (await settings()).tours
  const receiptSettings = async () => {
    const { registered, issuerType, registrationNumber, pricesIncludeTax } = (await settings()).taxSettings
    return { registered, issuerType, registrationNumber, pricesIncludeTax }
  }
  const bookingRules = async () => {
    const { rules } = await settings()
    return { guestMoveLimit: rules.changes.guestMoveLimit, ...rules.guideBookings }
  }
  const tourForm = (tour: Tour, change: Record<string, string>) => ({
    intent: 'tour',
    formId: `tour-${tour.id}`,
    id: String(tour.id),
    basePrice: String(tour.basePrice),
    extraGuestPrice: String(tour.extraGuestPrice),
    soloPrice: tour.soloPrice === null ? '' : String(tour.soloPrice),
    soloPromoStart: '',
    soloPromoEnd: '',
    duration: tour.duration,
    ...(tour.available ? { available: 'on' } : {}),
    ...change,
  })

  it('sends the old address to the section, keeping the rest of its query', async () => {
    const res = await fetch(`${server.url}/admin/dashboard?tab=calendar&month=2026-01`, { redirect: 'manual', headers: { cookie: server.cookie } })
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/admin/calendar?month=2026-01')
    const unknown = await fetch(`${server.url}/admin/dashboard?tab=nope&bookingId=12`, { redirect: 'manual', headers: { cookie: server.cookie } })
    expect(unknown.headers.get('location')).toBe('/admin/bookings?bookingId=12')
  })

  it('sends a visitor without a session to the login page, from a section and from its action', async () => {
    for (const res of [await fetch(`${server.url}/admin/settings`, { redirect: 'manual' }), await post('/admin/settings', { intent: 'tour' }, '')]) {
      expect(res.status).toBe(302)
      expect(res.headers.get('location')).toBe('/admin/login?denied=1&redirectTo=%2Fadmin%2Fsettings')
    }
  })

  it('saves a price by a plain form post and comes back to Settings, which shows it', async () => {
    const [tour] = await tours()
    const res = await post('/admin/settings', tourForm(tour!, { basePrice: '17600' }))
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/admin/settings')
    expect((await tours()).find((t) => t.id === tour!.id)!.basePrice).toBe(17_600)
    const page = await (await fetch(`${server.url}/admin/settings`, { headers: { cookie: server.cookie } })).text()
    expect(page).toContain('value="17600"')
  })

  it('refuses a blank duration with 400 and the field’s error, saving nothing, whichever way it comes', async () => {
    const [tour] = await tours()
    for (const [url, extra] of [
      ['/admin/settings', {}],
      ['/admin/settings.data', { _via: 'fetcher' }],
    ] as const) {
      const res = await post(url, { ...tourForm(tour!, { basePrice: '99000', duration: ' ' }), ...extra })
      expect(res.status, url).toBe(400)
      const page = await res.text()
      expect(page, url).toContain('Duration is required')
      // Without script, the page that comes back shows what was typed, not the stored price (a script's form keeps it itself).
      if (url === '/admin/settings') expect(page).toContain('value="99000"')
    }
    expect((await tours()).find((t) => t.id === tour!.id)!.basePrice).toBe(tour!.basePrice)
  })

  it('never writes a refused password back into the page', async () => {
    const res = await post('/admin/users', { intent: 'create', username: 'x', name: '', email: '', password: 'typed-secret-password' })
    expect(res.status).toBe(400)
    const page = await res.text()
    expect(page).toContain('Username must be at least 3 characters.')
    expect(page).not.toContain('typed-secret-password')
  })

  it('answers the page’s script with data, not a redirect, and refuses a form it does not know', async () => {
    const [tour] = await tours()
    const res = await post('/admin/settings.data', { ...tourForm(tour!, { extraGuestPrice: '3300' }), _via: 'fetcher' })
    expect(res.status).toBe(200)
    expect(res.headers.get('x-remix-redirect')).toBeNull()
    expect((await tours()).find((t) => t.id === tour!.id)!.extraGuestPrice).toBe(3_300)
    expect((await post('/admin/settings', { intent: 'nope' })).status).toBe(400)
    expect((await post('/admin/settings', tourForm(tour!, { id: 'x' }))).status).toBe(400)
    expect((await post('/admin/settings', tourForm(tour!, { id: '999999' }))).status).toBe(404)
  })

  it('saves the receipt settings by a plain form post, the number as stored; refuses a wrong one on its field in the admin’s language', async () => {
    const receipts = { intent: 'receipts', legalName: '上越ガイド', address: '新潟県上越市本城町1-1', registered: 'on', issuerType: 'sole-proprietor', registrationNumber: 't 6000-0120-5000 2', pricesIncludeTax: 'on' }
    const saved = await post('/admin/settings', receipts)
    expect(saved.status).toBe(302)
    expect(saved.headers.get('location')).toBe('/admin/settings')
    expect(await receiptSettings()).toEqual({ registered: true, issuerType: 'sole-proprietor', registrationNumber: 'T6000012050002', pricesIncludeTax: true })

    const corporate = await byScript('/admin/settings', { ...receipts, issuerType: 'corporation' }, 'ja')
    expect(corporate.status).toBe(400)
    expect(await corporate.text()).toContain('法人番号ではありません。チェックデジットが一致しません')
    // An unticked box is "no": a registered issuer's prices must include the tax.
    const { pricesIncludeTax: _, ...untaxed } = receipts
    const excluded = await post('/admin/settings', untaxed)
    expect(excluded.status).toBe(400)
    expect(await excluded.text()).toContain('A registered issuer’s prices include consumption tax')
    expect(await receiptSettings()).toMatchObject({ issuerType: 'sole-proprietor', pricesIncludeTax: true })
  })

  it('saves the booking rules by their forms, with script or without; a number out of range is refused on its field, saving nothing', async () => {
    expect((await post('/admin/settings', { intent: 'bookingRules', guestMoveLimit: '3' })).status).toBe(302)
    expect(await bookingRules()).toMatchObject({ guestMoveLimit: 3 })
    const guide = await byScript('/admin/settings', { intent: 'guideBookingRules', groupLimit: '20', holdHours: '24' })
    expect(guide.status).toBe(200)
    expect(await bookingRules()).toEqual({ guestMoveLimit: 3, groupLimit: 20, holdHours: 24 })
    expect((await post('/admin/settings', { intent: 'voucherRules', validityMonths: '6', minAmount: '5000', maxAmount: '60000' })).status).toBe(302)
    expect((await settings()).rules.vouchers).toEqual({ validityMonths: 6, minAmount: 5000, maxAmount: 60000 })
    // The page shows what is stored.
    const page = await (await fetch(`${server.url}/admin/settings`, { headers: { cookie: server.cookie } })).text()
    for (const value of ['value="3"', 'value="20"', 'value="24"', 'value="60000"']) expect(page).toContain(value)

    const tooMany = await post('/admin/settings', { intent: 'bookingRules', guestMoveLimit: '11' })
    expect(tooMany.status).toBe(400)
    expect(await tooMany.text()).toContain('Enter a whole number from 0 to 10')
    const crossed = await byScript('/admin/settings', { intent: 'voucherRules', validityMonths: '6', minAmount: '70000', maxAmount: '60000' })
    expect(crossed.status).toBe(400)
    expect(await bookingRules()).toMatchObject({ guestMoveLimit: 3 })
    // Another site cannot post the form with the guide's cookie: refused, nothing saved.
    const crossSite = await fetch(`${server.url}/admin/settings`, { method: 'POST', redirect: 'manual', headers: { cookie: server.cookie, origin: 'https://evil.example' }, body: new URLSearchParams({ intent: 'guideBookingRules', groupLimit: '5', holdHours: '1' }) })
    expect(crossSite.status).toBe(403)
    expect(await bookingRules()).toEqual({ guestMoveLimit: 3, groupLimit: 20, holdHours: 24 })
    expect((await settings()).rules.vouchers).toEqual({ validityMonths: 6, minAmount: 5000, maxAmount: 60000 })
  })

  it('sends a test e-mail by the Settings form, saying where it went; an empty address is refused in the admin’s language', async () => {
    expect((await post('/admin/settings', { intent: 'testEmail', email: 'guide@example.com' })).status).toBe(302)
    const sent = await byScript('/admin/settings', { intent: 'testEmail', email: 'guide@example.com' })
    expect(sent.status).toBe(200)
    // No SMTP server in the tests: the outbox folder, which the toast names.
    expect(await sent.text()).toContain('folder')
    const empty = await byScript('/admin/settings', { intent: 'testEmail', email: ' ' }, 'ja')
    expect(empty.status).toBe(400)
    expect(await empty.text()).toContain('メールアドレスを入力してください')
  })

  it('saves the About page’s words of the language the address names, by a plain form post, and only that language', async () => {
    const form = { intent: 'guideWords', locale: 'ja', biography: '高田で育ったアキです。', signature: '', loves: '', spring: '', summer: '', autumn: '', winter: '' }
    const saved = await post('/admin/settings?words=ja', form)
    expect(saved.status).toBe(302)
    expect(saved.headers.get('location')).toBe('/admin/settings?words=ja')
    const { words } = (await settings()).guideWords
    expect(words.ja).toEqual({ biography: '高田で育ったアキです。' })
    expect(words.en).toBeUndefined()
    expect(await (await fetch(`${server.url}/admin/settings?words=ja`, { headers: { cookie: server.cookie } })).text()).toContain('高田で育ったアキです。')
    expect((await byScript('/admin/settings', { ...form, locale: 'xx' })).status).toBe(404)
    expect((await byScript('/admin/settings', { ...form, loves: Array.from({ length: 11 }, (_, i) => `${i}`).join('\n') })).status).toBe(400)
    expect((await settings()).guideWords.words.ja).toEqual({ biography: '高田で育ったアキです。' })
  })

  it('adds, edits, moves and stops offering a meeting point by the trip’s forms, and saves one language’s seasonal texts, keeping the others', async () => {
    type Point = { id: number; name: string; active: boolean; latitude: number }
    type Trip = { points: Point[]; settings: { pickupEnabled: boolean; whatToBring: Record<string, Record<string, string>> } }
    // What the Settings section's loader shows of the trip, read through its data request.
    const trip = async () => (await sectionData<{ trip: Trip }>(server.url, server.cookie, 'settings')).trip
    const point = { intent: 'addPoint', name: 'Naoetsu Station', address: 'Higashi-cho, Joetsu', addressJa: '新潟県上越市東町', latitude: '37.1693', longitude: '138.2420', instructions: '', photoMediaId: '' }
    const tooFar = await byScript('/admin/settings', { ...point, latitude: '137.2' })
    expect(tooFar.status).toBe(400)
    expect(await tooFar.text()).toContain('Latitude must be between -90 and 90')
    expect((await post('/admin/settings?point=new', point)).headers.get('location')).toBe('/admin/settings?point=new')
    const added = (await trip()).points.find((p) => p.name === 'Naoetsu Station')!
    expect(added).toMatchObject({ active: true, latitude: 37.1693 })

    expect((await byScript('/admin/settings', { ...point, intent: 'updatePoint', id: String(added.id), 'name-ja': '直江津駅' })).status).toBe(200)
    expect((await post('/admin/settings', { intent: 'movePoint', id: String(added.id), direction: 'up' })).status).toBe(302)
    const points = (await trip()).points
    expect(points.at(-2)!.id).toBe(added.id)
    expect((await post('/admin/settings', { intent: 'pointOffered', id: String(added.id), active: 'false' })).status).toBe(302)
    expect((await trip()).points.find((p) => p.id === added.id)!.active).toBe(false)

    const settings = { intent: 'tripSettings', pickupEnabled: 'on', 'default-morning': '', 'default-afternoon': '', 'default-full-day': '' }
    const seasons = (texts: Record<string, string>) => Object.fromEntries(['winter', 'spring', 'rainy', 'summer', 'autumn'].map((s) => [`bring-${s}`, texts[s] ?? '']))
    expect((await post('/admin/settings?bring=ja', { ...settings, locale: 'ja', ...seasons({ winter: '長靴' }) })).status).toBe(302)
    expect((await post('/admin/settings', { ...settings, locale: 'en', ...seasons({ winter: 'Snow boots\r\nand gloves' }) })).status).toBe(302)
    expect((await trip()).settings).toMatchObject({ pickupEnabled: true, whatToBring: { winter: { ja: '長靴', en: 'Snow boots\nand gloves' } } })
    // The offered places only: one no longer offered cannot be a slot's usual place.
    const notOffered = await byScript('/admin/settings', { ...settings, locale: 'en', 'default-morning': String(added.id), ...seasons({}) }, 'ja')
    expect(notOffered.status).toBe(400)
    expect(await notOffered.text()).toContain('既定の集合場所は、提供している集合場所から選んでください')
    expect((await trip()).settings.whatToBring.winter).toEqual({ ja: '長靴', en: 'Snow boots\nand gloves' })
  })

  it('adds, edits, moves, archives and restores a booking question by its forms; an option keeps its id while its words stay', async () => {
    type Question = { id: number; label: string; type: string; archived: boolean; options: { id: string; label: string; describe: boolean; translations: Record<string, string> }[]; min: number | null }
    const all = async () => (await settings()).questions.questions as Question[]
    const blank = Object.fromEntries(['ja', 'ko', 'zh-hans', 'zh-hant'].flatMap((code) => [[`${code}-label`, ''], [`${code}-help`, ''], [`${code}-options`, '']]))
    const question = { intent: 'addQuestion', ...blank, label: 'Favourite season', help: '', type: 'one-choice', options: 'Spring\nWinter [describe]', 'ja-options': '春\n冬', min: '1', max: '' }
    const one = await byScript('/admin/settings', { ...question, options: 'Spring' })
    expect(one.status).toBe(400)
    expect((await post('/admin/settings?question=new', question)).status).toBe(302)
    const added = (await all()).find((q) => q.label === 'Favourite season')!
    // A choice question keeps no bounds, whatever a form without script sent.
    expect(added).toMatchObject({ type: 'one-choice', min: null })
    expect(added.options.map(({ label, describe, translations }) => ({ label, describe, ja: translations.ja }))).toEqual([
      { label: 'Spring', describe: false, ja: '春' },
      { label: 'Winter', describe: true, ja: '冬' },
    ])

    const edited = await byScript('/admin/settings', { ...question, intent: 'updateQuestion', id: String(added.id), options: 'Autumn\nWinter [describe]', 'ja-options': '秋\n冬' })
    expect(edited.status).toBe(200)
    const after = (await all()).find((q) => q.id === added.id)!
    expect(after.options.find((o) => o.label === 'Winter')!.id).toBe(added.options.find((o) => o.label === 'Winter')!.id)

    expect((await post('/admin/settings', { intent: 'moveQuestion', id: String(added.id), direction: 'up' })).status).toBe(302)
    const asked = (await all()).filter((q) => !q.archived)
    expect(asked.at(-2)!.id).toBe(added.id)
    expect((await byScript('/admin/settings', { intent: 'archiveQuestion', id: String(added.id) })).status).toBe(200)
    expect((await all()).find((q) => q.id === added.id)!.archived).toBe(true)
    expect((await post('/admin/settings', { intent: 'restoreQuestion', id: String(added.id) })).status).toBe(302)
    expect((await all()).find((q) => q.id === added.id)!.archived).toBe(false)
  })

  it('looks up a guest’s data by the Settings form, answered with the page even without script, and writes the look-up to the audit log', async () => {
    const before = (await settings()).audit.length
    const plain = await post('/admin/settings', { intent: 'lookUpGuest', email: 'nobody-here@example.com' })
    expect(plain.status).toBe(200)
    expect(await plain.text()).toContain('nobody-here@example.com')
    const byFetcher = await byScript('/admin/settings', { intent: 'lookUpGuest', email: 'nobody-here@example.com' })
    expect(byFetcher.status).toBe(200)
    const { audit } = await settings()
    expect(audit.length).toBe(before + 2)
    expect(audit[0]!.action).toBe('guest-data.lookup')
    const malformed = await byScript('/admin/settings', { intent: 'lookUpGuest', email: 'not-an-address' }, 'ja')
    expect(malformed.status).toBe(400)
    expect((await settings()).audit.length).toBe(before + 2)
    // Erased by the dialog's post: nothing to erase, and the answer is what is left, with one audit line, the erasure's.
    const erased = await byScript('/admin/settings', { intent: 'eraseGuest', email: 'nobody-here@example.com', reviews: 'remove' })
    expect(erased.status).toBe(200)
    expect(await erased.text()).toContain('nobody-here@example.com')
    const afterErasure = (await settings()).audit
    expect(afterErasure.length).toBe(before + 3)
    expect(afterErasure[0]!.action).toBe('guest-data.erase')
    // Without script, answered with the page: what was erased and what is left, in the admin's language.
    const plainErasure = await post('/admin/settings', { intent: 'eraseGuest', email: 'nobody-here@example.com', reviews: 'remove' }, server.cookie, 'ja')
    expect(plainErasure.status).toBe(200)
    const page = await plainErasure.text()
    expect(page).toContain('個人データを消去しました')
    expect(page).toContain('nobody-here@example.com')
    expect((await settings()).audit[0]!.action).toBe('guest-data.erase')
  })

  it('makes the calendar link by a plain form post, and replaces it by script: the old one stops at once', async () => {
    expect((await settings()).calendarFeed).toEqual({ url: null, createdAt: null })
    expect((await post('/admin/settings', { intent: 'calendarFeed' })).status).toBe(302)
    const first = (await settings()).calendarFeed as { url: string }
    const path = new URL(first.url).pathname
    expect((await fetch(`${server.url}${path}`)).status).toBe(200)
    const replaced = await byScript('/admin/settings', { intent: 'calendarFeed' })
    expect(replaced.status).toBe(200)
    const second = (await settings()).calendarFeed as { url: string }
    expect(second.url).not.toBe(first.url)
    expect(await replaced.text()).toContain(second.url)
    expect((await fetch(`${server.url}${path}`)).status).toBe(404)
  })

  it('creates a promo code by a plain form post; an unticked box is "no"', async () => {
    const res = await post('/admin/promo-codes', { intent: 'create', code: 'form-5', kind: 'percent', value: '5', validFrom: '', validTo: '', maxUses: '', tourKind: '', minGroup: '' })
    expect(res.status).toBe(302)
    const { promoCodes } = await section<{ promoCodes: { code: string; active: boolean; onePerEmail: boolean }[] }>('promo-codes')
    expect(promoCodes.find((c) => c.code === 'FORM-5')).toMatchObject({ active: false, onePerEmail: false })
  })

  it('refuses a promo code in the admin’s language, on its fields: the same code twice, a percentage past 100', async () => {
    const code = { intent: 'create', code: 'form-ja', kind: 'percent', value: '101', validFrom: '', validTo: '', maxUses: '', tourKind: '', minGroup: '' }
    const tooMuch = await byScript('/admin/promo-codes', code, 'ja')
    expect(tooMuch.status).toBe(400)
    expect(await tooMuch.text()).toContain('割引率は1～100の整数で入力してください')
    expect((await post('/admin/promo-codes', { ...code, value: '10' })).status).toBe(302)
    const twice = await byScript('/admin/promo-codes', { ...code, value: '10' }, 'ja')
    expect(twice.status).toBe(409)
    expect(await twice.text()).toContain('同じ名前のプロモコードがすでにあります')
  })

  it('marks a message and a notification read, deletes one, and marks all read by the inbox’s forms; a row gone is refused in the admin’s language', async () => {
    // Each message brings its notification too.
    for (const email of ['form-visitor@example.com', 'second-visitor@example.com']) {
      const sent = await fetch(`${server.url}/api/contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Form Visitor', email, message: 'Is the castle open in winter?' }),
      })
      expect(sent.status).toBe(201)
    }
    type Row = { id: number; read: boolean; email?: string; message: string }
    const message = (await api<Row[]>('/api/admin/messages')).find((m) => m.email === 'form-visitor@example.com')!
    const read = await post('/admin/messages', { intent: 'markRead', id: String(message.id) })
    expect([read.status, read.headers.get('location')]).toEqual([302, '/admin/messages'])
    expect((await api<Row[]>('/api/admin/messages')).find((m) => m.id === message.id)!.read).toBe(true)
    const gone = await byScript('/admin/messages', { intent: 'markRead', id: '999999' }, 'ja')
    expect(gone.status).toBe(404)
    expect(await gone.text()).toContain('メッセージが見つかりません')

    const notices = async () => api<Row[]>('/api/notifications')
    const [first, second] = (await notices()).filter((n) => !n.read)
    expect(second).toBeDefined()
    expect((await byScript('/admin/notifications', { intent: 'markRead', id: String(first!.id) })).status).toBe(200)
    expect((await notices()).find((n) => n.id === first!.id)!.read).toBe(true)
    expect((await post('/admin/notifications', { intent: 'remove', id: String(first!.id) })).status).toBe(302)
    expect((await notices()).some((n) => n.id === first!.id)).toBe(false)
    const again = await byScript('/admin/notifications', { intent: 'remove', id: String(first!.id) })
    expect(again.status).toBe(404)
    expect(await again.text()).toContain('Notification not found')
    expect((await post('/admin/notifications', { intent: 'markAll' })).status).toBe(302)
    expect((await notices()).filter((n) => !n.read)).toEqual([])
  })

  it('adds a review from another site, replies to it and hides it by the Reviews section’s forms; a date to come is refused on its field', async () => {
    const review = { intent: 'addExternal', source: 'TripAdvisor', sourceUrl: '', reviewDate: '2026-01-10', title: 'A day by the sea', displayName: 'Sam', country: '', rating: '4', text: 'We saw the castle ruins and the sea.', locale: 'en' }
    expect((await post('/admin/reviews', review)).status).toBe(302)
    type Review = { id: number; title: string; status: string; reply: string | null; source: string | null }
    const reviews = async () => (await section<{ reviews: Review[] }>('reviews')).reviews
    const added = (await reviews()).find((r) => r.title === 'A day by the sea')!
    expect(added).toMatchObject({ status: 'approved', source: 'TripAdvisor' })

    const replied = await byScript('/admin/reviews', { intent: 'reply', id: String(added.id), reply: 'Thank you, Sam!' })
    expect(replied.status).toBe(200)
    expect(await replied.text()).toContain('Thank you, Sam!')
    expect((await post('/admin/reviews', { intent: 'hide', id: String(added.id) })).status).toBe(302)
    expect((await reviews()).find((r) => r.id === added.id)).toMatchObject({ status: 'hidden', reply: 'Thank you, Sam!' })

    const future = await byScript('/admin/reviews', { ...review, title: 'Not yet', reviewDate: '2099-01-01' })
    expect(future.status).toBe(400)
    expect(await future.text()).toContain('reviewDate')
    expect((await reviews()).some((r) => r.title === 'Not yet')).toBe(false)
  })

  it('adds, edits and deletes a user by the Users section’s forms; deleting oneself is refused in the admin’s language', async () => {
    type User = { id: number; username: string; name: string | null; isAdmin: boolean }
    const users = () => api<User[]>('/api/admin/users')
    const fields = { username: 'form-helper', password: 'form-helper-password', name: '', email: '', notificationPreference: 'email', whatsappNumber: '' }
    expect((await post('/admin/users', { intent: 'create', ...fields })).status).toBe(302)
    const helper = (await users()).find((u) => u.username === 'form-helper')!
    expect(helper.isAdmin).toBe(false)

    const taken = await byScript('/admin/users', { intent: 'create', ...fields })
    expect(taken.status).toBe(409)
    expect(await taken.text()).toContain('That username is already taken')
    const edited = await byScript('/admin/users', { intent: 'update', id: String(helper.id), ...fields, password: '', name: 'Form Helper', isAdmin: 'on' })
    expect(edited.status).toBe(200)
    expect((await users()).find((u) => u.id === helper.id)).toMatchObject({ name: 'Form Helper', isAdmin: true })

    const owner = (await users()).find((u) => u.username === 'owner')!
    const self = await byScript('/admin/users', { intent: 'remove', id: String(owner.id) }, 'ja')
    expect(self.status).toBe(400)
    expect(await self.text()).toContain('ログイン中のご自分のアカウントは削除できません。')
    expect((await post('/admin/users', { intent: 'remove', id: String(helper.id) })).status).toBe(302)
    expect((await users()).map((u) => u.username)).not.toContain('form-helper')
    // The owner's session is still good after all that.
    expect((await fetch(`${server.url}/admin/users`, { redirect: 'manual', headers: { cookie: server.cookie } })).status).toBe(200)
  })

  it('shows the revenue of the year its address names, this year in Japan when it names none, and its CSV refuses a bad year', async () => {
    const page = async (query: string) => (await fetch(`${server.url}/admin/revenue${query}`, { headers: { cookie: server.cookie } })).text()
    expect(await page('?year=2025')).toContain('Revenue 2025')
    const thisYear = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Tokyo', year: 'numeric' }).format(new Date())
    expect(await page('?year=nope')).toContain(`Revenue ${thisYear}`)
    const refused = await fetch(`${server.url}/api/admin/revenue.csv?year=20255`, { headers: { cookie: server.cookie } })
    expect(refused.status).toBe(400)
    expect(await refused.json()).toEqual({ message: 'Year must be a year such as 2026' })
  })

  it('sends the browser only the words it shows: the login page the admin namespace, the dashboard none of the e-mails’ or notices’', async () => {
    const login = await (await fetch(`${server.url}/admin/login`)).text()
    expect(login).toContain('admin.login.title')
    expect(login).not.toContain('adminBookings.')
    const dashboard = await (await fetch(`${server.url}/admin/settings`, { headers: { cookie: server.cookie } })).text()
    expect(dashboard).toContain('adminSettings.tours.title')
    expect(dashboard).not.toContain('adminEmail.')
    expect(dashboard).not.toContain('adminNotice.')
  })
})
