import type { DateSlots, SlotView } from '../../../server/for-app.ts'
import type { PublicTourPackage } from '../../../server/for-app.ts'
import type { PublicBooking } from '../../../server/for-app.ts'

// Type-only imports: erased at build time, so no server code reaches the browser.
export type { DateSlots, SlotView, PublicTourPackage, PublicBooking }

export type BookingWindow = { first: string; last: string }

/** How many of a date's slots a guest can still book. */
export function openSlotCount(day: DateSlots | undefined): number {
  return day ? day.slots.filter((s) => s.available).length : 0
}

/**
 * What the booking action answers (app/components/booking/booking-action.server.ts): the new
 * booking, or a refusal the page acts on. `invalid` carries a message per field for the form;
 * `conflict` without field errors means the slot went to someone else meanwhile.
 */
export type BookingOutcome =
  | { kind: 'created'; booking: PublicBooking }
  | { kind: 'conflict'; message: string }
  | { kind: 'invalid'; message: string; errors: Record<string, string> }
  | { kind: 'failed'; message: string }

/** A refusal of the script-free post, with what the guest typed, to fill the form again. */
export type BookingRefusal = Exclude<BookingOutcome, { kind: 'created' }> & { values?: Record<string, string | string[]> }
