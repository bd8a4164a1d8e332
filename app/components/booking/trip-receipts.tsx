import { useState } from 'react'
import { useFetcher } from 'react-router'
import { formatLongDate, todayInTokyo } from '../../../core/dates.ts'
import { formatYen } from '../../../core/money.ts'
import { RECIPIENT_MAX } from '../../../core/schemas/tax-documents.ts'
import { useLocale, useT } from '../../i18n/i18n.tsx'
import { VIA_SCRIPT, VIA_SCRIPT_FIELD } from '../../lib/form-post.ts'
import { useFetcherAnswer } from '../../lib/use-fetcher-answer.ts'
import { Button, buttonVariants } from '../ui/button.tsx'
import { Field, Input } from '../ui/field.tsx'
import { receiptUrl, RECEIPT_INTENT, type ReceiptOutcome } from './receipts.ts'

export type ReceiptPoint = {
  key: number
  kind: 'receipt' | 'return-invoice'
  at: string
  total: number
  document: { number: string; recipient: string | null } | null
}

/**
 * The trip page's receipts (docs/decisions/0080): one line per payment and per refund, each
 * with its document to download, or a form to issue it under a name of the guest's choice.
 * The form posts to the page's action with or without script (without, the browser downloads
 * the PDF the action redirects to); with script, the download starts once it is issued.
 */
export function TripReceipts({ reference, available, points, refused }: { reference: string; available: boolean; points: ReceiptPoint[]; refused: ReceiptOutcome | undefined }) {
  const t = useT()
  if (points.length === 0) return null
  return (
    <section aria-labelledby="receipts-title" className="mt-8 rounded-2xl border border-slate-200 bg-white p-5">
      <h3 id="receipts-title" className="text-xl font-bold text-brand-900">
        {t('trip.receipts.title')}
      </h3>
      <p className="mt-2 text-slate-800">{available ? t('trip.receipts.lead') : t('trip.receipts.unavailable')}</p>
      <ul className="mt-4 grid gap-4">
        {points.map((point) => (
          <ReceiptLine key={point.key} reference={reference} point={point} available={available} refused={refused?.kind === 'refused' && refused.point === point.key ? refused : undefined} />
        ))}
      </ul>
    </section>
  )
}

function ReceiptLine({ reference, point, available, refused }: { reference: string; point: ReceiptPoint; available: boolean; refused: Extract<ReceiptOutcome, { kind: 'refused' }> | undefined }) {
  const t = useT()
  const locale = useLocale()
  const fetcher = useFetcher<ReceiptOutcome>()
  const [answer, setAnswer] = useState<Extract<ReceiptOutcome, { kind: 'refused' }> | undefined>(refused)
  useFetcherAnswer(fetcher, (outcome) => {
    if (outcome.kind === 'issued') {
      setAnswer(undefined)
      // The PDF comes as an attachment: the browser saves it and stays on the page.
      window.location.assign(outcome.url)
    } else setAnswer(outcome)
  })
  const values = { amount: formatYen(point.total), date: formatLongDate(todayInTokyo(new Date(point.at)), locale) }
  const label = t(point.kind === 'receipt' ? 'trip.receipts.receipt' : 'trip.receipts.returnInvoice', values)
  const fieldId = `receipt-recipient-${point.key}`
  return (
    <li className="grid gap-3 border-t border-slate-200 pt-4 first:border-t-0 first:pt-0">
      <p className="font-semibold text-slate-900">{label}</p>
      {point.document ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-slate-800">
            {point.document.recipient === null
              ? t('trip.receipts.issuedBearer', { number: point.document.number })
              : t('trip.receipts.issued', { number: point.document.number, name: point.document.recipient })}
          </p>
          <a href={receiptUrl(reference, point.document.number)} download className={buttonVariants({ variant: 'secondary' })}>
            {t('trip.receipts.downloadAgain')}
          </a>
        </div>
      ) : available ? (
        <fetcher.Form
          method="post"
          className="grid gap-3"
          onSubmit={(event) => {
            event.preventDefault()
            const form = new FormData(event.currentTarget)
            form.set(VIA_SCRIPT_FIELD, VIA_SCRIPT)
            void fetcher.submit(form, { method: 'post' })
          }}
        >
          <input type="hidden" name="intent" value={RECEIPT_INTENT} />
          <input type="hidden" name="point" value={point.key} />
          <Field id={fieldId} name="recipient" tone="public" label={t('trip.receipts.recipient')} hint={t('trip.receipts.recipientHint')} error={answer?.errors.recipient}>
            <Input maxLength={RECIPIENT_MAX} autoComplete="organization" />
          </Field>
          {answer && !answer.errors.recipient ? (
            <p role="alert" className="text-sm font-semibold text-red-800">
              {answer.message}
            </p>
          ) : null}
          <div>
            <Button type="submit" variant="secondary" disabled={fetcher.state !== 'idle'}>
              {t(point.kind === 'receipt' ? 'trip.receipts.download' : 'trip.receipts.downloadReturn')}
            </Button>
          </div>
        </fetcher.Form>
      ) : null}
    </li>
  )
}
