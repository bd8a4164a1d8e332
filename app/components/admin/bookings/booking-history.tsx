import { describeMove } from '../../../../core/booking-changes.ts'
import { formatShortDate } from '../../../../core/dates.ts'
import type { Locale } from '../../../../core/i18n/locales.ts'
import type { MessageId } from '../../../../core/i18n/message-id.ts'
import { formatYen } from '../../../../core/money.ts'
import type { BookingChangeView } from '../../../../server/for-app.ts'
import { useLocale, useT } from '../../../i18n/i18n.tsx'
import type { Translate } from '../../../i18n/translator.ts'
import { formatDateTime } from '../email-and-time.ts'
import { SLOT_VALUES } from '../slot-names.ts'

const MOVED_BY: Record<BookingChangeView['actor'], MessageId> = {
  guest: 'adminBookings.history.byGuest',
  guide: 'adminBookings.history.byGuide',
  disruption: 'adminBookings.history.byDisruption',
}

/**
 * One move as core/booking-changes.ts describeMove writes it for the CSV ('2030-05-11 morning → 2030-05-18
 * afternoon, 2 → 4 people, ¥14,300 → ¥30,000'), in the admin's language (docs/decisions/0086).
 */
function moveInWords(c: BookingChangeView, t: Translate, locale: Locale): string {
  const { from, to } = c
  // English keeps the CSV's ISO dates; Japanese reads its own date form.
  const date = (d: string) => (locale === 'en' ? d : formatShortDate(d, locale))
  const slots = { from: date(from.tourDate), fromTime: t(SLOT_VALUES[from.tourTime]), to: date(to.tourDate), toTime: t(SLOT_VALUES[to.tourTime]) }
  const parts = [t('adminBookings.history.slots', slots)]
  if (from.numberOfPeople !== to.numberOfPeople) parts.push(t('adminBookings.history.people', { from: from.numberOfPeople, to: to.numberOfPeople }))
  if (from.total !== to.total) parts.push(`${formatYen(from.total, locale)} → ${formatYen(to.total, locale)}`)
  return parts.join(t('adminBookings.history.separator'))
}

/** A booking's moves in its dialog (docs/decisions/0055): what changed, who moved it, when, and whether the guest was told; they come with the page (docs/decisions/0088). */
export function BookingHistory({ changes }: { changes: BookingChangeView[] }) {
  const t = useT()
  const locale = useLocale()
  return (
    <div>
      <h3 className="text-sm font-semibold">{t('adminBookings.history.title')}</h3>
      {changes.length === 0 ? (
        <p className="mt-1 text-sm text-slate-700">{t('adminBookings.history.empty')}</p>
      ) : (
        <ol className="mt-1 grid gap-1 rounded-md bg-slate-100 p-3 text-sm text-slate-900">
          {changes.map((c) => (
            <li key={c.at + describeMove(c.from, c.to)}>
              {t(c.guestTold ? 'adminBookings.history.movedTold' : 'adminBookings.history.movedNotTold', {
                at: formatDateTime(c.at, locale),
                move: moveInWords(c, t, locale),
                by: c.by ?? t(MOVED_BY[c.actor]),
              })}
            </li>
          ))}
        </ol>
      )}
    </div>
  )
}
