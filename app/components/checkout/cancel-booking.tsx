import { useState } from 'react'
import { useRevalidator } from 'react-router'
import * as AlertDialog from '@radix-ui/react-alert-dialog'
import { formatYen } from '../../../core/money.ts'
import { toast } from '../ui/use-toast.ts'
import { cancelBooking, fetchCancellationQuote, type CancellationQuote } from './api.ts'

/**
 * The guest's own 'Cancel booking' (D18), for the confirmation page: only someone holding
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
    <AlertDialog.Root open={open} onOpenChange={(next) => void openDialog(next)}>
      <AlertDialog.Trigger asChild>
        <button
          type="button"
          className="mt-6 inline-flex min-h-11 items-center justify-center rounded-full border-2 border-red-700 bg-white px-6 py-2.5 font-semibold text-red-800 hover:bg-red-50"
        >
          Cancel booking
        </button>
      </AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl">
          <AlertDialog.Title className="text-xl font-bold text-brand-900">Cancel this booking?</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className="mt-3 space-y-2 text-slate-800">
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
            </div>
          </AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <button type="button" className="inline-flex min-h-11 items-center justify-center rounded-full border-2 border-brand-700 px-5 py-2 font-semibold text-brand-800">
                Keep my booking
              </button>
            </AlertDialog.Cancel>
            <button
              type="button"
              onClick={() => void confirm()}
              disabled={busy || !quote?.canCancel}
              className="inline-flex min-h-11 items-center justify-center rounded-full bg-red-700 px-5 py-2 font-semibold text-white hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-60"
            >
              {busy ? 'Cancelling...' : 'Yes, cancel booking'}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}
