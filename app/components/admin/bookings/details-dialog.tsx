import { formatLongDate } from '../../../../core/dates.ts'
import { formatYen } from '../../../../core/money.ts'
import { consentGapLabel } from '../../../../core/booking-consent.ts'
import type { AdminBooking } from '../../../../server/for-app.ts'
import { formatDateTime, mailtoHref, useCopyEmail } from '../api.ts'
import { Button, buttonVariants } from '../../ui/button.tsx'
import { Modal } from '../../ui/dialog.tsx'
import { BookingAnswers } from './booking-answers.tsx'
import { BookingHistory } from './booking-history.tsx'
import { BookingLedger } from './booking-ledger.tsx'
import { BookingReceipts } from './booking-receipts.tsx'
import { PayLink } from './pay-link.tsx'
import { PaidBy } from './paid-by.tsx'

export function BookingDetails({ booking, onClose, onMove }: { booking: AdminBooking; onClose: () => void; onMove: () => void }) {
  const copyEmail = useCopyEmail()
  return (
    <Modal open onOpenChange={(o) => !o && onClose()} title={`Booking #${booking.id}: ${booking.name}`}>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="font-medium">Tour</dt>
        <dd>
          {booking.packageName}, {formatLongDate(booking.tourDate)} at {booking.timeText}
        </dd>
        <dt className="font-medium">Guests</dt>
        <dd>{booking.numberOfPeople}</dd>
        <dt className="font-medium">Price</dt>
        <dd>
          {formatYen(booking.tourPrice)}
          {booking.priceNote ? ` (custom: ${booking.priceNote})` : ''}
          {/* What paid it, each way as the ledger holds it (docs/decisions/0075): never a subtotal made up from the parts. */}
          <PaidBy booking={booking} />
          {booking.cancellationFee > 0 ? <p>Kept as the cancellation fee: {formatYen(booking.cancellationFee)}</p> : null}
          {booking.owedBack > 0 ? <p className="font-medium text-red-800">Owed back to the guest: {formatYen(booking.owedBack)} (the refund was refused; refund it in the payment provider)</p> : null}
        </dd>
        {booking.arrangedBy ? (
          <>
            <dt className="font-medium">Made by</dt>
            <dd>{booking.arrangedBy}, in the dashboard</dd>
          </>
        ) : null}
        <dt className="font-medium">Meeting</dt>
        <dd>{booking.meeting}</dd>
        <dt className="font-medium">Email</dt>
        <dd className="break-all">{booking.email}</dd>
        <dt className="font-medium">Phone</dt>
        <dd>{booking.phone}</dd>
        <dt className="font-medium">Language</dt>
        <dd>{booking.language}</dd>
        <dt className="font-medium">Reference</dt>
        <dd className="break-all">{booking.reference}</dd>
        <dt className="font-medium">Consent</dt>
        <dd>
          {/* Each gap said as it is: only bookings from before the form asked predate it (docs/decisions/0073). */}
          {booking.policyAcceptedAt
            ? `Accepted the cancellation policy and terms (version ${booking.policyVersion}) on ${formatDateTime(booking.policyAcceptedAt)}`
            : consentGapLabel(booking)}
        </dd>
        {booking.cancellationReason ? (
          <>
            <dt className="font-medium">Cancelled</dt>
            <dd>{booking.cancellationReason}</dd>
          </>
        ) : null}
      </dl>
      <div>
        <h3 className="text-sm font-semibold">Special requests</h3>
        <p className="mt-1 whitespace-pre-wrap rounded-md bg-slate-100 p-3 text-sm text-slate-900">{booking.specialRequests || 'No special requests.'}</p>
      </div>
      <PayLink booking={booking} />
      <BookingAnswers answers={booking.answers} />
      <BookingHistory bookingId={booking.id} />
      <BookingLedger bookingId={booking.id} />
      <BookingReceipts bookingId={booking.id} />
      <div className="flex flex-wrap gap-2">
        {booking.status !== 'cancelled' ? (
          <Button size="md" variant="plain" onClick={onMove}>
            Move Booking
          </Button>
        ) : null}
        <Button size="md" variant="plain" onClick={() => copyEmail(booking.email)}>
          Copy Email
        </Button>
        <a
          href={mailtoHref(booking.email, `Your Joetsu tour on ${formatLongDate(booking.tourDate)} (booking #${booking.id})`, `Dear ${booking.name},\n\n`)}
          className={buttonVariants({ variant: 'brand', size: 'md' })}
        >
          Open Email App
        </a>
      </div>
    </Modal>
  )
}


/** Cancel with the refund of the policy (docs/decisions/0016), shown and overridable; issued by the payments service. */
