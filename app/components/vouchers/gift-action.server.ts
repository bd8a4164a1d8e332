import { readForm } from '../../lib/form-post.server.ts'
import { data, redirect } from 'react-router'
import { localizePath } from '../../../core/i18n/locales.ts'
import { failureOf, loggableError, translate } from '../../../server/for-app.server.ts'
import type { Services } from '../../../server/for-app.ts'
import { requestLocale } from '../../i18n/messages.server.ts'
import { localizedRefusal } from '../../lib/refusal.server.ts'
import { sentByScript } from '../../lib/form-post.ts'
import { GIFT_FIELDS, type GiftOutcome } from './types.ts'

/**
 * The /gift route action (docs/decisions/0043, 0065): the page's script (a fetcher) and a plain
 * post both end here and call the voucher service, as POST /api/vouchers does. A created voucher
 * goes to its own page, where it is paid: the script is told the token, a plain post is redirected.
 * A refusal comes back in the page's language with what the visitor typed.
 */
export async function handleGiftAction(request: Request, services: Pick<Services, 'vouchers'>, clientAddress: string) {
  const form = await readForm(request)
  const viaFetcher = sentByScript(form)
  const raw: Record<string, string> = {}
  for (const name of [...GIFT_FIELDS, 'website'] as const) {
    const value = form.get(name)
    if (typeof value === 'string') raw[name] = value
  }
  const locale = requestLocale(request)
  const refuse = (status: number, message: string, errors?: Record<string, string>, headers?: Record<string, string>) =>
    data<GiftOutcome>(
      {
        kind: 'refused',
        message,
        errors,
        values: viaFetcher ? undefined : Object.fromEntries(GIFT_FIELDS.filter((f) => raw[f] !== undefined).map((f) => [f, raw[f]!])),
      },
      { status, headers },
    )
  try {
    const { token } = await services.vouchers.purchase({ ...raw, locale }, { clientAddress })
    if (viaFetcher) return data<GiftOutcome>({ kind: 'created', token }, { status: 201 })
    throw redirect(localizePath(`/voucher/${token}`, locale))
  } catch (error) {
    if (error instanceof Response) throw error
    const failure = failureOf(error)
    if (failure) {
      const { message, errors } = localizedRefusal(failure, locale)
      return refuse(failure.status, message, failure.refusals && errors, failure.headers)
    }
    console.error(JSON.stringify({ level: 50, msg: 'gift voucher form: unexpected error', error: loggableError(error) }))
    return refuse(500, translate(locale, 'gift.form.failed'))
  }
}
