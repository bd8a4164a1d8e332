import { data, redirect } from 'react-router'
import { CONTACT_RATE_LIMITED_HEADER, CONTACT_RATE_LIMITED_MESSAGE, failureOf, loggableError } from '../../../server/for-app.server.ts'
import type { ContactService } from '../../../server/for-app.ts'
import { CONTACT_ERROR_DESCRIPTION, VIA_FETCHER_FIELD, type ContactActionData } from './contact-form.tsx'

const FIELDS = ['name', 'email', 'phone', 'visitDate', 'groupSize', 'package', 'message'] as const

/**
 * The /contact route action. Both ways a visitor sends the form end here and call the
 * contact service directly (no HTTP round trip to our own API): a script (fetcher) gets
 * data back; a plain POST (JavaScript off or broken) is redirected to /contact?sent=1.
 */
export async function handleContactAction(request: Request, contact: ContactService) {
  const form = await request.formData()
  const viaFetcher = form.get(VIA_FETCHER_FIELD) === 'fetcher'
  const raw: Record<string, string> = {}
  for (const name of [...FIELDS, 'website'] as const) {
    const value = form.get(name)
    if (typeof value === 'string') raw[name] = value
  }
  const values = Object.fromEntries(FIELDS.filter((f) => raw[f] !== undefined).map((f) => [f, raw[f]!]))
  const fail = (status: number, message: string, errors?: Record<string, string>) =>
    data<ContactActionData>({ ok: false, message, errors, values: viaFetcher ? undefined : values }, { status })

  // Set by Express from the same per-client limiter as POST /api/contact (server/api/contact.ts).
  if (request.headers.get(CONTACT_RATE_LIMITED_HEADER)) return fail(429, CONTACT_RATE_LIMITED_MESSAGE)
  try {
    await contact.receive(raw)
  } catch (error) {
    // The same refusal and status as POST /api/contact (docs/decisions/0037).
    const failure = failureOf(error)
    if (failure) return fail(failure.status, failure.message, failure.errors)
    console.error(JSON.stringify({ level: 50, msg: 'contact form: unexpected error', error: loggableError(error) }))
    return fail(500, CONTACT_ERROR_DESCRIPTION)
  }
  if (viaFetcher) return data<ContactActionData>({ ok: true })
  throw redirect('/contact?sent=1')
}
