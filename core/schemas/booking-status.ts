import './zod-config.ts'
import { z } from 'zod'
import { BANK_TRANSFER } from '../tax-document-points.ts'

/**
 * The four booking statuses of the product description (docs/decisions/0005): a new booking is pending and holds
 * its slot for a while; paid and confirmed hold it; cancelled releases it.
 */
export const BOOKING_STATUSES = ['pending', 'confirmed', 'cancelled', 'paid'] as const
export type BookingStatus = (typeof BOOKING_STATUSES)[number]

export const BOOKING_STATUS_MESSAGE = 'Status must be pending, confirmed, cancelled or paid'

export const bookingStatusSchema = z.enum(BOOKING_STATUSES, { error: BOOKING_STATUS_MESSAGE })

/**
 * How the guide took the money still due when marking a booking paid (docs/decisions/0080): in
 * cash (the default) or by bank transfer, a cash row whose reference says so.
 */
export const PAID_BY_WAYS = ['cash', BANK_TRANSFER] as const
export type PaidBy = (typeof PAID_BY_WAYS)[number]

/** PATCH /api/bookings/{id}/status; `paidBy` only with 'paid' (the lifecycle refuses it otherwise). */
export const bookingStatusUpdateSchema = z.object({
  status: bookingStatusSchema,
  paidBy: z.enum(PAID_BY_WAYS, { error: 'How the money was taken is cash or bank-transfer' }).optional(),
})
