import { clsx } from 'clsx'
import type { MeetingPlace } from '../../../core/meeting-points.ts'
import { useT } from '../../i18n/i18n.tsx'

/**
 * A place's map links (core/meeting-points.ts mapLinks): the visitor's map app opens the
 * coordinates; nothing from a map site loads on our pages, so the Content Security Policy stays as it is.
 */
export function MapLinks({ place, className }: { place: Pick<MeetingPlace, 'name' | 'links'>; className?: string }) {
  const t = useT()
  const link = 'font-semibold text-brand-700 underline underline-offset-2 hover:text-blossom-700'
  const newTab = { target: '_blank', rel: 'noopener noreferrer' } as const
  return (
    <p className={clsx('flex flex-wrap items-baseline gap-x-3 gap-y-1', className)}>
      <span className="text-slate-700">{t('trip.meeting.maps')}:</span>
      <a href={place.links.google} {...newTab} className={link} aria-label={`${t('trip.meeting.google')}: ${place.name}`}>
        {t('trip.meeting.google')}
      </a>
      <a href={place.links.apple} {...newTab} className={link} aria-label={`${t('trip.meeting.apple')}: ${place.name}`}>
        {t('trip.meeting.apple')}
      </a>
      <a href={place.links.geo} className={link} aria-label={`${t('trip.meeting.geo')}: ${place.name}`}>
        {t('trip.meeting.geo')}
      </a>
    </p>
  )
}
