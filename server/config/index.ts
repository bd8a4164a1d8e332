import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { SiteIdentity } from '../../core/site.ts'
import { ConfigError, type Env, parseEnv, siteIdentityFromEnv } from './env.ts'

export { ConfigError }

export type PaymentMode = 'stripe' | 'simulated'

export type Config = {
  env: Env
  isProduction: boolean
  port: number
  host: string
  /** Absolute path of the data folder (PGlite database, outbox, generated secret). */
  dataDir: string
  databaseUrl: string | undefined
  baseUrl: string
  sessionSecret: string
  paymentMode: PaymentMode
  site: SiteIdentity
  retention: { messagesMonths: number; paidBookingsYears: number; unpaidBookingsMonths: number }
  emailProvider: string | null
  /** The Apple Pay domain association file's content, read at start-up; null when not configured (docs/decisions/0050). */
  applePayDomainAssociation: string | null
  booking: {
    holdMinutes: number
    maxUnpaidPerEmail: number
    leadDays: number
    horizonDays: number
    startTimes: { morning: string; afternoon: string; 'full-day': string }
  }
  /** Double opt-in and the daily cap of the waitlist (docs/decisions/0070). */
  waitlist: { confirmHours: number; mailsPerAddressPerDay: number }
  /** Whether GET /feeds/google-things-to-do.json answers (docs/decisions/0078); off by default. */
  googleThingsToDoFeed: boolean
  /** Calendars imported from other platforms (docs/decisions/0077). */
  channelCalendars: { intervalMinutes: number; timeoutMs: number }
  /** Resellers' OCTO webhooks (docs/decisions/0081): whether http:// and private addresses are allowed. */
  octoWebhooks: { allowPrivate: boolean }
}

/**
 * Read and validate the whole configuration once, at start-up. Throws ConfigError with a
 * message naming each bad variable; main.ts prints it and exits.
 */
export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const env = parseEnv(source)
  const isProduction = env.NODE_ENV === 'production'
  const dataDir = path.resolve(env.DATA_DIR)
  const problems: string[] = []

  if (isProduction && !env.SESSION_SECRET) problems.push('SESSION_SECRET: is required in production (at least 32 characters)')
  if (isProduction && !env.BASE_URL) problems.push('BASE_URL: is required in production (the public address, e.g. https://tours.example.com)')

  const hasStripe = Boolean(env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY)
  if (Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_PUBLISHABLE_KEY)) {
    problems.push('STRIPE_SECRET_KEY / STRIPE_PUBLISHABLE_KEY: set both or neither')
  }
  if (isProduction && !hasStripe && !env.SIMULATED_PAYMENTS) {
    problems.push('STRIPE_SECRET_KEY: is required in production (or set SIMULATED_PAYMENTS=true to take no real payments)')
  }
  if (hasStripe && isProduction && !env.STRIPE_WEBHOOK_SECRET) {
    problems.push('STRIPE_WEBHOOK_SECRET: is required with Stripe in production (webhooks are the source of truth)')
  }
  const applePayDomainAssociation = readAssociationFile(env.APPLE_PAY_DOMAIN_ASSOCIATION_FILE, problems)
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`)

  const baseUrl = (env.BASE_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '')
  return {
    env,
    isProduction,
    port: env.PORT,
    host: env.HOST,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    baseUrl,
    sessionSecret: env.SESSION_SECRET ?? localSessionSecret(dataDir),
    paymentMode: hasStripe ? 'stripe' : 'simulated',
    site: siteIdentityFromEnv(env, baseUrl),
    retention: {
      messagesMonths: env.RETENTION_MESSAGES_MONTHS,
      paidBookingsYears: env.RETENTION_PAID_BOOKINGS_YEARS,
      unpaidBookingsMonths: env.RETENTION_UNPAID_BOOKINGS_MONTHS,
    },
    emailProvider: env.EMAIL_PROVIDER ?? null,
    applePayDomainAssociation,
    booking: {
      holdMinutes: env.HOLD_MINUTES,
      maxUnpaidPerEmail: env.MAX_UNPAID_BOOKINGS_PER_EMAIL,
      leadDays: env.BOOKING_LEAD_DAYS,
      horizonDays: env.BOOKING_HORIZON_DAYS,
      startTimes: { morning: env.MORNING_START, afternoon: env.AFTERNOON_START, 'full-day': env.FULL_DAY_START },
    },
    waitlist: { confirmHours: env.WAITLIST_CONFIRM_HOURS, mailsPerAddressPerDay: env.WAITLIST_MAILS_PER_ADDRESS_PER_DAY },
    googleThingsToDoFeed: env.GOOGLE_THINGS_TO_DO_FEED,
    channelCalendars: { intervalMinutes: env.CHANNEL_CALENDAR_INTERVAL_MINUTES, timeoutMs: env.CHANNEL_CALENDAR_TIMEOUT_SECONDS * 1000 },
    octoWebhooks: { allowPrivate: env.OCTO_WEBHOOKS_ALLOW_PRIVATE },
  }
}

/** The Apple Pay domain association file: read once, so a missing or empty file stops the start with its variable named. */
function readAssociationFile(file: string | undefined, problems: string[]): string | null {
  if (!file) return null
  try {
    const content = fs.readFileSync(path.resolve(file), 'utf8')
    if (content.trim() === '') problems.push(`APPLE_PAY_DOMAIN_ASSOCIATION_FILE: ${file} is empty`)
    return content
  } catch {
    problems.push(`APPLE_PAY_DOMAIN_ASSOCIATION_FILE: cannot read ${file}`)
    return null
  }
}

/** Outside production the secret is generated once and kept in the data folder. */
function localSessionSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret')
  try {
    return fs.readFileSync(file, 'utf8').trim()
  } catch {
    fs.mkdirSync(dataDir, { recursive: true })
    const secret = crypto.randomBytes(32).toString('base64url')
    fs.writeFileSync(file, secret, { mode: 0o600 })
    return secret
  }
}
