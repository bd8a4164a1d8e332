import { useState } from 'react'
import { useRevalidator } from 'react-router'
import { formatYen } from '../../../core/money.ts'
import { toast } from '../ui/use-toast.ts'
import { cancelBooking, fetchCancellationQuote, type CancellationQuote } from './api.ts'
import { Button } from '../ui/button.tsx'
import { AlertDialog } from '../ui/dialog.tsx'

/**
 * The guest's own 'Cancel booking' (docs/decisions/0016), for the confirmation page: only someone holding
 * the reference link sees it. It first shows what the policy refunds today, then cancels.
 * Render it on every booking view: <CancelBooking reference={booking.reference} status={booking.status} />.
 * It shows nothing for a cancelled booking, except the outcome right after cancelling here.
 */
export function CancelBooking({ reference, status }: { reference: string; status: string }) {
  const revalidator = useRevalidator()
  const [open, setOpen] = useState(false)
  const [quote, setQuote] = useState<CancellationQuote | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<string | null>(null)

  async function openDialog(next: boolean) {
    setOpen(next)
    if (!next) return
    setQuote(null)
    setProblem(null)
    try {
      setQuote(await fetchCancellationQuote(reference))
    } catch (error) {
      setProblem(error instanceof Error ? error.message : 'Could not load the cancellation terms')
    }
  }

  async function confirm() {
    setBusy(true)
    try {
      const outcome = await cancelBooking(reference)
      const refund = outcome.refund
      const text =
        refund.status === 'none'
          ? 'Your booking is cancelled. No refund is due.'
          : refund.status === 'failed'
            ? `Your booking is cancelled. ${refund.message ?? 'We will refund you by hand.'}`
            : `Your booking is cancelled. ${formatYen(refund.amount)} is being refunded to your card.`
      setResult(text)
      toast({ title: 'Booking cancelled', description: text })
      setOpen(false)
      void revalidator.revalidate()
    } catch (error) {
      const message = error instanceof Error ? error.message : 'Could not cancel the booking'
      toast({ variant: 'destructive', title: 'Cancellation failed', description: message })
      setProblem(message)
    } finally {
      setBusy(false)
    }
  }

  if (result) {
    return (
      <p role="status" className="mt-6 rounded-lg bg-slate-100 px-4 py-3 font-semibold text-slate-900">
        {result}
      </p>
    )
  }

  if (status === 'cancelled') return null

  return (
    <AlertDialog
      tone="public"
      open={open}
      onOpenChange={(next) => void openDialog(next)}
      trigger={
        <Button variant="dangerOutline" className="mt-6">
          Cancel booking
        </Button>
      }
      title="Cancel this booking?"
      description={
        <>
          {problem ? <p role="alert">{problem}</p> : null}
          {!quote && !problem ? <p role="status">Checking what will be refunded...</p> : null}
          {quote ? (
            quote.canCancel ? (
              <>
                <p className="text-lg font-semibold">
                  {quote.amountPaid > 0 ? `Refund: ${formatYen(quote.refund.amount)}` : 'Nothing has been paid, so there is nothing to refund.'}
                </p>
                {quote.amountPaid > 0 ? <p>{quote.preview}</p> : null}
                <p>Your time slot is released and cannot be restored.</p>
              </>
            ) : (
              <p>This booking is already cancelled.</p>
            )
          ) : null}
        </>
      }
      cancel={<Button variant="secondary">Keep my booking</Button>}
      action={
        <Button variant="danger" onClick={() => void confirm()} disabled={busy || !quote?.canCancel} className="disabled:cursor-not-allowed disabled:opacity-60">
          {busy ? 'Cancelling...' : 'Yes, cancel booking'}
        </Button>
      }
    />
  )
}
