import { answerText, type AnswerSnapshot } from '../../../core/booking-questions.ts'
import { useT } from '../../i18n/i18n.tsx'

/**
 * "Your answers" on the guest's trip page (docs/decisions/0053): each booking question as the guest
 * read it, with the words they chose from, as kept with the booking. Nothing when they answered none.
 */
export function YourAnswers({ answers }: { answers: AnswerSnapshot[] }) {
  const t = useT()
  if (answers.length === 0) return null
  const yesNo = { yes: t('booking.answers.yes'), no: t('booking.answers.no') }
  return (
    <section aria-labelledby="your-answers-title" className="mt-6 rounded-2xl border border-slate-200 bg-white p-5">
      <h3 id="your-answers-title" className="text-lg font-bold text-brand-900">
        {t('booking.answers.yours')}
      </h3>
      <dl className="mt-3 grid gap-3">
        {answers.map((a) => (
          <div key={a.questionId}>
            <dt className="font-semibold text-slate-600">{a.guestLabel}</dt>
            <dd className="whitespace-pre-wrap break-words text-slate-900">{answerText(a, 'guest', yesNo)}</dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
