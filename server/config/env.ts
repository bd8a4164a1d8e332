import { z } from 'zod'
import { DEFAULT_HORIZON_DAYS, DEFAULT_LEAD_DAYS } from '../../core/dates.ts'
import { UNNAMED_GUIDE, type SiteIdentity, type SiteWords } from '../../core/site.ts'
import { LOCALE_CODES, type Locale } from '../../core/i18n/locales.ts'
import { DEFAULT_SLOT_START_TIMES } from '../../core/slots.ts'

/**
 * Every setting the server reads from the environment, validated once at start-up.
 * A bad value stops the process with a message naming the variable (see loadConfig).
 * .env.example documents each variable.
 */
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be HH:mm (24-hour)')
const optionalText = z
  .string()
  .trim()
  .transform((s) => (s === '' ? undefined : s))
  .optional()
const flag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1' || v === 'yes')

const DEFAULT_CITY = 'Joetsu City, Niigata Prefecture, Japan'

/** The default city as each language writes it: used only while BUSINESS_CITY is the default too. */
const DEFAULT_CITY_IN: Partial<Record<Locale, string>> = {
  ja: '新潟県上越市',
  ko: '일본 니가타현 조에쓰시',
  'zh-Hant': '日本新潟縣上越市',
  'zh-Hans': '日本新潟县上越市',
}

const WORD_VARIABLES = { businessName: 'BUSINESS_NAME', guideName: 'GUIDE_NAME', city: 'BUSINESS_CITY' } as const satisfies Record<keyof SiteWords, string>

/** 'zh-Hant' → 'ZH_HANT': the suffix of a language's variables. */
const variableSuffix = (locale: Locale) => locale.toUpperCase().replace('-', '_')

/** The environment variable that gives `field` in `locale` (English: the plain one). */
export function wordVariable(field: keyof SiteWords, locale: Locale): string {
  return locale === 'en' ? WORD_VARIABLES[field] : `${WORD_VARIABLES[field]}_${variableSuffix(locale)}`
}

type WordVariable = `${(typeof WORD_VARIABLES)[keyof SiteWords]}_${'JA' | 'KO' | 'ZH_HANT' | 'ZH_HANS'}`

function wordsInLanguages(): Record<WordVariable, typeof optionalText> {
  const fields = {} as Record<WordVariable, typeof optionalText>
  for (const locale of LOCALE_CODES.filter((l) => l !== 'en')) {
    for (const field of Object.keys(WORD_VARIABLES) as (keyof SiteWords)[]) fields[wordVariable(field, locale) as WordVariable] = optionalText
  }
  return fields
}

export const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalText.pipe(z.url().optional()),
  // A database that is slow, locked or silent fails the request with 503 within these bounds
  // instead of holding it and the pool (PostgreSQL only, docs/decisions/0025).
  DATABASE_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5000),
  DATABASE_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3000),
  BASE_URL: optionalText.pipe(z.url().optional()),
  SESSION_SECRET: optionalText.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  TRUST_PROXY: optionalText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Development only: where Vite keeps its pre-bundled packages (default node_modules/.vite). */
  VITE_CACHE_DIR: optionalText,

  ADMIN_USERNAME: optionalText.pipe(z.string().min(3, 'must be at least 3 characters').optional()),
  ADMIN_PASSWORD: optionalText.pipe(z.string().min(6, 'must be at least 6 characters').optional()),

  BUSINESS_NAME: z.string().trim().min(1).default('Joetsu Local Tours'),
  GUIDE_NAME: z.string().trim().min(1).default(UNNAMED_GUIDE),
  BUSINESS_EMAIL: z.email().default('hello@example.com'),
  WHATSAPP_NUMBER: z
    .string()
    .regex(/^\+?[\d\s()-]{8,20}$/, 'must be an international phone number such as +81 90-0000-0000')
    .default('+81 90-0000-0000'),
  SOCIAL_URL: z.url().default('https://www.instagram.com/'),
  SOCIAL_LABEL: z.string().trim().min(1).default('Instagram'),
  BUSINESS_CITY: z.string().trim().min(1).default(DEFAULT_CITY),
  // The same words in the other languages (docs/decisions/0079): BUSINESS_NAME_JA, GUIDE_NAME_KO,
  // BUSINESS_CITY_ZH_HANT… Unset, a page in that language shows the English value.
  ...wordsInLanguages(),
  SELLER_NAME: optionalText,
  SELLER_MANAGER: optionalText,
  SELLER_ADDRESS: optionalText,
  SELLER_PHONE: optionalText,

  HOLD_MINUTES: z.coerce.number().int().min(5).max(24 * 60).default(30),
  // Live unpaid holds one guest e-mail address may have at once (docs/decisions/0024).
  MAX_UNPAID_BOOKINGS_PER_EMAIL: z.coerce.number().int().min(1).max(50).default(2),
  BOOKING_LEAD_DAYS: z.coerce.number().int().min(0).max(60).default(DEFAULT_LEAD_DAYS),
  BOOKING_HORIZON_DAYS: z.coerce.number().int().min(7).max(730).default(DEFAULT_HORIZON_DAYS),
  MORNING_START: clock.default(DEFAULT_SLOT_START_TIMES.morning),
  AFTERNOON_START: clock.default(DEFAULT_SLOT_START_TIMES.afternoon),
  FULL_DAY_START: clock.default(DEFAULT_SLOT_START_TIMES['full-day']),

  // Abuse limits per client address (and per (address, username) for login; decision 0024).
  RATE_LIMIT_LOGIN_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_CONTACT_PER_MINUTE: z.coerce.number().int().min(1).default(5),
  RATE_LIMIT_BOOKINGS_PER_HOUR: z.coerce.number().int().min(1).default(20),
  /** Waitlist requests per client address (docs/decisions/0057): the API, the page's form post and its data request together. */
  RATE_LIMIT_WAITLIST_PER_HOUR: z.coerce.number().int().min(1).default(10),
  /**
   * The waitlist's double opt-in (docs/decisions/0070): how long a confirmation link works, and
   * so how long an address waits between two confirmation e-mails and how long its unconfirmed
   * entries are kept; and how many "free again" e-mails one address gets per day in Japan, across
   * all its slots.
   */
  WAITLIST_CONFIRM_HOURS: z.coerce.number().int().min(1).max(7 * 24).default(24),
  WAITLIST_MAILS_PER_ADDRESS_PER_DAY: z.coerce.number().int().min(1).max(50).default(3),
  /** Review submissions per client address (docs/decisions/0063): the API, the review page's form post and its data request together. */
  RATE_LIMIT_REVIEWS_PER_HOUR: z.coerce.number().int().min(1).default(20),
  // Reads and actions by booking reference (status, checkout, payment, cancellation).
  RATE_LIMIT_LOOKUPS_PER_MINUTE: z.coerce.number().int().min(1).default(120),
  // Fetches of the guide's calendar feed (docs/decisions/0050), right token or wrong.
  RATE_LIMIT_CALENDAR_FEED_PER_MINUTE: z.coerce.number().int().min(1).default(20),
  // docs/decisions/0074: OCTO requests per reseller key (a reseller polls availability), and per address before a key is known.
  RATE_LIMIT_OCTO_PER_MINUTE: z.coerce.number().int().min(1).default(300),

  /**
   * Calendars imported from other platforms (docs/decisions/0077): how often each is fetched,
   * and how long one fetch may take (connecting and reading together).
   */
  CHANNEL_CALENDAR_INTERVAL_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(15),
  CHANNEL_CALENDAR_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(120).default(10),
  /**
   * Resellers' OCTO webhooks (docs/decisions/0081) go to https:// addresses on the public internet
   * only; true also allows http:// and private, loopback and link-local addresses (tests, or a
   * channel manager on the guide's own network).
   */
  OCTO_WEBHOOKS_ALLOW_PRIVATE: flag,

  STRIPE_SECRET_KEY: optionalText,
  STRIPE_PUBLISHABLE_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  STRIPE_API_URL: optionalText.pipe(z.url().optional()),
  /**
   * Apple Pay in the Payment Element (docs/decisions/0050): the path of the domain association
   * file Stripe's dashboard gives for this domain, served at
   * /.well-known/apple-developer-merchantid-domain-association.
   */
  APPLE_PAY_DOMAIN_ASSOCIATION_FILE: optionalText,
  SIMULATED_PAYMENTS: flag,

  /** Serve Google's Things to Do product feed at /feeds/google-things-to-do.json (docs/decisions/0078); off: that address is 404. */
  GOOGLE_THINGS_TO_DO_FEED: flag,

  SMTP_URL: optionalText.pipe(z.url().optional()),
  /** Named on the privacy notice when set, e.g. 'Amazon SES (United States)'. */
  EMAIL_PROVIDER: optionalText,

  // Retention of guests' personal data (APPI, docs/decisions/0020): after these periods the personal
  // fields are anonymised; dates, amounts and statuses stay for the books.
  RETENTION_MESSAGES_MONTHS: z.coerce.number().int().min(1).max(120).default(24),
  RETENTION_PAID_BOOKINGS_YEARS: z.coerce.number().int().min(1).max(10).default(5),
  RETENTION_UNPAID_BOOKINGS_MONTHS: z.coerce.number().int().min(1).max(120).default(12),
  MAIL_FROM: optionalText,
})

export type Env = z.infer<typeof envSchema>

export class ConfigError extends Error {}

/** Parse the environment; throws ConfigError naming each bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source)
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
  }
  return result.data
}

export function siteIdentityFromEnv(env: Env, baseUrl: string): SiteIdentity {
  return {
    businessName: env.BUSINESS_NAME,
    guideName: env.GUIDE_NAME,
    email: env.BUSINESS_EMAIL,
    whatsappNumber: env.WHATSAPP_NUMBER,
    socialUrl: env.SOCIAL_URL,
    socialLabel: env.SOCIAL_LABEL,
    city: env.BUSINESS_CITY,
    baseUrl,
    seller: {
      name: env.SELLER_NAME ?? null,
      manager: env.SELLER_MANAGER ?? null,
      address: env.SELLER_ADDRESS ?? null,
      phone: env.SELLER_PHONE ?? null,
    },
    inLanguages: Object.fromEntries(LOCALE_CODES.map((locale) => [locale, wordsOf(env, locale)])),
  }
}

function wordsOf(env: Env, locale: Locale): SiteWords {
  const given = (field: keyof SiteWords) => (env as Record<string, unknown>)[wordVariable(field, locale)] as string | undefined
  const city = given('city') ?? (env.BUSINESS_CITY === DEFAULT_CITY ? DEFAULT_CITY_IN[locale] : undefined)
  return Object.fromEntries(Object.entries({ businessName: given('businessName'), guideName: given('guideName'), city }).filter(([, v]) => v !== undefined))
}
