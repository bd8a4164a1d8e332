import { useEffect, useState } from 'react'
import { useLocale, useT } from '../../i18n/i18n.tsx'
import { formatJapanDateTime } from '../../../core/dates.ts'

/** The longest hold told in minutes; a longer one (the guide's, docs/decisions/0059) is told as its end in Japan time. */
const MINUTES_TOLD = 120

/** Minutes left on an unpaid hold, e.g. 'about 24 minutes'; updates every 15 s in the browser. */
export function HoldCountdown({ expiresAt, serverNow }: { expiresAt: string; serverNow: string }) {
  const t = useT()
  const locale = useLocale()
  const end = new Date(expiresAt).getTime()
  // Start from the server's clock so the first render matches the HTML; then follow the browser.
  const [now, setNow] = useState(() => new Date(serverNow).getTime())
  useEffect(() => {
    const skew = new Date(serverNow).getTime() - Date.now()
    const tick = () => setNow(Date.now() + skew)
    const timer = setInterval(tick, 15_000)
    return () => clearInterval(timer)
  }, [serverNow])
  const minutes = Math.max(0, Math.ceil((end - now) / 60_000))
  // The server's and the browser's Intl may spell a date and time slightly differently.
  if (minutes > MINUTES_TOLD) return <span suppressHydrationWarning>{t('booking.hold.until', { deadline: formatJapanDateTime(new Date(end), locale) })}</span>
  return <>{minutes === 0 ? t('booking.hold.over') : t('booking.hold.left', { minutes })}</>
}
