import { useState } from 'react'
import { useRevalidator } from 'react-router'
import { formatYen } from '../../../core/money.ts'
import { toast } from '../ui/use-toast.ts'
import { cancelBooking, fetchCancellationQuote, type CancellationQuote } from './api.ts'
import { Button } from '../ui/button.tsx'
import { AlertDialog } from '../ui/dialog.tsx'
import { useT } from '../../i18n/i18n.tsx'
import { useSayFailure } from '../../i18n/refusals.ts'
import type { Translate } from '../../i18n/translator.ts'

/**
 * The guest's own 'Cancel booking' (docs/decisions/0016), for the confirmation page: only someone holding
 * the reference link sees it. It first shows what the policy refunds today, then cancels.
 * Render it on every booking view: <CancelBooking reference={booking.reference} status={booking.status} />.
 * It shows nothing for a cancelled booking, except the outcome right after cancelling here.
 */
export function CancelBooking({ reference, status }: { reference: string; status: string }) {
  const revalidator = useRevalidator()
  const t = useT()
  const sayFailure = useSayFailure()
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
      setProblem(sayFailure(error, 'checkout.cancel.loadFailed'))
    }
  }

  async function confirm() {
    setBusy(true)
    try {
      const outcome = await cancelBooking(reference)
      const refund = outcome.refund
      const voucherBack = quote?.voucherReturn ?? 0
      const card =
        refund.status === 'none'
          ? null
          : refund.status === 'failed'
            ? t('checkout.cancel.doneFailed')
            : t('checkout.cancel.doneRefund', { amount: formatYen(refund.amount) })
      // What a gift voucher paid goes back onto it (docs/decisions/0065), said as well as the card's refund.
      const voucher = voucherBack > 0 ? t('checkout.voucherBack', { amount: formatYen(voucherBack) }) : null
      const text = card && voucher ? `${card} ${voucher}` : (card ?? (voucher ? t('checkout.cancel.doneVoucher', { amount: formatYen(voucherBack) }) : t('checkout.cancel.doneNone')))
      setResult(text)
      toast({ title: t('checkout.cancel.toastTitle'), description: text })
      setOpen(false)
      void revalidator.revalidate()
    } catch (error) {
      const message = sayFailure(error, 'checkout.cancel.failed')
      toast({ variant: 'destructive', title: t('checkout.cancel.failedTitle'), description: message })
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
          {t('checkout.cancel.button')}
        </Button>
      }
      title={t('checkout.cancel.title')}
      description={
        <>
          {problem ? <p role="alert">{problem}</p> : null}
          {!quote && !problem ? <p role="status">{t('checkout.cancel.checking')}</p> : null}
          {quote ? (
            quote.canCancel ? (
              <>
                <p className="text-lg font-semibold">
                  {paidOf(quote) > 0 ? t('checkout.cancel.refund', { amount: formatYen(quote.refund.amount + quote.voucherReturn) }) : t('checkout.cancel.nothingPaid')}
                </p>
                {quote.voucherReturn > 0 ? <p>{t('checkout.cancel.split', { card: formatYen(quote.refund.amount), voucher: formatYen(quote.voucherReturn) })}</p> : null}
                {paidOf(quote) > 0 ? <p>{refundPreview(quote, t)}</p> : null}
                <p>{t('checkout.cancel.released')}</p>
              </>
            ) : (
              <p>{t('checkout.cancel.already')}</p>
            )
          ) : null}
        </>
      }
      cancel={<Button variant="secondary">{t('checkout.cancel.keep')}</Button>}
      action={
        <Button variant="danger" onClick={() => void confirm()} disabled={busy || !quote?.canCancel} className="disabled:cursor-not-allowed disabled:opacity-60">
          {busy ? t('checkout.cancel.cancelling') : t('checkout.cancel.confirm')}
        </Button>
      }
    />
  )
}

/**
 * What cancelling now does with the money, from the policy's rule (core/cancellation-policy.ts);
 * the service's English preview stays the API's and the guide's.
 */
function refundPreview(quote: CancellationQuote, t: Translate): string {
  const amount = formatYen(paidOf(quote))
  return quote.refund.rule === 'no-refund-within-6-days' ? t('checkout.cancel.noRefund', { amount }) : t('checkout.cancel.fullRefund', { amount })
}

/** What the guest paid: by card, and by a gift voucher, which the policy counts alike (docs/decisions/0065). */
function paidOf(quote: CancellationQuote): number {
  return quote.amountPaid + quote.voucherPaid
}
