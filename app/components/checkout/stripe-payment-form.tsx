import { useState, type FormEvent } from 'react'
import type { Stripe } from '@stripe/stripe-js'
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js'
import type { StripeElementLocale, StripePaymentElementOptions } from '@stripe/stripe-js'
import { PayButton } from './pay-button.tsx'

/**
 * Apple Pay and Google Pay appear where the device and browser offer them (docs/decisions/0050):
 * 'auto' says so outright, so a later option cannot switch them off unnoticed. The intent is
 * created with automatic payment methods (server/payments/stripe.ts), so Stripe's dashboard
 * decides which methods are on; Apple Pay also needs the domain registered there.
 */
export const PAYMENT_ELEMENT_OPTIONS = {
  layout: 'tabs',
  wallets: { applePay: 'auto', googlePay: 'auto' },
} as const satisfies StripePaymentElementOptions

export type StripeOutcome = { kind: 'succeeded' } | { kind: 'error'; message: string } | { kind: 'unconfirmed' }

/**
 * Stripe's Payment Element (docs/decisions/0014). Loaded lazily by the checkout route only, with the
 * Stripe.js promise the route created (loadStripe from @stripe/stripe-js/pure), so no
 * other page ever talks to Stripe. Card data goes from Stripe's iframe to Stripe.
 */
export default function StripePaymentForm({
  stripe,
  clientSecret,
  returnUrl,
  locale,
  amountText,
  onOutcome,
}: {
  stripe: Promise<Stripe | null>
  clientSecret: string
  returnUrl: string
  /** The page's language, so the Payment Element speaks it too (core/i18n/locales.ts). */
  locale: StripeElementLocale
  amountText: string
  onOutcome: (outcome: StripeOutcome) => Promise<void>
}) {
  return (
    <Elements stripe={stripe} options={{ clientSecret, locale, appearance: { theme: 'stripe', variables: { colorPrimary: '#b4234f' } } }}>
      <InnerForm returnUrl={returnUrl} amountText={amountText} onOutcome={onOutcome} />
    </Elements>
  )
}

function InnerForm({ returnUrl, amountText, onOutcome }: { returnUrl: string; amountText: string; onOutcome: (o: StripeOutcome) => Promise<void> }) {
  const stripe = useStripe()
  const elements = useElements()
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    if (!stripe || !elements) return
    setBusy(true)
    try {
      // Redirect only for methods that need it; the return address is the confirmation page.
      const { error, paymentIntent } = await stripe.confirmPayment({ elements, confirmParams: { return_url: returnUrl }, redirect: 'if_required' })
      if (error) await onOutcome({ kind: 'error', message: error.message ?? '' })
      else if (paymentIntent?.status === 'succeeded') await onOutcome({ kind: 'succeeded' })
      else await onOutcome({ kind: 'unconfirmed' })
    } catch {
      await onOutcome({ kind: 'error', message: '' })
    } finally {
      setBusy(false)
    }
  }

  return (
    <form onSubmit={submit} className="space-y-4">
      <PaymentElement options={PAYMENT_ELEMENT_OPTIONS} />
      <PayButton busy={busy} disabled={!stripe || !elements} amountText={amountText} />
    </form>
  )
}
