import { useEffect, useState } from 'react'
import { CANCELLATION_CAUSES, refundChoiceProblem, type CancellationCause } from '../../../../core/cancellation-policy.ts'
import { formatLongDate } from '../../../../core/dates.ts'
import { formatYen } from '../../../../core/money.ts'
import type { AdminBooking } from '../../../../server/for-app.ts'
import { api, failToast, successToast } from '../api.ts'
import { Button } from '../../ui/button.tsx'
import { Modal } from '../../ui/dialog.tsx'
import { Field, Input, Select } from '../../ui/field.tsx'
import type { CancellationQuote, RefundOutcome } from '../../../../server/for-app.ts'

const CAUSE_LABELS: Record<CancellationCause, string> = {
  guest: 'The guest cancels',
  'guide-weather': 'Guide cancels: weather',
  'guide-transport': 'Guide cancels: transport',
  'guide-other': 'Guide cancels: other reason',
}


export function CancelDialog({ booking, onClose, onDone }: { booking: AdminBooking; onClose: () => void; onDone: () => Promise<void> }) {
  const [cause, setCause] = useState<CancellationCause>('guest')
  const [quote, setQuote] = useState<CancellationQuote | null>(null)
  const [amount, setAmount] = useState('')
  const [reason, setReason] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    let live = true
    api<CancellationQuote>('GET', `/api/admin/bookings/${booking.id}/cancellation-quote?cause=${cause}`)
      .then((q) => {
        if (!live) return
        setQuote(q)
        setAmount(String(q.refund.amount))
      })
      .catch((err) => failToast('Failed to update booking status', err))
    return () => {
      live = false
    }
  }, [booking.id, cause])

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    const refundAmount = amount.trim() === '' ? undefined : Number(amount)
    const problem = refundAmount === undefined || !quote ? null : refundChoiceProblem(refundAmount, quote.amountPaid)
    if (problem) {
      setError(problem)
      return
    }
    setError(undefined)
    setBusy(true)
    try {
      const result = await api<{ refund?: RefundOutcome }>('POST', `/api/admin/bookings/${booking.id}/cancel`, { cause, refundAmount, reason: reason.trim() || undefined })
      const refund = result.refund
      successToast(
        'Booking cancelled',
        refund && refund.amount > 0 ? (refund.message ?? `Refund of ${formatYen(refund.amount)}: ${refund.status}.`) : `Booking #${booking.id} was cancelled and its slot freed.`,
      )
      await onDone()
    } catch (err) {
      failToast('Failed to update booking status', err)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal open onOpenChange={(o) => !o && onClose()} title={`Cancel booking #${booking.id}`} description={`${booking.name}, ${formatLongDate(booking.tourDate)} at ${booking.timeText}`}>
      <form className="grid gap-3" onSubmit={submit} noValidate>
        <Field id="cancel-cause" label="Who is cancelling?">
          <Select value={cause} onChange={(e) => setCause(e.target.value as CancellationCause)}>
            {CANCELLATION_CAUSES.map((c) => (
              <option key={c} value={c}>
                {CAUSE_LABELS[c]}
              </option>
            ))}
          </Select>
        </Field>
        <div className="rounded-md bg-slate-100 p-3 text-sm text-slate-900" aria-live="polite">
          {quote ? (
            <>
              <p>
                Paid: <strong>{formatYen(quote.amountPaid)}</strong> · Policy refund: <strong data-testid="policy-refund">{formatYen(quote.refund.amount)}</strong>
              </p>
              {quote.voucherPaid > 0 ? (
                <p className="mt-1">
                  A gift voucher paid {formatYen(quote.voucherPaid)} more: the policy gives <strong data-testid="voucher-return">{formatYen(quote.voucherReturn)}</strong> of it back onto the voucher. The refund amount
                  below is the card&apos;s part only.
                </p>
              ) : null}
              {/* Said before anything is cancelled: what cancelling now would do (issue 14). */}
              <p className="mt-1">{quote.preview}</p>
            </>
          ) : (
            'Working out the refund…'
          )}
        </div>
        <Field id="cancel-refund" label="Refund amount (¥)" error={error} hint="The policy's amount; change it to override.">
          <Input inputMode="numeric" value={amount} onChange={(e) => setAmount(e.target.value)} />
        </Field>
        <Field id="cancel-reason" label="Reason (optional)">
          <Input value={reason} onChange={(e) => setReason(e.target.value)} />
        </Field>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button size="md" variant="plain" onClick={onClose}>
            Keep Booking
          </Button>
          <Button size="md" type="submit" variant="danger" disabled={busy || !quote || !quote.canCancel}>
            Cancel Booking
          </Button>
        </div>
      </form>
    </Modal>
  )
}
