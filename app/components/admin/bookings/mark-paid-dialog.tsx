import { useState, type RefObject } from 'react'
import { formatLongDate } from '../../../../core/dates.ts'
import { formatYen } from '../../../../core/money.ts'
import type { MessageId } from '../../../../core/i18n/message-id.ts'
import type { PaidBy } from '../../../../core/schemas/booking-status.ts'
import type { AdminBooking } from '../../../../server/for-app.ts'
import { useLocale, useT } from '../../../i18n/i18n.tsx'
import { FormActions } from '../form-actions.tsx'
import { Modal } from '../../ui/dialog.tsx'
import { clockText } from './slot-fields.tsx'

const WAYS: { value: PaidBy; label: MessageId }[] = [
  { value: 'cash', label: 'adminBookings.markPaid.cash' },
  { value: 'bank-transfer', label: 'adminBookings.markPaid.bankTransfer' },
]

/**
 * Marking paid a booking with money still due: the guide says how it came, in cash (the default)
 * or by bank transfer, which the ledger and its receipt then say (docs/decisions/0080).
 */
export function MarkPaidDialog({
  booking,
  returnFocus,
  onClose,
  onConfirm,
}: {
  booking: AdminBooking
  returnFocus: RefObject<HTMLElement | null>
  onClose: () => void
  onConfirm: (paidBy: PaidBy) => Promise<void>
}) {
  const t = useT()
  const locale = useLocale()
  const [paidBy, setPaidBy] = useState<PaidBy>('cash')
  const [busy, setBusy] = useState(false)

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    setBusy(true)
    try {
      await onConfirm(paidBy)
    } finally {
      setBusy(false)
      onClose()
    }
  }

  return (
    <Modal
      open
      onOpenChange={(o) => !o && onClose()}
      returnFocus={returnFocus}
      title={t('adminBookings.markPaid.title', { id: booking.id })}
      description={t('adminBookings.markPaid.description', { name: booking.name, date: formatLongDate(booking.tourDate, locale), time: clockText(booking.timeText, locale), amount: formatYen(booking.due, locale) })}
    >
      <form className="grid gap-3" onSubmit={submit} noValidate>
        <fieldset className="grid gap-2">
          <legend className="text-sm font-medium text-slate-900">{t('adminBookings.markPaid.how', { amount: formatYen(booking.due, locale) })}</legend>
          {WAYS.map((way) => (
            <div key={way.value} className="flex items-start gap-3">
              <input
                id={`mark-paid-${booking.id}-${way.value}`}
                type="radio"
                name={`mark-paid-${booking.id}`}
                value={way.value}
                checked={paidBy === way.value}
                onChange={() => setPaidBy(way.value)}
                className="mt-0.5 size-5 accent-brand-700"
              />
              <label htmlFor={`mark-paid-${booking.id}-${way.value}`} className="text-sm text-slate-900">
                {t(way.label)}
              </label>
            </div>
          ))}
        </fieldset>
        <FormActions back={{ onClick: onClose, label: t('adminBookings.markPaid.keep') }} submit={t('adminBookings.markPaid.submit')} busy={busy} />
      </form>
    </Modal>
  )
}
