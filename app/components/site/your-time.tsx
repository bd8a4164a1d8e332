import { useEffect, useState } from 'react'
import { useLocale, useT } from '../../i18n/i18n.tsx'
import type { Translate } from '../../i18n/translator.ts'
import type { Locale } from '../../../core/i18n/locales.ts'
import { SLOT_MESSAGE_IDS, localizeClockText, type TourTime } from '../../../core/slots.ts'

/** Japan is UTC+9 all year (no daylight saving): `getTimezoneOffset()` there is -540. */
const JAPAN_OFFSET_MINUTES = -540

/**
 * The tour's start in the visitor's own time, beside the Japan time the page shows, when their
 * time zone differs from Japan's at that moment (docs/decisions/0044): a traveller planning from home reads
 * both. Written after hydration, since only the browser knows its zone.
 */
export function YourTime({ at }: { at: string }) {
  const t = useT()
  const locale = useLocale()
  const [text, setText] = useState<string>()
  useEffect(() => {
    const instant = new Date(at)
    // No instant (no slot chosen yet) or the visitor is on Japan time: nothing to add.
    setText(
      Number.isNaN(instant.getTime()) || instant.getTimezoneOffset() === JAPAN_OFFSET_MINUTES
        ? undefined
        : new Intl.DateTimeFormat(locale, { weekday: 'short', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(instant),
    )
  }, [at, locale])
  return text ? <span className="block text-sm font-normal text-slate-600">{t('common.time.yours', { time: text })}</span> : null
}

/** 'Morning, 9:00 AM (Japan time)', '午前・9:00（日本時間）': each language joins the two its own way. */
export function slotAtJapanTime(t: Translate, locale: Locale, tourTime: TourTime, startTime: string): string {
  return t('common.slotAt', { slot: t(SLOT_MESSAGE_IDS[tourTime]), time: t('common.time.japan', { time: localizeClockText(startTime, locale) }) })
}

type SlotTimeProps = { tourTime: TourTime; startTime: string; startsAt: string }

/** A booking's time as the checkout and the confirmation show it: 'Morning, 9:00 AM (Japan time)', and the visitor's own. */
export function BookingTime({ tourTime, startTime, startsAt }: SlotTimeProps) {
  const t = useT()
  const locale = useLocale()
  return (
    <>
      {slotAtJapanTime(t, locale, tourTime, startTime)}
      <YourTime at={startsAt} />
    </>
  )
}

/** The chosen slot as the booking page shows it: 'Morning, from 9:00 AM (Japan time)', and the visitor's own. */
export function ChosenSlotTime({ tourTime, startTime, startsAt }: SlotTimeProps) {
  const t = useT()
  const locale = useLocale()
  return (
    <>
      {t('booking.slotFrom', { slot: t(SLOT_MESSAGE_IDS[tourTime]), time: t('common.time.japan', { time: localizeClockText(startTime, locale) }) })}
      <YourTime at={startsAt} />
    </>
  )
}
