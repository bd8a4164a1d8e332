import './zod-config.ts'
import { z } from 'zod'

/**
 * The four booking statuses of the product description (docs/decisions/0005): a new booking is pending and holds
 * its slot for a while; paid and confirmed hold it; cancelled releases it.
 */
export const BOOKING_STATUSES = ['pending', 'confirmed', 'cancelled', 'paid'] as const
export type BookingStatus = (typeof BOOKING_STATUSES)[number]

export const BOOKING_STATUS_MESSAGE = 'Status must be pending, confirmed, cancelled or paid'

export const bookingStatusSchema = z.enum(BOOKING_STATUSES, { error: BOOKING_STATUS_MESSAGE })

/** PATCH /api/bookings/{id}/status. */
export const bookingStatusUpdateSchema = z.object({ status: bookingStatusSchema })

const STATUS_LABELS: Record<BookingStatus, string> = {
  pending: 'Pending',
  confirmed: 'Confirmed',
  cancelled: 'Cancelled',
  paid: 'Paid',
}

export function statusLabel(status: BookingStatus): string {
  return STATUS_LABELS[status]
}
