import { readForm } from '../../lib/form-post.server.ts'
import { data, redirect, type AppLoadContext } from 'react-router'
import type { Locale } from '../../../core/i18n/locales.ts'
import { failureOf, type Failure } from '../../../server/for-app.server.ts'
import { localizedRefusal } from '../../lib/refusal.server.ts'
import { requestLocale } from '../../i18n/messages.server.ts'
import { VIA_SCRIPT_FIELD, sentByScript } from '../../lib/form-post.ts'
import type { BookingOutcome, BookingRefusal } from './types.ts'

/**
 * A service's refusal as the page acts on it: fix the form, choose another slot, or try again;
 * in the page's language (the services speak the API's English, docs/decisions/0044).
 */
function outcomeOf(failure: Failure, locale: Locale): BookingRefusal {
  const { message, errors } = localizedRefusal(failure, locale)
  // A 409 with field errors (too many unpaid bookings for the e-mail) is the guest's to fix in
  // the form; a bare 409 means the slot went to someone else.
  if (Object.keys(errors).length > 0) return { kind: 'invalid', message, errors }
  if (failure.status === 409) return { kind: 'conflict', message }
  return { kind: 'failed', message }
}

/**
 * The booking page's action, the one way a booking is made on the page (docs/decisions/0043):
 * the page's script sends the details form here through a fetcher and gets a BookingOutcome;
 * without JavaScript the browser posts the same form and gets a redirect to step 3, or the
 * page again with the errors and what the guest typed. The same service call as
 * POST /api/bookings, so the same checks, the same rate limit per client address (counted in
 * submit(), so /booking.data and /book.data are limited too), and the same refusal, status and
 * Retry-After (docs/decisions/0037).
 */
export async function handleBookingAction(request: Request, context: AppLoadContext) {
  const form = await readForm(request)
  const byScript = sentByScript(form)
  const body: Record<string, string | string[]> = {}
  for (const [key, value] of form) if (typeof value === 'string' && key !== VIA_SCRIPT_FIELD) body[key] = value
  // Several choices of a booking question repeat their field (answer.<id>): each counts (docs/decisions/0053).
  for (const key of new Set(form.keys())) {
    const all = key.startsWith('answer.') ? form.getAll(key).filter((v): v is string => typeof v === 'string') : []
    if (all.length > 1) body[key] = all
  }
  // The guest books in the page's language, whatever the form says (their e-mails are written in it).
  body.locale = requestLocale(request)
  try {
    const booking = await context.services.bookings.submit(body, {
      userId: context.user?.id ?? null,
      clientAddress: context.clientAddress,
    })
    if (byScript) return data<BookingOutcome>({ kind: 'created', booking }, { status: 201 })
    return redirect(`${new URL(request.url).pathname}?created=${booking.reference}`)
  } catch (error) {
    const failure = failureOf(error)
    if (!failure) throw error
    const { website: _honeypot, ...values } = body
    return data<BookingRefusal>({ ...outcomeOf(failure, requestLocale(request)), ...(byScript ? {} : { values }) }, { status: failure.status, headers: failure.headers })
  }
}
