import { describe, expect, it } from 'vitest'
import { guestMoveRefusal, guideMoveRefusal, moveWindow, sameSlotChoice, type GuestMoveInput } from './booking-changes.ts'
import { refundFor } from './cancellation-policy.ts'

const tourDate = '2026-12-19' // Saturday
const base: GuestMoveInput = { status: 'paid', tourDate, today: '2026-12-01', guestMoves: 0, limit: 2, disrupted: false, arranged: false }

describe('guestMoveRefusal: when a guest may move their own booking', () => {
  it.each([
    ['18 days before, never moved', {}, null],
    ['exactly 7 days before (the last free day)', { today: '2026-12-12' }, null],
    ['6 days before', { today: '2026-12-13' }, 'too-late'],
    ['on the day', { today: tourDate }, 'too-late'],
    ['after the tour date', { today: '2026-12-20' }, 'too-late'],
    ['moved once of 2', { guestMoves: 1 }, null],
    ['moved twice of 2', { guestMoves: 2 }, 'limit'],
    ['the guide turned guest moves off', { limit: 0 }, 'limit'],
    ['a cancelled booking', { status: 'cancelled' }, 'cancelled'],
    ['an unpaid hold', { status: 'pending' }, null],
    ['a confirmed booking', { status: 'confirmed' }, null],
    ['a disruption, 1 day before, moved twice already', { disrupted: true, today: '2026-12-18', guestMoves: 2 }, null],
    ['a disruption does not revive a cancelled booking', { disrupted: true, status: 'cancelled' }, 'cancelled'],
    ['a booking the guide priced or sized by hand', { arranged: true }, 'arranged'],
    ['the guide’s booking, even after a disruption', { arranged: true, disrupted: true }, 'arranged'],
    ['the guide’s booking once cancelled', { arranged: true, status: 'cancelled' }, 'cancelled'],
  ] as const)('%s → %s', (_, change, expected) => {
    expect(guestMoveRefusal({ ...base, ...change })).toBe(expected)
  })

  it('ends on the same day as the full refund of the cancellation policy', () => {
    for (let day = 1; day <= 19; day++) {
      const today = `2026-12-${String(day).padStart(2, '0')}`
      const fullRefund = refundFor({ amountPaid: 1000, tourDate, today, cause: 'guest' }).amount === 1000
      expect(guestMoveRefusal({ ...base, today }) === null, today).toBe(fullRefund)
    }
  })
})

describe('guideMoveRefusal', () => {
  it('lets the guide move any booking that is not cancelled, whenever', () => {
    expect(guideMoveRefusal('pending')).toBeNull()
    expect(guideMoveRefusal('confirmed')).toBeNull()
    expect(guideMoveRefusal('paid')).toBeNull()
    expect(guideMoveRefusal('cancelled')).toBe('cancelled')
  })
})

describe('moveWindow', () => {
  const window = { leadDays: 2, horizonDays: 180 }
  it('keeps guests (also after a disruption) to the booking window and lets the guide use any date up to its end', () => {
    expect(moveWindow('guest', window)).toEqual(window)
    expect(moveWindow('disruption', window)).toEqual(window)
    expect(moveWindow('guide', window)).toEqual({ leadDays: 0, horizonDays: 180 })
  })
})

describe('sameSlotChoice', () => {
  const slot = { tourDate, tourTime: 'morning', tourPackageId: 1, numberOfPeople: 2 } as const
  it('is a move only when something changes', () => {
    expect(sameSlotChoice(slot, { ...slot })).toBe(true)
    expect(sameSlotChoice(slot, { ...slot, tourTime: 'afternoon' })).toBe(false)
    expect(sameSlotChoice(slot, { ...slot, numberOfPeople: 3 })).toBe(false)
  })
})
