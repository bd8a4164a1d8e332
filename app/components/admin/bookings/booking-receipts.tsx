import { useEffect, useRef, useState } from 'react'
import { Link } from 'react-router'
import { formatShortDate, todayInTokyo } from '../../../../core/dates.ts'
import { formatYen } from '../../../../core/money.ts'
import type { TaxDocumentPaymentWay } from '../../../../core/tax-document.ts'
import type { BookingDocumentPoint, IssuedDocument } from '../../../../server/for-app.ts'
import { api, failToast, serverFieldErrors, successToast } from '../api.ts'
import { useAdminData } from '../use-admin-data.ts'
import { Button, buttonVariants } from '../../ui/button.tsx'
import { Field, Input } from '../../ui/field.tsx'

/** The JSON of GET /api/admin/bookings/:id/receipts: instants arrive as ISO strings. */
type DocumentJson = Omit<IssuedDocument, 'issuedAt'> & { issuedAt: string }
type PointJson = Omit<BookingDocumentPoint, 'at' | 'document'> & { at: string; document: DocumentJson | null }
type Receipts = { available: boolean; points: PointJson[] }

const WAY_WORDS: Record<TaxDocumentPaymentWay, string> = { card: 'card', cash: 'cash', 'bank-transfer': 'bank transfer', voucher: 'gift voucher' }

/** 'Payment of ¥14,300 on Nov 27, 2026 · bank transfer'; several ways each with their part. */
function describePoint(point: PointJson): string {
  const what = point.kind === 'receipt' ? 'Payment' : 'Refund'
  const ways = point.ways.length === 1 ? WAY_WORDS[point.ways[0]!.way] : point.ways.map((w) => `${WAY_WORDS[w.way]} ${formatYen(w.yen)}`).join(' + ')
  const on = formatShortDate(todayInTokyo(new Date(point.at)))
  return `${what} of ${formatYen(point.total)} on ${on}${ways ? ` · ${ways}` : ''}`
}

const documentName = (kind: PointJson['kind']) => (kind === 'receipt' ? 'Receipt' : 'Return invoice')
const madeOutTo = (recipient: string | null) => (recipient ? recipient : 'no name (上様)')

/**
 * The booking's receipts and return invoices (docs/decisions/0080), beside its money: each money
 * movement that calls for a document, with the newest document issued for it (to download, or to
 * correct under another name: a new document naming the one it corrects) or a form to issue it.
 * Nothing can be issued before Settings → Receipts holds the business's name and address.
 */
export function BookingReceipts({ bookingId }: { bookingId: number }) {
  const { data, reload } = useAdminData<Receipts | null>(`/api/admin/bookings/${bookingId}/receipts`, 'Failed to fetch the booking’s receipts', null)
  const [said, setSaid] = useState('')
  // The point whose document was just issued: its download link takes the focus the form had.
  const [issuedAt, setIssuedAt] = useState<number | null>(null)
  return (
    <section aria-labelledby="booking-receipts-heading">
      <h3 id="booking-receipts-heading" className="text-sm font-semibold">
        Receipts
      </h3>
      {data === null ? (
        <p className="mt-1 text-sm text-slate-700">Loading the receipts…</p>
      ) : (
        <>
          {!data.available ? (
            <p className="mt-1 text-sm text-slate-700">
              Receipts cannot be issued yet: enter the business’s name and address in{' '}
              <Link to="/admin/dashboard?tab=settings" className="font-medium text-brand-800 underline">
                Settings → Receipts
              </Link>
              .
            </p>
          ) : null}
          {data.points.length === 0 ? (
            <p className="mt-1 text-sm text-slate-700">No payment or refund calls for a receipt yet.</p>
          ) : (
            <ul className="mt-1 grid gap-2">
              {data.points.map((point) => (
                <li key={point.key} className="rounded-md bg-slate-100 p-3 text-sm text-slate-900">
                  <p className="font-medium">{describePoint(point)}</p>
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
  const [recipient, setRecipient] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [busy, setBusy] = useState(false)
  const name = documentName(point.kind)

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    setBusy(true)
    setError(undefined)
    try {
      const issued = await api<DocumentJson>('POST', `/api/admin/bookings/${bookingId}/receipts`, { point: point.key, recipient: recipient.trim() || undefined })
      const text = `${name} ${issued.number} issued, made out to ${madeOutTo(issued.recipient)}.`
      successToast(`${name} issued`, text)
      await onIssued(text)
    } catch (err) {
      setError(serverFieldErrors(err)?.recipient)
      failToast(`Failed to issue the ${name.toLowerCase()}`, err)
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="mt-2 grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end" onSubmit={submit} noValidate>
      <Field id={`receipt-recipient-${point.key}`} label="Made out to (optional)" hint="A person’s or a company’s name; left empty, it reads 上様." error={error}>
        <Input value={recipient} onChange={(e) => setRecipient(e.target.value)} autoComplete="off" maxLength={100} />
      </Field>
      <Button size="md" type="submit" variant="brand" disabled={busy}>
        Issue {name.toLowerCase()}
      </Button>
    </form>
  )
}

function IssuedReceipt({ document, focusOnMount, onCorrected }: { document: DocumentJson; focusOnMount: boolean; onCorrected: (said: string) => Promise<void> }) {
  const [correcting, setCorrecting] = useState(false)
  const [recipient, setRecipient] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [busy, setBusy] = useState(false)
  const opener = useRef<HTMLButtonElement>(null)
  const download = useRef<HTMLAnchorElement>(null)
  const name = documentName(document.kind)
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
      const text = `${issued.number} issued, made out to ${madeOutTo(issued.recipient)}: it corrects ${document.number}.`
      successToast('Correction issued', text)
      await onCorrected(text)
      close()
    } catch (err) {
      setError(serverFieldErrors(err)?.recipient)
      failToast('Failed to correct the name', err)
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="mt-1 grid gap-2">
      <p>
        {name} <strong>{document.number}</strong>, made out to {madeOutTo(document.recipient)}
        {document.corrects ? ` (corrects ${document.corrects})` : ''}
      </p>
      <div className="flex flex-wrap gap-2">
        <a ref={download} href={`/api/admin/receipts/${document.number}`} download={`${document.number}.pdf`} className={buttonVariants({ variant: 'plain', size: 'sm' })}>
          Download<span className="sr-only"> {document.number} (PDF)</span>
        </a>
        <button
          ref={opener}
          type="button"
          className={buttonVariants({ variant: 'plain', size: 'sm' })}
          aria-expanded={correcting}
          aria-controls={correcting ? formId : undefined}
          onClick={() => (correcting ? close() : setCorrecting(true))}
        >
          Correct the name…<span className="sr-only"> on {document.number}</span>
        </button>
      </div>
      {correcting ? (
        <form id={formId} className="grid gap-2 rounded-md border border-slate-300 bg-white p-3" onSubmit={submit} noValidate aria-label={`Correct the name on ${document.number}`}>
          <p className="text-xs text-slate-700">A correction is a new {name.toLowerCase()} under the new name, naming {document.number}; {document.number} stays as issued.</p>
          <Field id={`receipt-correction-${document.number}`} label="New name (optional)" hint="Left empty, it reads 上様." error={error}>
            <Input value={recipient} onChange={(e) => setRecipient(e.target.value)} autoComplete="off" maxLength={100} autoFocus />
          </Field>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button size="md" variant="plain" onClick={close}>
              Keep {document.number}
            </Button>
            <Button size="md" type="submit" variant="brand" disabled={busy}>
              Issue correction
            </Button>
          </div>
        </form>
      ) : null}
    </div>
  )
}
