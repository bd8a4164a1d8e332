import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './index.ts'
import { siteIn } from '../../core/site.ts'

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'jlt-config-'))

describe('configuration', () => {
  it('starts locally with no variables at all, with the documented defaults', () => {
    const dataDir = tmp()
    const config = loadConfig({ DATA_DIR: dataDir })
    expect(config.port).toBe(3000)
    expect(config.baseUrl).toBe('http://localhost:3000')
    expect(config.paymentMode).toBe('simulated')
    expect(config.site.businessName).toBe('Joetsu Local Tours')
    expect(config.booking).toMatchObject({ holdMinutes: 30, leadDays: 2, horizonDays: 180 })
  })

  it('gives each language the business’s own words where set, and the default city in every language only while the city is the default (docs/decisions/0079)', () => {
    const dataDir = tmp()
    const defaults = loadConfig({ DATA_DIR: dataDir }).site
    expect(siteIn(defaults, 'ja').city).toBe('新潟県上越市')
    expect(siteIn(defaults, 'ko').businessName).toBe('Joetsu Local Tours')
    const set = loadConfig({ DATA_DIR: dataDir, BUSINESS_CITY: 'Myoko, Niigata, Japan', BUSINESS_NAME_JA: '上越ローカルツアーズ', GUIDE_NAME_ZH_HANT: '小綾', BUSINESS_CITY_KO: '묘코' }).site
    expect(siteIn(set, 'ja')).toMatchObject({ businessName: '上越ローカルツアーズ', city: 'Myoko, Niigata, Japan' })
    expect(siteIn(set, 'zh-Hant').guideName).toBe('小綾')
    expect(siteIn(set, 'ko').city).toBe('묘코')
    expect(siteIn(set, 'en')).toMatchObject({ businessName: 'Joetsu Local Tours', city: 'Myoko, Niigata, Japan' })
  })

  it('reads the Apple Pay domain association file once, and refuses to start when it is missing or empty', () => {
    const dataDir = tmp()
    expect(loadConfig({ DATA_DIR: dataDir }).applePayDomainAssociation).toBeNull()
    const file = path.join(dataDir, 'apple-association')
    fs.writeFileSync(file, 'ABC123')
    expect(loadConfig({ DATA_DIR: dataDir, APPLE_PAY_DOMAIN_ASSOCIATION_FILE: file }).applePayDomainAssociation).toBe('ABC123')
    expect(() => loadConfig({ DATA_DIR: dataDir, APPLE_PAY_DOMAIN_ASSOCIATION_FILE: path.join(dataDir, 'nope') })).toThrow(/APPLE_PAY_DOMAIN_ASSOCIATION_FILE: cannot read/)
    fs.writeFileSync(file, ' \n')
    expect(() => loadConfig({ DATA_DIR: dataDir, APPLE_PAY_DOMAIN_ASSOCIATION_FILE: file })).toThrow(/APPLE_PAY_DOMAIN_ASSOCIATION_FILE: .* is empty/)
  })

  it('serves the Google Things to Do feed only when GOOGLE_THINGS_TO_DO_FEED says so (docs/decisions/0078)', () => {
    const dataDir = tmp()
    expect(loadConfig({ DATA_DIR: dataDir }).googleThingsToDoFeed).toBe(false)
    expect(loadConfig({ DATA_DIR: dataDir, GOOGLE_THINGS_TO_DO_FEED: 'true' }).googleThingsToDoFeed).toBe(true)
    expect(loadConfig({ DATA_DIR: dataDir, GOOGLE_THINGS_TO_DO_FEED: 'false' }).googleThingsToDoFeed).toBe(false)
    expect(() => loadConfig({ DATA_DIR: dataDir, GOOGLE_THINGS_TO_DO_FEED: 'on' })).toThrow(/GOOGLE_THINGS_TO_DO_FEED/)
  })

  it('generates the session secret once and keeps it in the data folder', () => {
    const dataDir = tmp()
    const first = loadConfig({ DATA_DIR: dataDir }).sessionSecret
    expect(first.length).toBeGreaterThanOrEqual(32)
    expect(loadConfig({ DATA_DIR: dataDir }).sessionSecret).toBe(first)
    expect(fs.readFileSync(path.join(dataDir, 'session-secret'), 'utf8')).toBe(first)
  })

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ BUSINESS_EMAIL: 'not-an-email' }, 'BUSINESS_EMAIL'],
    [{ DATABASE_URL: 'nonsense' }, 'DATABASE_URL'],
    [{ MORNING_START: '9am' }, 'MORNING_START'],
    [{ HOLD_MINUTES: '0' }, 'HOLD_MINUTES'],
    [{ ADMIN_PASSWORD: '123' }, 'ADMIN_PASSWORD'],
    [{ STRIPE_SECRET_KEY: 'sk_test_1' }, 'STRIPE_SECRET_KEY / STRIPE_PUBLISHABLE_KEY'],
  ])('refuses %o with a message naming %s', (env, variable) => {
    expect(() => loadConfig({ DATA_DIR: tmp(), ...env })).toThrow(ConfigError)
    expect(() => loadConfig({ DATA_DIR: tmp(), ...env })).toThrow(variable)
  })

  it('requires a session secret, a base URL and Stripe keys in production', () => {
    const run = (env: Record<string, string>) => () => loadConfig({ NODE_ENV: 'production', DATA_DIR: tmp(), ...env })
    expect(run({})).toThrow('SESSION_SECRET')
    const secret = { SESSION_SECRET: 'x'.repeat(40), BASE_URL: 'https://tours.example.com' }
    expect(run(secret)).toThrow('STRIPE_SECRET_KEY')
    expect(run({ ...secret, SIMULATED_PAYMENTS: 'true' })().paymentMode).toBe('simulated')
    expect(run({ ...secret, STRIPE_SECRET_KEY: 'sk', STRIPE_PUBLISHABLE_KEY: 'pk' })).toThrow('STRIPE_WEBHOOK_SECRET')
    expect(run({ ...secret, STRIPE_SECRET_KEY: 'sk', STRIPE_PUBLISHABLE_KEY: 'pk', STRIPE_WEBHOOK_SECRET: 'whsec' })().paymentMode).toBe('stripe')
  })
})
