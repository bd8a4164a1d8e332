import { useEffect, useRef, useState } from 'react'
import { Link } from 'react-router'
import { formatShortDate, todayInTokyo } from '../../../../core/dates.ts'
import { formatYen } from '../../../../core/money.ts'
import type { Locale } from '../../../../core/i18n/locales.ts'
import type { MessageId } from '../../../../core/i18n/message-id.ts'
import type { TaxDocumentPaymentWay } from '../../../../core/tax-document.ts'
import type { BookingDocumentPoint, IssuedDocument } from '../../../../server/for-app.ts'
import { T, useLocale, useT } from '../../../i18n/i18n.tsx'
import type { Translate } from '../../../i18n/translator.ts'
import { api, useFailToast, useServerFieldErrors, successToast } from '../api.ts'
import { useAdminData } from '../use-admin-data.ts'
import { Button, buttonVariants } from '../../ui/button.tsx'
import { Field, Input } from '../../ui/field.tsx'

/** The JSON of GET /api/admin/bookings/:id/receipts: instants arrive as ISO strings. */
type DocumentJson = Omit<IssuedDocument, 'issuedAt'> & { issuedAt: string }
type PointJson = Omit<BookingDocumentPoint, 'at' | 'document'> & { at: string; document: DocumentJson | null }
type Receipts = { available: boolean; points: PointJson[] }

const WAY_WORDS: Record<TaxDocumentPaymentWay, MessageId> = {
  card: 'adminBookings.receipts.wayCard',
  cash: 'adminBookings.receipts.wayCash',
  'bank-transfer': 'adminBookings.receipts.wayBankTransfer',
  voucher: 'adminBookings.receipts.wayVoucher',
}

/** 'Payment of ¥14,300 on Nov 27, 2026 · bank transfer'; several ways each with their part. */
function describePoint(point: PointJson, t: Translate, locale: Locale): string {
  const ways = point.ways.length === 1 ? t(WAY_WORDS[point.ways[0]!.way]) : point.ways.map((w) => `${t(WAY_WORDS[w.way])} ${formatYen(w.yen, locale)}`).join(' + ')
  const values = { amount: formatYen(point.total, locale), date: formatShortDate(todayInTokyo(new Date(point.at)), locale) }
  const what = t(point.kind === 'receipt' ? 'adminBookings.receipts.payment' : 'adminBookings.receipts.refund', values)
  return `${what}${ways ? ` · ${ways}` : ''}`
}

/** Each document's own words (docs/decisions/0080): a receipt for a payment, a return invoice for a refund. */
const KIND_WORDS = {
  receipt: {
    issue: 'adminBookings.receipts.receipt.issue',
    issued: 'adminBookings.receipts.receipt.issued',
    issuedText: 'adminBookings.receipts.receipt.issuedText',
    issueFailed: 'adminBookings.receipts.receipt.issueFailed',
    document: 'adminBookings.receipts.receipt.document',
    correctionNote: 'adminBookings.receipts.receipt.correctionNote',
  },
  'return-invoice': {
    issue: 'adminBookings.receipts.returnInvoice.issue',
    issued: 'adminBookings.receipts.returnInvoice.issued',
    issuedText: 'adminBookings.receipts.returnInvoice.issuedText',
    issueFailed: 'adminBookings.receipts.returnInvoice.issueFailed',
    document: 'adminBookings.receipts.returnInvoice.document',
    correctionNote: 'adminBookings.receipts.returnInvoice.correctionNote',
  },
} as const satisfies Record<PointJson['kind'], Record<string, MessageId>>

/** To whom a document is made out: the name given, else 上様 (no name), in the admin's words. */
const madeOutTo = (recipient: string | null, t: Translate) => (recipient ? recipient : t('adminBookings.receipts.noName'))

/**
 * The booking's receipts and return invoices (docs/decisions/0080), beside its money: each money
 * movement that calls for a document, with the newest document issued for it (to download, or to
 * correct under another name: a new document naming the one it corrects) or a form to issue it.
 * Nothing can be issued before Settings → Receipts holds the business's name and address.
 */
export function BookingReceipts({ bookingId }: { bookingId: number }) {
  const t = useT()
  const locale = useLocale()
  const { data, reload } = useAdminData<Receipts | null>(`/api/admin/bookings/${bookingId}/receipts`, t('adminBookings.receipts.fetchFailed'), null)
  const [said, setSaid] = useState('')
  // The point whose document was just issued: its download link takes the focus the form had.
  const [issuedAt, setIssuedAt] = useState<number | null>(null)
  return (
    <section aria-labelledby="booking-receipts-heading">
      <h3 id="booking-receipts-heading" className="text-sm font-semibold">
        {t('adminBookings.receipts.title')}
      </h3>
      {data === null ? (
        <p className="mt-1 text-sm text-slate-700">{t('adminBookings.receipts.loading')}</p>
      ) : (
        <>
          {!data.available ? (
            <p className="mt-1 text-sm text-slate-700">
              <T id="adminBookings.receipts.unavailable" components={{ 0: <Link to="/admin/dashboard?tab=settings" className="font-medium text-brand-800 underline" /> }} />
            </p>
          ) : null}
          {data.points.length === 0 ? (
            <p className="mt-1 text-sm text-slate-700">{t('adminBookings.receipts.empty')}</p>
          ) : (
            <ul className="mt-1 grid gap-2">
              {data.points.map((point) => (
                <li key={point.key} className="rounded-md bg-slate-100 p-3 text-sm text-slate-900">
                  <p className="font-medium">{describePoint(point, t, locale)}</p>
                  {point.document ? (
                    <IssuedReceipt
                      document={point.document}
                      focusOnMount={issuedAt === point.key}
                      onCorrected={async (text) => {
                        setSaid(text)
                        await reload()
                      }}
                    />
                  ) : data.available ? (
                    <IssueForm
                      bookingId={bookingId}
                      point={point}
                      onIssued={async (text) => {
                        setSaid(text)
                        setIssuedAt(point.key)
                        await reload()
                      }}
                    />
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      {/* What was just issued, for screen readers as well as the toast. */}
      <p className="sr-only" role="status">
        {said}
      </p>
    </section>
  )
}

function IssueForm({ bookingId, point, onIssued }: { bookingId: number; point: PointJson; onIssued: (said: string) => Promise<void> }) {
  const failToast = useFailToast()
  const serverFieldErrors = useServerFieldErrors()
  const t = useT()
  const [recipient, setRecipient] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [busy, setBusy] = useState(false)
  const words = KIND_WORDS[point.kind]

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    setBusy(true)
    setError(undefined)
    try {
      const issued = await api<DocumentJson>('POST', `/api/admin/bookings/${bookingId}/receipts`, { point: point.key, recipient: recipient.trim() || undefined })
      const text = t(words.issuedText, { number: issued.number, recipient: madeOutTo(issued.recipient, t) })
      successToast(t(words.issued), text)
      await onIssued(text)
    } catch (err) {
      setError(serverFieldErrors(err)?.recipient)
      failToast(t(words.issueFailed), err)
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="mt-2 grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end" onSubmit={submit} noValidate>
      <Field id={`receipt-recipient-${point.key}`} label={t('adminBookings.receipts.recipient')} hint={t('adminBookings.receipts.recipientHint')} error={error}>
        <Input value={recipient} onChange={(e) => setRecipient(e.target.value)} autoComplete="off" maxLength={100} />
      </Field>
      <Button size="md" type="submit" variant="brand" disabled={busy}>
        {t(words.issue)}
      </Button>
    </form>
  )
}

function IssuedReceipt({ document, focusOnMount, onCorrected }: { document: DocumentJson; focusOnMount: boolean; onCorrected: (said: string) => Promise<void> }) {
  const failToast = useFailToast()
  const serverFieldErrors = useServerFieldErrors()
  const t = useT()
  const [correcting, setCorrecting] = useState(false)
  const [recipient, setRecipient] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [busy, setBusy] = useState(false)
  const opener = useRef<HTMLButtonElement>(null)
  const download = useRef<HTMLAnchorElement>(null)
  const words = KIND_WORDS[document.kind]
  const formId = `receipt-correction-form-${document.number}`

  useEffect(() => {
    if (focusOnMount) download.current?.focus()
  }, [focusOnMount])

  function close() {
    setCorrecting(false)
    setRecipient('')
    setError(undefined)
    // Back where the guide asked for the form.
    opener.current?.focus()
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    setBusy(true)
    setError(undefined)
    try {
      const issued = await api<DocumentJson>('POST', `/api/admin/receipts/${document.number}/correction`, { recipient: recipient.trim() || undefined })
      const text = t('adminBookings.receipts.correctedText', { number: issued.number, recipient: madeOutTo(issued.recipient, t), corrects: document.number })
      successToast(t('adminBookings.receipts.corrected'), text)
      await onCorrected(text)
      close()
    } catch (err) {
      setError(serverFieldErrors(err)?.recipient)
      failToast(t('adminBookings.receipts.correctFailed'), err)
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="mt-1 grid gap-2">
      <p>
        <T id={words.document} values={{ number: document.number, recipient: madeOutTo(document.recipient, t) }} components={{ 0: <strong /> }} />
        {document.corrects ? t('adminBookings.receipts.corrects', { number: document.corrects }) : ''}
      </p>
      <div className="flex flex-wrap gap-2">
        <a ref={download} href={`/api/admin/receipts/${document.number}`} download={`${document.number}.pdf`} className={buttonVariants({ variant: 'plain', size: 'sm' })}>
          {t('adminBookings.receipts.download')}
          <span className="sr-only">{t('adminBookings.receipts.downloadOf', { number: document.number })}</span>
        </a>
        <button
          ref={opener}
          type="button"
          className={buttonVariants({ variant: 'plain', size: 'sm' })}
          aria-expanded={correcting}
          aria-controls={correcting ? formId : undefined}
          onClick={() => (correcting ? close() : setCorrecting(true))}
        >
          {t('adminBookings.receipts.correct')}
          <span className="sr-only">{t('adminBookings.receipts.correctOn', { number: document.number })}</span>
        </button>
      </div>
      {correcting ? (
        <form id={formId} className="grid gap-2 rounded-md border border-slate-300 bg-white p-3" onSubmit={submit} noValidate aria-label={t('adminBookings.receipts.correctForm', { number: document.number })}>
          <p className="text-xs text-slate-700">{t(words.correctionNote, { number: document.number })}</p>
          <Field id={`receipt-correction-${document.number}`} label={t('adminBookings.receipts.newName')} hint={t('adminBookings.receipts.newNameHint')} error={error}>
            <Input value={recipient} onChange={(e) => setRecipient(e.target.value)} autoComplete="off" maxLength={100} autoFocus />
          </Field>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button size="md" variant="plain" onClick={close}>
              {t('adminBookings.receipts.keep', { number: document.number })}
            </Button>
            <Button size="md" type="submit" variant="brand" disabled={busy}>
              {t('adminBookings.receipts.issueCorrection')}
            </Button>
          </div>
        </form>
      ) : null}
    </div>
  )
}
