import { describe, expect, it } from 'vitest'
import { addDays, dayOfWeek, firstWeekendDayFrom, formatMonthTitle, mondayOf, shiftMonth, todayInTokyo, weekendDatesBetween } from '../../core/dates.ts'
import { ENGINES } from './databases.ts'
import { sectionData } from './section-data.ts'
import { ownerServer } from './owner-server.ts'

/**
 * Dashboard → Calendar on its route loader and action (docs/decisions/0088), through every way in:
 * a plain form post (no script), the page's data request as a fetcher sends it, and a refusal in the
 * admin's language. What each save did is read back through the JSON API, the call-offs through the
 * section's own data request. A call-off moves bookings
 * and money through the services, so it runs on each engine of the run.
 */
describe.each(ENGINES)('the Calendar section’s forms on %s', (engine) => {
  const server = ownerServer('jlt-admin-calendar-', engine)

  const today = todayInTokyo(new Date())
  // Saturdays well inside the booking window, one for each test that changes a day.
  const [closed, calledOff, quiet] = weekendDatesBetween(addDays(today, 30), addDays(today, 60)).filter((date) => dayOfWeek(date) === 6)
  const past = weekendDatesBetween(addDays(today, -14), addDays(today, -1))[0]!

  type Day = { date: string; note: string | null; slots: { tourTime: string; open: boolean; state: string }[] }
  type CallOff = { tourDate: string; tourTime: string | null; cause: string; note: string | null; by: string | null; offers: { bookingId: number; name: string; state: string }[] }
  const post = (url: string, fields: Record<string, string>, language = 'en') =>
    fetch(`${server.url}${url}`, { method: 'POST', redirect: 'manual', headers: { cookie: server.cookie, 'accept-language': language }, body: new URLSearchParams(fields) })
  /** The same form as the page's fetcher sends it: answered with data, not a redirect. */
  const byScript = (query: string, fields: Record<string, string>, language = 'en') => post(`/admin/calendar.data${query}`, { ...fields, _via: 'fetcher' }, language)
  const api = async <T>(url: string) => (await (await fetch(`${server.url}${url}`, { headers: { cookie: server.cookie } })).json()) as T
  /** A day as the dashboard's month reads it (the booking dialogs' resource route, app/routes/admin/booking-slots.ts). */
  const dayOf = async (date: string) => (await api<{ days: Day[] }>(`/admin/booking-slots?month=${date.slice(0, 7)}`)).days.find((d) => d.date === date)!
  const openSlots = (day: Day) => Object.fromEntries(day.slots.map((s) => [s.tourTime, s.open]))
  /** The called-off days as the Calendar section's loader gives them to the page. */
  const callOffs = async () => (await sectionData<{ disruptions: CallOff[] }>(server.url, server.cookie, 'calendar')).disruptions
  const page = async (query = '') => (await fetch(`${server.url}/admin/calendar${query}`, { headers: { cookie: server.cookie } })).text()

  it('sends a visitor without a session to the login page, from the section and from its action', async () => {
    for (const res of [await fetch(`${server.url}/admin/calendar`, { redirect: 'manual' }), await fetch(`${server.url}/admin/calendar`, { method: 'POST', redirect: 'manual', body: new URLSearchParams({ intent: 'callOff' }) })]) {
      expect(res.status).toBe(302)
      expect(res.headers.get('location')).toBe('/admin/login?denied=1&redirectTo=%2Fadmin%2Fcalendar')
    }
  })

  it('shows the month of Japan’s next tour day without ?month=, and the month the address names with it', async () => {
    const coming = firstWeekendDayFrom(today).slice(0, 7)
    for (const query of ['', '?month=2026-13']) {
      const html = await page(query)
      expect(html, query).toContain(`>${formatMonthTitle(coming)}</h2>`)
      // Previous and next are links, which work without script.
      expect(html, query).toContain(`href="/admin/calendar?month=${shiftMonth(coming, -1)}"`)
      expect(html, query).toContain(`href="/admin/calendar?month=${shiftMonth(coming, 1)}"`)
    }
    // This month starts at this week (docs/decisions/0075); a link shows its earlier weekends.
    const first = firstWeekendDayFrom(`${coming}-01`)
    expect((await page(`?month=${coming}`)).includes(`data-date="${first}"`)).toBe(first >= mondayOf(today))
    expect(await page(`?month=${coming}&earlier=1`)).toContain(`data-date="${first}"`)
    const named = await page('?month=2030-05')
    expect(named).toContain(`>${formatMonthTitle('2030-05')}</h2>`)
    expect(named).toContain('data-date="2030-05-04"')
  })

  it('closes a slot with a note by a plain form post, the form opened by the address, and opens it again by script', async () => {
    const month = closed!.slice(0, 7)
    // The day's form comes with the page when the address names the day.
    expect(await page(`?month=${month}`)).not.toContain('name="adminNotes"')
    expect(await page(`?month=${month}&day=${closed}`)).toContain('name="adminNotes"')

    const res = await post(`/admin/calendar?month=${month}&day=${closed}`, { intent: 'availability', date: closed!, afternoonAvailable: 'on', fullDayAvailable: 'on', adminNotes: 'Festival parade' })
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe(`/admin/calendar?month=${month}&day=${closed}`)
    const saved = await dayOf(closed!)
    // An unticked box sends nothing: the morning closed, and with it the full day (docs/decisions/0029).
    expect(saved.note).toBe('Festival parade')
    expect(openSlots(saved)).toEqual({ morning: false, afternoon: true, 'full-day': true })
    expect(saved.slots.find((s) => s.tourTime === 'full-day')!.state).toBe('closed')
    expect(await page(`?month=${month}`)).toContain('Note: Festival parade')

    const again = await byScript(`?month=${month}`, { intent: 'availability', date: closed!, morningAvailable: 'on', afternoonAvailable: 'on', fullDayAvailable: 'on', adminNotes: '' })
    expect(again.status).toBe(200)
    expect(await again.text()).toContain(closed)
    const reopened = await dayOf(closed!)
    expect(reopened.note).toBeNull()
    expect(openSlots(reopened)).toEqual({ morning: true, afternoon: true, 'full-day': true })
  })

  it('refuses a note too long in the admin’s language, saving nothing', async () => {
    const before = await dayOf(closed!)
    const refused = await byScript('', { intent: 'availability', date: closed!, adminNotes: 'x'.repeat(1001) }, 'ja')
    expect(refused.status).toBe(400)
    expect(await refused.text()).toContain('メモは1000文字以内で入力してください')
    // Without script the page comes back with the refusal beside the note.
    const plain = await post(`/admin/calendar?day=${closed}&month=${closed!.slice(0, 7)}`, { intent: 'availability', date: closed!, adminNotes: 'x'.repeat(1001) })
    expect(plain.status).toBe(400)
    expect(await plain.text()).toContain('Notes must be at most 1000 characters')
    expect(await dayOf(closed!)).toEqual(before)
  })

  it('calls off a booked morning by a plain form post: its guest is offered a new date or a refund by the service', async () => {
    const booked = await fetch(`${server.url}/api/bookings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Snowed Sato', email: 'snowed@example.com', phone: '+81 90-1234-5678', numberOfPeople: 2, tourPackageId: 1, tourDate: calledOff, tourTime: 'morning', acceptPolicy: true }),
    })
    expect(booked.status).toBe(201)
    // Posted from the dialog its address opened: back to the month, the dialog closed.
    const res = await post(`/admin/calendar?month=${calledOff!.slice(0, 7)}&callOff=${calledOff}`, { intent: 'callOff', tourDate: calledOff!, tourTime: 'morning', cause: 'snow', note: 'The road is closed' })
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe(`/admin/calendar?month=${calledOff!.slice(0, 7)}`)
    const made = (await callOffs()).find((d) => d.tourDate === calledOff)!
    expect(made).toMatchObject({ tourTime: 'morning', cause: 'snow', note: 'The road is closed', by: 'owner' })
    expect(made.offers).toEqual([expect.objectContaining({ name: 'Snowed Sato', state: 'open' })])
    expect(openSlots(await dayOf(calledOff!))).toMatchObject({ morning: false, afternoon: true })
    expect(await page(`?month=${calledOff!.slice(0, 7)}`)).toContain('Snowed Sato')
  })

  it('calls off a whole day by script, answering the call-off for the toast', async () => {
    const res = await byScript('', { intent: 'callOff', tourDate: quiet!, tourTime: '', cause: 'typhoon', note: '' })
    expect(res.status).toBe(200)
    expect(await res.text()).toContain(quiet)
    expect((await callOffs()).find((d) => d.tourDate === quiet)).toMatchObject({ tourTime: null, cause: 'typhoon', note: null, offers: [] })
    expect(openSlots(await dayOf(quiet!))).toEqual({ morning: false, afternoon: false, 'full-day': false })
  })

  it('refuses a day gone by and a missing cause in the admin’s language, calling nothing off', async () => {
    const before = (await callOffs()).length
    const gone = await byScript('', { intent: 'callOff', tourDate: past, tourTime: '', cause: 'snow' }, 'ja')
    expect(gone.status).toBe(400)
    expect(await gone.text()).toContain('催行中止にできるのは今日以降の土曜日か日曜日です。')
    const noCause = await byScript('', { intent: 'callOff', tourDate: quiet!, tourTime: 'morning', cause: '' }, 'ja')
    expect(noCause.status).toBe(400)
    expect(await noCause.text()).toContain('中止の理由を選んでください')
    // In English, the refusal is the service's own words.
    const english = await byScript('', { intent: 'callOff', tourDate: past, tourTime: '', cause: 'snow' }, 'en')
    expect(english.status).toBe(400)
    expect(await english.text()).toContain('Choose a Saturday or Sunday from today on to call off.')
    expect(await callOffs()).toHaveLength(before)
  })
})
