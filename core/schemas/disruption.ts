import './zod-config.ts'
import { z } from 'zod'
import { DISRUPTION_CAUSES } from '../disruptions.ts'
import { TOUR_TIMES } from '../slots.ts'
import { calendarDateField, isSingleLine, singleLineMessage } from './fields.ts'

export const CALL_OFF_CAUSE_MESSAGE = 'Please choose why the day is called off'
export const CALL_OFF_NOTE_MAX = 300

/** POST /api/admin/disruptions (docs/decisions/0056): the date, one slot or the whole day (''), the cause, a note for the guests. */
export const callOffSchema = z.object({
  tourDate: calendarDateField('Please choose a date', 'Please choose a valid date'),
  tourTime: z.preprocess((v) => (v === '' || v === undefined || v === 'all' ? null : v), z.enum(TOUR_TIMES, { error: 'Choose a slot or the whole day' }).nullable()),
  cause: z.enum(DISRUPTION_CAUSES, { error: CALL_OFF_CAUSE_MESSAGE }),
  // One line in the guests' e-mail (docs/decisions/0027).
  note: z
    .string()
    .trim()
    .max(CALL_OFF_NOTE_MAX, `The note must be at most ${CALL_OFF_NOTE_MAX} characters`)
    .refine(isSingleLine, singleLineMessage('Note'))
    .optional(),
})

export type CallOffRequest = z.infer<typeof callOffSchema>
