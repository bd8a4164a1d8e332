import { describe, expect, it } from 'vitest'
import { revenueOfYear, type RevenueInput } from './revenue.ts'

const item = (over: Partial<RevenueInput>): RevenueInput => ({ tourDate: '2026-12-05', live: true, firm: true, people: 2, received: 14300, refunded: 0, discount: 0, voucherPaid: 0, tourType: 'Half-Day', ...over })

describe('revenueOfYear', () => {
  it('counts gift vouchers as money when sold, by the month they were paid, and a tour paid with one only by its card part', () => {
    const { months, total } = revenueOfYear(
      2026,
      [
        // ¥16,500: ¥10,000 from a voucher, ¥6,500 by card.
        item({ received: 6_500, voucherPaid: 10_000 }),
        // Wholly paid with a voucher: no new money.
        item({ tourDate: '2026-12-06', received: 0, voucherPaid: 14_300 }),
        // An unpaid hold's voucher part is not counted.
        item({ tourDate: '2026-12-12', firm: false, received: 0, voucherPaid: 5_000 }),
      ],
      [
        { paidOn: '2026-11-20', amount: 20_000, refunded: 0 },
        { paidOn: '2026-11-28', amount: 10_000, refunded: 10_000 },
        { paidOn: '2025-12-31', amount: 50_000, refunded: 0 },
      ],
    )
    expect(months[10]).toMatchObject({ voucherSales: 30_000, voucherRefunds: 10_000, received: 0, net: 0 })
    expect(months[11]).toMatchObject({ received: 6_500, net: 6_500, paidByVoucher: 24_300, voucherSales: 0 })
    expect(total).toMatchObject({ net: 6_500, paidByVoucher: 24_300, voucherSales: 30_000, voucherRefunds: 10_000 })
  })

  it('shows promo codes’ discounts apart from the money, for the tours that take place', () => {
    const { months } = revenueOfYear(2026, [
      item({ received: 12_870, discount: 1_430 }),
      // A 100 % code: nothing received, the whole price given.
      item({ tourDate: '2026-12-06', received: 0, discount: 14_300 }),
      // Not taking place: an unpaid hold and a cancelled booking give nothing away.
      item({ tourDate: '2026-12-12', firm: false, received: 0, discount: 2_000 }),
      item({ tourDate: '2026-12-13', live: false, received: 12_870, refunded: 12_870, discount: 1_430 }),
    ])
    expect(months[11]).toMatchObject({ discounts: 15_730, received: 25_740, refunded: 12_870, net: 12_870 })
  })

  it('counts tours and guests of bookings that take place, and the money of every booking of the month', () => {
    const { months, total, tourTypes } = revenueOfYear(2026, [
      item({}),
      item({ tourDate: '2026-12-12', people: 4, received: 27500, tourType: 'Full-Day' }),
      // Cancelled in time: refunded in full, no tour.
      item({ tourDate: '2026-12-19', live: false, received: 14300, refunded: 14300 }),
      // Cancelled late: the money is kept, no tour.
      item({ tourDate: '2026-12-20', live: false, received: 14300, refunded: 0 }),
      // An unpaid hold: no tour yet, no money.
      item({ tourDate: '2026-12-26', firm: false, received: 0 }),
      // Confirmed, to be paid on the day: a tour, no money yet.
      item({ tourDate: '2026-11-07', received: 0 }),
      // Another year.
      item({ tourDate: '2027-01-02' }),
    ])
    const december = months[11]!
    expect(december).toEqual({ month: '2026-12', tours: 2, guests: 6, received: 70400, refunded: 14300, net: 56100, discounts: 0, paidByVoucher: 0, voucherSales: 0, voucherRefunds: 0, byTourType: { 'Half-Day': 28600, 'Full-Day': 27500 } })
    expect(months[10]).toMatchObject({ month: '2026-11', tours: 1, guests: 2, net: 0 })
    expect(months[0]).toMatchObject({ month: '2026-01', tours: 0, net: 0 })
    expect(total).toMatchObject({ month: 'total', tours: 3, guests: 8, received: 70400, refunded: 14300, net: 56100 })
    expect(tourTypes).toEqual(['Full-Day', 'Half-Day'])
    expect(months).toHaveLength(12)
  })

  it('is all zeros for a year without bookings', () => {
    const { months, total, tourTypes } = revenueOfYear(2025, [item({})])
    expect(months.every((m) => m.net === 0 && m.tours === 0)).toBe(true)
    expect(total.net).toBe(0)
    expect(tourTypes).toEqual([])
  })
})
