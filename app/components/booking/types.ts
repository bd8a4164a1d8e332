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
