import { clsx } from 'clsx'
import { Suspense, lazy, useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { Link, data, redirect, useNavigate } from 'react-router'
import type { Stripe } from '@stripe/stripe-js'
import type { Route } from './+types/checkout'
import { formatLongDate } from '../../core/dates.ts'
import { formatYen } from '../../core/money.ts'
import { localeConfig, localeFromPath, localizePath } from '../../core/i18n/locales.ts'
import { slotStart } from '../../core/slots.ts'
import { useLocale, useLocalePath, useT } from '../i18n/i18n.tsx'
import { useSayFailure, useSayRefusal } from '../i18n/refusals.ts'
import { metaTranslator } from '../i18n/translator.ts'
import { formPageMessages, requestLocale } from '../i18n/messages.server.ts'
import { calledOffOf, pendingChangeOf } from '../components/booking/change-page.server.ts'
import { CalledOffNotice } from '../components/booking/called-off-notice.tsx'
import { toast } from '../components/ui/use-toast.ts'
import { HoldCountdown } from '../components/booking/hold-countdown.tsx'
import { type CheckoutStart, createPaymentIntent, simulatedCharge } from '../components/checkout/api.ts'
import { confirmAndReport } from '../components/checkout/payment-outcome.ts'
import { SimulatedCardForm } from '../components/checkout/simulated-card-form.tsx'
import { ConsentStep, type ConsentOutcome } from '../components/checkout/consent-step.tsx'
import { handleCheckoutConsent } from '../components/checkout/consent-action.server.ts'
import type { StripeOutcome } from '../components/checkout/stripe-payment-form.tsx'
import { PrivacyLine } from '../components/forms/privacy-line.tsx'
import { privatePageHeaders } from '../lib/private-page.ts'
import { buttonVariants } from '../components/ui/button.tsx'
import { BookingTime } from '../components/site/your-time.tsx'
import { DiscountRows } from '../components/booking/discount-rows.tsx'

// The Payment Element and its React bindings load only here, and only in Stripe mode.
const StripePaymentForm = lazy(() => import('../components/checkout/stripe-payment-form.tsx'))

export const meta: Route.MetaFunction = ({ matches, location }) => [
  { title: `${metaTranslator(localeFromPath(location.pathname), matches)('checkout.meta.title')} | Joetsu Local Tours` },
  { name: 'robots', content: 'noindex' },
]

/** The guest's name, e-mail and phone: never cached, never in a Referer. */
export const headers: Route.HeadersFunction = privatePageHeaders

/**
 * The booking by its public reference (docs/decisions/0006). A paid booking has nothing left to pay, and a
 * cancelled one cannot be paid: both go to their confirmation page, which says calmly what
 * happened (for a cancelled one: the refund, if any, and how to book again; docs/decisions/0029).
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const booking = await context.services.bookings.findByReference(params.reference, requestLocale(request))
  // A paid booking's dearer change waiting for its difference is what this page takes (docs/decisions/0055).
  const change = booking?.status === 'paid' ? await pendingChangeOf(context, booking.reference) : null
  if ((booking?.status === 'paid' && !change) || booking?.status === 'cancelled') throw redirect(localizePath(`/booking-confirmation/${booking.reference}`, requestLocale(request)))
  // A day the guide called off is not paid for: the guest chooses a new date or cancels (docs/decisions/0056, 0067).
  const calledOff = booking && !change ? await calledOffOf(context, booking.reference, requestLocale(request)) : null
  // No such booking: the page says so, with the confirmation page's 404 (not a payment error's 200).
  return data({
    booking,
    change,
    calledOff,
    // A booking the guide made asks for the guest's tick before the payment starts (docs/decisions/0073).
    consentNeeded: booking ? await context.services.bookingConsent.asked(booking.reference) : false,
    start: booking ? slotStart(change?.tourDate ?? booking.tourDate, change?.tourTime ?? booking.tourTime, context.config.booking.startTimes) : null,
    ...formPageMessages(request, 'checkout', 'booking', 'forms', 'change', 'disruption'),
    // The service's clock, as on the confirmation page: both count the hold down alike.
    now: context.services.bookings.now().toISOString(),
  }, { status: booking ? 200 : 404 })
}

/** The guest's tick on the policy and terms, posted by the consent step (docs/decisions/0073, 0043). */
export async function action({ params, context, request }: Route.ActionArgs) {
  return handleCheckoutConsent(request, context, params.reference)
}

type Phase = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'init-failed' } | { kind: 'ready'; payment: CheckoutStart | null }

export default function CheckoutPage({ loaderData, actionData }: Route.ComponentProps) {
  const { booking, change, calledOff, start, now, consentNeeded } = loaderData
  const t = useT()
  const path = useLocalePath()
  const say = useSayRefusal()
  const sayFailure = useSayFailure()
  const navigate = useNavigate()
  const [phase, setPhase] = useState<Phase>(() => (booking ? { kind: 'loading' } : { kind: 'error', message: t('checkout.fetchFailed') }))
  const timeText = booking && start ? <BookingTime tourTime={change?.tourTime ?? booking.tourTime} {...start} /> : null
  const started = useRef(false)

  const finish = useCallback(
    async (reference: string) => {
      await confirmAndReport(reference, t, say)
      navigate(path(`/booking-confirmation/${reference}`))
    },
    [navigate],
  )

  useEffect(() => {
    // Nothing starts until the guest has ticked the box; the loader, run again after the tick, says so.
    if (!booking || calledOff || started.current || consentNeeded) return
    started.current = true
    // Nothing to pay, unless this is a dearer change's difference (a voucher-paid booking's card total is 0).
    if (!change && booking.totalPrice === 0) {
      // Nothing to pay (docs/decisions/0019): treat as paid at once.
      setPhase({ kind: 'ready', payment: null })
      void finish(booking.reference)
      return
    }
    createPaymentIntent(booking)
      .then((payment) => setPhase(payment.clientSecret ? { kind: 'ready', payment } : { kind: 'init-failed' }))
      .catch((error: unknown) => {
        const message = sayFailure(error, 'checkout.unexpected')
        toast({ variant: 'destructive', title: t('checkout.toast.error'), description: t('checkout.toast.initFailed') })
        setPhase({ kind: 'error', message })
      })
  }, [booking, finish, consentNeeded])

  return (
    <main id="main" className="bg-brand-50/40">
      <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
        {booking && calledOff ? (
          <>
            <h1 className="mb-4 text-2xl font-bold text-brand-900">{t('checkout.calledOff.title')}</h1>
            <CalledOffNotice tourDate={booking.tourDate} calledOff={calledOff}>
              <Link to={path(`/booking-confirmation/${booking.reference}/change`)} className={buttonVariants()}>
                {t(calledOff.paid ? 'change.disrupted.choose' : 'change.disrupted.chooseUnpaid')}
              </Link>
            </CalledOffNotice>
          </>
        ) : consentNeeded && booking ? (
          <>
            <h1 className="text-3xl font-bold tracking-tight text-brand-900 sm:text-4xl">{t('checkout.title')}</h1>
            <HoldNotes holdExpiresAt={booking.holdExpiresAt} confirmed={booking.status === 'confirmed'} now={now} />
            <div className="mt-6 grid gap-6 md:grid-cols-2">
              <Summary booking={booking} change={change} timeText={timeText} />
              <ConsentStep refused={actionData as ConsentOutcome | undefined} />
            </div>
            <PrivacyLine className="mt-6" />
          </>
        ) : (
          <>
            {phase.kind === 'loading' ? <Preparing /> : null}
            {phase.kind === 'error' ? <Problem title={t('checkout.problem.title')} message={phase.message} /> : null}
            {phase.kind === 'init-failed' ? <Problem title={t('checkout.problem.initTitle')} message={t('checkout.problem.initText')} /> : null}
            {phase.kind === 'ready' && booking ? <Ready booking={booking} change={change} timeText={timeText} now={now} payment={phase.payment} onFinish={finish} /> : null}
          </>
        )}
      </div>
    </main>
  )
}

function Preparing() {
  const t = useT()
  return (
    <div role="status" className="flex flex-col items-center gap-4 py-24 text-center">
      <span aria-hidden="true" className="h-10 w-10 animate-spin rounded-full border-4 border-brand-100 border-t-brand-700" />
      <h1 className="text-xl font-semibold text-brand-900">{t('checkout.preparing')}</h1>
    </div>
  )
}

function Problem({ title, message }: { title: string; message: string }) {
  const t = useT()
  const path = useLocalePath()
  return (
    <section className="rounded-2xl border border-red-200 bg-white p-6 text-center shadow-sm sm:p-10" aria-labelledby="problem-title">
      <h1 id="problem-title" className="text-2xl font-bold text-red-800">
        {title}
      </h1>
      <p role="alert" className="mt-3 text-slate-800">
        {message}
      </p>
      <Link to={path('/booking')} className={clsx(buttonVariants({ variant: 'brand' }), 'mt-6')}>
        {t('checkout.problem.back')}
      </Link>
    </section>
  )
}

type LoadedBooking = NonNullable<Route.ComponentProps['loaderData']['booking']>

type PendingChange = NonNullable<Route.ComponentProps['loaderData']['change']>

function Ready({
  booking,
  change,
  timeText,
  now,
  payment,
  onFinish,
}: {
  booking: LoadedBooking
  /** A dearer change whose difference is paid here: its details are shown, and its difference is the amount. */
  change: PendingChange | null
  timeText: React.ReactNode
  now: string
  payment: CheckoutStart | null
  onFinish: (reference: string) => Promise<void>
}) {
  const t = useT()
  const locale = useLocale()
  const path = useLocalePath()
  const sayFailure = useSayFailure()
  const amountText = formatYen(change ? change.difference : booking.totalPrice)
  const holdExpiresAt = payment?.holdExpiresAt ?? booking.holdExpiresAt
  const stripePromise = useMemo<Promise<Stripe | null> | null>(() => {
    if (payment?.mode !== 'stripe' || !payment.publishableKey) return null
    const key = payment.publishableKey
    // @stripe/stripe-js/pure injects Stripe's script only when loadStripe is called: here.
    return import('@stripe/stripe-js/pure').then(({ loadStripe }) => loadStripe(key))
  }, [payment])

  const paySimulated = async (cardNumber: string): Promise<string | null> => {
    try {
      await simulatedCharge(booking.reference, cardNumber)
    } catch (error) {
      const message = sayFailure(error, 'checkout.unexpected')
      toast({ variant: 'destructive', title: t('checkout.toast.payFailed'), description: message })
      return message
    }
    await onFinish(booking.reference)
    return null
  }

  const onStripeOutcome = async (outcome: StripeOutcome) => {
    if (outcome.kind === 'error') toast({ variant: 'destructive', title: t('checkout.toast.payFailed'), description: outcome.message || t('checkout.unexpected') })
    else if (outcome.kind === 'unconfirmed') toast({ variant: 'destructive', title: t('checkout.toast.unconfirmed') })
    else await onFinish(booking.reference)
  }

  return (
    <>
      <h1 className="text-3xl font-bold tracking-tight text-brand-900 sm:text-4xl">{t(change ? 'checkout.change.payTitle' : 'checkout.title')}</h1>
      {change ? <p className="mt-4 rounded-lg bg-brand-50 px-4 py-3 text-brand-900">{t('checkout.change.note')}</p> : null}
      <HoldNotes holdExpiresAt={holdExpiresAt} confirmed={booking.status === 'confirmed'} now={now} />
      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <Summary booking={booking} change={change} timeText={timeText} />

        <section aria-labelledby="payment-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
          <h2 id="payment-title" className="text-xl font-bold text-brand-900">
            {t('checkout.payment.title')}
          </h2>
          <div className="mt-4">
            {payment === null ? (
              <p role="status">{t('checkout.payment.nothing')}</p>
            ) : payment.mode === 'simulated' ? (
              <SimulatedCardForm amountText={amountText} onPay={paySimulated} />
            ) : stripePromise ? (
              <Suspense fallback={<p role="status">{t('checkout.payment.loading')}</p>}>
                <StripePaymentForm
                  stripe={stripePromise}
                  clientSecret={payment.clientSecret}
                  returnUrl={`${window.location.origin}${path(`/booking-confirmation/${booking.reference}`)}`}
                  locale={localeConfig(locale).stripe}
                  amountText={amountText}
                  onOutcome={onStripeOutcome}
                />
              </Suspense>
            ) : (
              <p role="alert">{t('checkout.problem.initText')}</p>
            )}
          </div>
          <p className="mt-4 text-sm text-slate-700">
            {t(payment?.mode === 'simulated' ? 'checkout.payment.simulatedNote' : 'checkout.payment.stripeNote')}
          </p>
        </section>
      </div>
      <PrivacyLine className="mt-6" />
    </>
  )
}

/** What is being paid for: the booking's details and its total (the change's difference, for a dearer change). */
function Summary({ booking, change, timeText }: { booking: LoadedBooking; change: PendingChange | null; timeText: React.ReactNode }) {
  const t = useT()
  const locale = useLocale()
  const amountText = formatYen(change ? change.difference : booking.totalPrice)
  return (
    <section aria-labelledby="summary-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="summary-title" className="text-xl font-bold text-brand-900">
        {t('checkout.summary.title')}
      </h2>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
        <dt className="font-semibold text-slate-600">{t('checkout.summary.name')}</dt>
        <dd className="break-words text-slate-900">{booking.name}</dd>
        <dt className="font-semibold text-slate-600">{t('checkout.summary.date')}</dt>
        <dd className="text-slate-900">{formatLongDate(change?.tourDate ?? booking.tourDate, locale)}</dd>
        <dt className="font-semibold text-slate-600">{t('checkout.summary.time')}</dt>
        <dd className="text-slate-900">{timeText}</dd>
        <dt className="font-semibold text-slate-600">{t('checkout.summary.group')}</dt>
        <dd className="text-slate-900">{t('checkout.summary.people', { count: change?.numberOfPeople ?? booking.numberOfPeople })}</dd>
        {change ? (
          <>
            <dt className="font-semibold text-slate-600">{t('checkout.change.newTotal')}</dt>
            <dd className="text-slate-900">{formatYen(change.newTotal)}</dd>
          </>
        ) : null}
        {change ? null : <DiscountRows booking={booking} />}
        <dt className="border-t border-slate-200 pt-2 font-semibold text-slate-600">{t(change ? 'checkout.change.difference' : 'checkout.summary.total')}</dt>
        <dd className="border-t border-slate-200 pt-2 text-lg font-bold text-brand-900">
          {amountText} <span className="text-sm font-normal text-slate-700">{t('checkout.taxIncluded')}</span>
        </dd>
        {booking.priceNote ? (
          <>
            <dt className="font-semibold text-slate-600">{t('checkout.row.priceNote')}</dt>
            <dd className="break-words text-slate-900">{booking.priceNote}</dd>
          </>
        ) : null}
      </dl>
    </section>
  )
}

/** How long an unpaid booking is held, or that the guide confirmed it: above the summary, whatever step the checkout is at. */
function HoldNotes({ holdExpiresAt, confirmed, now }: { holdExpiresAt: string | null; confirmed: boolean; now: string }) {
  const t = useT()
  return (
    <>
      {holdExpiresAt ? (
        <p className="mt-4 rounded-lg bg-blossom-100 px-4 py-3 text-blossom-700" aria-live="polite">
          <HoldCountdown expiresAt={holdExpiresAt} serverNow={now} />
        </p>
      ) : null}
      {confirmed ? <p className="mt-4 rounded-lg bg-brand-50 px-4 py-3 text-brand-900">{t('checkout.confirmedHeld')}</p> : null}
    </>
  )
}
