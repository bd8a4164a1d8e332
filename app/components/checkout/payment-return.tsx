import { useEffect, useRef } from 'react'
import { useRevalidator, useSearchParams } from 'react-router'
import { confirmAndReport } from './payment-outcome.ts'
import { toast } from '../ui/use-toast.ts'

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
  const redirectStatus = params.get('redirect_status')

  useEffect(() => {
    if (done.current || !redirectStatus || status === 'paid') return
    done.current = true
    if (redirectStatus !== 'succeeded') {
      toast({ variant: 'destructive', title: 'Payment Failed', description: 'The payment was not completed. You can try again.' })
      return
    }
    void confirmAndReport(reference).finally(() => void revalidator.revalidate())
  }, [redirectStatus, reference, status, revalidator])

  return null
}
