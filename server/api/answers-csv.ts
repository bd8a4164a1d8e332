import { answerText } from '../../core/booking-questions.ts'
import type { AdminBooking } from '../services/admin-bookings.ts'

/**
 * The answers' columns of the bookings export (docs/decisions/0053): one column per question
 * answered in the exported bookings, so the guide can sort and filter ("every vegetarian this
 * month") in a spreadsheet. Columns follow the order the questions were asked in; a column is
 * headed by the question's English words as first met (a question reworded later keeps its
 * column, it is the same question). A number stays a number.
 */
export function answerColumns(items: AdminBooking[]): [header: string, value: (b: AdminBooking) => string | number][] {
  const seen = new Map<number, string>()
  for (const b of items) for (const a of b.answers) if (!seen.has(a.questionId)) seen.set(a.questionId, a.label)
  const headers = [...seen.values()]
  return [...seen].map(([questionId, label]) => [
    // Two questions with the same words (one archived, one new) get their ids to tell them apart.
    headers.filter((h) => h === label).length > 1 ? `${label} (#${questionId})` : label,
    (b) => {
      const answer = b.answers.find((a) => a.questionId === questionId)
      if (!answer) return ''
      return typeof answer.value === 'number' ? answer.value : answerText(answer, 'guide')
    },
  ])
}
