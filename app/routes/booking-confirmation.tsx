import { CalledOffNotice } from '../components/booking/called-off-notice.tsx'
import { data, Link } from 'react-router'
import type { Route } from './+types/booking-confirmation'
import { formatLongDate } from '../../core/dates.ts'
import { formatYen } from '../../core/money.ts'
import { slotStart } from '../../core/slots.ts'
import { isTheme } from '../../core/themes.ts'
import type { BookingStatus } from '../../core/schemas/booking-status.ts'
import { localeFromPath } from '../../core/i18n/locales.ts'
import type { MessageId } from '../../core/i18n/message-id.ts'
import { THEME_NAMES } from '../components/booking/labels.ts'
import { T, useLocale, useLocalePath, useT } from '../i18n/i18n.tsx'
import { metaTranslator } from '../i18n/translator.ts'
import { formPageMessages, requestLocale } from '../i18n/messages.server.ts'
import { calledOffOf, changeOfPlansOf } from '../components/booking/change-page.server.ts'
import { PageBanner } from '../components/site/page-banner.tsx'
import { ContactLinks } from '../components/booking/contact-links.tsx'
import { HoldCountdown } from '../components/booking/hold-countdown.tsx'
import { CancelBooking } from '../components/checkout/cancel-booking.tsx'
import { PaymentReturn } from '../components/checkout/payment-return.tsx'
import { BookingNotFound, CancelledBookingNotice } from '../components/booking/booking-states.tsx'
import { privatePageHeaders } from '../lib/private-page.ts'
import { buttonVariants } from '../components/ui/button.tsx'
import { BookingTime } from '../components/site/your-time.tsx'
import { TripDetails } from '../components/booking/trip-details.tsx'
import { YourAnswers } from '../components/booking/your-answers.tsx'
import { DiscountRows } from '../components/booking/discount-rows.tsx'
import { TripReceipts } from '../components/booking/trip-receipts.tsx'
import { handleReceiptAction, receiptsOf } from '../components/booking/receipts.server.ts'
import { RECEIPT_INTENT, type ReceiptOutcome } from '../components/booking/receipts.ts'
import { readForm } from '../lib/form-post.server.ts'

export const meta: Route.MetaFunction = ({ matches, location }) => [
  { title: `${metaTranslator(localeFromPath(location.pathname), matches)('checkout.confirmation.metaTitle')} | Joetsu Local Tours` },
  // A page with a guest's details: never indexed.
  { name: 'robots', content: 'noindex' },
]

/** The guest's details: never cached, never in a Referer (HTML and .data alike). */
export const headers: Route.HeadersFunction = privatePageHeaders

/**
 * /booking-confirmation/{reference} or ?id={reference}. Only public references answer
 * (docs/decisions/0006). Without a reference the page shows the generic thank-you; a reference
 * that matches no booking (a numeric id included) answers 404 "Booking not found"
 * (docs/decisions/0029), which reveals no more than the thank-you did. A failure of the lookup
 * itself shows the error state (ErrorBoundary).
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const reference = params.reference ?? new URL(request.url).searchParams.get('id')
  const now = context.services.bookings.now().toISOString()
  const booking = reference ? await context.services.bookings.findByReference(reference, requestLocale(request)) : null
  const notFound = Boolean(reference) && !booking
  const start = booking ? slotStart(booking.tourDate, booking.tourTime, context.config.booking.startTimes) : null
  const whatToBring = booking ? await context.services.trip.whatToBring(booking.tourDate, requestLocale(request)) : null
  const calledOff = booking ? await calledOffOf(context, booking.reference, requestLocale(request)) : null
  const changeOfPlans = booking ? await changeOfPlansOf(context, booking.reference, requestLocale(request)) : null
  const receipts = booking ? await receiptsOf(context, booking.reference) : null
  // Headers come from the route's `headers` export (private page: no-store, no-referrer).
  return data({ booking, start, now, notFound, whatToBring, calledOff, changeOfPlans, receipts, ...formPageMessages(request, 'checkout', 'booking', 'trip', 'change', 'disruption') }, { status: notFound ? 404 : 200 })
}

/** The page's one form of its own: a receipt asked for (docs/decisions/0080). */
export async function action({ params, request, context }: Route.ActionArgs) {
  const form = await readForm(request)
  if (form.get('intent') !== RECEIPT_INTENT || !params.reference) throw new Response('Unknown form', { status: 400 })
  return handleReceiptAction(form, context, request, params.reference)
}

const STATUS_NAMES: Record<BookingStatus, MessageId> = {
  paid: 'checkout.status.paid',
  pending: 'checkout.status.pending',
  confirmed: 'checkout.status.confirmed',
  cancelled: 'checkout.status.cancelled',
}

const badgeStyles: Record<string, string> = {
  paid: 'bg-field-600 text-white',
  confirmed: 'bg-brand-800 text-white',
  cancelled: 'bg-slate-700 text-white',
  pending: 'bg-blossom-100 text-blossom-700',
}

export default function ConfirmationPage({ loaderData, actionData }: Route.ComponentProps) {
  const { booking, start, now, notFound, whatToBring, calledOff, changeOfPlans, receipts } = loaderData
  const t = useT()
  const path = useLocalePath()
  const timeText = booking && start ? <BookingTime tourTime={booking.tourTime} {...start} /> : null
  // No thanks for a booking that is cancelled or was not found (docs/decisions/0029).
  const thanks = notFound || booking?.status === 'cancelled' ? null : <p>{t('checkout.confirmation.thanks')}</p>
  return (
    <main id="main">
      <PageBanner eyebrow={t('checkout.confirmation.eyebrow')} title={t('checkout.confirmation.title')}>
        {thanks}
      </PageBanner>
      <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
        {booking && calledOff ? (
          <div className="mb-8">
            <CalledOffNotice tourDate={booking.tourDate} calledOff={calledOff}>
              <Link to={path(`/booking-confirmation/${booking.reference}/change`)} className={buttonVariants()}>
                {t(calledOff.paid ? 'change.disrupted.choose' : 'change.disrupted.chooseUnpaid')}
              </Link>
            </CalledOffNotice>
          </div>
        ) : null}
        {booking ? (
          <BookingView booking={booking} timeText={timeText} now={now} whatToBring={whatToBring} changeOfPlans={changeOfPlans}>
            {receipts ? <TripReceipts reference={booking.reference} available={receipts.available} points={receipts.points} refused={actionData as ReceiptOutcome | undefined} /> : null}
          </BookingView>
        ) : notFound ? (
          <BookingNotFound />
        ) : (
          <ThankYou />
        )}
      </div>
    </main>
  )
}

function ThankYou() {
  const t = useT()
  return (
    <section aria-labelledby="thanks-title" className="text-center">
      <h2 id="thanks-title" className="text-2xl font-bold text-brand-900">
        {t('checkout.confirmation.thankYouTitle')}
      </h2>
      <p className="mt-3 text-slate-800">{t('checkout.confirmation.thankYouText')}</p>
      <NextLinks />
      <NeedHelp />
    </section>
  )
}

type LoadedBooking = NonNullable<Route.ComponentProps['loaderData']['booking']>

type ChangeOfPlansView = { deadline: string } | { refusal: string } | null

function BookingView({
  booking,
  timeText,
  now,
  whatToBring,
  changeOfPlans,
  children,
}: {
  booking: LoadedBooking
  timeText: React.ReactNode
  now: string
  whatToBring: { text: string; lang?: 'en' } | null
  changeOfPlans: ChangeOfPlansView
  /** The booking's receipts, below what is still to do about it. */
  children: React.ReactNode
}) {
  const t = useT()
  const locale = useLocale()
  const path = useLocalePath()
  const unpaid = booking.status !== 'paid' && booking.status !== 'cancelled'
  const badge = t(STATUS_NAMES[booking.status])
  const rows: [string, React.ReactNode][] = [
    [t('checkout.row.date'), formatLongDate(booking.tourDate, locale)],
    [t('checkout.row.time'), timeText],
    [t('checkout.row.tour'), booking.tourPackage?.name ?? t('checkout.row.customTour')],
    [t('checkout.row.group'), t('checkout.summary.people', { count: booking.numberOfPeople })],
    [t('checkout.row.name'), booking.name],
    [t('checkout.row.email'), booking.email],
  ]
  if (booking.phone) rows.push([t('checkout.row.phone'), booking.phone])
  if (booking.interestTheme && isTheme(booking.interestTheme)) rows.push([t('checkout.row.interest'), t(THEME_NAMES[booking.interestTheme])])
  if (booking.specialRequests) rows.push([t('checkout.row.requests'), booking.specialRequests])

  return (
    <section aria-labelledby="booking-title">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="booking-title" className="text-2xl font-bold text-brand-900">
          <T id="checkout.confirmation.booking" values={{ reference: booking.reference }} components={{ 0: <span className="font-mono" /> }} />
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
        <DiscountRows booking={booking} />
        <dt className="font-semibold text-slate-600">{t('checkout.row.total')}</dt>
        <dd className="text-lg font-bold text-brand-900">
          {formatYen(booking.totalPrice)} <span className="text-sm font-normal text-slate-700">{t('checkout.taxIncluded')}</span>
        </dd>
        {booking.priceNote ? (
          <>
            <dt className="font-semibold text-slate-600">{t('checkout.row.priceNote')}</dt>
            <dd className="break-words text-slate-900">{booking.priceNote}</dd>
          </>
        ) : null}
      </dl>
      <YourAnswers answers={booking.answers} />

      {unpaid ? (
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <Link to={path(`/checkout/${booking.reference}`)} className={buttonVariants()}>
            {t('checkout.payCard')}
          </Link>
          <button
            type="button"
            disabled
            className="inline-flex min-h-11 cursor-not-allowed items-center justify-center gap-2 rounded-full border-2 border-slate-400 bg-slate-100 px-6 py-2.5 font-semibold text-slate-700"
          >
            {t('checkout.payCash')} <span className="rounded bg-slate-700 px-2 py-0.5 text-xs text-white">{t('checkout.comingSoon')}</span>
          </button>
        </div>
      ) : null}
      {/* The trip page (docs/decisions/0052): where to meet, what to bring, the guide on the day; a cancelled tour has none. */}
      {booking.status !== 'cancelled' && whatToBring ? <TripDetails reference={booking.reference} meeting={booking.meeting} whatToBring={whatToBring} /> : null}
      {/* Payments (docs/decisions/0015): settle a Stripe redirect return; the guest's own cancellation (docs/decisions/0016). */}
      {booking.status !== 'cancelled' && changeOfPlans ? <ChangeOfPlans reference={booking.reference} change={changeOfPlans} /> : null}
      <PaymentReturn reference={booking.reference} status={booking.status} />
      <CancelBooking reference={booking.reference} status={booking.status} />
      {children}

      {/* A cancelled booking has no next steps (docs/decisions/0029). */}
      {booking.status === 'cancelled' ? null : (
      <section aria-labelledby="next-title" className="mt-10">
        <h3 id="next-title" className="text-xl font-bold text-brand-900">
          {t('checkout.next.title')}
        </h3>
        <ol className="mt-3 list-decimal space-y-2 pl-6 text-slate-800">
          {booking.status === 'pending' ? <li>{t('checkout.next.pay')}</li> : null}
          {booking.status === 'confirmed' ? <li>{t('checkout.next.confirmed')}</li> : null}
          <li>{t('checkout.next.email')}</li>
          <li>{t('checkout.next.plan')}</li>
          <li>{t('checkout.next.reminder')}</li>
          <li>{t('checkout.next.enjoy')}</li>
        </ol>
      </section>
      )}
      <NextLinks />
      <NeedHelp />
    </section>
  )
}

/**
 * The way to the change page (docs/decisions/0055) with the day free changes end, only while the
 * change page would take a change; otherwise why not, as the change page says it (decision 0072).
 */
function ChangeOfPlans({ reference, change }: { reference: string; change: NonNullable<ChangeOfPlansView> }) {
  const t = useT()
  const locale = useLocale()
  const path = useLocalePath()
  return (
    <section aria-labelledby="change-title" className="mt-8 rounded-2xl border border-slate-200 bg-white p-5">
      <h3 id="change-title" className="text-xl font-bold text-brand-900">
        {t('checkout.change.title')}
      </h3>
      {'refusal' in change ? (
        <p className="mt-2 text-slate-800">{change.refusal}</p>
      ) : (
        <>
          <p className="mt-2 text-slate-800">{t('checkout.change.text', { deadline: formatLongDate(change.deadline, locale) })}</p>
          <p className="mt-3">
            <Link to={path(`/booking-confirmation/${reference}/change`)} className={buttonVariants({ variant: 'secondary' })}>
              {t('checkout.change.link')}
            </Link>
          </p>
        </>
      )}
    </section>
  )
}

function NextLinks() {
  const t = useT()
  const path = useLocalePath()
  return (
    <p className="mt-8 flex flex-wrap justify-center gap-3">
      <Link to={path('/')} className={buttonVariants({ variant: 'secondary' })}>
        {t('checkout.links.home')}
      </Link>
      <Link to={path('/booking')} className={buttonVariants({ variant: 'secondary' })}>
        {t('checkout.links.another')}
      </Link>
    </p>
  )
}

function NeedHelp() {
  const t = useT()
  return (
    <section aria-labelledby="help-title" className="mt-10 rounded-2xl bg-brand-50 p-5 text-left">
      <h3 id="help-title" className="text-xl font-bold text-brand-900">
        {t('checkout.help.title')}
      </h3>
      <p className="mt-2 text-slate-800">{t('checkout.help.text')}</p>
      <div className="mt-3">
        <ContactLinks message={t('checkout.help.message')} subject={t('checkout.help.subject')} />
      </div>
    </section>
  )
}

/** The lookup failed: this route's loader delivered no messages, so it speaks the chrome's words only where it must. */
export function ErrorBoundary() {
  const t = useT()
  const path = useLocalePath()
  return (
    <main id="main" className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold text-brand-900">{t('common.error.title')}</h1>
      <p className="mt-4 text-slate-800">{t('common.error.detail')}</p>
      <p className="mt-6">
        <Link to={path('/booking')} className="font-semibold text-brand-700 underline">
          {t('common.nav.book')}
        </Link>
      </p>
    </main>
  )
}
