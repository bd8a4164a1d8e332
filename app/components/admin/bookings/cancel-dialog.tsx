import { useState } from 'react'
import { Form, useNavigate, useSearchParams } from 'react-router'
import { CANCELLATION_CAUSES, refundChoiceProblem, type CancellationCause } from '../../../../core/cancellation-policy.ts'
import { formatLongDate } from '../../../../core/dates.ts'
import { formatYen } from '../../../../core/money.ts'
import type { MessageId } from '../../../../core/i18n/message-id.ts'
import type { AdminBooking, CancellationQuote, RefundOutcome } from '../../../../server/for-app.ts'
import { T, useLocale, useT } from '../../../i18n/i18n.tsx'
import { useHydrated } from '../../../lib/use-hydrated.ts'
import { AdminForm, FormRefusal } from '../admin-form.tsx'
import { FormActions } from '../form-actions.tsx'
import { Button } from '../../ui/button.tsx'
import { Modal } from '../../ui/dialog.tsx'
import { Field, Input, Select } from '../../ui/field.tsx'
import { DIALOG_PARAMS, useDialogAddress } from './dialog-address.ts'
import { clockText } from './slot-fields.tsx'

const CAUSE_LABELS: Record<CancellationCause, MessageId> = {
  guest: 'adminBookings.cancel.causeGuest',
  'guide-weather': 'adminBookings.cancel.causeWeather',
  'guide-transport': 'adminBookings.cancel.causeTransport',
  'guide-other': 'adminBookings.cancel.causeOther',
}

/** What the cancel's action answers: the booking's id and the card's refund. */
type Cancelled = { id: number; refund: RefundOutcome }

/** What the guide is told of the card's refund, in the dashboard's language: the outcome's own
 *  `message` is the sentence for the guest's JSON API, never shown here. */
const REFUND_SAID = {
  none: 'adminBookings.cancel.doneText',
  succeeded: 'adminBookings.cancel.refundSucceeded',
  pending: 'adminBookings.cancel.refundPending',
  failed: 'adminBookings.cancel.refundFailed',
} as const satisfies Record<RefundOutcome['status'], MessageId>

/**
 * Cancel with the refund of the policy (docs/decisions/0016), shown and overridable; the refunds
 * service cancels, moves the money and issues the refund, as for the JSON API. Opened by the
 * address (`?cancel=12&cause=guest`): who is cancelling is a choice of the address, so the page's
 * loader sends that cause's quote (a Show button sends the choice without script), and the cancel
 * itself saves through the Bookings action, with script or without (docs/decisions/0088).
 */
export function CancelDialog({ booking, cause, quote, closeTo, onClose, onDone }: {
  booking: AdminBooking
  cause: CancellationCause
  quote: CancellationQuote
  /** The address without the dialog. */
  closeTo: string
  onClose: () => void
  onDone: () => void
}) {
  const t = useT()
  const locale = useLocale()
  const hydrated = useHydrated()
  const navigate = useNavigate()
  const [params] = useSearchParams()
  const dialogAddress = useDialogAddress()
  const causeAddress = (next: string) => dialogAddress({ cancel: String(booking.id), cause: next })
  // The browser's own check of the amount typed, in the admin's words; the server checks it again (docs/decisions/0086).
  const [problem, setProblem] = useState<string | undefined>()

  return (
    <Modal open onOpenChange={(o) => !o && onClose()} closeTo={closeTo} title={t('adminBookings.cancel.title', { id: booking.id })}
      description={t('adminBookings.cancel.description', { name: booking.name, date: formatLongDate(booking.tourDate, locale), time: clockText(booking.timeText, locale) })}
    >
      <Form method="get" preventScrollReset replace className="flex flex-wrap items-end gap-2">
        {/* The list's own choices are kept. */}
        {[...params].filter(([name]) => name !== DIALOG_PARAMS.cancel && name !== DIALOG_PARAMS.cause).map(([name, kept]) => (
          <input key={name} type="hidden" name={name} value={kept} />
        ))}
        <input type="hidden" name={DIALOG_PARAMS.cancel} value={booking.id} />
        <Field id="cancel-cause" name={DIALOG_PARAMS.cause} label={t('adminBookings.cancel.cause')} className="grow">
          <Select value={cause} onChange={(e) => navigate(causeAddress(e.target.value), { replace: true, preventScrollReset: true })}>
            {CANCELLATION_CAUSES.map((c) => (
              <option key={c} value={c}>
                {t(CAUSE_LABELS[c])}
              </option>
            ))}
          </Select>
        </Field>
        {hydrated ? null : (
          <Button size="md" variant="plain" type="submit">
            {t('adminBookings.cancel.showRefund')}
          </Button>
        )}
      </Form>
      <div className="rounded-md bg-slate-100 p-3 text-sm text-slate-900" aria-live="polite">
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
        {/* Said before anything is cancelled: what cancelling now would do. */}
        <p className="mt-1">{quote.preview}</p>
      </div>
      <AdminForm<Cancelled>
        intent="cancel"
        formId={`cancel-${booking.id}`}
        successTitle={t('adminBookings.cancel.done')}
        successText={({ id, refund }) =>
          refund.amount > 0 ? t(REFUND_SAID[refund.status], { id, amount: formatYen(refund.amount, locale) }) : t('adminBookings.cancel.doneText', { id })
        }
        failTitle={t('adminBookings.cancel.failed')}
        onSaved={onDone}
        onSubmit={(event) => {
          const typed = String(new FormData(event.currentTarget).get('refundAmount') ?? '').trim()
          const wrong = typed !== '' && refundChoiceProblem(Number(typed), quote.amountPaid) !== null
          setProblem(wrong ? t('adminBookings.cancel.refundProblem', { amount: formatYen(quote.amountPaid, locale) }) : undefined)
          if (wrong) event.preventDefault()
        }}
        className="grid gap-3"
      >
        {({ errors, refusal, busy }) => (
          <>
            <input type="hidden" name="id" value={booking.id} />
            <input type="hidden" name="cause" value={cause} />
            {/* The refund starts again from each cause's quote (docs/decisions/0088). */}
            <div key={`${cause} ${quote.refund.amount} ${quote.amountPaid}`} className="grid gap-3">
              <Field id="cancel-refund" name="refundAmount" label={t('adminBookings.cancel.refundAmount')} error={problem ?? errors.refundAmount} hint={t('adminBookings.cancel.refundHint')}>
                <Input inputMode="numeric" defaultValue={String(quote.refund.amount)} />
              </Field>
              <Field id="cancel-reason" name="reason" label={t('adminBookings.cancel.reason')} error={errors.reason}>
                <Input />
              </Field>
            </div>
            <FormRefusal refusal={refusal} errors={errors} />
            <FormActions back={{ to: closeTo, label: t('adminBookings.cancel.keep') }} submit={t('adminBookings.cancel.submit')} tone="danger" busy={busy} disabled={!quote.canCancel} />
          </>
        )}
      </AdminForm>
    </Modal>
  )
}
