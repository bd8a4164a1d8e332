import { data, redirect, type AppLoadContext } from 'react-router'
import { failureOf } from '../../../server/for-app.server.ts'

/**
 * The booking page's action, the script-free path: the details form posts here (with
 * JavaScript the page calls POST /api/bookings itself). Same service, same checks, same rate
 * limit per client address (counted in submit(), so /booking.data and /book.data are limited
 * too), and the same refusal, status and Retry-After as the API (docs/decisions/0037).
 */
export async function handleBookingAction(request: Request, context: AppLoadContext) {
  const form = await request.formData()
  const body: Record<string, string> = {}
  for (const [key, value] of form) if (typeof value === 'string') body[key] = value
  try {
    const booking = await context.services.bookings.submit(body, {
      userId: context.user?.id ?? null,
      clientAddress: context.clientAddress,
    })
    return redirect(`${new URL(request.url).pathname}?created=${booking.reference}`)
  } catch (error) {
    const failure = failureOf(error)
    if (!failure) throw error
    const { website: _honeypot, ...values } = body
    // `errors` always present ({} for a refusal of the request as a whole): the page tells a taken slot by it.
    return data({ message: failure.message, errors: failure.errors ?? {}, status: failure.status, values }, { status: failure.status, headers: failure.headers })
  }
}
