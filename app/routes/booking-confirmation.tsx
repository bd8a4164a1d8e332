import { data, Link } from 'react-router'
import type { Route } from './+types/booking-confirmation'
import { formatLongDate } from '../../core/dates.ts'
import { formatYen } from '../../core/money.ts'
import { slotWithStartTime } from '../../core/slots.ts'
import { statusLabel } from '../../core/schemas/booking-status.ts'
import { THEME_LABELS, isTheme } from '../../core/themes.ts'
import { PageBanner } from '../components/site/page-banner.tsx'
import { ContactLinks } from '../components/booking/contact-links.tsx'
import { HoldCountdown } from '../components/booking/hold-countdown.tsx'
import { CancelBooking } from '../components/checkout/cancel-booking.tsx'
import { PaymentReturn } from '../components/checkout/payment-return.tsx'
import { BookingNotFound, CancelledBookingNotice } from '../components/booking/booking-states.tsx'
import { privatePageHeaders } from '../lib/private-page.ts'
import { buttonVariants } from '../components/ui/button.tsx'

export const meta: Route.MetaFunction = () => [
  { title: 'Booking Confirmation | Joetsu Local Tours' },
  // A page with a guest's details: never indexed.
  { name: 'robots', content: 'noindex' },
]

/** The guest's details: never cached, never in a Referer (HTML and .data alike). */
export const headers: Route.HeadersFunction = privatePageHeaders

/**
 * /booking-confirmation/{reference} or ?id={reference}. Only public references answer
 * (docs/decisions/0006). Without a reference the page shows the generic thank-you; a reference
 * that matches no booking (a numeric id included) answers 404 "Booking not found"
 * (issue 14), which reveals no more than the thank-you did. A failure of the lookup
 * itself shows the error state (ErrorBoundary).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const reference = params.reference ?? new URL(request.url).searchParams.get('id')
  const now = context.services.bookings.now().toISOString()
  const booking = reference ? await context.services.bookings.findByReference(reference) : null
  const notFound = Boolean(reference) && !booking
  const timeText = booking ? slotWithStartTime(booking.tourTime, context.config.booking.startTimes) : null
  // Headers come from the route's `headers` export (private page: no-store, no-referrer).
  return data({ booking, timeText, now, notFound }, { status: notFound ? 404 : 200 })
}

const badgeStyles: Record<string, string> = {
  paid: 'bg-field-600 text-white',
  confirmed: 'bg-brand-800 text-white',
  cancelled: 'bg-slate-700 text-white',
  pending: 'bg-blossom-100 text-blossom-700',
}

export default function ConfirmationPage({ loaderData }: Route.ComponentProps) {
  const { booking, timeText, now, notFound } = loaderData
  // No thanks for a booking that is cancelled or was not found (issue 14).
  const thanks = notFound || booking?.status === 'cancelled' ? null : <p>Thank you for booking a private tour of Joetsu.</p>
  return (
    <main id="main">
      <PageBanner eyebrow="Your private tour" title="Booking Confirmation">
        {thanks}
      </PageBanner>
      <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
        {booking ? <BookingView booking={booking} timeText={timeText ?? ''} now={now} /> : notFound ? <BookingNotFound /> : <ThankYou />}
      </div>
    </main>
  )
}

function ThankYou() {
  return (
    <section aria-labelledby="thanks-title" className="text-center">
      <h2 id="thanks-title" className="text-2xl font-bold text-brand-900">
        Thank you for your booking!
      </h2>
      <p className="mt-3 text-slate-800">
        If you have just booked, your confirmation is on its way by e-mail. Open the link in that e-mail to see your booking details.
      </p>
      <NextLinks />
      <NeedHelp />
    </section>
  )
}

type LoadedBooking = NonNullable<Route.ComponentProps['loaderData']['booking']>

function BookingView({ booking, timeText, now }: { booking: LoadedBooking; timeText: string; now: string }) {
  const unpaid = booking.status !== 'paid' && booking.status !== 'cancelled'
  const badge = booking.status === 'paid' ? 'Paid' : booking.status === 'pending' ? 'Pending Payment' : statusLabel(booking.status)
  const rows: [string, React.ReactNode][] = [
    ['Tour date', formatLongDate(booking.tourDate)],
    ['Time', timeText],
    ['Tour', booking.tourPackage?.name ?? 'Custom Tour'],
    ['Group size', `${booking.numberOfPeople} ${booking.numberOfPeople === 1 ? 'person' : 'people'}`],
    ['Name', booking.name],
    ['Email', booking.email],
  ]
  if (booking.phone) rows.push(['Phone', booking.phone])
  if (booking.interestTheme && isTheme(booking.interestTheme)) rows.push(['Interest', THEME_LABELS[booking.interestTheme]])
  if (booking.specialRequests) rows.push(['Special requests', booking.specialRequests])

  return (
    <section aria-labelledby="booking-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="booking-title" className="text-2xl font-bold text-brand-900">
          Booking <span className="font-mono">#{booking.reference}</span>
        </h2>
        <span className={`rounded-full px-3 py-1 text-sm font-bold ${badgeStyles[booking.status] ?? ''}`}>{badge}</span>
      </div>
      {booking.status === 'pending' && booking.holdExpiresAt ? (
        <p className="mt-3 rounded-lg bg-blossom-100 px-4 py-3 text-blossom-700">
          <HoldCountdown expiresAt={booking.holdExpiresAt} serverNow={now} />
        </p>
      ) : null}
      {booking.status === 'cancelled' ? <CancelledBookingNotice booking={booking} /> : null}
      <dl className="mt-6 grid gap-x-6 gap-y-3 rounded-2xl border border-slate-200 bg-white p-5 sm:grid-cols-[10rem_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold text-slate-600">{label}</dt>
            <dd className="break-words text-slate-900">{value}</dd>
          </div>
        ))}
        <dt className="font-semibold text-slate-600">Total</dt>
        <dd className="text-lg font-bold text-brand-900">
          {formatYen(booking.totalPrice)} <span className="text-sm font-normal text-slate-700">tax included</span>
        </dd>
      </dl>

      {unpaid ? (
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <Link
            to={`/checkout/${booking.reference}`}
            className={buttonVariants()}
          >
            Pay with Credit Card
          </Link>
          <button
            type="button"
            disabled
            className="inline-flex min-h-11 cursor-not-allowed items-center justify-center gap-2 rounded-full border-2 border-slate-400 bg-slate-100 px-6 py-2.5 font-semibold text-slate-700"
          >
            Pay on Tour Day (Cash) <span className="rounded bg-slate-700 px-2 py-0.5 text-xs text-white">Coming Soon</span>
          </button>
        </div>
      ) : null}
      {/* Payments (issue 5): settle a Stripe redirect return; the guest's own cancellation (docs/decisions/0016). */}
      <PaymentReturn reference={booking.reference} status={booking.status} />
      <CancelBooking reference={booking.reference} status={booking.status} />

      {/* A cancelled booking has no next steps (issue 14). */}
      {booking.status === 'cancelled' ? null : (
      <section aria-labelledby="next-title" className="mt-10">
        <h3 id="next-title" className="text-xl font-bold text-brand-900">
          What's Next
        </h3>
        <ol className="mt-3 list-decimal space-y-2 pl-6 text-slate-800">
          {booking.status === 'pending' ? <li>Pay online to secure your date: unpaid bookings are released after the hold.</li> : null}
          {booking.status === 'confirmed' ? <li>Your guide has confirmed this booking: your date is held for you. Pay online now or as arranged with your guide.</li> : null}
          <li>You receive a confirmation e-mail with your tour details and a calendar file.</li>
          <li>Your guide contacts you to plan the day around your interests.</li>
          <li>Two days before the tour we send a reminder with the meeting point.</li>
          <li>Enjoy your day in Joetsu! Lunch and personal expenses are paid on the day.</li>
        </ol>
      </section>
      )}
      <NextLinks />
      <NeedHelp />
    </section>
  )
}

function NextLinks() {
  return (
    <p className="mt-8 flex flex-wrap justify-center gap-3">
      <Link
        to="/"
        className={buttonVariants({ variant: 'secondary' })}
      >
        Return to Home
      </Link>
      <Link
        to="/booking"
        className={buttonVariants({ variant: 'secondary' })}
      >
        Book Another Tour
      </Link>
    </p>
  )
}

function NeedHelp() {
  return (
    <section aria-labelledby="help-title" className="mt-10 rounded-2xl bg-brand-50 p-5 text-left">
      <h3 id="help-title" className="text-xl font-bold text-brand-900">
        Need Help?
      </h3>
      <p className="mt-2 text-slate-800">Questions about your booking? We usually answer within 24-48 hours.</p>
      <div className="mt-3">
        <ContactLinks message="Hello! I have a question about my booking." subject="Question about my booking" />
      </div>
    </section>
  )
}

export function ErrorBoundary() {
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-brand-900">Oops! Something went wrong</h1>
      <p className="mt-4 text-slate-800">We couldn't retrieve your booking details. The link might be invalid or expired.</p>
      <p className="mt-6">
        <Link to="/booking" className="font-semibold text-brand-700 underline">
          Back to booking
        </Link>
      </p>
    </main>
  )
}
