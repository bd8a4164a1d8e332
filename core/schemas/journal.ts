import './zod-config.ts'
import { z } from 'zod'
import { compareDates, daysBetween, isCalendarDate } from '../dates.ts'
import { calendarDateField } from './fields.ts'

/** The journal's layouts (docs/decisions/0082): Money Forward クラウド's 仕訳帳 import, or a generic journal (freee's import maps its columns). */
export const JOURNAL_FORMATS = ['moneyforward', 'generic'] as const
export type JournalFormat = (typeof JOURNAL_FORMATS)[number]

/** One download covers at most a year: what one fiscal year's import takes. */
const JOURNAL_MAX_DAYS = 366

export const JOURNAL_FROM_MESSAGE = 'Please choose the first day (yyyy-MM-dd)'
export const JOURNAL_TO_MESSAGE = 'Please choose the last day (yyyy-MM-dd)'
export const JOURNAL_ORDER_MESSAGE = 'The first day must not be after the last day'
export const JOURNAL_SPAN_MESSAGE = `A journal covers at most ${JOURNAL_MAX_DAYS} days: download a long period in parts`
export const JOURNAL_FORMAT_MESSAGE = 'Format must be moneyforward or generic'
export const JOURNAL_YEARS_MESSAGE = 'The period must lie between 2000 and 2100'

const periodFields = {
  from: calendarDateField(JOURNAL_FROM_MESSAGE, JOURNAL_FROM_MESSAGE),
  to: calendarDateField(JOURNAL_TO_MESSAGE, JOURNAL_TO_MESSAGE),
}

function checkPeriod(q: { from: unknown; to: unknown }, ctx: z.RefinementCtx) {
  // A field already refused (zod goes on to the object's checks) has its own message.
  if (!isCalendarDate(q.from) || !isCalendarDate(q.to)) return
  if (![q.from, q.to].every((d) => d >= '2000-01-01' && d <= '2100-12-31')) ctx.addIssue({ code: 'custom', path: ['from'], message: JOURNAL_YEARS_MESSAGE })
  else if (compareDates(q.from, q.to) > 0) ctx.addIssue({ code: 'custom', path: ['to'], message: JOURNAL_ORDER_MESSAGE })
  else if (daysBetween(q.from, q.to) + 1 > JOURNAL_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['to'], message: JOURNAL_SPAN_MESSAGE })
}

/** A period of the guide's books as Japan days, both included: the journal's, and the receipts issued (docs/decisions/0080). */
export const bookPeriodSchema = z.object(periodFields).superRefine(checkPeriod)

/** GET /api/admin/journal.csv: the period and the layout. */
export const journalQuerySchema = z
  .object({
    ...periodFields,
    format: z.preprocess((v) => (v === undefined || v === '' ? 'moneyforward' : v), z.enum(JOURNAL_FORMATS, { error: JOURNAL_FORMAT_MESSAGE })),
  })
  .superRefine(checkPeriod)

export type JournalQuery = z.infer<typeof journalQuerySchema>
