import { formatLongDate } from '../../../../core/dates.ts'
import { formatYen } from '../../../../core/money.ts'
import { consentGapLabel, CONSENT_GAP_LABELS } from '../../../../core/booking-consent.ts'
import type { MessageId } from '../../../../core/i18n/message-id.ts'
import type { AdminBooking, BookingChangeView, LedgerLine } from '../../../../server/for-app.ts'
import { formatDateTime, mailtoHref, useCopyEmail } from '../email-and-time.ts'
import { useLocale, useT } from '../../../i18n/i18n.tsx'
import { Link } from 'react-router'
import { Button, buttonVariants } from '../../ui/button.tsx'
import { Modal } from '../../ui/dialog.tsx'
import { BookingAnswers } from './booking-answers.tsx'
import { BookingHistory } from './booking-history.tsx'
import { BookingLedger } from './booking-ledger.tsx'
import { BookingReceipts, type Receipts } from './booking-receipts.tsx'
import { useDialogAddress } from './dialog-address.ts'
import { PayLink } from './pay-link.tsx'
import { PaidBy } from './paid-by.tsx'
import { clockText } from './slot-fields.tsx'

/** Each consent gap of core/booking-consent.ts in the admin's words (docs/decisions/0073, 0086). */
const CONSENT_GAP_IDS: Record<string, MessageId> = {
  [CONSENT_GAP_LABELS.beforeForm]: 'adminBookings.details.consentBeforeForm',
  [CONSENT_GAP_LABELS.awaitingGuest]: 'adminBookings.details.consentAwaitingGuest',
  [CONSENT_GAP_LABELS.confirmedByGuide]: 'adminBookings.details.consentConfirmedByGuide',
  [CONSENT_GAP_LABELS.paidWithout]: 'adminBookings.details.consentPaidWithout',
  [CONSENT_GAP_LABELS.cancelledWithout]: 'adminBookings.details.consentCancelledWithout',
  [CONSENT_GAP_LABELS.missing]: 'adminBookings.details.consentMissing',
}

/**
 * One booking in full (`?details=12`), with its moves, its money and its receipts, which come with
 * the page (docs/decisions/0088); moving it is another dialog the address opens.
 */
export function BookingDetails({ booking, history, ledger, receipts, onClose }: { booking: AdminBooking; history: BookingChangeView[]; ledger: LedgerLine[]; receipts: Receipts; onClose: () => void }) {
  const t = useT()
  const locale = useLocale()
  const copyEmail = useCopyEmail()
  const dialogAddress = useDialogAddress()
  const consentGap = consentGapLabel(booking)
  return (
    <Modal open onOpenChange={(o) => !o && onClose()} closeTo={dialogAddress()} title={t('adminBookings.details.title', { id: booking.id, name: booking.name })}>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="font-medium">{t('adminBookings.details.tour')}</dt>
        <dd>{t('adminBookings.details.tourText', { tour: booking.packageName, date: formatLongDate(booking.tourDate, locale), time: clockText(booking.timeText, locale) })}</dd>
        <dt className="font-medium">{t('adminBookings.details.guests')}</dt>
        <dd>{booking.numberOfPeople}</dd>
        <dt className="font-medium">{t('adminBookings.details.price')}</dt>
        <dd>
          {formatYen(booking.tourPrice, locale)}
          {booking.priceNote ? t('adminBookings.details.customPrice', { note: booking.priceNote }) : ''}
          {/* What paid it, each way as the ledger holds it (docs/decisions/0075): never a subtotal made up from the parts. */}
          <PaidBy booking={booking} />
          {booking.cancellationFee > 0 ? <p>{t('adminBookings.details.cancellationFee', { amount: formatYen(booking.cancellationFee, locale) })}</p> : null}
          {booking.owedBack > 0 ? <p className="font-medium text-red-800">{t('adminBookings.details.owedBack', { amount: formatYen(booking.owedBack, locale) })}</p> : null}
        </dd>
        {booking.arrangedBy ? (
          <>
            <dt className="font-medium">{t('adminBookings.details.madeBy')}</dt>
            <dd>{t('adminBookings.details.madeByText', { admin: booking.arrangedBy })}</dd>
          </>
        ) : null}
        <dt className="font-medium">{t('adminBookings.details.meeting')}</dt>
        <dd>{booking.meeting}</dd>
        <dt className="font-medium">{t('adminBookings.details.email')}</dt>
        <dd className="break-all">{booking.email}</dd>
        <dt className="font-medium">{t('adminBookings.details.phone')}</dt>
        <dd>{booking.phone}</dd>
        <dt className="font-medium">{t('adminBookings.details.language')}</dt>
        <dd>{booking.language}</dd>
        <dt className="font-medium">{t('adminBookings.details.reference')}</dt>
        <dd className="break-all">{booking.reference}</dd>
        <dt className="font-medium">{t('adminBookings.details.consent')}</dt>
        <dd>
          {/* Each gap said as it is: only bookings from before the form asked predate it (docs/decisions/0073). */}
          {booking.policyAcceptedAt
            ? t('adminBookings.details.consentGiven', { version: String(booking.policyVersion), at: formatDateTime(booking.policyAcceptedAt, locale) })
            : consentGap && t(CONSENT_GAP_IDS[consentGap] ?? 'adminBookings.details.consentMissing')}
        </dd>
        {booking.cancellationReason ? (
          <>
            <dt className="font-medium">{t('adminBookings.details.cancelled')}</dt>
            <dd>{booking.cancellationReason}</dd>
          </>
        ) : null}
      </dl>
      <div>
        <h3 className="text-sm font-semibold">{t('adminBookings.details.specialRequests')}</h3>
        <p className="mt-1 whitespace-pre-wrap rounded-md bg-slate-100 p-3 text-sm text-slate-900">{booking.specialRequests || t('adminBookings.details.noSpecialRequests')}</p>
      </div>
      <PayLink booking={booking} />
      <BookingAnswers answers={booking.answers} />
      <BookingHistory changes={history} />
      <BookingLedger lines={ledger} />
      <BookingReceipts bookingId={booking.id} receipts={receipts} />
      <div className="flex flex-wrap gap-2">
        {booking.status !== 'cancelled' ? (
          <Link to={dialogAddress({ move: String(booking.id) })} preventScrollReset className={buttonVariants({ variant: 'plain', size: 'md' })}>
            {t('adminBookings.details.move')}
          </Link>
        ) : null}
        <Button size="md" variant="plain" onClick={() => copyEmail(booking.email)}>
          {t('adminBookings.details.copyEmail')}
        </Button>
        {/* A draft to the guest, not words for the admin: English, as the guest's e-mails are until they follow the guest's language (docs/decisions/0086). */}
        <a
          href={mailtoHref(booking.email, booking.reply.subject, `${booking.reply.greeting}\n\n`)}
          className={buttonVariants({ variant: 'brand', size: 'md' })}
        >
          {t('adminBookings.details.openEmail')}
        </a>
      </div>
    </Modal>
  )
}
