import { readForm } from '../../lib/form-post.server.ts'
import { data, redirect } from 'react-router'
import { localizePath } from '../../../core/i18n/locales.ts'
import { failureOf, loggableError } from '../../../server/for-app.server.ts'
import { requestLocale } from '../../i18n/messages.server.ts'
import { localizedRefusal } from '../../lib/refusal.server.ts'
import type { ContactService } from '../../../server/for-app.ts'
import { sentByScript } from '../../lib/form-post.ts'
import { CONTACT_FAILED, type ContactActionData } from './contact-form.tsx'

const FIELDS = ['name', 'email', 'phone', 'visitDate', 'groupSize', 'package', 'message'] as const

/**
 * The /contact route action. Both ways a visitor sends the form end here and call the
 * contact service directly (no HTTP round trip to our own API): a script (fetcher) gets
 * data back; a plain POST (JavaScript off or broken) is redirected to /contact?sent=1.
 */
export async function handleContactAction(request: Request, contact: ContactService, clientAddress: string) {
  const form = await readForm(request)
  const viaFetcher = sentByScript(form)
  const raw: Record<string, string> = {}
  for (const name of [...FIELDS, 'website'] as const) {
    const value = form.get(name)
    if (typeof value === 'string') raw[name] = value
  }
  const values = Object.fromEntries(FIELDS.filter((f) => raw[f] !== undefined).map((f) => [f, raw[f]!]))
  // The visitor writes in the page's language, whatever the form says; the service's refusals
  // are message ids, which the page gets in its own language (docs/decisions/0087).
  const locale = requestLocale(request)
  raw.locale = locale
  const fail = (status: number, message: string, errors?: Record<string, string>, headers?: Record<string, string>) =>
    data<ContactActionData>(
      {
        ok: false,
        message,
        errors,
        values: viaFetcher ? undefined : values,
      },
      { status, headers },
    )

  try {
    // The rate limit is counted in receive(), against the same budget as POST /api/contact.
    await contact.receive(raw, { clientAddress })
  } catch (error) {
    // The same refusal, status and Retry-After as POST /api/contact (docs/decisions/0037).
    const failure = failureOf(error)
    if (failure) {
      const { message, errors } = localizedRefusal(failure, locale)
      return fail(failure.status, message, failure.refusals && errors, failure.headers)
    }
    console.error(JSON.stringify({ level: 50, msg: 'contact form: unexpected error', error: loggableError(error) }))
    return fail(500, CONTACT_FAILED)
  }
  if (viaFetcher) return data<ContactActionData>({ ok: true })
  throw redirect(localizePath('/contact?sent=1', locale))
}
