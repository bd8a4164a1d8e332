import { useEffect, useState } from 'react'
import { monthRange, shiftMonth, todayInTokyo } from '../../../core/dates.ts'
import { fieldErrors } from '../../../core/schemas/field-errors.ts'
import { journalQuerySchema, type JournalFormat } from '../../../core/schemas/journal.ts'
import { buttonVariants } from '../ui/button.tsx'
import { Field, Input, Select } from '../ui/field.tsx'

const FORMAT_NAMES: Record<JournalFormat, string> = {
  moneyforward: 'Money Forward クラウド (仕訳帳 import)',
  generic: 'Generic journal (freee and others)',
}

/**
 * Books for your accountant (docs/decisions/0082): every money movement of a period as a journal
 * the bookkeeping software imports. The period's checks are the server's schema, run here too so the
 * link is offered only for a period the server takes.
 */
export function JournalExport() {
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
        Books for your accountant
      </h3>
      <p className="text-sm text-slate-700">
        Every money movement of the period (Japan days, both included) as journal entries: card and cash taken and given back, gift vouchers sold and spent, cancellation fees kept (not subject to consumption tax) and what resellers owe and keep. Tour sales include 10 % consumption tax. Import the file into your bookkeeping software or give it to your accountant, who checks the account and tax category names against your books.
      </p>
      <div className="grid gap-3 sm:grid-cols-3">
        <Field id="journal-from" label="From" error={errors.from}>
          <Input type="date" value={from} required onChange={(e) => setFrom(e.target.value)} />
        </Field>
        <Field id="journal-to" label="To" error={errors.to}>
          <Input type="date" value={to} required onChange={(e) => setTo(e.target.value)} />
        </Field>
        <Field id="journal-format" label="Format">
          <Select value={format} onChange={(e) => setFormat(e.target.value as JournalFormat)}>
            {(Object.keys(FORMAT_NAMES) as JournalFormat[]).map((f) => (
              <option key={f} value={f}>
                {FORMAT_NAMES[f]}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      {href ? (
        <p className="flex flex-wrap gap-3">
          <a href={href} download className={buttonVariants({ variant: 'plain', size: 'md' })}>
            Download journal {from} to {to}
          </a>
          {/* The receipts and return invoices issued in the same period (docs/decisions/0080). */}
          <a href={`/api/admin/receipts.csv?${new URLSearchParams({ from, to })}`} download className={buttonVariants({ variant: 'plain', size: 'md' })}>
            Download receipts issued {from} to {to}
          </a>
        </p>
      ) : (
        <p className="text-sm text-slate-700">Choose the first and the last day to download the journal.</p>
      )}
    </section>
  )
}
