import { useEffect, useState } from 'react'
import { useT } from '../../i18n/i18n.tsx'

/** Minutes left on an unpaid hold, e.g. 'about 24 minutes'; updates every 15 s in the browser. */
export function HoldCountdown({ expiresAt, serverNow }: { expiresAt: string; serverNow: string }) {
  const t = useT()
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
  return <>{minutes === 0 ? t('booking.hold.over') : t('booking.hold.left', { minutes })}</>
}
