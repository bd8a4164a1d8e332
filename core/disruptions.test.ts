import { describe, expect, it } from 'vitest'
import { ANSWER_RULE, answerDeadline, cancellationCauseOf, DISRUPTION_CAUSES, disruptedSlots } from './disruptions.ts'
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

describe('ANSWER_RULE, the guide’s words for answerDeadline', () => {
  it('gives the time a guest really has, a late call-off’s too (docs/decisions/0072)', () => {
    const hoursLeft = (now: string) => (answerDeadline(start, new Date(now)).getTime() - new Date(now).getTime()) / 3_600_000
    const hoursBefore = (now: string) => (start.getTime() - answerDeadline(start, new Date(now)).getTime()) / 3_600_000
    // Called off a week ahead: until 48 hours before the tour.
    expect(ANSWER_RULE).toContain(`until ${hoursBefore('2026-12-12T00:00:00Z')} hours before their tour`)
    // Called off the evening before: 2 hours from the call-off.
    expect(ANSWER_RULE).toContain(`${hoursLeft('2026-12-18T10:00:00Z')} hours from now`)
    // Called off an hour before: until the start, not two hours.
    expect(hoursLeft('2026-12-18T23:00:00Z')).toBe(1)
    expect(ANSWER_RULE).toContain('never past its start')
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
