import { ApiError, confirmPaymentSuccess } from './api.ts'
import { toast } from '../ui/use-toast.ts'

const WARNING_TEXT = "Payment was successful, but we couldn't update your booking status automatically. Please contact us."

/**
 * After the card provider reported success (checkout, or the redirect back to the
 * confirmation page): ask the server to settle the payment, which re-reads it from the
 * provider (the browser's word is not enough), and tell the guest what came of it.
 * A 409 is the server's considered answer, e.g. the payment arrived after the booking was
 * cancelled and is being refunded: its message is shown, never 'Payment Successful'. Any
 * other failure (network, 5xx) leaves the booking's status unknown: the spec's 'Warning'.
 */
export async function confirmAndReport(reference: string): Promise<void> {
  try {
    const result = await confirmPaymentSuccess(reference)
    if (result.status === 'paid') toast({ title: 'Payment Successful', description: 'Thank you! Your booking is paid.' })
    else toast({ title: 'Payment status is unconfirmed. Please contact support.' })
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) toast({ variant: 'destructive', title: 'Booking Not Paid', description: error.message })
    else toast({ variant: 'destructive', title: 'Warning', description: WARNING_TEXT })
  }
}
