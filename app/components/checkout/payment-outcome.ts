import { ApiError, confirmPaymentSuccess } from './api.ts'
import { toast } from '../ui/use-toast.ts'
import type { Translate } from '../../i18n/translator.ts'
import type { Said } from '../../../core/i18n/refusal.ts'

/**
 * After the card provider reported success (checkout, or the redirect back to the
 * confirmation page): ask the server to settle the payment, which re-reads it from the
 * provider (the browser's word is not enough), and tell the guest what came of it.
 * A 409 is the server's considered answer, e.g. the payment arrived after the booking was
 * cancelled and is being refunded: its refusal is said in the page's language, never 'Payment Successful'. Any
 * other failure (network, 5xx) leaves the booking's status unknown: the spec's 'Warning'.
 */
export async function confirmAndReport(reference: string, t: Translate, say: (said: Said) => string): Promise<void> {
  try {
    const result = await confirmPaymentSuccess(reference)
    if (result.status === 'paid') toast({ title: t('checkout.toast.paid'), description: t('checkout.toast.paidText') })
    else toast({ title: t('checkout.toast.unconfirmed') })
  } catch (error) {
    if (error instanceof ApiError && error.status === 409 && error.refusal) toast({ variant: 'destructive', title: t('checkout.toast.notPaid'), description: say(error.refusal) })
    else toast({ variant: 'destructive', title: t('checkout.toast.warning'), description: t('checkout.toast.warningText') })
  }
}
