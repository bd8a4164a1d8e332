import { clsx } from 'clsx'
import { Suspense, lazy, useEffect, useMemo, useRef, useState } from 'react'
import { data, Link, useRevalidator, useSearchParams } from 'react-router'
import type { Stripe } from '@stripe/stripe-js'
import type { Route } from './+types/voucher'
import { formatLongDate } from '../../core/dates.ts'
import { formatYen } from '../../core/money.ts'
import { localeConfig, localeFromPath } from '../../core/i18n/locales.ts'
import { useLocale, useLocalePath, useT } from '../i18n/i18n.tsx'
import { useSayFailure } from '../i18n/refusals.ts'
import { metaTranslator } from '../i18n/translator.ts'
import { formPageMessages } from '../i18n/messages.server.ts'
import { privatePageHeaders } from '../lib/private-page.ts'
import { useSite } from '../lib/site.ts'
import { toast } from '../components/ui/use-toast.ts'
import { Button, buttonVariants } from '../components/ui/button.tsx'
import type { CheckoutStart } from '../../server/for-app.ts'
import { SimulatedCardForm } from '../components/checkout/simulated-card-form.tsx'
import type { StripeOutcome } from '../components/checkout/stripe-payment-form.tsx'
import { confirmVoucherPayment, simulatedVoucherCharge, startVoucherPayment } from '../components/vouchers/api.ts'

// The Payment Element loads only when a voucher is paid here, and only in Stripe mode.
const StripePaymentForm = lazy(() => import('../components/checkout/stripe-payment-form.tsx'))

export const meta: Route.MetaFunction = ({ matches, location }) => [
  { title: `${metaTranslator(localeFromPath(location.pathname), matches)('voucher.meta.title')} | Joetsu Local Tours` },
  // The token in the URL is the voucher's secret: never indexed, never sent as a Referer.
  { name: 'robots', content: 'noindex' },
]

export const headers: Route.HeadersFunction = privatePageHeaders

/**
 * /voucher/{token} (docs/decisions/0065): the voucher's own private page. While
 * it awaits payment it is the voucher's checkout; once paid it is the printable voucher, with its
 * code, value, balance and last day. A forged or erased token is not found.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const voucher = await context.services.vouchers.findByToken(params.token)
  const messages = formPageMessages(request, 'voucher', 'checkout')
  if (!voucher) return data({ voucher: null, token: '', ...messages }, { status: 404 })
  return { voucher, token: params.token, ...messages }
}

type LoadedVoucher = NonNullable<Route.ComponentProps['loaderData']['voucher']>

export default function VoucherPage({ loaderData }: Route.ComponentProps) {
  const { voucher, token } = loaderData
  const t = useT()
  const path = useLocalePath()
  if (!voucher) {
    return (
      <main id="main" className="mx-auto max-w-2xl px-4 py-14">
        <h1 className="text-2xl font-bold text-brand-900">{t('voucher.missing.title')}</h1>
        <p className="mt-3 text-slate-800">{t('voucher.missing.text')}</p>
        <Link to={path('/gift')} className={clsx(buttonVariants({ variant: 'secondary' }), 'mt-6')}>
          {t('voucher.missing.link')}
        </Link>
      </main>
    )
  }
  return <main id="main">{voucher.state === 'awaiting-payment' ? <VoucherCheckout voucher={voucher} token={token} /> : <PrintableVoucher voucher={voucher} />}</main>
}

type Phase = { kind: 'loading' } | { kind: 'error'; message: string } | { kind: 'ready'; payment: CheckoutStart }

/** The voucher's checkout: the same provider path and card forms as a booking's (docs/decisions/0014). */
function VoucherCheckout({ voucher, token }: { voucher: LoadedVoucher; token: string }) {
  const t = useT()
  const locale = useLocale()
  const sayFailure = useSayFailure()
  const revalidator = useRevalidator()
  const [params] = useSearchParams()
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' })
  const started = useRef(false)
  const amountText = formatYen(voucher.amount)

  /** The provider said yes: the server re-reads the payment, then the page shows the voucher. */
  async function finish() {
    try {
      const result = await confirmVoucherPayment(token)
      toast(result.status === 'paid' ? { title: t('voucher.toast.paid') } : { title: t('checkout.toast.unconfirmed') })
    } catch (error) {
      toast({ variant: 'destructive', title: t('checkout.toast.notPaid'), description: sayFailure(error, 'checkout.unexpected') })
    }
    await revalidator.revalidate()
  }

  useEffect(() => {
    if (started.current) return
    started.current = true
    // Back from a payment method that redirects (Stripe): settle what the provider says.
    if (params.get('redirect_status') === 'succeeded') {
      void finish()
      return
    }
    startVoucherPayment(token)
      .then((payment) => setPhase({ kind: 'ready', payment }))
      .catch((error: unknown) => setPhase({ kind: 'error', message: sayFailure(error, 'checkout.unexpected') }))
  }, [token])

  const stripePromise = useMemo<Promise<Stripe | null> | null>(() => {
    if (phase.kind !== 'ready' || phase.payment.mode !== 'stripe' || !phase.payment.publishableKey) return null
    const key = phase.payment.publishableKey
    // @stripe/stripe-js/pure injects Stripe's script only when loadStripe is called: here.
    return import('@stripe/stripe-js/pure').then(({ loadStripe }) => loadStripe(key))
  }, [phase])

  const paySimulated = async (cardNumber: string): Promise<string | null> => {
    try {
      await simulatedVoucherCharge(token, cardNumber)
    } catch (error) {
      const message = sayFailure(error, 'checkout.unexpected')
      toast({ variant: 'destructive', title: t('checkout.toast.payFailed'), description: message })
      return message
    }
    await finish()
    return null
  }

  const onStripeOutcome = async (outcome: StripeOutcome) => {
    if (outcome.kind === 'error') toast({ variant: 'destructive', title: t('checkout.toast.payFailed'), description: outcome.message || t('checkout.unexpected') })
    else if (outcome.kind === 'unconfirmed') toast({ variant: 'destructive', title: t('checkout.toast.unconfirmed') })
    else await finish()
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-brand-900 sm:text-4xl">{t('voucher.pay.title')}</h1>
      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <section aria-labelledby="voucher-summary-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
          <h2 id="voucher-summary-title" className="text-xl font-bold text-brand-900">
            {t('voucher.pay.summary')}
          </h2>
          <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
            <dt className="font-semibold text-slate-600">{t('voucher.from')}</dt>
            <dd className="break-words text-slate-900">{voucher.buyerName}</dd>
            {voucher.recipientName ? (
              <>
                <dt className="font-semibold text-slate-600">{t('voucher.for')}</dt>
                <dd className="break-words text-slate-900">{voucher.recipientName}</dd>
              </>
            ) : null}
            <dt className="border-t border-slate-200 pt-2 font-semibold text-slate-600">{t('checkout.summary.total')}</dt>
            <dd className="border-t border-slate-200 pt-2 text-lg font-bold text-brand-900">
              {amountText} <span className="text-sm font-normal text-slate-700">{t('checkout.taxIncluded')}</span>
            </dd>
          </dl>
        </section>
        <section aria-labelledby="voucher-payment-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
          <h2 id="voucher-payment-title" className="text-xl font-bold text-brand-900">
            {t('checkout.payment.title')}
          </h2>
          <div className="mt-4">
            {phase.kind === 'loading' ? <p role="status">{t('checkout.preparing')}</p> : null}
            {phase.kind === 'error' ? <p role="alert" className="text-red-800">{phase.message}</p> : null}
            {phase.kind === 'ready' && phase.payment.mode === 'simulated' ? <SimulatedCardForm amountText={amountText} onPay={paySimulated} /> : null}
            {phase.kind === 'ready' && phase.payment.mode === 'stripe' && stripePromise ? (
              <Suspense fallback={<p role="status">{t('checkout.payment.loading')}</p>}>
                <StripePaymentForm
                  stripe={stripePromise}
                  clientSecret={phase.payment.clientSecret}
                  returnUrl={window.location.href.split('?')[0]!}
                  locale={localeConfig(locale).stripe}
                  amountText={amountText}
                  onOutcome={onStripeOutcome}
                />
              </Suspense>
            ) : null}
          </div>
        </section>
      </div>
    </div>
  )
}

const STATE_MESSAGES = {
  'used-up': 'voucher.state.usedUp',
  expired: 'voucher.state.expired',
  cancelled: 'voucher.state.cancelled',
  refunded: 'voucher.state.refunded',
} as const

/**
 * The voucher as it is printed (app.css `@media print` keeps only `.voucher-print`, in black on
 * white, within one A4 or Letter page). The buyer's and recipient's words are text: React escapes them.
 */
function PrintableVoucher({ voucher }: { voucher: LoadedVoucher }) {
  const t = useT()
  const site = useSite()
  const locale = useLocale()
  const usable = voucher.state === 'active'
  return (
    <div className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      {!usable ? (
        <p role="status" className="mb-6 rounded-lg border border-slate-400 bg-white px-4 py-3 font-semibold text-slate-900">
          {t(STATE_MESSAGES[voucher.state as Exclude<typeof voucher.state, 'active' | 'awaiting-payment'>])}
        </p>
      ) : null}
      <article aria-labelledby="voucher-title" className="voucher-print rounded-3xl border-4 border-double border-brand-800 bg-white p-6 text-center shadow-sm sm:p-10">
        <p className="text-sm font-semibold uppercase tracking-widest text-blossom-700">{site.businessName}</p>
        <h1 id="voucher-title" className="mt-2 text-3xl font-bold text-brand-900 sm:text-4xl">
          {t('voucher.title')}
        </h1>
        {voucher.recipientName ? <p className="mt-4 break-words text-xl text-slate-900">{t('voucher.forName', { name: voucher.recipientName })}</p> : null}
        <p className="mt-6 text-5xl font-bold text-brand-900">{formatYen(voucher.amount)}</p>
        {voucher.balance !== voucher.amount ? <p className="mt-2 text-lg font-semibold text-slate-900">{t('voucher.balance', { balance: formatYen(voucher.balance) })}</p> : null}
        {voucher.message ? <p className="voucher-message mx-auto mt-6 max-w-xl whitespace-pre-line break-words text-lg italic text-slate-800">{voucher.message}</p> : null}
        <p className="mt-4 break-words text-slate-800">{t('voucher.fromName', { name: voucher.buyerName })}</p>
        <div className="mx-auto mt-8 max-w-md rounded-xl border-2 border-dashed border-slate-500 px-4 py-4">
          <p className="text-sm font-semibold text-slate-700">{t('voucher.code')}</p>
          <p className="mt-1 break-all font-mono text-xl font-bold tracking-wider text-slate-900 sm:text-2xl">{voucher.code}</p>
        </div>
        {voucher.validUntil ? <p className="mt-6 font-semibold text-slate-900">{t('voucher.validUntil', { date: formatLongDate(voucher.validUntil, locale) })}</p> : null}
        <p className="mx-auto mt-4 max-w-xl text-sm text-slate-700">{t('voucher.howToUse')}</p>
      </article>
      {usable ? (
        <div className="mt-6 flex justify-center print:hidden">
          <Button variant="secondary" onClick={() => window.print()}>
            {t('voucher.print')}
          </Button>
        </div>
      ) : null}
    </div>
  )
}
