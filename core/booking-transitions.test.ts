import { describe, expect, it } from 'vitest'
import { allowedStatuses, statusTransition, type BookingMoney } from './booking-transitions.ts'
import { BOOKING_STATUSES, type BookingStatus } from './schemas/booking-status.ts'
import { englishOf } from './i18n/refusal-english.test-support.ts'

const nothing: BookingMoney = { received: 0, refunded: 0 }
const paidInFull: BookingMoney = { received: 14300, refunded: 0 }
const refundedInFull: BookingMoney = { received: 14300, refunded: 14300 }
const partlyRefunded: BookingMoney = { received: 14300, refunded: 4300 }

/** Every case of the table: current status, money, and the targets the menu may set. */
const TABLE: [string, BookingStatus, BookingMoney, BookingStatus[]][] = [
  ['unpaid pending', 'pending', nothing, ['pending', 'confirmed', 'cancelled', 'paid']],
  ['unpaid confirmed', 'confirmed', nothing, ['pending', 'confirmed', 'cancelled', 'paid']],
  ['cancelled, never paid', 'cancelled', nothing, ['pending', 'confirmed', 'cancelled', 'paid']],
  ['paid', 'paid', paidInFull, ['paid']],
  ['paid then marked confirmed', 'confirmed', paidInFull, ['confirmed', 'paid']],
  ['cancelled late, payment kept', 'cancelled', paidInFull, ['cancelled', 'paid']],
  ['cancelled and refunded (docs/decisions/0029)', 'cancelled', refundedInFull, ['cancelled']],
  ['cancelled, partly refunded', 'cancelled', partlyRefunded, ['cancelled']],
  ['paid, refunded in full at the provider', 'paid', refundedInFull, ['cancelled', 'paid']],
  ['paid, partly refunded at the provider', 'paid', partlyRefunded, ['paid']],
]

describe('status transitions against the money held', () => {
  it.each(TABLE)('%s: the menu offers exactly the allowed targets', (_name, from, money, allowed) => {
    expect(allowedStatuses(from, money)).toEqual(allowed)
    for (const to of BOOKING_STATUSES) expect(statusTransition(from, to, money).allowed, `${from} → ${to}`).toBe(allowed.includes(to))
  })

  it('refuses to revive a refunded booking as paid or confirmed, saying why and what to do', () => {
    const paid = statusTransition('cancelled', 'paid', refundedInFull)
    expect(paid.allowed).toBe(false)
    expect(!paid.allowed && englishOf(paid.message)).toBe(
      '¥14,300 of this booking has been refunded, so it cannot be made Paid again. If the guest still wants the tour, they book again (a new booking with its own payment).',
    )
    const confirmed = statusTransition('cancelled', 'confirmed', refundedInFull)
    expect(confirmed.allowed).toBe(false)
    expect(!confirmed.allowed && englishOf(confirmed.message)).toContain('cannot be made Confirmed again')
  })

  it('keeps a paid booking paid: no way back to waiting for payment, cancelling goes through the refund', () => {
    const pending = statusTransition('paid', 'pending', paidInFull)
    expect(!pending.allowed && englishOf(pending.message)).toBe(
      'The guest has paid ¥14,300 for this booking, so it cannot be made Pending: that would ask them to pay again. It stays Paid until it is cancelled with the Cancel action.',
    )
    const cancelled = statusTransition('paid', 'cancelled', paidInFull)
    expect(!cancelled.allowed && englishOf(cancelled.message)).toBe('This booking has been paid: cancel it with the Cancel action, which decides the refund.')
  })
})
