import type { Db } from '../db/client.ts'
import { guideHoldExpiry } from '../../core/guide-bookings.ts'
import { quote } from '../../core/pricing.ts'
import type { GuideBookingRequest } from '../../core/schemas/guide-booking.ts'
import type { BookingLifecycle } from './booking-lifecycle.ts'
import type { BookingMoveService } from './booking-moves.ts'
import { withFreshReference } from './booking-reference.ts'
import type { Booking } from './ledger.ts'
import { ServiceError } from './service-error.ts'
import type { TripService } from './trip.ts'

/**
 * Bookings the guide makes in the dashboard (docs/decisions/0059). One
 * transaction, in the order of a guest's booking (docs/decisions/0002): the slot, tour and group
 * are checked as the guide's move checks them, the booking is inserted, its slot claimed (a taken
 * slot fails the claim's primary key and nothing is stored), and the e-mails and the admins'
 * notification are queued. Afterwards it is a booking like any other: its hold lapses and frees
 * the slot as a guest's does, it is paid through the same checkout, cancelled, refunded and moved
 * by the same services.
 */
export function createGuideBookingService(deps: { db: Db; lifecycle: BookingLifecycle; moves: BookingMoveService; trip: TripService; now: () => Date }) {
  const { db, lifecycle } = deps

  return {
    async create(request: GuideBookingRequest, user: { username: string }): Promise<Booking> {
      const now = deps.now()
      return withFreshReference(() =>
        db.transaction(async (tx) => {
          const rules = await deps.moves.guideRules(tx)
          const pkg = await deps.moves.checkGuideTarget(tx, request, now)
          let total = request.customPrice
          if (total === undefined) {
            const price = quote(pkg, request.numberOfPeople, request.tourDate, rules.groupLimit)
            if (!price.ok) throw new ServiceError('invalid', price.message, { field: 'numberOfPeople' })
            total = price.total
          }
          const holdExpiresAt = guideHoldExpiry(request.payment, now, rules.holdHours)
          // The slot's own meeting point: the guide tells the guest any other place.
          const meeting = await deps.trip.choose(tx, {}, request.tourTime)
          // A hold gets the pay link; a booking confirmed without payment gets its confirmation and calendar file.
          return lifecycle.createInTx(
            tx,
            {
              name: request.name,
              email: request.email,
              // The column holds '' for no phone, as the booking pages read it.
              phone: request.phone ?? '',
              numberOfPeople: request.numberOfPeople,
              tourPackageId: pkg.id,
              tourDate: request.tourDate,
              tourTime: request.tourTime,
              specialRequests: request.specialRequests ?? null,
              locale: request.locale,
              meetingPointId: meeting.meetingPointId,
              pickupHotel: meeting.pickupHotel,
              arrangedBy: user.username,
              priceNote: request.customPrice === undefined ? null : (request.priceNote ?? null),
            },
            { type: 'create', price: total, promo: null, voucher: null, holdExpiresAt },
          )
        }),
      )
    },
  }
}

export type GuideBookingService = ReturnType<typeof createGuideBookingService>
