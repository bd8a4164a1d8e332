import { answersForGuide, type AnswerSnapshot } from '../../../../core/booking-questions.ts'

/**
 * The guest's answers to the booking questions in the booking's dialog (docs/decisions/0053):
 * each under the question's English words as it was asked, whatever became of the question since.
 */
export function BookingAnswers({ answers }: { answers: AnswerSnapshot[] }) {
  const lines = answersForGuide(answers)
  return (
    <div>
      <h3 className="text-sm font-semibold">Answers to the booking questions</h3>
      {lines.length === 0 ? (
        <p className="mt-1 text-sm text-slate-700">No answers.</p>
      ) : (
        <dl className="mt-1 grid gap-2 rounded-md bg-slate-100 p-3 text-sm text-slate-900">
          {lines.map(([label, text], i) => (
            <div key={i}>
              <dt className="font-medium">{label}</dt>
              <dd className="whitespace-pre-wrap break-words">{text}</dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  )
}
