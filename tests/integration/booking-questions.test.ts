import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import ICAL from 'ical.js'
import { eq } from 'drizzle-orm'
import { bookingQuestions, bookings, outgoingEmails, slotClaims, tourPackages, users } from '../../server/db/schema.ts'
import type { AnswerSnapshot, BookingQuestion } from '../../core/booking-questions.ts'
import { ENGINES } from './databases.ts'
import { startTestApp, TestClock, type TestApp, type TestClient } from './app.ts'
import { postBookingPage } from './booking-page.ts'
import { action as settingsAction } from '../../app/routes/admin/settings.tsx'
import { bookingQuestionInputSchema } from '../../core/schemas/booking-question.ts'
import { postAdminSection, postAdminSectionAsVisitor } from './admin-section.ts'
import { dashboardBooking } from './guide-desk.ts'

/**
 * docs/decisions/0053: the guide's booking questions. Answers of every type
 * are checked against the question on every way in (the JSON API, the page's script-free form
 * post and its data request, in English and on a translated page); a bad answer is a 400 naming
 * the question and stores nothing; a good one is kept with the booking as asked, so editing or
 * archiving the question later changes nothing in it; the guide manages the questions through
 * Settings' route action, sees the answers in the admin API, the CSV and the e-mail, and an
 * erasure removes them.
 */

// Wednesday 2030-05-01, 12:00 in Japan; the weekend of 05-11 is bookable.
const NOW = '2030-05-01T03:00:00.000Z'
const SAT = '2030-05-11'
const SUN = '2030-05-12'

type Way = 'api' | 'form' | 'data'
const WAYS: Way[] = ['api', 'form', 'data']

describe.each(ENGINES)('booking questions on %s', (engine) => {
  let app: TestApp
  let admin: TestClient
  let halfDay: number
  /** The seeded questions and the three this suite adds, by a short name. */
  let q: Record<'dietary' | 'access' | 'children' | 'arrival' | 'count' | 'firstVisit' | 'interests', BookingQuestion>

  beforeEach(async () => {
    app = await startTestApp(engine, { clock: new TestClock(new Date(NOW)) })
    halfDay = (await app.db.select().from(tourPackages)).find((p) => p.isHalfDay)!.id
    admin = await app.loggedIn(true)
    // The guide gets the new-booking e-mails.
    await app.db.update(users).set({ email: 'guide@example.com' })
    const seeded = await app.services.bookingQuestions.all()
    const add = (body: Record<string, unknown>) => app.services.bookingQuestions.create(bookingQuestionInputSchema.parse(body))
    const count = await add({ type: 'number', required: true, label: 'Number of children', min: 0, max: 6, translations: { ja: { label: 'お子様の人数' } } })
    const firstVisit = await add({ type: 'yes-no', required: true, label: 'First visit to Japan?' })
    const interests = await add({
      type: 'several-choices',
      label: 'What would you like to see?',
      options: [{ label: 'Castles' }, { label: 'Sake breweries' }, { label: 'Other', describe: true }],
    })
    const byKey = (key: string) => seeded.find((s) => s.key === key)!
    q = { dietary: byKey('dietary'), access: byKey('access'), children: byKey('children'), arrival: byKey('arrival'), count, firstVisit, interests }
  })
  afterEach(async () => {
    await app.close()
  })

  /** A Settings form as the page's fetcher posts it, by the admin, in English. */
  const settings = (fields: Record<string, string>) => postAdminSection(app, settingsAction, '/admin/settings', fields, { byScript: true, username: 'guide-admin', language: 'en' })

  const details = (overrides: Record<string, unknown> = {}) => ({
    name: 'Aiko Tanaka',
    email: 'aiko@example.com',
    phone: '+44 7700 900123',
    numberOfPeople: 2,
    tourPackageId: halfDay,
    tourDate: SAT,
    tourTime: 'morning',
    acceptPolicy: true,
    ...overrides,
  })

  /** Answers as a form posts them: answer.<id> (repeated for several choices) and answer.<id>.detail. */
  type FormAnswers = Record<string, string | string[]>
  const formOf = (answers: FormAnswers) => Object.fromEntries(Object.entries(answers).map(([key, v]) => [`answer.${key}`, v]))

  const pageAction = (fields: Record<string, string | string[]>, byScript: boolean, path?: string) => postBookingPage(app, fields, { byScript, path })

  /**
   * One booking request by one way in: JSON answers for the API (`json`, or the form's strings
   * when the case has none of its own), form fields for the page.
   */
  async function book(way: Way, answers: { form: FormAnswers; json?: Record<string, unknown> }, overrides: Record<string, unknown> = {}) {
    const fixed = details(overrides)
    if (way === 'api') {
      const res = await app.client().post('/api/bookings', { ...fixed, answers: answers.json ?? answers.form })
      return { status: res.status, message: res.json?.message as string | undefined, errors: res.json?.errors as Record<string, string> | undefined }
    }
    const fields = { ...Object.fromEntries(Object.entries(fixed).map(([k, v]) => [k, v === true ? 'on' : String(v)])), ...formOf(answers.form) }
    const res = await pageAction(fields, way === 'data')
    return { status: res.status, message: res.data?.message as string | undefined, errors: res.data?.errors as Record<string, string> | undefined }
  }

  async function nothingStored() {
    expect(await app.db.select().from(bookings)).toHaveLength(0)
    expect(await app.db.select().from(slotClaims)).toHaveLength(0)
  }

  /** Every required question answered well. */
  const required = () => ({ [q.count.id]: '0', [q.firstVisit.id]: 'no' })

  it('asks the four seeded questions first, in the guest’s language, all optional', async () => {
    const en = await app.services.bookingQuestions.forGuests('en')
    expect(en.slice(0, 4).map((g) => [g.label, g.type, g.required])).toEqual([
      ['Dietary needs', 'one-choice', false],
      ['Mobility or access needs', 'long-text', false],
      ['Ages of children', 'short-text', false],
      ['How you arrive', 'short-text', false],
    ])
    expect(en[0]!.options.map((o) => o.id)).toEqual(['none', 'vegetarian', 'vegan', 'halal', 'no-pork', 'allergies'])
    expect(en[0]!.options.find((o) => o.id === 'allergies')!.describe).toBe(true)
    for (const locale of ['ja', 'zh-Hant', 'zh-Hans', 'ko'] as const) {
      const seeded = (await app.services.bookingQuestions.forGuests(locale)).slice(0, 4)
      // Every seeded word is translated: none falls back to the English.
      expect(seeded.every((g) => g.lang === locale && g.helpLang === locale), locale).toBe(true)
      expect(seeded[0]!.options.every((o, i) => o.label !== en[0]!.options[i]!.label), locale).toBe(true)
    }
    const ja = await app.services.bookingQuestions.forGuests('ja')
    expect(ja[0]!.label).toBe('食事の制限')
    // The guide's own question without a Japanese hint shows the English, marked as such.
    expect(ja.find((g) => g.id === q.firstVisit.id)).toMatchObject({ label: 'First visit to Japan?', lang: 'en' })

    // A restart seeds nothing again, even a question the guide archived.
    await app.services.bookingQuestions.archive(q.access.id)
    const { seedDatabase } = await import('../../server/db/seed.ts')
    await seedDatabase(app.db)
    expect(await app.db.select().from(bookingQuestions)).toHaveLength(7)
  })

  it('keeps good answers of every type with the booking, as asked, from every way in', async () => {
    const answers = {
      form: {
        [q.dietary.id]: 'allergies',
        [`${q.dietary.id}.detail`]: ' Peanuts and sesame ',
        [q.access.id]: 'A pushchair\r\nNo long stairs, please',
        [q.children.id]: '4 and 9',
        [q.arrival.id]: 'Shinkansen arriving 10:12',
        [q.count.id]: '2',
        [q.firstVisit.id]: 'yes',
        // Sent out of order: kept in the question's order.
        [q.interests.id]: ['sake-breweries', 'castles'],
      },
    }
    const json = { ...answers.form, [q.count.id]: 2, [q.firstVisit.id]: true }
    expect((await book('api', { ...answers, json })).status).toBe(201)
    expect((await book('form', answers, { tourTime: 'afternoon', email: 'plain@example.com' })).status).toBe(302)
    expect((await book('data', answers, { tourDate: SUN, email: 'script@example.com' })).status).toBe(201)

    const rows = await app.db.select().from(bookings)
    expect(rows).toHaveLength(3)
    const expected: AnswerSnapshot[] = [
      { questionId: q.dietary.id, type: 'one-choice', label: 'Dietary needs', guestLabel: 'Dietary needs', value: 'allergies', choices: [{ id: 'allergies', label: 'Allergies', guestLabel: 'Allergies' }], detail: 'Peanuts and sesame' },
      { questionId: q.access.id, type: 'long-text', label: 'Mobility or access needs', guestLabel: 'Mobility or access needs', value: 'A pushchair\nNo long stairs, please' },
      { questionId: q.children.id, type: 'short-text', label: 'Ages of children', guestLabel: 'Ages of children', value: '4 and 9' },
      { questionId: q.arrival.id, type: 'short-text', label: 'How you arrive', guestLabel: 'How you arrive', value: 'Shinkansen arriving 10:12' },
      { questionId: q.count.id, type: 'number', label: 'Number of children', guestLabel: 'Number of children', value: 2 },
      { questionId: q.firstVisit.id, type: 'yes-no', label: 'First visit to Japan?', guestLabel: 'First visit to Japan?', value: true },
      {
        questionId: q.interests.id,
        type: 'several-choices',
        label: 'What would you like to see?',
        guestLabel: 'What would you like to see?',
        value: ['castles', 'sake-breweries'],
        choices: [
          { id: 'castles', label: 'Castles', guestLabel: 'Castles' },
          { id: 'sake-breweries', label: 'Sake breweries', guestLabel: 'Sake breweries' },
        ],
      },
    ]
    for (const row of rows) expect(row.answers, row.email).toEqual(expected)

    // The guest sees them on their booking, the guide in the dashboard, the export and the e-mail.
    const aiko = rows.find((r) => r.email === 'aiko@example.com')!
    expect((await app.client().get(`/api/bookings/${aiko.reference}`)).json.answers).toEqual(expected)
    expect((await dashboardBooking(app, aiko.id))!.answers).toEqual(expected)
    const csv = (await admin.get('/api/bookings.csv')).text
    const [header, ...lines] = csv.trimEnd().split('\r\n')
    expect(header).toMatch(/,Dietary needs,Mobility or access needs,Ages of children,How you arrive,Number of children,First visit to Japan\?,What would you like to see\?$/)
    expect(lines).toHaveLength(3)
    for (const line of lines) expect(line).toMatch(/,Allergies: Peanuts and sesame,"A pushchair\nNo long stairs, please",4 and 9,Shinkansen arriving 10:12,2,Yes,"Castles, Sake breweries"$/)
    const [mail] = await app.db.select().from(outgoingEmails).where(eq(outgoingEmails.kind, 'admin-new-booking'))
    expect(mail?.text).toContain('Dietary needs')
    expect(mail?.text).toContain('Allergies: Peanuts and sesame')
    expect(mail?.text).toContain('Shinkansen arriving 10:12')
    expect(mail?.html).toContain('First visit to Japan?')
    // And in the guide's calendar feed, each event's notes (parsed, as a calendar app reads them).
    const [guide] = await app.db.select().from(users).where(eq(users.username, 'guide-admin'))
    const feedUrl = new URL((await app.services.calendarFeed.replace({ id: guide!.id, username: guide!.username })).url!)
    const feed = await app.client().get(feedUrl.pathname)
    const events = new ICAL.Component(ICAL.parse(feed.text)).getAllSubcomponents('vevent').map((e) => new ICAL.Event(e))
    expect(events).toHaveLength(3)
    for (const event of events) {
      expect(event.description).toContain('Dietary needs: Allergies: Peanuts and sesame\nMobility or access needs: A pushchair\nNo long stairs, please\n')
      expect(event.description).toContain('What would you like to see?: Castles, Sake breweries')
    }
  })

  it('keeps the words the guest read on a translated page, and the English for the guide', async () => {
    const res = await pageAction(
      { ...Object.fromEntries(Object.entries(details()).map(([k, v]) => [k, v === true ? 'on' : String(v)])), ...formOf({ ...required(), [q.dietary.id]: 'vegan' }) },
      true,
      '/ja/booking.data',
    )
    expect(res.status).toBe(201)
    const [row] = await app.db.select().from(bookings)
    expect(row!.locale).toBe('ja')
    expect(row!.answers[0]).toEqual({ questionId: q.dietary.id, type: 'one-choice', label: 'Dietary needs', guestLabel: '食事の制限', value: 'vegan', choices: [{ id: 'vegan', label: 'Vegan', guestLabel: 'ヴィーガン' }] })
    expect(row!.answers[1]).toMatchObject({ label: 'Number of children', guestLabel: 'お子様の人数', value: 0 })
  })

  /** A bad answer, what the guest (or a client) sent by each way, and the refusal naming the question. */
  type BadCase = [name: string, answers: () => { form?: FormAnswers; json?: Record<string, unknown> }, field: () => string, message: () => string]
  const BAD: BadCase[] = [
    ['a required number left blank', () => ({ form: { [q.firstVisit.id]: 'no', [q.count.id]: '' } }), () => `answer.${q.count.id}`, () => 'Please answer "Number of children"'],
    ['a required yes or no left out', () => ({ form: { [q.count.id]: '1' } }), () => `answer.${q.firstVisit.id}`, () => 'Please answer "First visit to Japan?"'],
    ['a number in words', () => ({ form: { ...required(), [q.count.id]: 'two' } }), () => `answer.${q.count.id}`, () => '"Number of children" must be a whole number'],
    ['a fraction', () => ({ form: { ...required(), [q.count.id]: '1.5' }, json: { ...required(), [q.count.id]: 1.5 } }), () => `answer.${q.count.id}`, () => '"Number of children" must be a whole number'],
    ['a number over the largest', () => ({ form: { ...required(), [q.count.id]: '7' } }), () => `answer.${q.count.id}`, () => '"Number of children" must be at most 6'],
    ['a number under the smallest', () => ({ form: { ...required(), [q.count.id]: '-1' } }), () => `answer.${q.count.id}`, () => '"Number of children" must be at least 0'],
    ['yes or no answered otherwise', () => ({ form: { ...required(), [q.firstVisit.id]: 'maybe' } }), () => `answer.${q.firstVisit.id}`, () => '"First visit to Japan?": please answer yes or no'],
    ['a choice that is not an option', () => ({ form: { ...required(), [q.dietary.id]: 'pizza' } }), () => `answer.${q.dietary.id}`, () => '"Dietary needs": please choose one of the options'],
    ['two answers to a one-choice question', () => ({ form: { ...required(), [q.dietary.id]: ['vegan', 'halal'] } }), () => `answer.${q.dietary.id}`, () => '"Dietary needs": please choose one of the options'],
    ['several choices with one not an option', () => ({ form: { ...required(), [q.interests.id]: ['castles', 'karaoke'] } }), () => `answer.${q.interests.id}`, () => '"What would you like to see?": please choose one of the options'],
    ['allergies without saying which', () => ({ form: { ...required(), [q.dietary.id]: 'allergies', [`${q.dietary.id}.detail`]: '  ' } }), () => `answer.${q.dietary.id}.detail`, () => 'Please describe your answer to "Dietary needs"'],
    ['"other" chosen among several without saying what', () => ({ form: { ...required(), [q.interests.id]: ['castles', 'other'] } }), () => `answer.${q.interests.id}.detail`, () => 'Please describe your answer to "What would you like to see?"'],
    ['a short text on two lines', () => ({ form: { ...required(), [q.arrival.id]: 'Shinkansen\nat 10:12' } }), () => `answer.${q.arrival.id}`, () => 'Your answer to "How you arrive" must be on one line'],
    ['a short text too long', () => ({ form: { ...required(), [q.children.id]: '9'.repeat(201) } }), () => `answer.${q.children.id}`, () => 'Your answer to "Ages of children" must be at most 200 characters'],
    ['a long text too long', () => ({ form: { ...required(), [q.access.id]: 'x'.repeat(2001) } }), () => `answer.${q.access.id}`, () => 'Your answer to "Mobility or access needs" must be at most 2000 characters'],
    ['a long text with a control character', () => ({ form: { ...required(), [q.access.id]: 'Stairs\u0007' } }), () => `answer.${q.access.id}`, () => 'Your answer to "Mobility or access needs" may not contain control characters other than line breaks and tabs'],
    ['a text answer that is not text', () => ({ json: { ...required(), [q.arrival.id]: 1012 } }), () => `answer.${q.arrival.id}`, () => 'Your answer to "How you arrive" must be text'],
    ['an answer to a question that does not exist', () => ({ form: { ...required(), '999999': 'Hello' } }), () => 'answer.999999', () => 'There is no booking question "999999"'],
  ]

  it.each(BAD)('refuses %s with a 400 naming the question, by every way in, and stores nothing', async (_name, answersOf, fieldOf, messageOf) => {
    const answers = answersOf()
    for (const way of WAYS) {
      if (way !== 'api' && !answers.form) continue
      const res = await book(way, { form: answers.form ?? {}, json: answers.json })
      expect(res.status, way).toBe(400)
      expect(res.message, way).toBe(messageOf())
      expect(res.errors, way).toMatchObject({ [fieldOf()]: messageOf() })
    }
    await nothingStored()
  })

  it('refuses answers that are not a question-to-answer object, through the API', async () => {
    for (const answers of ['vegan', ['vegan'], 42]) {
      const res = await app.client().post('/api/bookings', { ...details(), answers })
      expect(res.status, JSON.stringify(answers)).toBe(400)
      expect(res.json.message).toBe('Answers must be sent as { "question id": answer }')
    }
    const many = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`${i + 1}`, '']))
    expect((await app.client().post('/api/bookings', { ...details(), answers: many })).json.message).toBe('At most 100 answers can be sent')
    await nothingStored()
  })

  it('shows every problem at once: the fixed fields’ first, then the answers’', async () => {
    const res = await book('data', { form: { [q.count.id]: 'lots' } }, { name: '' })
    expect(res.status).toBe(400)
    expect(res.message).toBe('Please enter your full name')
    expect(res.errors).toMatchObject({
      name: 'Please enter your full name',
      [`answer.${q.count.id}`]: '"Number of children" must be a whole number',
      [`answer.${q.firstVisit.id}`]: 'Please answer "First visit to Japan?"',
    })
    await nothingStored()
  })

  it('refuses in the guest’s language on a translated page, naming the question as they read it', async () => {
    const fields = { ...Object.fromEntries(Object.entries(details()).map(([k, v]) => [k, v === true ? 'on' : String(v)])), ...formOf({ [q.firstVisit.id]: 'no', [q.dietary.id]: 'allergies' }) }
    for (const byScript of [true, false]) {
      const res = await pageAction(fields, byScript, '/ja/booking.data')
      expect(res.status).toBe(400)
      expect(res.data!.errors).toMatchObject({
        [`answer.${q.count.id}`]: '「お子様の人数」にお答えください',
        [`answer.${q.dietary.id}.detail`]: '「食事の制限」のご回答の内容をご記入ください',
      })
    }
    // The script-free post gets what the guest chose back, to show the form again as it was.
    const plain = await pageAction(fields, false, '/ja/booking.data')
    expect((plain.data as { values: Record<string, unknown> }).values).toMatchObject({ [`answer.${q.dietary.id}`]: 'allergies' })
    await nothingStored()
  })

  it('keeps an old booking’s answers when the question is edited or archived later, and refuses answers to the archived one', async () => {
    const form = { ...required(), [q.dietary.id]: 'no-pork', [q.arrival.id]: 'Hokuriku Shinkansen 10:12' }
    expect((await book('api', { form })).status).toBe(201)
    const [before] = await app.db.select().from(bookings)

    const edited = await settings({ intent: 'updateQuestion', id: String(q.dietary.id), type: 'several-choices', label: 'Food: anything we should know?', options: 'Vegetarian\nGluten-free' })
    expect(edited.status, JSON.stringify(edited.data)).toBe(200)
    expect((await settings({ intent: 'archiveQuestion', id: String(q.arrival.id) })).status).toBe(200)

    const [after] = await app.db.select().from(bookings)
    expect(after!.answers).toEqual(before!.answers)
    expect(after!.answers[0]).toMatchObject({ label: 'Dietary needs', value: 'no-pork', choices: [{ id: 'no-pork', label: 'No pork', guestLabel: 'No pork' }] })
    const shown = (await dashboardBooking(app, after!.id))!.answers as AnswerSnapshot[]
    expect(shown.map((a) => a.label)).toEqual(['Dietary needs', 'How you arrive', 'Number of children', 'First visit to Japan?'])
    expect((await admin.get('/api/bookings.csv')).text).toContain(',No pork,Hokuriku Shinkansen 10:12,')

    // The form no longer asks the archived question: a new answer to it is refused by name, a blank one ignored.
    expect((await app.services.bookingQuestions.forGuests('en')).map((g) => g.id)).not.toContain(q.arrival.id)
    for (const way of WAYS) {
      const res = await book(way, { form: { ...required(), [q.arrival.id]: 'Car' } }, { tourTime: 'afternoon', email: `${way}@example.com` })
      expect(res.status, way).toBe(400)
      expect(res.errors, way).toEqual({ [`answer.${q.arrival.id}`]: '"How you arrive" is no longer asked: please reload the page and try again' })
    }
    expect((await book('data', { form: { ...required(), [q.arrival.id]: '', [q.dietary.id]: 'gluten-free' } }, { tourTime: 'afternoon', email: 'next@example.com' })).status).toBe(201)
    expect(await app.db.select().from(bookings)).toHaveLength(2)
  })

  it('lets only an admin manage the questions, checks what is saved, and moves them up and down', async () => {
    // Anyone not an admin goes to the login page, and nothing is saved.
    await app.createUser('helper', 'correct-horse-battery', false)
    for (const username of [undefined, 'helper']) {
      const res = await postAdminSectionAsVisitor(app, settingsAction, '/admin/settings', { intent: 'archiveQuestion', id: String(q.dietary.id) }, { username })
      expect(res, username).toEqual({ status: 302, location: '/admin/login?denied=1&redirectTo=%2Fadmin%2Fsettings' })
    }
    expect((await app.services.bookingQuestions.all()).find((x) => x.id === q.dietary.id)!.archived).toBe(false)

    for (const [fields, field, message] of [
      [{ type: 'one-choice', label: 'Pick', options: 'Only one' }, 'options', 'A choice question needs at least two options'],
      [{ type: 'one-choice', label: 'Pick', options: 'Same\nsame' }, 'options', 'Each option must be different'],
      [{ type: 'number', label: 'How many', min: '5', max: '1' }, 'max', 'The smallest number must not be larger than the largest'],
      [{ type: 'essay', label: 'Tell us' }, 'type', 'Please choose the kind of answer'],
      [{ type: 'short-text', label: 'Two\nlines' }, 'label', 'The question must be on one line, without control characters'],
      [{ type: 'short-text', label: '   ' }, 'label', 'Please write the question'],
    ] as const) {
      const res = await settings({ intent: 'addQuestion', ...fields })
      expect(res.status, JSON.stringify(fields)).toBe(400)
      expect((res.data?.errors as Record<string, string> | undefined)?.[field], JSON.stringify(fields)).toBe(message)
    }
    expect(await app.db.select().from(bookingQuestions)).toHaveLength(7)

    const order = async () => (await app.services.bookingQuestions.forGuests('en')).map((g) => g.id)
    const start = await order()
    expect((await settings({ intent: 'moveQuestion', id: String(q.children.id), direction: 'up' })).status).toBe(200)
    expect(await order()).toEqual([q.dietary.id, q.children.id, q.access.id, ...start.slice(3)])
    await settings({ intent: 'moveQuestion', id: String(q.dietary.id), direction: 'up' })
    expect((await order())[0]).toBe(q.dietary.id)
    expect((await settings({ intent: 'moveQuestion', id: String(q.dietary.id), direction: 'sideways' })).status).toBe(400)
    expect((await settings({ intent: 'archiveQuestion', id: '424242' })).status).toBe(404)

    // Archived and restored, a question comes back last.
    await settings({ intent: 'archiveQuestion', id: String(q.dietary.id) })
    expect(await order()).not.toContain(q.dietary.id)
    expect((await settings({ intent: 'updateQuestion', id: String(q.dietary.id), type: 'short-text', label: 'Food' })).status).toBe(409)
    await settings({ intent: 'restoreQuestion', id: String(q.dietary.id) })
    expect((await order()).at(-1)).toBe(q.dietary.id)
  })

  it('no longer answers the dashboard’s old JSON routes for the questions: Settings’ route action took them over', async () => {
    expect((await admin.get('/api/admin/booking-questions')).status).toBe(404)
    expect((await admin.post('/api/admin/booking-questions', { type: 'short-text', label: 'Hi' })).status).toBe(404)
    expect((await admin.put(`/api/admin/booking-questions/${q.dietary.id}`, { type: 'short-text', label: 'Hi' })).status).toBe(404)
    for (const step of ['move', 'archive', 'restore']) expect((await admin.post(`/api/admin/booking-questions/${q.dietary.id}/${step}`, { direction: 'up' })).status, step).toBe(404)
  })

  it('gives the answers in the guest’s data export and erases them with the rest of the guest’s data', async () => {
    const form = { ...required(), [q.dietary.id]: 'allergies', [`${q.dietary.id}.detail`]: 'Shellfish', [q.access.id]: 'Wheelchair user' }
    expect((await book('api', { form })).status).toBe(201)
    const [row] = await app.db.select().from(bookings)
    const exported = await admin.get(`/api/admin/guest-data/export?email=${encodeURIComponent('aiko@example.com')}`)
    expect(exported.json.bookings[0].answers).toEqual(row!.answers)
    expect(JSON.stringify(exported.json.bookings[0].answers)).toContain('Wheelchair user')

    // A held booking cannot be erased yet: once the hold ran out it can.
    app.clock.advanceMinutes(24 * 60)
    const erased = await settings({ intent: 'eraseGuest', email: 'aiko@example.com' })
    expect(erased.status, JSON.stringify(erased.data)).toBe(200)
    expect(erased.data?.result).toMatchObject({ erased: { ok: true, bookings: 1 } })
    const [gone] = await app.db.select().from(bookings)
    expect(gone!.answers).toEqual([])
    expect(gone!.anonymizedAt).not.toBeNull()
    expect(JSON.stringify(gone)).not.toContain('Shellfish')
    expect((await dashboardBooking(app, gone!.id))!.answers).toEqual([])
  })
})
