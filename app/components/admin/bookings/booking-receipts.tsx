import { useEffect, useRef, useState } from 'react'
import { Link, useActionData } from 'react-router'
import { formatShortDate, todayInTokyo } from '../../../../core/dates.ts'
import { formatYen } from '../../../../core/money.ts'
import type { Locale } from '../../../../core/i18n/locales.ts'
import type { MessageId } from '../../../../core/i18n/message-id.ts'
import type { TaxDocumentPaymentWay } from '../../../../core/tax-document.ts'
import type { AsJson, BookingDocumentPoint, IssuedDocument } from '../../../../server/for-app.ts'
import { T, useLocale, useT } from '../../../i18n/i18n.tsx'
import type { Translate } from '../../../i18n/translator.ts'
import { AdminForm } from '../admin-form.tsx'
import { FormActions } from '../form-actions.tsx'
import type { AdminActionData } from '../../../lib/admin-form.ts'
import { useHydrated } from '../../../lib/use-hydrated.ts'
import { Button, buttonVariants } from '../../ui/button.tsx'
import { ButtonDisclosure } from '../../ui/disclosure.tsx'
import { Field, Input } from '../../ui/field.tsx'

/** The booking's documents as its loader sends them: instants as ISO strings. */
type DocumentJson = AsJson<IssuedDocument>
type PointJson = AsJson<BookingDocumentPoint>
export type Receipts = { available: boolean; points: PointJson[] }

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
 * Nothing can be issued before Settings → Receipts holds the business's name and address. They
 * come with the page and are issued through the Bookings action (docs/decisions/0088).
 */
export function BookingReceipts({ bookingId, receipts }: { bookingId: number; receipts: Receipts }) {
  const t = useT()
  const locale = useLocale()
  const [said, setSaid] = useState('')
  // The point whose document was just issued: its download link takes the focus the form had.
  const [issuedAt, setIssuedAt] = useState<number | null>(null)
  return (
    <section aria-labelledby="booking-receipts-heading">
      <h3 id="booking-receipts-heading" className="text-sm font-semibold">
        {t('adminBookings.receipts.title')}
      </h3>
      {!receipts.available ? (
        <p className="mt-1 text-sm text-slate-700">
          <T id="adminBookings.receipts.unavailable" components={{ 0: <Link to="/admin/settings" className="font-medium text-brand-800 underline" /> }} />
        </p>
      ) : null}
      {receipts.points.length === 0 ? (
        <p className="mt-1 text-sm text-slate-700">{t('adminBookings.receipts.empty')}</p>
      ) : (
        <ul className="mt-1 grid gap-2">
          {receipts.points.map((point) => (
            <li key={point.key} className="rounded-md bg-slate-100 p-3 text-sm text-slate-900">
              <p className="font-medium">{describePoint(point, t, locale)}</p>
              {point.document ? <IssuedReceipt document={point.document} focusOnMount={issuedAt === point.key} onCorrected={setSaid} /> : null}
              {/* Kept once its document is issued: the form is told its answer after the page has reloaded it (docs/decisions/0088). */}
              {receipts.available ? (
                <IssueForm
                  bookingId={bookingId}
                  point={point}
                  onIssued={(text) => {
                    setSaid(text)
                    setIssuedAt(point.key)
                  }}
                />
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {/* What was just issued, for screen readers as well as the toast. */}
      <p className="sr-only" role="status">
        {said}
      </p>
    </section>
  )
}

function IssueForm({ bookingId, point, onIssued }: { bookingId: number; point: PointJson; onIssued: (said: string) => void }) {
  const t = useT()
  const words = KIND_WORDS[point.kind]
  const issuedText = (issued: DocumentJson) => t(words.issuedText, { number: issued.number, recipient: madeOutTo(issued.recipient, t) })
  return (
    <AdminForm<DocumentJson>
      intent="issueReceipt"
      formId={`issueReceipt-${point.key}`}
      successTitle={t(words.issued)}
      successText={issuedText}
      failTitle={t(words.issueFailed)}
      onSaved={(issued) => onIssued(issuedText(issued))}
      className={point.document ? 'hidden' : 'mt-2 grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end'}
    >
      {({ errors, busy }) =>
        point.document ? null : (
          <>
            <input type="hidden" name="id" value={bookingId} />
            <input type="hidden" name="point" value={point.key} />
            <Field id={`receipt-recipient-${point.key}`} name="recipient" label={t('adminBookings.receipts.recipient')} hint={t('adminBookings.receipts.recipientHint')} error={errors.recipient}>
              <Input autoComplete="off" maxLength={100} />
            </Field>
            <Button size="md" type="submit" variant="brand" disabled={busy}>
              {t(words.issue)}
            </Button>
          </>
        )
      }
    </AdminForm>
  )
}

function IssuedReceipt({ document, focusOnMount, onCorrected }: { document: DocumentJson; focusOnMount: boolean; onCorrected: (said: string) => void }) {
  const t = useT()
  const [correcting, setCorrecting] = useState(false)
  const opener = useRef<HTMLButtonElement>(null)
  const download = useRef<HTMLAnchorElement>(null)
  const words = KIND_WORDS[document.kind]
  const formId = `receipt-correction-form-${document.number}`

  useEffect(() => {
    if (focusOnMount) download.current?.focus()
  }, [focusOnMount])

  function close() {
    setCorrecting(false)
    // Back where the guide asked for the form.
    opener.current?.focus()
  }
  // Worded from the answer: by then the page shows the new document, which corrects the one this form was opened on.
  const correctedText = (issued: DocumentJson) => t('adminBookings.receipts.correctedText', { number: issued.number, recipient: madeOutTo(issued.recipient, t), corrects: issued.corrects ?? '' })
  const hydrated = useHydrated()
  // Without script the form opens under its button (a disclosure), and a refusal comes back with it open.
  const posted = useActionData<AdminActionData>()
  const refusedHere = posted !== undefined && !posted.ok && posted.formId === formId
  const correctLabel = (
    <>
      {t('adminBookings.receipts.correct')}
      <span className="sr-only">{t('adminBookings.receipts.correctOn', { number: document.number })}</span>
    </>
  )

  const correction = (
    <AdminForm<DocumentJson>
      intent="correctReceipt"
      formId={formId}
      id={formId}
      successTitle={t('adminBookings.receipts.corrected')}
      successText={correctedText}
      failTitle={t('adminBookings.receipts.correctFailed')}
      onSaved={(issued) => {
        onCorrected(correctedText(issued))
        close()
      }}
      className="grid gap-2 rounded-md border border-slate-300 bg-white p-3"
      aria-label={t('adminBookings.receipts.correctForm', { number: document.number })}
    >
      {({ errors, busy }) => (
        <>
          <input type="hidden" name="number" value={document.number} />
          <p className="text-xs text-slate-700">{t(words.correctionNote, { number: document.number })}</p>
          <Field id={`receipt-correction-${document.number}`} name="recipient" label={t('adminBookings.receipts.newName')} hint={t('adminBookings.receipts.newNameHint')} error={errors.recipient}>
            <Input autoComplete="off" maxLength={100} autoFocus={hydrated} />
          </Field>
          {/* Without script the disclosure's summary closes it. */}
          <FormActions back={hydrated ? { onClick: close, label: t('adminBookings.receipts.keep', { number: document.number }) } : undefined} submit={t('adminBookings.receipts.issueCorrection')} busy={busy} />
        </>
      )}
    </AdminForm>
  )

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
        {hydrated ? (
          <button
            ref={opener}
            type="button"
            className={buttonVariants({ variant: 'plain', size: 'sm' })}
            aria-expanded={correcting}
            aria-controls={correcting ? formId : undefined}
            onClick={() => (correcting ? close() : setCorrecting(true))}
          >
            {correctLabel}
          </button>
        ) : null}
      </div>
      {hydrated ? (
        correcting ? correction : null
      ) : (
        <ButtonDisclosure label={correctLabel} variant="plain" size="sm" open={refusedHere}>
          {correction}
        </ButtonDisclosure>
      )}
    </div>
  )
}

