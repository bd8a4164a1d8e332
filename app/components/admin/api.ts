import { useCallback, useRef } from 'react'
import { toast } from '../ui/use-toast.ts'
import { useT } from '../../i18n/i18n.tsx'
import { useSayRefusal } from '../../i18n/refusals.ts'
import type { Said } from '../../../core/i18n/refusal.ts'
import { adminLoginPath } from '../../../core/admin-redirect.ts'
import { ApiError, fetchJson } from '../../lib/fetch-json.ts'
import { dateTimeFormat } from '../../../core/dates.ts'
import type { Locale } from '../../../core/i18n/locales.ts'

export { ApiError }

/**
 * Fired on window after every change the admin makes through api(): the dashboard
 * refreshes its tab badges at once, since the change may have added a notification
 * (a cancellation) or read a message, instead of waiting for the 30 s poll.
 */
export const ADMIN_CHANGED_EVENT = 'admin:changed'

/**
 * JSON calls of the dashboard: same-origin, cookies included, JSON in and out. A
 * non-ok answer throws ApiError carrying the server's message, else the status text.
 * A call that ends the session passes `announceChange: false`: a badge refresh after it
 * would meet 401 and send the admin to 'Access denied' instead of the plain login page.
 */
export async function api<T = unknown>(method: string, url: string, body?: unknown, options: { announceChange?: boolean } = {}): Promise<T> {
  try {
    const data = await fetchJson<T>(method, url, body)
    if (method !== 'GET' && options.announceChange !== false && typeof window !== 'undefined') window.dispatchEvent(new Event(ADMIN_CHANGED_EVENT))
    return data
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && typeof window !== 'undefined') {
      // The session ended (expired, or logged out in another tab): back to the login page
      // with 'Access denied', returning here afterwards, as the dashboard's loader does.
      window.location.assign(adminLoginPath(window.location.pathname + window.location.search))
    }
    throw error
  }
}

/**
 * Says a refusal in the admin's language (the API answers our pages with its id, docs/decisions/0087),
 * by the same function on every render: the callbacks below stay stable, so loaders that depend on
 * them (useAdminData) do not run again.
 */
function useStableSay(): (said: Said) => string {
  const say = useSayRefusal()
  const sayNow = useRef(say)
  sayNow.current = say
  return useCallback((said: Said) => sayNow.current(said), [])
}

/** The field messages the server sent with a refusal, or none: each field's refusal in the admin's language (`refusals`), else its English (`errors`). */
export function useServerFieldErrors(): (error: unknown) => Record<string, string> | undefined {
  const say = useStableSay()
  return useCallback(
    (error: unknown) => {
      if (!(error instanceof ApiError) || !error.body || typeof error.body !== 'object') return undefined
      const { errors, refusals } = error.body as { errors?: Record<string, string>; refusals?: Record<string, Said> }
      if (!errors) return undefined
      return Object.fromEntries(Object.entries(errors).map(([field, english]) => [field, refusals?.[field] !== undefined ? say(refusals[field]) : english]))
    },
    [say],
  )
}

/** The dashboard's failure toast: the fixed title for the failure, and what the server refused, in the admin's language. */
export function useFailToast(): (title: string, error: unknown) => void {
  const say = useStableSay()
  return useCallback(
    (title: string, error: unknown) => {
      const description = error instanceof ApiError ? say(error.refusal) : error instanceof Error ? error.message : undefined
      toast({ title, description, variant: 'destructive' })
    },
    [say],
  )
}

export function successToast(title: string, description?: string) {
  toast({ title, description })
}

/**
 * Copies an address, saying so in the admin's language (docs/decisions/0086), or that the browser
 * refused: a hook, since the toast's words come from the dashboard's messages.
 */
export function useCopyEmail(): (email: string) => Promise<void> {
  const t = useT()
  return useCallback(
    async (email: string) => {
      try {
        await navigator.clipboard.writeText(email)
        toast({ title: t('admin.common.emailCopied'), description: t('admin.common.emailCopiedDescription', { email }) })
      } catch {
        toast({ title: t('admin.common.copyFailed'), description: t('admin.common.copyFailedDescription'), variant: 'destructive' })
      }
    },
    [t],
  )
}

export function mailtoHref(email: string, subject: string, body?: string) {
  const params = [`subject=${encodeURIComponent(subject)}`]
  if (body) params.push(`body=${encodeURIComponent(body)}`)
  return `mailto:${encodeURIComponent(email).replace(/%40/g, '@')}?${params.join('&')}`
}

/**
 * An instant as the dashboard lists it, in Japan's time: 'Dec 5, 2026, 9:00 AM', '2026年12月5日 9:00'.
 * A fixed zone and the admin's language, so the server render and the browser agree (docs/decisions/0019, 0086).
 */
export function formatDateTime(iso: string, locale: Locale = 'en'): string {
  const d = new Date(iso)
  if (Number.isNaN(d.getTime())) return iso
  return dateTimeFormat(locale, { timeZone: 'Asia/Tokyo', year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(d)
}
