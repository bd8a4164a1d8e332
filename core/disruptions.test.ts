import { describe, expect, it } from 'vitest'
import { answerDeadline, cancellationCauseOf, DISRUPTION_CAUSES, disruptedSlots } from './disruptions.ts'
import { refundFor } from './cancellation-policy.ts'

const start = new Date('2026-12-19T00:00:00Z') // 09:00 in Japan

describe('answerDeadline', () => {
  it.each([
    ['a week ahead: 48 hours before the tour', '2026-12-12T00:00:00Z', '2026-12-17T00:00:00Z'],
    ['exactly 50 hours ahead: still 48 hours before', '2026-12-16T22:00:00Z', '2026-12-17T00:00:00Z'],
    ['the evening before: 2 hours to answer', '2026-12-18T10:00:00Z', '2026-12-18T12:00:00Z'],
    ['an hour before the start: until the start', '2026-12-18T23:00:00Z', '2026-12-19T00:00:00Z'],
  ])('%s', (_, now, expected) => {
    expect(answerDeadline(start, new Date(now)).toISOString()).toBe(new Date(expected).toISOString())
  })
})

describe('cancellationCauseOf', () => {
  it('is always the guide’s cause, so the policy refunds in full whatever the day', () => {
    for (const cause of DISRUPTION_CAUSES) {
      const refund = refundFor({ amountPaid: 14300, tourDate: '2026-12-19', today: '2026-12-19', cause: cancellationCauseOf(cause) })
      expect(refund.amount, cause).toBe(14300)
    }
    expect(cancellationCauseOf('snow')).toBe('guide-weather')
    expect(cancellationCauseOf('typhoon')).toBe('guide-weather')
    expect(cancellationCauseOf('transport')).toBe('guide-transport')
    expect(cancellationCauseOf('guide-unwell')).toBe('guide-other')
  })
})

describe('disruptedSlots', () => {
  it('covers one slot or the whole day', () => {
    expect(disruptedSlots('afternoon')).toEqual(['afternoon'])
    expect(disruptedSlots(null)).toEqual(['morning', 'afternoon', 'full-day'])
  })
})
