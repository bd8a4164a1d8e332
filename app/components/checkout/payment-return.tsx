import { useEffect, useRef } from 'react'
import { useRevalidator, useSearchParams } from 'react-router'
import { confirmPaymentSuccess } from './api.ts'
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
    confirmPaymentSuccess(reference)
      .then((result) => {
        if (result.status === 'paid') toast({ title: 'Payment Successful', description: 'Thank you! Your booking is paid.' })
        else toast({ title: 'Payment status is unconfirmed. Please contact support.' })
      })
      .catch(() => {
        toast({ variant: 'destructive', title: 'Warning', description: "Payment was successful, but we couldn't update your booking status automatically. Please contact us." })
      })
      .finally(() => void revalidator.revalidate())
  }, [redirectStatus, reference, status, revalidator])

  return null
}
