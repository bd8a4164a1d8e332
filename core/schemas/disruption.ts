import './zod-config.ts'
import { z } from 'zod'
import { DISRUPTION_CAUSES } from '../disruptions.ts'
import { TOUR_TIMES } from '../slots.ts'
import { refusalMessage } from '../i18n/refusal.ts'
import { calendarDateField, isSingleLine } from './fields.ts'

export const CALL_OFF_CAUSE_MESSAGE = refusalMessage('adminErrors.callOffCause')
export const CALL_OFF_NOTE_MAX = 300

/** Calendar's call-off form (docs/decisions/0056; its route action, 0088): the date, one slot or the whole day (''), the cause, a note for the guests. */
export const callOffSchema = z.object({
  tourDate: calendarDateField(refusalMessage('adminErrors.callOffDate'), refusalMessage('adminErrors.callOffDateInvalid')),
  tourTime: z.preprocess((v) => (v === '' || v === undefined || v === 'all' ? null : v), z.enum(TOUR_TIMES, { error: refusalMessage('adminErrors.callOffSlot') }).nullable()),
  cause: z.enum(DISRUPTION_CAUSES, { error: CALL_OFF_CAUSE_MESSAGE }),
  // One line in the guests' e-mail (docs/decisions/0027).
  note: z
    .string()
    .trim()
    .max(CALL_OFF_NOTE_MAX, refusalMessage('adminErrors.callOffNoteTooLong', { max: CALL_OFF_NOTE_MAX }))
    .refine(isSingleLine, refusalMessage('adminErrors.callOffNoteOneLine'))
    .optional(),
})

export type CallOffRequest = z.infer<typeof callOffSchema>
