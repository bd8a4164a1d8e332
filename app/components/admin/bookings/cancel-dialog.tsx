import { useEffect, useState } from 'react'
import { CANCELLATION_CAUSES, refundChoiceProblem, type CancellationCause } from '../../../../core/cancellation-policy.ts'
import { formatLongDate } from '../../../../core/dates.ts'
import { formatYen } from '../../../../core/money.ts'
import type { MessageId } from '../../../../core/i18n/message-id.ts'
import type { AdminBooking } from '../../../../server/for-app.ts'
import { api, useFailToast, successToast } from '../api.ts'
import { T, useLocale, useT } from '../../../i18n/i18n.tsx'
import { Button } from '../../ui/button.tsx'
import { Modal } from '../../ui/dialog.tsx'
import { Field, Input, Select } from '../../ui/field.tsx'
import type { CancellationQuote, RefundOutcome } from '../../../../server/for-app.ts'
import { clockText } from './slot-fields.tsx'

const CAUSE_LABELS: Record<CancellationCause, MessageId> = {
  guest: 'adminBookings.cancel.causeGuest',
  'guide-weather': 'adminBookings.cancel.causeWeather',
  'guide-transport': 'adminBookings.cancel.causeTransport',
  'guide-other': 'adminBookings.cancel.causeOther',
}


export function CancelDialog({ booking, onClose, onDone }: { booking: AdminBooking; onClose: () => void; onDone: () => Promise<void> }) {
  const failToast = useFailToast()
  const t = useT()
  const locale = useLocale()
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
      .catch((err) => failToast(t('adminBookings.cancel.failed'), err))
    return () => {
      live = false
    }
  }, [booking.id, cause])

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    const refundAmount = amount.trim() === '' ? undefined : Number(amount)
    // The rule is core's (the server checks it again); its words are the admin's (docs/decisions/0086).
    const problem = refundAmount === undefined || !quote ? null : refundChoiceProblem(refundAmount, quote.amountPaid)
    if (problem) {
      setError(t('adminBookings.cancel.refundProblem', { amount: formatYen(quote!.amountPaid, locale) }))
      return
    }
    setError(undefined)
    setBusy(true)
    try {
      const result = await api<{ refund?: RefundOutcome }>('POST', `/api/admin/bookings/${booking.id}/cancel`, { cause, refundAmount, reason: reason.trim() || undefined })
      const refund = result.refund
      successToast(
        t('adminBookings.cancel.done'),
        refund && refund.amount > 0
          ? (refund.message ?? t('adminBookings.cancel.refundStatus', { amount: formatYen(refund.amount, locale), status: refund.status }))
          : t('adminBookings.cancel.doneText', { id: booking.id }),
      )
      await onDone()
    } catch (err) {
      failToast(t('adminBookings.cancel.failed'), err)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal open onOpenChange={(o) => !o && onClose()} title={t('adminBookings.cancel.title', { id: booking.id })}
      description={t('adminBookings.cancel.description', { name: booking.name, date: formatLongDate(booking.tourDate, locale), time: clockText(booking.timeText, locale) })}
    >
      <form className="grid gap-3" onSubmit={submit} noValidate>
        <Field id="cancel-cause" label={t('adminBookings.cancel.cause')}>
          <Select value={cause} onChange={(e) => setCause(e.target.value as CancellationCause)}>
            {CANCELLATION_CAUSES.map((c) => (
              <option key={c} value={c}>
                {t(CAUSE_LABELS[c])}
              </option>
            ))}
          </Select>
        </Field>
        <div className="rounded-md bg-slate-100 p-3 text-sm text-slate-900" aria-live="polite">
          {quote ? (
            <>
              <p>
                <T
                  id="adminBookings.cancel.paidAndPolicyRefund"
                  values={{ paid: formatYen(quote.amountPaid, locale), refund: formatYen(quote.refund.amount, locale) }}
                  components={{ 0: <strong />, 1: <strong data-testid="policy-refund" /> }}
                />
              </p>
              {quote.voucherPaid > 0 ? (
                <p className="mt-1">
                  <T
                    id="adminBookings.cancel.voucherPart"
                    values={{ paid: formatYen(quote.voucherPaid, locale), back: formatYen(quote.voucherReturn, locale) }}
                    components={{ 0: <strong data-testid="voucher-return" /> }}
                  />
                </p>
              ) : null}
              {/* Said before anything is cancelled: what cancelling now would do (issue 14). */}
              <p className="mt-1">{quote.preview}</p>
            </>
          ) : (
            t('adminBookings.cancel.workingOut')
          )}
        </div>
        <Field id="cancel-refund" label={t('adminBookings.cancel.refundAmount')} error={error} hint={t('adminBookings.cancel.refundHint')}>
          <Input inputMode="numeric" value={amount} onChange={(e) => setAmount(e.target.value)} />
        </Field>
        <Field id="cancel-reason" label={t('adminBookings.cancel.reason')}>
          <Input value={reason} onChange={(e) => setReason(e.target.value)} />
        </Field>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button size="md" variant="plain" onClick={onClose}>
            {t('adminBookings.cancel.keep')}
          </Button>
          <Button size="md" type="submit" variant="danger" disabled={busy || !quote || !quote.canCancel}>
            {t('adminBookings.cancel.submit')}
          </Button>
        </div>
      </form>
    </Modal>
  )
}
