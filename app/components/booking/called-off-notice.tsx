import type { ReactNode } from 'react'
import { formatLongDate } from '../../../core/dates.ts'
import type { MessageId } from '../../../core/i18n/message-id.ts'
import { useLocale, useT } from '../../i18n/i18n.tsx'

/** `paid`: whether the guest has paid anything, which decides what the answers do (a refund, or a cancellation that charges nothing). */
export type CalledOff = { causeId: MessageId; note: string | null; answerBy: string; paid: boolean }

/**
 * The guide called off this booking's day (docs/decisions/0056): why, the guide's note, and until
 * when the guest may answer; `children` is the page's way to answer (the change page's refund,
 * the confirmation page's link to the change page).
 */
export function CalledOffNotice({ tourDate, calledOff, children }: { tourDate: string; calledOff: CalledOff; children: ReactNode }) {
  const t = useT()
  const locale = useLocale()
  return (
    <section aria-labelledby="called-off-title" className="rounded-2xl border-2 border-blossom-700 bg-blossom-100 p-5">
      <h2 id="called-off-title" className="text-xl font-bold text-blossom-700">
        {t('change.disrupted.title', { date: formatLongDate(tourDate, locale) })}
      </h2>
      <p className="mt-2 text-slate-900">{t(calledOff.paid ? 'change.disrupted.text' : 'change.disrupted.textUnpaid', { cause: t(calledOff.causeId) })}</p>
      {calledOff.note ? <p className="mt-2 text-slate-900">{t('change.disrupted.note', { note: calledOff.note })}</p> : null}
      <p className="mt-2 font-semibold text-slate-900">{t(calledOff.paid ? 'change.disrupted.deadline' : 'change.disrupted.deadlineUnpaid', { deadline: calledOff.answerBy })}</p>
      <div className="mt-4">{children}</div>
    </section>
  )
}
