import { Link } from 'react-router'
import { formatYen } from '../../../core/money.ts'
import { ContactLinks } from './contact-links.tsx'
import { buttonVariants } from '../ui/button.tsx'

const bookAgainLink = buttonVariants({ variant: 'brand' })

/** What happened to the money of a cancelled booking, in one calm sentence for the guest. */
export function cancelledMoneyText(booking: { amountReceived: number; amountRefunded: number }): string {
  if (booking.amountRefunded > 0) {
    return `${formatYen(booking.amountRefunded)} has been refunded to your card. It can take a few days to appear on your statement.`
  }
  if (booking.amountReceived > 0) return 'Under the cancellation policy no refund was due for this booking.'
  return 'Nothing was charged for this booking.'
}

/**
 * The confirmation page of a cancelled booking (issue 14): no thank-you, no "What's Next",
 * no payment: the booking is cancelled, what happened to the money, and how to book again.
 */
export function CancelledBookingNotice({ booking }: { booking: { amountReceived: number; amountRefunded: number } }) {
  return (
    <section aria-labelledby="cancelled-title" className="mt-4 rounded-2xl border border-slate-300 bg-slate-50 p-5">
      <h3 id="cancelled-title" className="text-xl font-bold text-slate-900">
        This booking is cancelled
      </h3>
      <p className="mt-2 text-slate-800">{cancelledMoneyText(booking)}</p>
      <p className="mt-2 text-slate-800">If you would still like a tour, choose a new date and book again, or write to us and we will help.</p>
      <p className="mt-4">
        <Link to="/booking" className={bookAgainLink}>
          Book again
        </Link>
      </p>
    </section>
  )
}

/** An unknown reference (issue 14): say so, and offer the ways forward. The loader answers 404. */
export function BookingNotFound() {
  return (
    <section aria-labelledby="not-found-title" className="text-center">
      <h2 id="not-found-title" className="text-2xl font-bold text-brand-900">
        Booking not found
      </h2>
      <p className="mt-3 text-slate-800">
        We could not find a booking with this reference. Please check the link in your confirmation e-mail, or contact us and we will look it up for you.
      </p>
      <p className="mt-6 flex flex-wrap justify-center gap-3">
        <Link to="/booking" className={bookAgainLink}>
          Book a tour
        </Link>
        <Link
          to="/contact"
          className={buttonVariants({ variant: 'secondary' })}
        >
          Contact us
        </Link>
      </p>
      <div className="mt-6 flex justify-center">
        <ContactLinks message="Hello! I cannot find my booking." subject="I cannot find my booking" />
      </div>
    </section>
  )
}
