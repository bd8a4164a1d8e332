import { describe, expect, it } from 'vitest'
import { EXPIRED_REASON, effectiveStatus, expiredUnpaid, holdLapsed } from './booking-lifecycle.ts'

const now = new Date('2030-05-01T03:00:00Z')
const before = new Date('2030-05-01T02:59:59Z')

describe('effectiveStatus (docs/decisions/0005)', () => {
  it('reads a pending booking whose hold ran out as cancelled, before any sweep', () => {
    expect(effectiveStatus({ status: 'pending', holdExpiresAt: before }, now)).toBe('cancelled')
  })
  it('keeps a live hold pending, up to and including its last instant', () => {
    expect(effectiveStatus({ status: 'pending', holdExpiresAt: new Date('2030-05-01T03:00:00Z') }, now)).toBe('pending')
  })
  it('leaves confirmed and paid bookings alone whatever the hold says', () => {
    expect(effectiveStatus({ status: 'paid', holdExpiresAt: new Date('2020-01-01T00:00:00Z') }, now)).toBe('paid')
    expect(effectiveStatus({ status: 'confirmed', holdExpiresAt: null }, now)).toBe('confirmed')
  })
})

describe('holdLapsed and expiredUnpaid', () => {
  it.each([
    // status, hold until, cancellation reason, lapsed, expired unpaid
    ['pending', before, null, true, true],
    ['pending', now, null, false, false],
    ['pending', null, null, false, false],
    ['cancelled', null, EXPIRED_REASON, false, true],
    ['cancelled', null, 'cancelled by the guest', false, false],
    ['confirmed', before, null, false, false],
    ['paid', before, null, false, false],
  ] as const)('%s, hold until %s, reason %s: lapsed %s, expired unpaid %s', (status, holdExpiresAt, cancellationReason, lapsed, expired) => {
    expect(holdLapsed({ status, holdExpiresAt }, now)).toBe(lapsed)
    expect(expiredUnpaid({ status, holdExpiresAt, cancellationReason }, now)).toBe(expired)
  })
})
