import { useCallback } from 'react'
import { toast } from '../ui/use-toast.ts'
import { useT } from '../../i18n/i18n.tsx'
import { dateTimeFormat } from '../../../core/dates.ts'
import type { Locale } from '../../../core/i18n/locales.ts'

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
