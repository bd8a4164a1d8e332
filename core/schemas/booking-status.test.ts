import { describe, expect, it } from 'vitest'
import { BOOKING_STATUSES, bookingStatusSchema, bookingStatusUpdateSchema } from './booking-status.ts'

describe('booking statuses', () => {
  it('are the spec’s four', () => {
    expect(BOOKING_STATUSES).toEqual(['pending', 'confirmed', 'cancelled', 'paid'])
  })

  it('parse known values and refuse others with one message', () => {
    for (const status of BOOKING_STATUSES) expect(bookingStatusSchema.parse(status)).toBe(status)
    for (const bad of ['Paid', 'refunded', '', undefined]) {
      const result = bookingStatusSchema.safeParse(bad)
      expect(result.success, String(bad)).toBe(false)
      expect(result.error?.issues[0]?.message).toBe('Status must be pending, confirmed, cancelled or paid')
    }
  })

  it('validate the status update body and drop anything else', () => {
    expect(bookingStatusUpdateSchema.parse({ status: 'confirmed', totalPrice: 0 })).toEqual({ status: 'confirmed' })
    expect(bookingStatusUpdateSchema.safeParse({}).success).toBe(false)
  })

  it('take how the money came when marking paid: cash or a bank transfer, nothing else (decision 0080)', () => {
    expect(bookingStatusUpdateSchema.parse({ status: 'paid', paidBy: 'bank-transfer' })).toEqual({ status: 'paid', paidBy: 'bank-transfer' })
    expect(bookingStatusUpdateSchema.parse({ status: 'paid', paidBy: 'cash' })).toEqual({ status: 'paid', paidBy: 'cash' })
    const bad = bookingStatusUpdateSchema.safeParse({ status: 'paid', paidBy: 'cheque' })
    expect(bad.error?.issues[0]).toMatchObject({ path: ['paidBy'], message: 'How the money was taken is cash or bank-transfer' })
  })
})
