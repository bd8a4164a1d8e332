import { describe, expect, it } from 'vitest'
import { simulatedOutcome, DECLINED_MESSAGE, INCORRECT_NUMBER_MESSAGE } from './simulated.ts'
import { mapIntentStatus, mapRefundStatus } from './stripe.ts'
import { englishText } from '../i18n/refusals.ts'

describe('simulated test cards (docs/decisions/0014)', () => {
  it('4242 4242 4242 4242 succeeds, with or without spaces', () => {
    expect(simulatedOutcome('4242 4242 4242 4242')).toEqual({ ok: true })
    expect(simulatedOutcome('4242424242424242')).toEqual({ ok: true })
  })
  it('4000 0000 0000 0002 is declined with Stripe’s message', () => {
    expect(simulatedOutcome('4000 0000 0000 0002')).toEqual({ ok: false, message: DECLINED_MESSAGE })
    expect(englishText(DECLINED_MESSAGE)).toBe('Your card was declined.')
  })
  it('other valid numbers are declined; malformed ones are incorrect', () => {
    expect(simulatedOutcome('5555 5555 5555 4444')).toEqual({ ok: false, message: DECLINED_MESSAGE })
    expect(simulatedOutcome('4242 4242 4242 4241')).toEqual({ ok: false, message: INCORRECT_NUMBER_MESSAGE })
    expect(simulatedOutcome('abcd')).toEqual({ ok: false, message: INCORRECT_NUMBER_MESSAGE })
  })
})

describe('Stripe statuses mapped to the internal set', () => {
  it('only succeeded is succeeded', () => {
    expect(mapIntentStatus('succeeded')).toBe('succeeded')
    for (const s of ['requires_payment_method', 'requires_confirmation', 'requires_action'] as const) expect(mapIntentStatus(s)).toBe('requires_payment')
    expect(mapIntentStatus('processing')).toBe('processing')
    expect(mapIntentStatus('requires_capture')).toBe('processing')
    expect(mapIntentStatus('canceled')).toBe('canceled')
  })
  it('refund statuses', () => {
    expect(mapRefundStatus('succeeded')).toBe('succeeded')
    expect(mapRefundStatus('pending')).toBe('pending')
    expect(mapRefundStatus('requires_action')).toBe('pending')
    expect(mapRefundStatus('failed')).toBe('failed')
    expect(mapRefundStatus('canceled')).toBe('failed')
  })
})
