import { describe, expect, it } from 'vitest'
import { BOOKING_STATUSES, bookingStatusSchema, bookingStatusUpdateSchema, statusLabel } from './booking-status.ts'

describe('booking statuses', () => {
  it('are the spec’s four', () => {
    expect(BOOKING_STATUSES).toEqual(['pending', 'confirmed', 'cancelled', 'paid'])
  })

  it('have labels for people', () => {
    expect(BOOKING_STATUSES.map(statusLabel)).toEqual(['Pending', 'Confirmed', 'Cancelled', 'Paid'])
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
})
