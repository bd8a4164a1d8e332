import { useEffect, useRef } from 'react'
import { useRevalidator, useSearchParams } from 'react-router'
import { confirmAndReport } from './payment-outcome.ts'
import { toast } from '../ui/use-toast.ts'
import { useT } from '../../i18n/i18n.tsx'
import { useSayRefusal } from '../../i18n/refusals.ts'

/**
 * For the confirmation page: when Stripe redirects back after a payment method that needed
 * it (…?payment_intent=…&redirect_status=succeeded), ask the server to re-read the payment
 * once and refresh the page. The webhook settles it too; whichever comes first wins.
 * Renders nothing. <PaymentReturn reference={booking.reference} status={booking.status} />
 */
export function PaymentReturn({ reference, status }: { reference: string; status: string }) {
  const [params] = useSearchParams()
  const revalidator = useRevalidator()
  const done = useRef(false)
  const t = useT()
  const say = useSayRefusal()
  const redirectStatus = params.get('redirect_status')

  useEffect(() => {
    if (done.current || !redirectStatus || status === 'paid') return
    done.current = true
    if (redirectStatus !== 'succeeded') {
      toast({ variant: 'destructive', title: t('checkout.toast.payFailed'), description: t('checkout.toast.returnFailed') })
      return
    }
    void confirmAndReport(reference, t, say).finally(() => void revalidator.revalidate())
    // The translators are the page's; they change only with the language, which remounts it.
  }, [redirectStatus, reference, status, revalidator])

  return null
}
