import './zod-config.ts'
import { z } from 'zod'
import { isCalendarDate, isWeekend } from '../dates.ts'
import type { TourTime } from '../slots.ts'
import { refusalMessage } from '../i18n/refusal.ts'
import { checkbox, clearableText } from './fields.ts'

/**
 * The admin's switches for one weekend date (docs/decisions/0039, weekend_availability). Every
 * Saturday and Sunday is open without a row; a row closes or reopens single
 * slots and carries a note. Weekdays are refused with the spec's message.
 */

export const WEEKEND_AVAILABILITY_MESSAGE = 'Weekend availability can only be created for Saturday and Sunday'
export const AVAILABILITY_DATE_MESSAGE = 'Please enter a valid date'
const NOTES_MAX = 1000

export const weekendAvailabilitySchema = z.object({
  date: z
    .string({ error: AVAILABILITY_DATE_MESSAGE })
    .trim()
    .superRefine((s, ctx) => {
      if (!isCalendarDate(s)) ctx.addIssue({ code: 'custom', message: AVAILABILITY_DATE_MESSAGE })
      else if (!isWeekend(s)) ctx.addIssue({ code: 'custom', message: WEEKEND_AVAILABILITY_MESSAGE })
    }),
  // Absent switches keep their stored value (or the default "open" for a new row).
  morningAvailable: checkbox.optional(),
  afternoonAvailable: checkbox.optional(),
  fullDayAvailable: checkbox.optional(),
  /** Absent: keep the note; blank or null: remove it. */
  adminNotes: clearableText(z.string().max(NOTES_MAX, refusalMessage('adminErrors.availabilityNotesTooLong', { max: NOTES_MAX }))),
})

export type WeekendAvailabilityInput = z.input<typeof weekendAvailabilitySchema>
export type WeekendAvailability = z.output<typeof weekendAvailabilitySchema>

/** Each slot's switch by the name the schema gives it, which the dashboard's day form gives its boxes too. */
export const SLOT_SWITCHES = {
  morning: 'morningAvailable',
  afternoon: 'afternoonAvailable',
  'full-day': 'fullDayAvailable',
} as const satisfies Record<TourTime, keyof WeekendAvailability>
