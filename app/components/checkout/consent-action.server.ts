import { readForm } from '../../lib/form-post.server.ts'
import { data, redirect, type AppLoadContext } from 'react-router'
import { failureOf } from '../../../server/for-app.server.ts'
import { requestLocale } from '../../i18n/messages.server.ts'
import { sentByScript } from '../../lib/form-post.ts'
import { localizedRefusal } from '../../lib/refusal.server.ts'
import type { ConsentOutcome } from './consent-step.tsx'

/**
 * The checkout's action (docs/decisions/0073, the pipeline of decision 0043): the guest's tick on
 * the policy and terms for a booking the guide made, through the same service call as the start
 * of a payment (POST /api/create-payment-intent). The page's script gets the outcome as data and
 * goes on to the payment once the loader says nothing more is asked; a script-free post lands
 * on the checkout again, or gets the page with the refusal.
 */
export async function handleCheckoutConsent(request: Request, context: AppLoadContext, reference: string | undefined) {
  const form = await readForm(request)
  const byScript = sentByScript(form)
  try {
    await context.services.bookingConsent.acceptAtCheckout(reference, { acceptPolicy: form.get('acceptPolicy') ?? undefined })
    if (byScript) return data<ConsentOutcome>({ kind: 'accepted' })
    return redirect(new URL(request.url).pathname)
  } catch (error) {
    const failure = failureOf(error)
    if (!failure) throw error
    return data<ConsentOutcome>({ kind: 'refused', ...localizedRefusal(failure, requestLocale(request)) }, { status: failure.status, headers: failure.headers })
  }
}
