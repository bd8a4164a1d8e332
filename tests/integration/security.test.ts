import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { eq, max, sql } from 'drizzle-orm'
import { bookings, calendarFeed, contactMessages, media, notifications, reviewRequests, reviews, users } from '../../server/db/schema.ts'
import { newReviewToken } from '../../core/reviews.ts'
import { phonePhoto } from './crafted-images.ts'
import { addDays, todayInTokyo, weekendDatesBetween } from '../../core/dates.ts'
import { createApp } from '../../server/app.ts'
import { listRoutes, type RouteEntry } from '../../server/http/route-list.ts'
import { TABLES_IN_ORDER } from '../../server/db/transfer.ts'
import { ENGINES } from './databases.ts'
import { startTestApp, type TestApp, type TestClient } from './app.ts'
import { insertBookings } from '../booking-fixture.ts'

/**
 * The security suite: an access matrix built from the app's own route list,
 * cross-site refusals, oversized bodies, and a property-based fuzz (fast-check) built from
 * the same list: the body of every POST/PATCH/PUT route, and the route parameters and query
 * string of every route, public ones anonymously and admin ones with an admin session, half
 * of the runs on real rows (a booking, a message, a user…). No answer may be a 5xx or carry
 * a stack trace, and a refused request may store no row. A route that is not declared
 * public here must be admin-only: a new endpoint is guarded by default or this suite fails.
 */
const PUBLIC_ROUTES = new Set([
  'POST /api/webhooks/stripe', // authenticated by Stripe's signature
  'GET /api/health',
  'POST /api/login',
  'POST /api/logout',
  'GET /api/user',
  'GET /api/me',
  'POST /api/contact',
  'GET /api/time-slots',
  'GET /api/tour-packages',
  'POST /api/bookings',
  'GET /api/bookings/:reference',
  // What a promo code takes off (docs/decisions/0062): counted against the booking limit per address.
  'GET /api/promo-codes/check',
  'POST /api/create-payment-intent',
  'POST /api/bookings/:reference/payment-success',
  'POST /api/bookings/:reference/simulated-payment',
  'GET /api/bookings/:reference/cancellation-quote',
  'POST /api/bookings/:reference/cancel',
  // The guest's own change and their answer to a called-off day (docs/decisions/0055, 0056): the reference is the secret.
  'POST /api/bookings/:reference/move',
  'POST /api/bookings/:reference/disruption-refund',
  // A booking's receipts (docs/decisions/0080): the reference is the secret, as on the trip page.
  'GET /api/bookings/:reference/receipts',
  'POST /api/bookings/:reference/receipts',
  'GET /api/bookings/:reference/receipts/:number',
  // The waitlist (docs/decisions/0057): anyone may wait for a taken slot; the removal token is the secret.
  'POST /api/waitlist',
  'DELETE /api/waitlist/:token',
  // An address confirms itself by the token of its confirmation e-mail (docs/decisions/0070).
  'POST /api/waitlist/confirm/:token',
  // A review at its request's private link (docs/decisions/0063): the token is the secret.
  'GET /api/reviews/request/:token',
  'POST /api/reviews/request/:token',
  'POST /api/reviews/request/:token/opt-out',
  // Gift vouchers (docs/decisions/0065): anyone may buy one; the voucher page's token is the secret.
  'GET /api/vouchers/offer',
  'POST /api/vouchers',
  'GET /api/vouchers/:token',
  'POST /api/vouchers/:token/payment-intent',
  'POST /api/vouchers/:token/payment-success',
  'POST /api/vouchers/:token/simulated-payment',
  // The pictures made from the guide's photos (docs/decisions/0048).
  'GET /media/{*path}',
  // The guide's calendar feed (docs/decisions/0050): calendar apps fetch it without a session; its token is the secret.
  'GET /calendar/:token.ics',
  // Apple Pay's domain association file (docs/decisions/0050): Apple fetches it anonymously.
  'GET /.well-known/apple-developer-merchantid-domain-association',
  // Google's Things to Do product feed (docs/decisions/0078): the public catalogue, fetched anonymously when switched on.
  'GET /feeds/google-things-to-do.json',
])

// Ids and a reference that exist nowhere (the access matrix, and the fuzz's runs that are not on a real row).
const SAMPLE_PARAMS: Record<string, string> = { id: '999999', date: '2030-06-01', reference: 'NOSUCHREF123' }
const concrete = (path: string) => path.replace(/:(\w+)/g, (_m, name: string) => SAMPLE_PARAMS[name] ?? 'x')
const isMutating = (r: RouteEntry) => r.method !== 'GET' && r.method !== 'HEAD'

/** Rows per table (sessions and the audit log aside: a refused request may still be audited), in one round trip. */
async function rowCounts(app: TestApp): Promise<Record<string, number>> {
  const tables = TABLES_IN_ORDER.filter((t) => t !== 'sessions' && t !== 'audit_log')
  const result = (await app.db.execute(sql.raw(`select ${tables.map((t) => `(select count(*)::int from "${t}") as "${t}"`).join(', ')}`))) as unknown as {
    rows: Record<string, number>[]
  }
  return Object.fromEntries(tables.map((t) => [t, Number(result.rows[0]![t])]))
}

const diff = (before: Record<string, number>, after: Record<string, number>) =>
  Object.fromEntries(Object.keys(after).filter((t) => after[t] !== before[t]).map((t) => [t, `${before[t]} → ${after[t]}`]))

// ---- Property-based fuzz: generators and the real resources they aim at ----

/** Fixed, so a failure replays; FUZZ_SEED=… explores other inputs. Route n runs with SEED + n. */
const SEED = Number(process.env.FUZZ_SEED ?? 20261122)
/** Runs per route: bodies of each POST/PATCH/PUT route, and parameters + query strings of every route (FUZZ_SCALE=4 digs deeper). */
const SCALE = Number(process.env.FUZZ_SCALE ?? 1)
const BODY_RUNS = Math.round(50 * SCALE)
const PARAM_RUNS = Math.round(25 * SCALE)

const VICTIM_PASSWORD = 'victim-password'

/**
 * The real rows the fuzz aims at in half of its runs, so the code behind a found booking,
 * message, user, notification, package or date is exercised too, not only the 404 paths.
 * Re-created before a run whenever an earlier run deleted, cancelled or erased them.
 */
type Real = {
  bookingId: number
  reference: string
  tourDate: string
  email: string
  messageId: number
  victimId: number
  victimName: string
  adminId: number
  packageId: number
  notificationId: number
  mediaId: number
  /** A picture of the real photo, as a page would write its URL. */
  mediaPath: string
  /** The calendar feed's current token (the fuzz may replace it: read again before each run). */
  feedToken: string
  /** The review link of a finished paid tour (docs/decisions/0063). */
  reviewToken: string
  /** An issued receipt's number (docs/decisions/0080). */
  documentNumber: string
  /** A gift voucher awaiting payment's page token (docs/decisions/0065; vouchers are never deleted). */
  voucherToken: string
}

/** Placeholders the generators emit, replaced at request time by the real value of the moment. */
const TOKENS: Record<string, (r: Real) => string | number> = {
  $reference: (r) => r.reference,
  $bookingId: (r) => r.bookingId,
  $email: (r) => r.email,
  $date: (r) => r.tourDate,
  $month: (r) => r.tourDate.slice(0, 7),
  $victimId: (r) => r.victimId,
  $messageId: (r) => r.messageId,
  $packageId: (r) => r.packageId,
}

function resolve(value: unknown, real: Real): unknown {
  if (typeof value === 'string') return Object.hasOwn(TOKENS, value) ? TOKENS[value]!(real) : value
  if (Array.isArray(value)) return value.map((v) => resolve(v, real))
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v, real)]))
  return value
}

/** The real value of a route parameter: which resource an :id names depends on the route. */
function realParam(route: RouteEntry, name: string, real: Real): string {
  if (name === 'reference') return real.reference
  if (name === 'id') {
    if (route.path.startsWith('/api/admin/users/')) return String(real.victimId)
    if (route.path.startsWith('/api/admin/messages/')) return String(real.messageId)
    if (route.path.startsWith('/api/notifications/')) return String(real.notificationId)
    if (/^\/api(\/admin)?\/bookings\//.test(route.path)) return String(real.bookingId)
  }
  if (name === 'number') return real.documentNumber
  if (name === 'path') return real.mediaPath.replace(/^\/media\//, '')
  if (name === 'token') return route.path.startsWith('/api/reviews/') ? real.reviewToken : route.path.startsWith('/api/vouchers/') ? real.voucherToken : real.feedToken
  throw new Error(`The fuzz has no real value for :${name} of ${route.method} ${route.path}: teach realParam() which row it names`)
}

/** A valid body for each route that takes one, so near-valid variations reach the code past the schema. */
function validBody(route: RouteEntry, real: Real): Record<string, unknown> | undefined {
  switch (`${route.method} ${route.path}`) {
    case 'POST /api/login':
      return { username: real.victimName, password: VICTIM_PASSWORD }
    case 'POST /api/contact':
      return { name: 'Fuzz Visitor', email: 'fuzz.visitor@example.org', phone: '', visitDate: '', groupSize: '2', package: 'explorer', message: 'A question from the fuzz', website: '' }
    case 'POST /api/bookings':
      return { name: 'Fuzz Booker', email: 'fuzz.booker@example.com', phone: '+81 90 1234 5678', numberOfPeople: 2, tourPackageId: 1, tourDate: real.tourDate, tourTime: 'afternoon', acceptPolicy: true }
    case 'POST /api/create-payment-intent':
      return { bookingId: real.reference }
    case 'POST /api/bookings/:reference/simulated-payment':
      return { cardNumber: '4242424242424242' }
    case 'PATCH /api/bookings/:id/status':
      return { status: 'confirmed' }
    case 'POST /api/register':
      return { username: 'fuzz-registered', password: 'long-enough', isAdmin: false }
    case 'PATCH /api/admin/users/:id':
      return { username: real.victimName, password: VICTIM_PASSWORD, isAdmin: false, email: 'victim@example.com', notificationPreference: 'email' }
    case 'POST /api/admin/test-email':
      return { email: 'fuzz.test@example.com' }
    case 'POST /api/vouchers':
      return { choice: 'custom', amount: 10000, buyerName: 'Fuzz Buyer', buyerEmail: 'fuzz.buyer@example.com', recipientName: 'Fuzz Friend', message: 'Enjoy' }
    case 'POST /api/vouchers/:token/simulated-payment':
      return { cardNumber: '4000000000000002' }
    case 'POST /api/bookings/:reference/move':
      return { tourDate: real.tourDate, tourTime: 'morning', tourPackageId: 1, numberOfPeople: 3 }
    case 'POST /api/waitlist':
      return { email: 'fuzz.wait@example.com', tourDate: real.tourDate, tourTime: 'morning', numberOfPeople: 2, tourPackageId: 1 }
    case 'POST /api/reviews/request/:token':
      return { rating: 4, title: 'A fuzzed review', text: 'Long enough to pass the schema of the form.', displayName: 'Fuzz G.', country: 'Japan', consent: true }
    default:
      return undefined
  }
}

const KNOWN_KEYS = [
  'name', 'email', 'phone', 'numberOfPeople', 'tourPackageId', 'tourDate', 'tourTime', 'specialRequests', 'interestTheme', 'acceptPolicy', 'website',
  'visitDate', 'groupSize', 'package', 'message', 'username', 'password', 'isAdmin', 'status', 'bookingId', 'reference', 'amount', 'cardNumber',
  'cause', 'reason', 'refundAmount', 'basePrice', 'extraGuestPrice', 'soloPrice', 'soloPromoStart', 'soloPromoEnd', 'duration', 'available',
  'morningAvailable', 'afternoonAvailable', 'fullDayAvailable', 'adminNotes', 'totalPrice', 'notificationPreference', 'whatsappNumber',
  'notificationsEnabled', 'redirectTo', 'date', 'alt', 'altTranslations', 'focalX', 'focalY', 'mediaId', 'file', 'biography', 'signature',
  'loves', 'spring', 'winter', 'meetingPoint', 'pickupHotel', 'addressJa', 'latitude', 'longitude', 'instructions', 'translations', 'active',
  'direction', 'pickupEnabled', 'defaults', 'whatToBring', 'answers', 'type', 'label', 'required', 'options', 'tellGuest', 'guestMoveLimit', 'note',
  'customPrice', 'priceNote', 'payment', 'locale', 'groupLimit', 'holdHours',
  'promoCode', 'code', 'kind', 'value', 'validFrom', 'validTo', 'maxUses', 'onePerEmail', 'tourKind', 'minGroup',
  'rating', 'title', 'text', 'displayName', 'country', 'consent', 'reply', 'source', 'sourceUrl', 'reviewDate', 'url',
  '__proto__', 'constructor',
]
const QUERY_KEYS = ['month', 'from', 'to', 'email', 'status', 'sort', 'dir', 'page', 'pageSize', 'q', 'search', 'bookingId', 'format', 'cause']

/** Words the server knows: with them a random body or query passes a schema now and then. */
const KNOWN_WORDS = [
  'morning', 'afternoon', 'full-day', 'pending', 'confirmed', 'cancelled', 'paid', 'all', 'guest', 'guide-weather', 'guide-transport', 'guide-other',
  'explorer', 'custom', '5+', 'hold', 'email', 'percent', 'amount', 'half-day', 'FUZZ-REAL', 'whatsapp', 'none', 'json', 'csv', 'asc', 'desc', 'tourDate', 'createdAt', 'totalPrice', 'on', 'true', 'false',
  '4242424242424242', '4000000000000002', '4242 4242 4242 4241', 'fuzz@example.com', '+81 90 1234 5678', '2030-06-01', '2030-06', '2030-02-30',
  ...Object.keys(TOKENS),
]
/** Path- and injection-shaped text, numbers at the edges of every integer type, dates that are not. */
const NASTY = [
  '', ' ', '.', '..', '../', '../../../etc/passwd', '..%2F..%2F', '%', '%00', '%zz', '%E0%A4%A', '\u0000', 'a\u0000b', '\\', '"', "'",
  "' OR '1'='1", '1; DROP TABLE users; --', '1 OR 1=1', '$1', '<script>alert(1)</script>', '${7*7}', '{{7*7}}', '0', '-0', '-1', '01', '00000001',
  '1.5', '1e3', '1e309', '0x1F', ' 1', '1 ', '+1', 'NaN', 'Infinity', '-Infinity', '2147483647', '2147483648', '-2147483649', '4294967296',
  '999999999', '1000000000', '9007199254740993', '99999999999999999999999', 'null', 'undefined', 'true', '[]', '{}', '__proto__', 'constructor',
  'prototype', 'hasOwnProperty', 'mark-all-read', 'calendar', 'export', 'erase', '2030-02-30', '2030-13-01', '0000-00-00', '9999-12-31',
  '275760-09-13', '+002030-06-01', '2030-06-01T00:00:00Z', '２０３０-０６-０１', '١٢٣', '𝟙𝟚𝟛', '\u202e', '\ud800', '\udfff', '💥'.repeat(50),
]

const json = fc.jsonValue({ maxDepth: 3 })
const fieldValue = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(...KNOWN_WORDS),
  fc.constantFrom(...NASTY),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string(), { maxLength: 3 }),
  fc.string({ minLength: 1000, maxLength: 5000 }),
  json,
)
const rawBody = (keys: string[]) =>
  fc.oneof(
    json,
    fc.string({ maxLength: 60 }), // sent as it is: malformed JSON
    fc.dictionary(fc.constantFrom(...keys), fieldValue, { maxKeys: keys.length }),
  )

/** Characters that break naive handling of a valid text (besides NUL, which PostgreSQL refuses): a lone surrogate, bidi override, quotes, escapes. */
const POISON = ['\ud800', '\u202e', '\uffff', '\u0085', "'", '"', '\\', '%00', '\n', '\r\n', '\t', ' ']

/** What a run sends: an arbitrary body, or a valid one with a few fields changed, poisoned or dropped. */
type BodyPlan = { raw: unknown } | { set: Record<string, unknown>; drop: string[]; poison: { key: string; char: string } | null }
function bodyPlan(validKeys: string[]): fc.Arbitrary<BodyPlan> {
  const raw = rawBody([...new Set([...validKeys, ...KNOWN_KEYS])]).map((body) => ({ raw: body }))
  if (validKeys.length === 0) return raw
  const near = fc.record({
    set: fc.dictionary(fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...validKeys) }, { weight: 1, arbitrary: fc.constantFrom(...KNOWN_KEYS) }), fieldValue, { maxKeys: 2 }),
    drop: fc.subarray(validKeys, { maxLength: Math.min(2, validKeys.length) }),
    poison: fc.option(fc.record({ key: fc.constantFrom(...validKeys), char: fc.oneof({ weight: 1, arbitrary: fc.constant('\u0000') }, { weight: 2, arbitrary: fc.constantFrom(...POISON) }) })),
  })
  return fc.oneof(raw, near)
}
function bodyOf(plan: BodyPlan, valid: Record<string, unknown> | undefined, real: Real): unknown {
  if ('raw' in plan) return resolve(plan.raw, real)
  const body: Record<string, unknown> = { ...valid, ...(resolve(plan.set, real) as Record<string, unknown>) }
  if (plan.poison) body[plan.poison.key] = `${String(body[plan.poison.key] ?? '')}${plan.poison.char}`
  for (const key of plan.drop) delete body[key]
  return body
}
const contentType = fc.oneof(
  { weight: 8, arbitrary: fc.constant('application/json') },
  { weight: 1, arbitrary: fc.constantFrom('application/x-www-form-urlencoded', 'text/plain', 'application/json; charset=utf-16', 'application/json; charset=latin1', 'multipart/form-data; boundary=x', '') },
)

/** A route parameter: what the segment says, and whether it goes into the URL percent-encoded or as it is. */
type Segment = { text: string; encode: boolean } | { real: true }
const paramText = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...NASTY) },
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 2, arbitrary: fc.nat(40).map(String) }, // small ids: rows that exist
  { weight: 1, arbitrary: fc.integer().map(String) },
  { weight: 1, arbitrary: fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String) },
  { weight: 1, arbitrary: fc.double().map(String) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
  { weight: 1, arbitrary: fc.date({ noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength: 300, maxLength: 4000 }) },
)
const segment: fc.Arbitrary<Segment> = fc.oneof(
  { weight: 3, arbitrary: fc.record({ text: paramText, encode: fc.boolean() }) },
  { weight: 1, arbitrary: fc.constant({ real: true as const }) },
)
const queryValue = fc.oneof(
  { weight: 3, arbitrary: paramText },
  { weight: 2, arbitrary: fc.constantFrom(...KNOWN_WORDS) },
  { weight: 2, arbitrary: fc.constantFrom(...Object.keys(TOKENS)) },
)
/** Some of the keys the API reads (each there or not), pairs with any key (a repeated key is an array for Express), or raw text after the '?'. */
type Query = { pairs: [string, string][] } | { raw: string }
const query: fc.Arbitrary<Query> = fc.oneof(
  { weight: 3, arbitrary: fc.record(Object.fromEntries(QUERY_KEYS.map((k) => [k, queryValue])), { requiredKeys: [] }).map((q) => ({ pairs: Object.entries(q) as [string, string][] })) },
  {
    weight: 2,
    arbitrary: fc.record({
      pairs: fc.array(fc.tuple(fc.oneof(fc.constantFrom(...QUERY_KEYS), fc.constantFrom('status[]', 'from[0]', 'a[b]', '__proto__', 'constructor'), fc.string({ unit: 'binary', maxLength: 10 })), queryValue), { maxLength: 5 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ raw: fc.string({ unit: 'binary-ascii', maxLength: 80 }) }) },
)

/** Lone surrogates cannot be percent-encoded: they travel as U+FFFD, as a browser would send them. */
const wellFormed = (s: string) => s.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd')

function queryString(q: Query, real: Real): string {
  if ('raw' in q) return q.raw ? `?${q.raw}` : ''
  const qs = new URLSearchParams(q.pairs.map(([k, v]) => [k, String(resolve(v, real))])).toString()
  return qs ? `?${qs}` : ''
}

/** Whether the server would read `url` as /api/admin/users/<id> (after the URL parser's and Express's decoding). */
function namesUser(url: string, id: number): boolean {
  const raw = new URL(url, 'http://127.0.0.1').pathname.split('/')[4] ?? ''
  let decoded = raw
  try {
    decoded = decodeURIComponent(raw)
  } catch {
    // Express answers 400 to a malformed escape.
  }
  return /^\d+$/.test(decoded) && Number(decoded) === id
}

/** A stack trace, a source path or a driver's error text in an answer is a leak. */
const STACK_TRACE = /\n\s+at \S|\(\/[^)]*:\d+:\d+\)|node:internal|node_modules|\.tsx?:\d+|DrizzleQueryError|Failed query:/

describe.each(ENGINES)('security on %s', (engine) => {
  let app: TestApp
  let routes: RouteEntry[]
  /** The resellers' OCTO API (docs/decisions/0074): its credential is a bearer key, never a session; checked on its own below. */
  let octoRoutes: RouteEntry[]
  let admin: TestClient
  let user: TestClient
  beforeAll(async () => {
    app = await startTestApp(engine, { env: { RATE_LIMIT_BOOKINGS_PER_HOUR: '100000', RATE_LIMIT_CONTACT_PER_MINUTE: '100000', RATE_LIMIT_LOGIN_PER_MINUTE: '100000', RATE_LIMIT_CALENDAR_FEED_PER_MINUTE: '100000', RATE_LIMIT_REVIEWS_PER_HOUR: '100000' } })
    const all = listRoutes(createApp({ database: app.database, services: app.services, config: app.config, logger: (await import('../../server/logger.ts')).createLogger('silent') }).app)
    octoRoutes = all.filter((r) => r.path.startsWith('/octo/v1/'))
    routes = all.filter((r) => !r.path.startsWith('/octo/v1/'))
    admin = await app.loggedIn(true)
    user = await app.loggedIn(false)
  })
  afterAll(async () => {
    await app.close()
  })

  it('finds the API in its own route list', () => {
    expect(routes.length).toBeGreaterThan(20)
    // The API, and beside it the pictures of the guide's photos, the guide's calendar feed, Apple Pay's file and Google's product feed.
    expect(routes.filter((r) => !r.path.startsWith('/api/')).map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /media/{*path}',
      'GET /calendar/:token.ics',
      'GET /.well-known/apple-developer-merchantid-domain-association',
      'GET /feeds/google-things-to-do.json',
    ])
    // Every route declared public still exists (the list stays honest).
    const present = new Set(routes.map((r) => `${r.method} ${r.path}`))
    expect([...PUBLIC_ROUTES].filter((r) => !present.has(r))).toEqual([])
  })

  it('answers 401 on every OCTO endpoint without a reseller’s key, whoever is logged in, and from any site', async () => {
    expect(octoRoutes.length).toBeGreaterThanOrEqual(13)
    const failures: string[] = []
    for (const route of octoRoutes) {
      const path = concrete(route.path)
      const body = isMutating(route) ? {} : undefined
      // A session grants nothing here, and a cross-site page cannot add the key: it has no ambient credential to forge.
      for (const [who, client, headers] of [['anonymous', app.client(), {}], ['the admin', admin, {}], ['another site', admin, { origin: 'https://evil.example' }]] as const) {
        const res = await client.request(route.method, path, body, headers)
        if (res.status !== 401 || res.json?.error !== 'UNAUTHORIZED') failures.push(`${route.method} ${route.path}: ${who} got ${res.status}`)
      }
    }
    expect(failures).toEqual([])
  })

  it('answers 401 without a session and 403 for a non-admin on every admin endpoint', async () => {
    const guarded = routes.filter((r) => !PUBLIC_ROUTES.has(`${r.method} ${r.path}`))
    expect(guarded.length).toBeGreaterThan(15)
    const failures: string[] = []
    for (const route of guarded) {
      const path = concrete(route.path)
      const body = isMutating(route) ? {} : undefined
      const anonymous = await app.client().request(route.method, path, body)
      const nonAdmin = await user.request(route.method, path, body)
      if (anonymous.status !== 401) failures.push(`${route.method} ${route.path}: anonymous got ${anonymous.status}`)
      if (nonAdmin.status !== 403) failures.push(`${route.method} ${route.path}: non-admin got ${nonAdmin.status}`)
      if (/\$argon2|scrypt\$|passwordHash/.test(anonymous.text + nonAdmin.text)) failures.push(`${route.method} ${route.path}: leaks a password hash`)
    }
    expect(failures).toEqual([])
  })

  it('refuses every state-changing request from another site and stores nothing', async () => {
    const before = await rowCounts(app)
    const failures: string[] = []
    for (const route of routes.filter(isMutating)) {
      if (route.path === '/api/webhooks/stripe') continue
      const res = await admin.request(route.method, concrete(route.path), {}, { origin: 'https://evil.example' })
      if (res.status !== 403) failures.push(`${route.method} ${route.path}: ${res.status}`)
      const noOrigin = await admin.request(route.method, concrete(route.path), {}, { 'sec-fetch-site': 'cross-site' })
      if (noOrigin.status !== 403) failures.push(`${route.method} ${route.path} (sec-fetch-site): ${noOrigin.status}`)
      // `Origin: null` (an opaque origin: a sandboxed frame, a data: URL) from anywhere but our own pages.
      for (const site of ['cross-site', 'same-site', 'none', undefined]) {
        const opaque = await admin.request(route.method, concrete(route.path), {}, { origin: 'null', ...(site ? { 'sec-fetch-site': site } : {}) })
        if (opaque.status !== 403) failures.push(`${route.method} ${route.path} (origin null, sec-fetch-site ${site}): ${opaque.status}`)
      }
    }
    expect(failures).toEqual([])
    expect(await rowCounts(app)).toEqual(before)
  })

  it('refuses oversized bodies on every state-changing route with 413', async () => {
    // Past every limit: 100 kB for JSON, 1 MB for Stripe's webhook.
    const big = JSON.stringify({ name: 'x'.repeat(1_500_000) })
    const failures: string[] = []
    for (const route of routes.filter(isMutating)) {
      const res = await admin.request(route.method, concrete(route.path), big)
      if (res.status !== 413) failures.push(`${route.method} ${route.path}: ${res.status}`)
    }
    expect(failures).toEqual([])
  })

  it('sets Secure, HttpOnly, SameSite=Lax session cookies in production', async () => {
    // On this suite's database as it is: a reset would log out the admin the fuzz below runs as.
    const prod = await startTestApp(engine, {
      database: app.database,
      env: { NODE_ENV: 'production', SESSION_SECRET: 's'.repeat(40), BASE_URL: 'https://tours.example.com', SIMULATED_PAYMENTS: 'true' },
    })
    try {
      await prod.createUser('produser', 'prod-password', true)
      const res = await prod.client().post('/api/login', { username: 'produser', password: 'prod-password' })
      const cookie = res.headers.get('set-cookie') ?? ''
      expect(cookie).toMatch(/; Secure/i)
      expect(cookie).toMatch(/HttpOnly/i)
      expect(cookie).toMatch(/SameSite=Lax/i)
      expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/)
    } finally {
      await prod.close()
    }
  })

  it('reveals no guest data for a numeric booking id, though the booking exists', async () => {
    const tourDate = weekendDatesBetween(addDays(todayInTokyo(new Date()), 30), addDays(todayInTokyo(new Date()), 40))[0]!
    const guest = { name: 'Numeric Probe', email: 'numeric.probe@example.com', phone: '+81 90 7777 1212', numberOfPeople: 2, tourPackageId: 1, tourDate, tourTime: 'morning', acceptPolicy: true }
    const made = await app.client().post('/api/bookings', guest)
    expect(made.status).toBe(201)
    const [row] = await app.db.select().from(bookings).where(eq(bookings.reference, made.json.reference))
    const id = row!.id
    // The reference itself answers (so the probes below are refused for the id, not for lack of a booking).
    expect((await app.client().get(`/api/bookings/${made.json.reference}`)).text).toContain('Numeric Probe')
    for (const path of [`/api/bookings/${id}`, `/api/bookings/${String(id).padStart(4, '0')}`, `/api/bookings/-${id}`, `/api/bookings/${id}/cancellation-quote`]) {
      const res = await app.client().get(path)
      expect(res.status, path).toBeGreaterThanOrEqual(400)
      expect(res.status, path).toBeLessThan(500)
      for (const secret of [guest.name, guest.email, guest.phone, made.json.reference]) expect(res.text, path).not.toContain(secret)
    }
  })

  // ---- Property-based fuzz: no input makes the server fail, leak, or store a row it refused ----

  /** The real rows of the fuzz, created through the public flows (once, for both fuzz tests) and re-created when a run destroyed them. */
  let resources: ReturnType<typeof createResources> | undefined
  const realResources = () => (resources ??= createResources())
  async function createResources() {
    const today = todayInTokyo(new Date())
    // Past the numeric-id test's booking (days 30–40), inside the booking window (180 days).
    const slots = weekendDatesBetween(addDays(today, 42), addDays(today, 170)).flatMap((date) => [
      { date, time: 'afternoon' },
      { date, time: 'morning' },
    ])
    let nextSlot = 0
    let made = 0
    const real = { adminId: 0 } as Real
    const [adminRow] = await app.db.select({ id: users.id }).from(users).where(eq(users.username, 'guide-admin'))
    real.adminId = adminRow!.id
    // Bookings use package 1; the fuzz aims at the last one.
    real.packageId = (await app.services.catalogue.list()).at(-1)!.id

    const newBooking = async () => {
      let last = ''
      for (let tries = 0; tries < slots.length; tries++) {
        const { date, time } = slots[nextSlot++ % slots.length]!
        made++
        const guest = { name: `Fuzz Guest ${made}`, email: `fuzz.guest.${made}@example.com`, phone: '+81 90 1234 5678', numberOfPeople: 2, tourPackageId: 1, tourDate: date, tourTime: time, acceptPolicy: true }
        const res = await app.client().post('/api/bookings', guest)
        if (res.status === 201) {
          const [row] = await app.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.reference, res.json.reference))
          Object.assign(real, { bookingId: row!.id, reference: res.json.reference, tourDate: date, email: guest.email })
          return
        }
        last = `${res.status} ${res.text}`
      }
      throw new Error(`The fuzz found no free slot for a real booking (last answer: ${last})`)
    }
    const newMessage = async () => {
      const res = await app.client().post('/api/contact', { name: 'Fuzz Sender', email: 'fuzz.sender@example.org', groupSize: '2', package: 'custom', message: 'A real message for the fuzz' })
      if (res.status !== 201) throw new Error(`contact: ${res.status} ${res.text}`)
      const [row] = await app.db.select({ id: max(contactMessages.id) }).from(contactMessages)
      real.messageId = row!.id!
    }
    let victims = 0
    const newVictim = async () => {
      const username = `fuzz-victim-${++victims}`
      const res = await admin.post('/api/register', { username, password: VICTIM_PASSWORD, isAdmin: false })
      if (res.status !== 201) throw new Error(`register: ${res.status} ${res.text}`)
      Object.assign(real, { victimId: res.json.id, victimName: username })
    }
    const latestNotification = async () => {
      const [row] = await app.db.select({ id: max(notifications.id) }).from(notifications)
      if (row?.id == null) await newMessage() // a message brings its notification
      const [again] = await app.db.select({ id: max(notifications.id) }).from(notifications)
      real.notificationId = again!.id!
    }
    const newPhoto = async () => {
      const photo = await app.services.media.upload(await phonePhoto(1600, 1200, 7), 'fuzz.jpg', { alt: 'A photo for the fuzz', focalX: 50, focalY: 50 })
      real.mediaId = photo.id
      real.mediaPath = photo.preview.small
    }
    await newBooking()
    await newMessage()
    await newVictim()
    await latestNotification()
    await newPhoto()
    const currentFeedToken = async () => {
      const [feed] = await app.db.select().from(calendarFeed)
      if (feed) real.feedToken = feed.token
      else real.feedToken = new URL((await app.services.calendarFeed.replace({ id: real.adminId, username: 'guide-admin' })).url!).pathname.split('/').pop()!.replace(/\.ics$/, '')
    }
    await currentFeedToken()
    const voucher = await app.services.vouchers.purchase({ choice: 'custom', amount: 10000, buyerName: 'Fuzz Buyer', buyerEmail: 'fuzz.buyer@example.com' }, { clientAddress: '192.0.2.250' })
    real.voucherToken = voucher.token
    // A real code for the fuzz's guest bookings to take ('FUZZ-REAL' is among its words).
    await app.services.promoCodes.create({ code: 'FUZZ-REAL', kind: 'amount', value: 1000, onePerEmail: false, active: true })
    // A finished paid tour with its review request and review, as the request job and the guest leave them.
    const [toured] = await insertBookings(app.db, { reference: 'FUZZREVIEW01', name: 'Fuzz Reviewer', email: 'fuzz.reviewer@example.com', phone: '+81 90 1234 5678', numberOfPeople: 2, tourPackageId: 1, tourDate: '2020-01-04', tourTime: 'morning', status: 'paid', totalPrice: 14300 })
    real.reviewToken = (await app.db.insert(reviewRequests).values({ bookingId: toured!.id, token: newReviewToken(), requestedAt: new Date() }).returning())[0]!.token
    await app.db
      .insert(reviews)
      .values({ bookingId: toured!.id, rating: 5, title: 'A real review', text: 'A real review for the fuzz to aim at.', displayName: 'Fuzz R.', tourDate: '2020-01-04', consentedAt: new Date() })

    // A receipt issued for that tour (docs/decisions/0080; documents are kept, never deleted).
    await app.services.taxDocuments.saveSettings({ registered: false, issuerType: 'sole-proprietor', legalName: 'Fuzz Tours', address: 'Joetsu', pricesIncludeTax: true })
    const [receiptPoint] = (await app.services.taxDocuments.forBooking(toured!.id)).points
    real.documentNumber = (await app.services.taxDocuments.issueForGuide(toured!.id, receiptPoint!.key, null)).number

    /** Before a run: bring back what an earlier run deleted, cancelled or erased (not counted as the run's rows). */
    const refresh = async () => {
      const result = (await app.db.execute(sql`select
        (select ${bookings.status} from ${bookings} where ${bookings.id} = ${real.bookingId} and ${bookings.anonymizedAt} is null) as booking,
        exists (select 1 from ${contactMessages} where ${contactMessages.id} = ${real.messageId}) as message,
        exists (select 1 from ${users} where ${users.id} = ${real.victimId}) as victim,
        exists (select 1 from ${notifications} where ${notifications.id} = ${real.notificationId}) as notification,
        exists (select 1 from ${media} where ${media.id} = ${real.mediaId}) as photo`)) as unknown as {
        rows: { booking: string | null; message: boolean; victim: boolean; notification: boolean; photo: boolean }[]
      }
      const state = result.rows[0]!
      if (state.booking === null || state.booking === 'cancelled') await newBooking()
      if (!state.message) await newMessage()
      if (!state.victim) await newVictim()
      if (!state.notification) await latestNotification()
      if (!state.photo) await newPhoto()
      await currentFeedToken()
    }
    return { real, refresh }
  }

  type Sent = { status: number; text: string }
  /** One request, with the checks every fuzz run shares. */
  async function send(client: TestClient, method: string, url: string, body: unknown, headers: Record<string, string>, failures: string[], label: string): Promise<Sent | null> {
    let res: Sent
    try {
      res = await client.request(method, url, body, headers)
    } catch (error) {
      failures.push(`${label}: the request failed (${String(error)})`)
      return null
    }
    if (res.status >= 500) failures.push(`${label} → ${res.status} ${res.text.slice(0, 200)}`)
    if (STACK_TRACE.test(res.text)) failures.push(`${label} → ${res.status} leaks internals: ${res.text.slice(0, 200)}`)
    return res
  }

  /**
   * Routes that end the caller's own sessions by design (docs/decisions/0026) are fuzzed as an admin
   * of their own, so the fuzz keeps the admin it checks after every route.
   */
  const ENDS_OWN_SESSIONS = new Set(['POST /api/logout-everywhere'])
  let spares = 0
  async function clientFor(key: string): Promise<TestClient> {
    if (PUBLIC_ROUTES.has(key)) return app.client()
    if (!ENDS_OWN_SESSIONS.has(key)) return admin
    const username = `fuzz-spare-admin-${++spares}`
    await app.createUser(username, 'spare-admin-password', true)
    const spare = app.client()
    expect((await spare.post('/api/login', { username, password: 'spare-admin-password' })).status).toBe(200)
    return spare
  }

  /** The admin the fuzz is logged in as must still be one after a route's runs. */
  async function checkAdmin(failures: string[], after: string) {
    const me = await admin.get('/api/user')
    if (me.status !== 200 || me.json?.isAdmin !== true || me.json?.username !== 'guide-admin') {
      failures.push(`the fuzz lost its admin after ${after}: ${me.status} ${me.text.slice(0, 200)}`)
      admin = await app.loggedIn(true).catch(() => admin)
    }
  }

  const short = (value: unknown) => {
    const text = typeof value === 'string' ? value : JSON.stringify(value)
    return text === undefined ? 'undefined' : text.length > 300 ? `${text.slice(0, 300)}…(${text.length})` : text
  }

  /** A refused request (4xx) stores no row. A valid one may (a booking, a message, a user): it is not checked. */
  async function checkNothingStored(key: string, res: Sent | null, before: Record<string, number>, failures: string[], label: string) {
    if (!res || res.status < 400) return
    const stored = diff(before, await rowCounts(app))
    if (Object.keys(stored).length === 0) return
    // A declined card is a valid request with a failed outcome: the money trail records the attempt, as Stripe's payment_failed does (docs/decisions/0014, 0015), for a booking or a voucher (0065).
    const cardForm = key === 'POST /api/bookings/:reference/simulated-payment' || key === 'POST /api/vouchers/:token/simulated-payment'
    if (res.status === 402 && cardForm && JSON.stringify(stored).startsWith('{"payments":') && Object.keys(stored).length === 1) return
    failures.push(`${label} stored rows on ${res.status}: ${JSON.stringify(stored)}`)
  }

  /** Answers per route, printed with FUZZ_STATS=1 to see how deep the fuzz reaches. */
  const tally = () => {
    const counts: Record<string, Record<number, number>> = {}
    return {
      add: (key: string, status: number) => void ((counts[key] ??= {})[status] = (counts[key][status] ?? 0) + 1),
      statuses: (key: string) => Object.keys(counts[key] ?? {}).map(Number),
      print: () => {
        if (process.env.FUZZ_STATS) console.log(Object.entries(counts).map(([k, v]) => `${k} ${JSON.stringify(v)}`).join('\n'))
      },
    }
  }

  it('never answers 5xx nor stores a row for any refused body, on real resources and missing ones', async () => {
    const failures: string[] = []
    await checkAdmin(failures, 'the tests above')
    const { real, refresh } = await realResources()
    const answers = tally()
    const targets = routes.filter((r) => r.method === 'POST' || r.method === 'PATCH' || r.method === 'PUT')
    expect(targets.length).toBeGreaterThan(15)
    for (const [n, route] of targets.entries()) {
      const key = `${route.method} ${route.path}`
      const client = await clientFor(key)
      const validKeys = Object.keys(validBody(route, real) ?? {})
      const seed = SEED + n
      await fc.assert(
        fc.asyncProperty(bodyPlan(validKeys), fc.boolean(), contentType, async (plan, onReal, type) => {
          await refresh()
          // Half of the runs on the real booking, message, user…; the others on ids that exist nowhere.
          const url = route.path.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(onReal ? realParam(route, name, real) : (SAMPLE_PARAMS[name] ?? 'x')))
          const body = bodyOf(plan, validBody(route, real), real)
          const before = await rowCounts(app)
          const label = `${key} seed=${seed} ${url} ${type || '(no content-type)'} ${short(body)}`
          const res = await send(client, route.method, url, body, { 'content-type': type }, failures, label)
          await checkNothingStored(key, res, before, failures, label)
          if (res) answers.add(`${key}${route.path.includes(':') ? (onReal ? ' (real)' : ' (missing)') : ''}`, res.status)
          return true
        }),
        { numRuns: BODY_RUNS, seed },
      )
      await checkAdmin(failures, key)
      // The real resource was found at least once (else the fuzz only ever tried the 404 path).
      if (route.path.includes(':') && answers.statuses(`${key} (real)`).every((status) => status === 404)) failures.push(`${key}: no run found the real resource`)
    }
    answers.print()
    expect(failures.slice(0, 15), `${failures.length} failures (FUZZ_SEED=${SEED})`).toEqual([])
  }, 600_000)

  it('never answers 5xx nor leaks a stack for any route parameter or query string, on every route', async () => {
    const failures: string[] = []
    await checkAdmin(failures, 'the tests above')
    const { real, refresh } = await realResources()
    const answers = tally()
    let requests = 0
    for (const [n, route] of routes.entries()) {
      const key = `${route.method} ${route.path}`
      // `:name` segments, and an Express 5 wildcard `{*name}` (the rest of the path).
      const PARAM = /:(\w+)|\{\*(\w+)\}/g
      const names = [...route.path.matchAll(PARAM)].map((m) => (m[1] ?? m[2])!)
      const client = await clientFor(key)
      const seed = SEED + 1000 + n
      await fc.assert(
        fc.asyncProperty(fc.tuple(...names.map(() => segment)), query, async (segments, q) => {
          await refresh()
          let k = 0
          const path = route.path.replace(PARAM, (_m, name: string | undefined, rest: string | undefined) => {
            const s = segments[k++]!
            // A real wildcard value is a path of its own: its slashes stay slashes.
            if ('real' in s) return rest ? realParam(route, rest, real) : encodeURIComponent(realParam(route, name!, real))
            return s.encode ? encodeURIComponent(wellFormed(s.text)) : s.text
          })
          const url = path + queryString(q, real)
          // Never the admin the fuzz is logged in as: it must not rename, demote or delete itself.
          if (route.path.startsWith('/api/admin/users/') && namesUser(url, real.adminId)) return true
          // A valid body where there is one, so the parameter is what the server has to judge.
          const body = isMutating(route) ? (validBody(route, real) ?? {}) : undefined
          const before = isMutating(route) ? await rowCounts(app) : undefined
          const label = `${key} seed=${seed} ${short(url)}`
          requests++
          const res = await send(client, route.method, url, body, {}, failures, label)
          if (before) await checkNothingStored(key, res, before, failures, label)
          if (res) answers.add(key, res.status)
          return true
        }),
        { numRuns: PARAM_RUNS, seed },
      )
      await checkAdmin(failures, key)
    }
    answers.print()
    expect(requests).toBeGreaterThan(routes.length * PARAM_RUNS * 0.9)
    expect(failures.slice(0, 15), `${failures.length} failures (FUZZ_SEED=${SEED})`).toEqual([])
  }, 600_000)
})
