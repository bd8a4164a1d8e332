import { data, redirect } from 'react-router'
import { ZodError } from 'zod'
import { fieldErrors, firstErrorMessage, type ValidationErrorLike } from '../../../core/schemas/field-errors.ts'
import { CONTACT_RATE_LIMITED_HEADER, CONTACT_RATE_LIMITED_MESSAGE } from '../../../server/for-app.server.ts'
import type { ContactService } from '../../../server/for-app.ts'
import { loggableError } from '../../../server/for-app.server.ts'
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
    if (error instanceof ZodError || isValidationError(error)) return fail(400, firstErrorMessage(error), fieldErrors(error))
    // Not `instanceof HttpError`: the production build bundles its own copy of that class,
    // while the services come from the server's modules, so compare by shape.
    const status = (error as { status?: unknown } | null)?.status
    if (error instanceof Error && typeof status === 'number' && status >= 400 && status < 500) return fail(status, error.message)
    console.error(JSON.stringify({ level: 50, msg: 'contact form: unexpected error', error: loggableError(error) }))
    return fail(500, CONTACT_ERROR_DESCRIPTION)
  }
  if (viaFetcher) return data<ContactActionData>({ ok: true })
  throw redirect('/contact?sent=1')
}

function isValidationError(error: unknown): error is ValidationErrorLike {
  return error instanceof Error && error.name === 'ZodError' && Array.isArray((error as { issues?: unknown }).issues)
}
