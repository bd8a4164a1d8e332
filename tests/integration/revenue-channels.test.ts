import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { zBooking } from '@octocloud/types'
import { ENGINES } from './databases.ts'
import { startWithCatalogue, TestClient, type TestApp } from './app.ts'
import { ledgerInvariantProblems } from './ledger-invariants.ts'
import { resellerInputSchema } from '../../core/schemas/reseller.ts'
import { action as channelsAction, loader as channelsLoader } from '../../app/routes/admin/channels.tsx'
import { loader as revenueLoader } from '../../app/routes/admin/revenue.tsx'
import { loadAdminSection, postAdminSection } from './admin-section.ts'

/**
 * The revenue by channel (docs/decisions/0076): a reseller's booking confirmed through OCTO over
 * HTTP shows in the Revenue section (its route loader) as its gross, commission and the net it owes, by the month
 * each moved, its cancellation's reversal in the month of the cancellation; a test-mode reseller's
 * booking counts nowhere, and neither is money received.
 */

// Wednesday 2030-05-01, 12:00 in Japan. Saturday 2030-06-15 is within the booking window.
const NOW = '2030-05-01T03:00:00.000Z'
const SATURDAY = '2030-06-15'

function octoClient(app: TestApp, key: string, headers: Record<string, string> = {}) {
  const client = new TestClient(app.baseUrl)
  const h = { authorization: `Bearer ${key}`, 'octo-capabilities': 'octo/pricing', ...headers }
  return { post: (path: string, body: unknown = {}) => client.post(`/octo/v1${path}`, body, h) }
}

describe.each(ENGINES)('revenue by channel on %s', (engine) => {
  let app: TestApp
  let halfDay: number

  beforeEach(async () => {
    ;({ app, halfDay } = await startWithCatalogue(engine, NOW))
  })
  afterEach(async () => {
    expect(await ledgerInvariantProblems(app.db, app.clock.now())).toEqual([])
    await app.close()
  })

  /** A reseller as the guide adds it in Dashboard → Channels, by the service its action calls: the new key comes with it. */
  const newReseller = (fields: Record<string, unknown>) => app.services.resellers.create(resellerInputSchema.parse(fields))
  /** A reseller's form saved in Dashboard → Channels, as the page's script sends it (docs/decisions/0088). */
  const saveReseller = (fields: Record<string, string>) => postAdminSection(app, channelsAction, '/admin/channels', { intent: 'updateReseller', ...fields }, { byScript: true, username: 'guide-admin' })
  /** The Revenue section's figures of 2030, as its route loader gives them to the page. */
  const revenue2030 = async () => (await loadAdminSection(app, revenueLoader, '/admin/revenue?year=2030', { username: 'guide-admin' })).revenue

  /** A reseller's half day for two at `time` on SATURDAY, reserved and confirmed over OCTO. */
  async function book(octo: ReturnType<typeof octoClient>, time: string, reference: string) {
    const held = await octo.post('/bookings', { productId: String(halfDay), optionId: 'half-day', availabilityId: `${SATURDAY}T${time}:00+09:00`, unitItems: [{ unitId: 'guest' }, { unitId: 'guest' }], resellerReference: reference })
    expect(held.status, held.text).toBe(200)
    const confirmed = await octo.post(`/bookings/${held.json.uuid}/confirm`, { contact: { fullName: `Guest of ${reference}` } })
    expect(confirmed.status, confirmed.text).toBe(200)
    return zBooking.parse(confirmed.json)
  }

  it('a reseller’s confirmed booking shows as its gross, commission and net by the month each moved; a test-mode reseller’s does not', async () => {
    const klook = await newReseller({ name: 'Klook', commissionPercent: 20 })
    const sandbox = await newReseller({ name: 'Sandbox', commissionPercent: 10, testMode: true })
    expect((await loadAdminSection(app, channelsLoader, '/admin/channels', { username: 'guide-admin' })).octoEndpoint).toBe('http://127.0.0.1/octo/v1')

    const live = await book(octoClient(app, klook.apiKey), '09:00', 'KL-1')
    expect(live.pricing).toMatchObject({ retail: 14_300, net: 11_440 })
    await book(octoClient(app, sandbox.apiKey, { 'octo-env': 'test' }), '14:00', 'SB-1')

    const may = await revenue2030()
    expect(may.channels.map((c: { name: string }) => c.name)).toEqual(['Site (card and cash)', 'Klook'])
    const [site, reseller] = [may.channels[0]!, may.channels[1]!]
    // Half day for two: ¥14,300; Klook keeps 20 % (¥2,860) and owes ¥11,440.
    expect(reseller).toMatchObject({ channel: `reseller-${klook.id}`, resellerId: klook.id })
    expect(reseller.months[4]).toEqual({ month: '2030-05', gross: 14_300, commission: 2_860, net: 11_440 })
    expect(reseller.total).toEqual({ month: 'total', gross: 14_300, commission: 2_860, net: 11_440 })
    expect(site.total).toEqual({ month: 'total', gross: 0, commission: 0, net: 0 })
    // A receivable is not money received; the test booking is not a tour.
    expect(may.total).toMatchObject({ received: 0, refunded: 0, net: 0 })
    expect(may.months[5]).toMatchObject({ month: '2030-06', tours: 1, guests: 2 })

    // Klook cancels on 1 June, within the free window: June's reversal; May stays as it was.
    app.clock.advanceMinutes(31 * 24 * 60)
    const cancelled = await octoClient(app, klook.apiKey).post(`/bookings/${live.uuid}/cancel`, { reason: 'Guest changed plans' })
    expect(cancelled.status, cancelled.text).toBe(200)
    const after = await revenue2030()
    const klookAfter = after.channels.find((c) => c.resellerId === klook.id)!
    expect(klookAfter.months[4]).toEqual({ month: '2030-05', gross: 14_300, commission: 2_860, net: 11_440 })
    expect(klookAfter.months[5]).toEqual({ month: '2030-06', gross: -14_300, commission: -2_860, net: -11_440 })
    expect(klookAfter.total).toEqual({ month: 'total', gross: 0, commission: 0, net: 0 })
    expect(after.months[5]).toMatchObject({ tours: 0, guests: 0 })
    expect(after.channels).toHaveLength(2)
  })

  it('a booking keeps the mode it was made in: a test booking stays out of revenue after its reseller goes live, and a live one stays in after it goes back to test (docs/decisions/0081)', async () => {
    const made = await newReseller({ name: 'Bokun', commissionPercent: 10, testMode: true })
    const key = made.apiKey
    const practice = await book(octoClient(app, key, { 'octo-env': 'test' }), '09:00', 'BK-TEST')
    expect(practice.testMode).toBe(true)

    // The test-mode box unticked sends nothing: live.
    const live = await saveReseller({ id: String(made.id), name: 'Bokun', commissionPercent: '10' })
    expect(live, JSON.stringify(live.data)).toMatchObject({ status: 200, data: { ok: true, result: { testMode: false } } })
    const real = await book(octoClient(app, key, { 'octo-env': 'live' }), '14:00', 'BK-LIVE')
    expect(real.testMode).toBe(false)
    const read = (uuid: string) => new TestClient(app.baseUrl).get(`/octo/v1/bookings/${uuid}`, { authorization: `Bearer ${key}` })
    expect((await read(practice.uuid)).json.testMode).toBe(true)

    const bokun = async () => (await revenue2030()).channels.find((c) => c.resellerId === made.id)
    // Only the live booking counts: one half day for two, ¥14,300, 10 % kept.
    expect((await bokun())!.total).toEqual({ month: 'total', gross: 14_300, commission: 1_430, net: 12_870 })
    expect(await saveReseller({ id: String(made.id), name: 'Bokun', commissionPercent: '10', testMode: 'on' })).toMatchObject({ status: 200, data: { ok: true, result: { testMode: true } } })
    expect((await bokun())!.total).toEqual({ month: 'total', gross: 14_300, commission: 1_430, net: 12_870 })
    expect((await read(real.uuid)).json.testMode).toBe(false)
  })
})
