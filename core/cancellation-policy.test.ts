import { describe, expect, it } from 'vitest'
import { CANCELLATION_CAUSES, freeCancellationDeadline, refundChoiceProblem, refundFor, refundPreview } from './cancellation-policy.ts'
import { englishOf } from './i18n/refusal-english.test-support.ts'

const tourDate = '2025-07-12' // Saturday
const paid = 16500

describe('refundFor: the guest cancels', () => {
  it('refunds in full 8 days before', () => {
    expect(refundFor({ amountPaid: paid, tourDate, today: '2025-07-04', cause: 'guest' })).toEqual({
      amount: 16500,
      rule: 'full-refund-7-days',
      explanation:
        'Cancelled 8 days before the tour, within free cancellation (until Saturday, July 5, 2025), so the full amount of ¥16,500 is refunded.',
    })
  })

  it('refunds in full exactly 7 days before (the last free day)', () => {
    const refund = refundFor({ amountPaid: paid, tourDate, today: '2025-07-05', cause: 'guest' })
    expect(refund.amount).toBe(16500)
    expect(refund.rule).toBe('full-refund-7-days')
    expect(refund.explanation).toContain('7 days before the tour')
  })

  it('refunds nothing 6 days before', () => {
    expect(refundFor({ amountPaid: paid, tourDate, today: '2025-07-06', cause: 'guest' })).toEqual({
      amount: 0,
      rule: 'no-refund-within-6-days',
      explanation:
        'Cancelled 6 days before the tour, after free cancellation ended (Saturday, July 5, 2025), so the tour is charged in full and no refund is due.',
    })
  })

  it('refunds nothing 1 day before, on the day, or after the tour date', () => {
    const dayBefore = refundFor({ amountPaid: paid, tourDate, today: '2025-07-11', cause: 'guest' })
    expect(dayBefore).toMatchObject({ amount: 0, rule: 'no-refund-within-6-days' })
    expect(dayBefore.explanation).toContain('Cancelled 1 day before the tour,')

    const onTheDay = refundFor({ amountPaid: paid, tourDate, today: tourDate, cause: 'guest' })
    expect(onTheDay).toMatchObject({ amount: 0, rule: 'no-refund-within-6-days' })
    expect(onTheDay.explanation).toContain('on the day of the tour')

    const after = refundFor({ amountPaid: paid, tourDate, today: '2025-07-13', cause: 'guest' })
    expect(after).toMatchObject({ amount: 0, rule: 'no-refund-within-6-days' })
    expect(after.explanation).toContain('after the tour date')
  })

  it('refunds nothing when nothing was paid', () => {
    expect(refundFor({ amountPaid: 0, tourDate, today: '2025-06-01', cause: 'guest' })).toMatchObject({
      amount: 0,
      rule: 'full-refund-7-days',
    })
  })
})

describe('refundFor: the guide cancels', () => {
  it('refunds in full for weather, even on the day', () => {
    expect(refundFor({ amountPaid: paid, tourDate, today: tourDate, cause: 'guide-weather' })).toEqual({
      amount: 16500,
      rule: 'guide-cancelled',
      explanation: 'The guide cancelled the tour because of the weather, so the full amount of ¥16,500 is refunded.',
    })
  })

  it('refunds in full for transport and other reasons inside the no-refund period', () => {
    const transport = refundFor({ amountPaid: paid, tourDate, today: '2025-07-10', cause: 'guide-transport' })
    expect(transport).toMatchObject({ amount: 16500, rule: 'guide-cancelled' })
    expect(transport.explanation).toContain('transport')
    const other = refundFor({ amountPaid: paid, tourDate, today: '2025-07-10', cause: 'guide-other' })
    expect(other).toEqual({
      amount: 16500,
      rule: 'guide-cancelled',
      explanation: 'The guide cancelled the tour, so the full amount of ¥16,500 is refunded.',
    })
  })

  it('covers every guide cause', () => {
    for (const cause of CANCELLATION_CAUSES.filter((c) => c !== 'guest')) {
      expect(refundFor({ amountPaid: paid, tourDate, today: tourDate, cause }).amount, cause).toBe(paid)
    }
  })
})

describe('refundFor: bad inputs', () => {
  it('refuses amounts that are not whole yen and invalid dates', () => {
    expect(() => refundFor({ amountPaid: 100.5, tourDate, today: tourDate, cause: 'guest' })).toThrow(RangeError)
    expect(() => refundFor({ amountPaid: -1, tourDate, today: tourDate, cause: 'guest' })).toThrow(RangeError)
    expect(() => refundFor({ amountPaid: paid, tourDate: '2025-02-30', today: tourDate, cause: 'guest' })).toThrow(RangeError)
  })
})

describe('freeCancellationDeadline', () => {
  it('is 7 days before the tour date, across month ends', () => {
    expect(freeCancellationDeadline('2025-07-12')).toBe('2025-07-05')
    expect(freeCancellationDeadline('2025-07-05')).toBe('2025-06-28')
  })
})

describe('before cancelling: the dialogs say what cancelling now would do (docs/decisions/0029)', () => {
  it('never says "charged in full" or "Cancelled" for a booking nobody paid for', () => {
    for (const cause of CANCELLATION_CAUSES) {
      for (const today of ['2025-06-01', '2025-07-07', tourDate]) {
        const refund = refundFor({ amountPaid: 0, tourDate, today, cause })
        expect(refund.explanation, `${cause} ${today}`).toBe('Nothing was paid for this booking, so nothing is charged and nothing is refunded.')
        expect(refundPreview({ amountPaid: 0, tourDate, today, cause })).toBe(
          'Nothing has been paid for this booking, so cancelling it charges nothing and refunds nothing.',
        )
      }
    }
  })

  it('words a paid booking\'s preview for what will happen', () => {
    expect(refundPreview({ amountPaid: paid, tourDate, today: '2025-07-07', cause: 'guest' })).toBe(
      'Cancelling now, 5 days before the tour, is after free cancellation ended (Saturday, July 5, 2025): no refund is due, and the ¥16,500 paid is kept.',
    )
    expect(refundPreview({ amountPaid: paid, tourDate, today: '2025-07-04', cause: 'guest' })).toBe(
      'Cancelling now, 8 days before the tour, is within free cancellation (until Saturday, July 5, 2025): the full amount of ¥16,500 paid will be refunded.',
    )
    expect(refundPreview({ amountPaid: paid, tourDate, today: tourDate, cause: 'guide-weather' })).toBe(
      'If the guide cancels because of the weather, the full amount of ¥16,500 paid will be refunded.',
    )
    expect(refundPreview({ amountPaid: paid, tourDate, today: tourDate, cause: 'guide-other' })).toBe('If the guide cancels, the full amount of ¥16,500 paid will be refunded.')
  })
})

describe('refundChoiceProblem (the refund an admin chooses instead of the policy)', () => {
  it('allows whole yen from nothing to all that was paid', () => {
    for (const amount of [0, 1, 7_150, 14_300]) expect(refundChoiceProblem(amount, 14_300)).toBeNull()
  })
  it('refuses more than was paid, less than nothing, fractions and non-numbers, with one message', () => {
    for (const amount of [14_301, -1, 0.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(englishOf(refundChoiceProblem(amount, 14_300)!)).toBe('The refund must be a whole number of yen from ¥0 to ¥14,300')
    }
    expect(englishOf(refundChoiceProblem(1, 0)!)).toBe('The refund must be a whole number of yen from ¥0 to ¥0')
  })
})
