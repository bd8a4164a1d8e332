import { questionFromForm, withKeptOptionIds } from '../../../core/booking-question-form.ts'
import { bookingQuestionInputSchema, moveQuestionSchema } from '../../../core/schemas/booking-question.ts'
import type { Services } from '../../../server/for-app.ts'
import { intent, rowId, rowIntent } from '../../lib/admin-route.server.ts'

const questionInput = (form: FormData) => questionFromForm((name) => String(form.get(name) ?? ''))

/**
 * Settings → Booking questions on the Settings action (docs/decisions/0053, 0088), the only way in
 * for them, each with the question schema of core/schemas/booking-question.ts.
 */
export function bookingQuestionIntents({ bookingQuestions }: Services) {
  return {
    addQuestion: intent({ schema: bookingQuestionInputSchema, input: questionInput, run: (question) => bookingQuestions.create(question) }),
    updateQuestion: intent({
      schema: bookingQuestionInputSchema,
      input: questionInput,
      run: async (question, form) => {
        const id = rowId(form)
        const stored = (await bookingQuestions.all()).find((q) => q.id === id)
        return bookingQuestions.update(id, stored ? { ...question, options: withKeptOptionIds(question.options, stored) } : question)
      },
    }),
    moveQuestion: intent({ schema: moveQuestionSchema, input: (form) => ({ direction: form.get('direction') }), run: ({ direction }, form) => bookingQuestions.move(rowId(form), direction) }),
    archiveQuestion: rowIntent((id) => bookingQuestions.archive(id)),
    restoreQuestion: rowIntent((id) => bookingQuestions.restore(id)),
  }
}
