import { describe, expect, it } from 'vitest'
import { revenueOfYear, type MovementInput, type TourInput } from './revenue.ts'

const tour = (over: Partial<TourInput>): TourInput => ({ tourDate: '2026-12-05', live: true, firm: true, people: 2, discount: 0, voucherPaid: 0, ...over })
const card = (on: string, amount: number, over: Partial<MovementInput> = {}): MovementInput => ({ on, kind: 'card', amount, transition: amount > 0 ? 'pay' : 'cancel', tourType: 'Half-Day', ...over })

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
        { on: '2026-12-05', kind: 'cash', amount: 14_300, transition: 'mark-paid', tourType: 'Half-Day' },
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
        { on: '2026-11-20', kind: 'voucher-sale', amount: 20_000, transition: 'voucher-sold', tourType: null },
        { on: '2026-11-28', kind: 'voucher-sale', amount: 10_000, transition: 'voucher-sold', tourType: null },
        // Refunded in December: December's, so a November already looked at stays as it was.
        { on: '2026-12-03', kind: 'voucher-sale', amount: -10_000, transition: 'voucher-refunded', tourType: null },
        // A voucher's part of a booking is not money coming in.
        { on: '2026-12-04', kind: 'voucher', amount: 14_300, transition: 'create', tourType: 'Half-Day' },
      ],
    )
    expect(months[10]).toMatchObject({ voucherSales: 30_000, voucherRefunds: 0, received: 0, net: 0 })
    expect(months[11]).toMatchObject({ voucherSales: 0, voucherRefunds: 10_000, received: 0, net: 0 })
    expect(total).toMatchObject({ voucherSales: 30_000, voucherRefunds: 10_000, net: 0 })
  })

  it('is all zeros for a year without bookings or money', () => {
    const { months, total, tourTypes } = revenueOfYear(2025, [tour({})], [card('2026-01-01', 100)])
    expect(months.every((m) => m.net === 0 && m.tours === 0)).toBe(true)
    expect(total.net).toBe(0)
    expect(tourTypes).toEqual([])
    expect(months).toHaveLength(12)
  })
})
