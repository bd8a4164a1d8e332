import { useEffect, useState } from 'react'
import { monthRange, shiftMonth, todayInTokyo } from '../../../core/dates.ts'
import { useFieldErrors } from '../../i18n/refusals.ts'
import type { MessageId } from '../../../core/i18n/message-id.ts'
import { journalQuerySchema, type JournalFormat } from '../../../core/schemas/journal.ts'
import { useT } from '../../i18n/i18n.tsx'
import { buttonVariants } from '../ui/button.tsx'
import { Field, Input, Select } from '../ui/field.tsx'

const FORMAT_NAMES: Record<JournalFormat, MessageId> = {
  moneyforward: 'adminMoney.journal.formatMoneyforward',
  generic: 'adminMoney.journal.formatGeneric',
}

/**
 * Books for your accountant (docs/decisions/0082): every money movement of a period as a journal
 * the bookkeeping software imports. The period's checks are the server's schema, run here too so the
 * link is offered only for a period the server takes.
 */
export function JournalExport() {
  const t = useT()
  const fieldErrors = useFieldErrors()
  // Last month in Japan, chosen after hydration so the server and the browser agree.
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const [format, setFormat] = useState<JournalFormat>('moneyforward')
  useEffect(() => {
    const last = monthRange(shiftMonth(todayInTokyo(new Date()), -1))
    setFrom(last.from)
    setTo(last.to)
  }, [])
  const checked = journalQuerySchema.safeParse({ from, to, format })
  const errors = checked.success || (from === '' && to === '') ? {} : fieldErrors(checked.error)
  const href = checked.success ? `/api/admin/journal.csv?${new URLSearchParams({ from, to, format })}` : null

  return (
    <section aria-labelledby="journal-heading" className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4">
      <h3 id="journal-heading" className="text-base font-semibold text-slate-900">
        {t('adminMoney.journal.title')}
      </h3>
      <p className="text-sm text-slate-700">
        {t('adminMoney.journal.intro')}
      </p>
      <div className="grid gap-3 sm:grid-cols-3">
        <Field id="journal-from" label={t('adminMoney.journal.from')} error={errors.from}>
          <Input type="date" value={from} required onChange={(e) => setFrom(e.target.value)} />
        </Field>
        <Field id="journal-to" label={t('adminMoney.journal.to')} error={errors.to}>
          <Input type="date" value={to} required onChange={(e) => setTo(e.target.value)} />
        </Field>
        <Field id="journal-format" label={t('adminMoney.journal.format')}>
          <Select value={format} onChange={(e) => setFormat(e.target.value as JournalFormat)}>
            {(Object.keys(FORMAT_NAMES) as JournalFormat[]).map((f) => (
              <option key={f} value={f}>
                {t(FORMAT_NAMES[f])}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      {href ? (
        <p className="flex flex-wrap gap-3">
          <a href={href} download className={buttonVariants({ variant: 'plain', size: 'md' })}>
            {t('adminMoney.journal.download', { from, to })}
          </a>
          {/* The receipts and return invoices issued in the same period (docs/decisions/0080). */}
          <a href={`/api/admin/receipts.csv?${new URLSearchParams({ from, to })}`} download className={buttonVariants({ variant: 'plain', size: 'md' })}>
            {t('adminMoney.journal.downloadReceipts', { from, to })}
          </a>
        </p>
      ) : (
        <p className="text-sm text-slate-700">{t('adminMoney.journal.choosePeriod')}</p>
      )}
    </section>
  )
}
