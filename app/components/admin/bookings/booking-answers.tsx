import { answerText, type AnswerSnapshot } from '../../../../core/booking-questions.ts'
import { useT } from '../../../i18n/i18n.tsx'

/**
 * The guest's answers to the booking questions in the booking's dialog (docs/decisions/0053):
 * each under the question's English words as it was asked, whatever became of the question since;
 * a yes or no in the admin's language (docs/decisions/0086).
 */
export function BookingAnswers({ answers }: { answers: AnswerSnapshot[] }) {
  const t = useT()
  const yesNo = { yes: t('adminBookings.answers.yes'), no: t('adminBookings.answers.no') }
  const lines = (answers ?? []).map((a) => [a.label, answerText(a, 'guide', yesNo)] as const)
  return (
    <div>
      <h3 className="text-sm font-semibold">{t('adminBookings.answers.title')}</h3>
      {lines.length === 0 ? (
        <p className="mt-1 text-sm text-slate-700">{t('adminBookings.answers.empty')}</p>
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
