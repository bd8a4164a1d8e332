import { readForm } from '../../lib/form-post.server.ts'
import { data, redirect, type AppLoadContext } from 'react-router'
import { failureOf, translate } from '../../../server/for-app.server.ts'
import { formPageMessages, requestLocale } from '../../i18n/messages.server.ts'
import { VIA_SCRIPT_FIELD, sentByScript } from '../../lib/form-post.ts'
import { localizedRefusal } from '../../lib/refusal.server.ts'
import { REVIEW_FIELDS, STOP_INTENT, type ReviewOutcome } from './types.ts'

/**
 * /review/{token} (docs/decisions/0063): the guest's tour and review, or a 404 page for a link
 * that does not (or no longer) work. ?saved=1 and ?stopped=1 are where script-free posts land;
 * ?stop=1 is the e-mail's opt-out link, which only shows the button (no GET changes data).
 */
export async function loadReviewPage(request: Request, context: AppLoadContext, token: string | undefined) {
  const view = await context.services.reviews.findByToken(token)
  const params = new URL(request.url).searchParams
  const page = { view, saved: params.get('saved') === '1', stopped: params.get('stopped') === '1', stop: params.get('stop') === '1', ...formPageMessages(request, 'review') }
  return view ? page : data(page, { status: 404 })
}

/**
 * The review page's action: the same service calls as the JSON API (same checks, same rate
 * limit), answered as data to the page's script and as a redirect (or the page again with the
 * errors) to a script-free post (docs/decisions/0043).
 */
export async function handleReviewAction(request: Request, context: AppLoadContext, token: string | undefined) {
  const form = await readForm(request)
  const byScript = sentByScript(form)
  const path = new URL(request.url).pathname
  const locale = requestLocale(request)
  if (form.get('intent') === STOP_INTENT) {
    const stopped = await context.services.reviews.optOut(token)
    const outcome: ReviewOutcome = stopped ? { kind: 'stopped' } : { kind: 'refused', message: translate(locale, 'errors.reviewLink'), errors: {} }
    if (byScript || !stopped) return data<ReviewOutcome>(outcome, { status: stopped ? 200 : 404 })
    return redirect(`${path}?stopped=1`)
  }
  const body: Record<string, string> = {}
  for (const [key, value] of form) if (typeof value === 'string' && key !== VIA_SCRIPT_FIELD) body[key] = value
  try {
    const { created } = await context.services.reviews.submit(token, body, { clientAddress: context.clientAddress })
    if (byScript) return data<ReviewOutcome>({ kind: 'saved' }, { status: created ? 201 : 200 })
    return redirect(`${path}?saved=1`)
  } catch (error) {
    const failure = failureOf(error)
    if (!failure) throw error
    const { message, errors } = localizedRefusal(failure, locale)
    const values = byScript ? undefined : Object.fromEntries(REVIEW_FIELDS.filter((f) => body[f] !== undefined).map((f) => [f, body[f]!]))
    return data<ReviewOutcome>({ kind: 'refused', message, errors, ...(values ? { values } : {}) }, { status: failure.status, headers: failure.headers })
  }
}
