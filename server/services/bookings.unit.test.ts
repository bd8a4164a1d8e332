import { describe, expect, it } from 'vitest'
import { newReference } from '../../core/reference.ts'
import { effectiveStatus } from './bookings.ts'

describe('effectiveStatus (D13)', () => {
  const now = new Date('2030-05-01T03:00:00Z')
  it('reads a pending booking whose hold ran out as cancelled, before any sweep', () => {
    expect(effectiveStatus({ status: 'pending', holdExpiresAt: new Date('2030-05-01T02:59:59Z') }, now)).toBe('cancelled')
  })
  it('keeps a live hold pending, up to and including its last instant', () => {
    expect(effectiveStatus({ status: 'pending', holdExpiresAt: new Date('2030-05-01T03:00:00Z') }, now)).toBe('pending')
  })
  it('leaves confirmed and paid bookings alone whatever the hold says', () => {
    expect(effectiveStatus({ status: 'paid', holdExpiresAt: new Date('2020-01-01T00:00:00Z') }, now)).toBe('paid')
    expect(effectiveStatus({ status: 'confirmed', holdExpiresAt: null }, now)).toBe('confirmed')
  })
})

describe('newReference (D15)', () => {
  it('makes distinct 12-character references', () => {
    const refs = new Set(Array.from({ length: 1000 }, newReference))
    expect(refs.size).toBe(1000)
    for (const r of refs) expect(r).toMatch(/^[0-9A-HJKMNP-TV-Z]{12}$/)
  })
})
