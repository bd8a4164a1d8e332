import { describe, expect, it } from 'vitest'
import { revenueOfYear, SITE_CHANNEL_NAME, type MovementInput, type TourInput } from './revenue.ts'

const tour = (over: Partial<TourInput>): TourInput => ({ tourDate: '2026-12-05', reseller: null, live: true, firm: true, people: 2, discount: 0, voucherPaid: 0, ...over })
const card = (on: string, amount: number, over: Partial<MovementInput> = {}): MovementInput => ({ on, kind: 'card', amount, transition: amount > 0 ? 'pay' : 'cancel', tourType: 'Half-Day', reseller: null, ...over })

describe('revenueOfYear (docs/decisions/0058, 0067)', () => {
  it('counts tours, guests, discounts and voucher parts by the month of the tour, for tours that take place', () => {
    const { months, total } = revenueOfYear(2026, [
      tour({ people: 3, discount: 1_430 }),
      // Wholly paid with a voucher sold earlier: a tour, no new money.
      tour({ tourDate: '2026-12-06', voucherPaid: 14_300 }),
      // An unpaid hold and a cancelled booking are no tours.
      tour({ tourDate: '2026-12-12', firm: false, voucherPaid: 5_000 }),
      tour({ tourDate: '2026-12-13', live: false, discount: 2_000 }),
      tour({ tourDate: '2026-11-07' }),
      tour({ tourDate: '2027-01-02' }),
    ], [])
    expect(months[11]).toMatchObject({ month: '2026-12', tours: 2, guests: 5, discounts: 1_430, paidByVoucher: 14_300, received: 0 })
    expect(months[10]).toMatchObject({ month: '2026-11', tours: 1, guests: 2 })
    expect(total).toMatchObject({ tours: 3, guests: 7, discounts: 1_430, paidByVoucher: 14_300 })
  })

  it('counts money in the month it moved: a tour paid in November for December is November’s money, its refund in January is January’s', () => {
    const { months, total } = revenueOfYear(
      2026,
      [tour({})],
      [
        card('2026-11-20', 14_300),
        card('2026-12-01', 16_500, { tourType: 'Full-Day' }),
        // A move to a cheaper tour gives the difference back: a refund of its month, as the provider shows it.
        card('2026-12-02', -2_200, { tourType: 'Full-Day', transition: 'move' }),
        // Taken in cash on the day by the guide.
        { on: '2026-12-05', kind: 'cash', amount: 14_300, transition: 'mark-paid', tourType: 'Half-Day', reseller: null },
        // Another year's.
        card('2027-01-10', -14_300),
        card('2025-12-31', 14_300),
      ],
    )
    expect(months[10]).toMatchObject({ received: 14_300, refunded: 0, net: 14_300, byTourType: { 'Half-Day': 14_300 } })
    expect(months[11]).toEqual({
      month: '2026-12',
      tours: 1,
      guests: 2,
      received: 30_800,
      refunded: 2_200,
      net: 28_600,
      discounts: 0,
      paidByVoucher: 0,
      voucherSales: 0,
      voucherRefunds: 0,
      byTourType: { 'Full-Day': 14_300, 'Half-Day': 14_300 },
    })
    expect(total).toMatchObject({ received: 45_100, refunded: 2_200, net: 42_900 })
  })

  it('a refund the provider refused comes back as no refund, not as new money', () => {
    const { months } = revenueOfYear(2026, [], [card('2026-12-01', 14_300), card('2026-12-02', -14_300), card('2026-12-02', 14_300, { transition: 'refund-failed' })])
    expect(months[11]).toMatchObject({ received: 14_300, refunded: 0, net: 14_300 })
  })

  it('counts gift vouchers sold and refunded in their own months, apart from the tours’ money', () => {
    const { months, total } = revenueOfYear(
      2026,
      [],
      [
        { on: '2026-11-20', kind: 'voucher-sale', amount: 20_000, transition: 'voucher-sold', tourType: null, reseller: null },
        { on: '2026-11-28', kind: 'voucher-sale', amount: 10_000, transition: 'voucher-sold', tourType: null, reseller: null },
        // Refunded in December: December's, so a November already looked at stays as it was.
        { on: '2026-12-03', kind: 'voucher-sale', amount: -10_000, transition: 'voucher-refunded', tourType: null, reseller: null },
        // A voucher's part of a booking is not money coming in.
        { on: '2026-12-04', kind: 'voucher', amount: 14_300, transition: 'create', tourType: 'Half-Day', reseller: null },
      ],
    )
    expect(months[10]).toMatchObject({ voucherSales: 30_000, voucherRefunds: 0, received: 0, net: 0 })
    expect(months[11]).toMatchObject({ voucherSales: 0, voucherRefunds: 10_000, received: 0, net: 0 })
    expect(total).toMatchObject({ voucherSales: 30_000, voucherRefunds: 10_000, net: 0 })
  })

  describe('by channel (docs/decisions/0076)', () => {
    const klook = { id: 7, name: 'Klook', test: false }
    const kkday = { id: 3, name: 'KKday', test: false }
    const sandbox = { id: 9, name: 'Sandbox', test: true }
    const half = 'Half-Day'
    const moved = (on: string, kind: 'reseller' | 'commission', amount: number, reseller: typeof klook, transition: MovementInput['transition'] = amount > 0 ? 'confirm' : 'cancel'): MovementInput => ({ on, kind, amount, transition, tourType: half, reseller })
    const zero = { gross: 0, commission: 0, net: 0 }

    it('shows the site’s card and cash, and per reseller its gross, commission and the net it owes, by the month each moved', () => {
      const { months, total, channels } = revenueOfYear(
        2026,
        [tour({ reseller: klook }), tour({ tourDate: '2026-12-19', reseller: kkday, people: 4 }), tour({ tourDate: '2026-12-20' })],
        [
          // A guest pays ¥14,300 by card on the site in November.
          card('2026-11-10', 14_300),
          // Klook (20 %) confirms a half day for two in November: ¥14,300, of which it keeps ¥2,860 and owes ¥11,440.
          moved('2026-11-20', 'reseller', 11_440, klook),
          moved('2026-11-20', 'commission', 2_860, klook),
          // It cancels in December: the reversal is December’s; November stays as it was.
          moved('2026-12-03', 'reseller', -11_440, klook),
          moved('2026-12-03', 'commission', -2_860, klook),
          // KKday (15 %) sells a full day for four in December: ¥33,000; it keeps 15 % (¥4,950) and owes ¥28,050.
          moved('2026-12-05', 'reseller', 28_050, kkday),
          moved('2026-12-05', 'commission', 4_950, kkday),
        ],
      )
      expect(channels.map((c) => [c.channel, c.name])).toEqual([
        ['site', SITE_CHANNEL_NAME],
        ['reseller-3', 'KKday'],
        ['reseller-7', 'Klook'],
      ])
      const [site, kk, kl] = channels
      expect(site!.months[10]).toEqual({ month: '2026-11', gross: 14_300, commission: 0, net: 14_300 })
      expect(site!.total).toEqual({ month: 'total', gross: 14_300, commission: 0, net: 14_300 })
      expect(kl!.months[10]).toEqual({ month: '2026-11', gross: 14_300, commission: 2_860, net: 11_440 })
      expect(kl!.months[11]).toEqual({ month: '2026-12', gross: -14_300, commission: -2_860, net: -11_440 })
      expect(kl!.total).toEqual({ month: 'total', ...zero })
      expect(kk!.resellerId).toBe(3)
      expect(kk!.months[10]).toEqual({ month: '2026-11', ...zero })
      expect(kk!.months[11]).toEqual({ month: '2026-12', gross: 33_000, commission: 4_950, net: 28_050 })
      // A receivable is not money received: the existing columns stay card and cash.
      expect(months[10]).toMatchObject({ received: 14_300, refunded: 0, net: 14_300, byTourType: { [half]: 14_300 } })
      expect(months[11]).toMatchObject({ received: 0, refunded: 0, net: 0, byTourType: {}, tours: 3, guests: 8 })
      expect(total).toMatchObject({ received: 14_300, net: 14_300 })
    })

    it('leaves a test-mode reseller’s bookings out of everything: tours, money and channels', () => {
      const { months, total, channels } = revenueOfYear(
        2026,
        [tour({ reseller: sandbox, people: 5 })],
        [moved('2026-12-01', 'reseller', 14_300, sandbox), { on: '2026-12-01', kind: 'card', amount: 5_000, transition: 'mark-paid', tourType: half, reseller: sandbox }],
      )
      expect(channels).toEqual([{ channel: 'site', resellerId: null, name: SITE_CHANNEL_NAME, months: months.map((m) => ({ month: m.month, ...zero })), total: { month: 'total', ...zero } }])
      expect(months[11]).toMatchObject({ tours: 0, guests: 0, received: 0, net: 0 })
      expect(total).toMatchObject({ tours: 0, guests: 0, received: 0, net: 0 })
    })

    it('names no reseller whose movements fall in another year', () => {
      const { channels } = revenueOfYear(2026, [], [moved('2025-12-31', 'reseller', 11_440, klook), moved('2027-01-01', 'commission', 2_860, klook)])
      expect(channels.map((c) => c.channel)).toEqual(['site'])
    })
  })

  it('is all zeros for a year without bookings or money', () => {
    const { months, total, tourTypes } = revenueOfYear(2025, [tour({})], [card('2026-01-01', 100)])
    expect(months.every((m) => m.net === 0 && m.tours === 0)).toBe(true)
    expect(total.net).toBe(0)
    expect(tourTypes).toEqual([])
    expect(months).toHaveLength(12)
  })
})
