import { clsx } from 'clsx'
import { useEffect, useRef } from 'react'
import { Link } from 'react-router'
import type { MessageId } from '../../../core/i18n/message-id.ts'
import { SLOT_MESSAGE_IDS, isTourTime, localizeClockText, type TourTime } from '../../../core/slots.ts'
import { useLocale, useLocalePath, useT } from '../../i18n/i18n.tsx'
import type { DateSlots } from './types.ts'

const KIND: Record<TourTime, MessageId> = {
  morning: 'booking.slot.halfDay',
  afternoon: 'booking.slot.halfDay',
  'full-day': 'booking.slot.fullDayTour',
}
const REASON: Record<string, MessageId> = {
  booked: 'booking.slot.taken',
  closed: 'booking.slot.notOffered',
  'outside-window': 'booking.slot.notBookable',
  'not-weekend': 'booking.slot.noTours',
}

/**
 * The three slots of the chosen date as native radio buttons (keyboard and screen readers for free).
 * With `waitlist`, a taken slot links to its waitlist page (docs/decisions/0057).
 */
export function SlotPicker({ day, value, onChange, waitlist = false }: { day: DateSlots; value: TourTime | null; onChange: (t: TourTime) => void; waitlist?: boolean }) {
  const t = useT()
  const locale = useLocale()
  const path = useLocalePath()
  // A slot tapped before the page hydrated is checked in the page but not in `value`: React keeps
  // the tap through hydration, then its next render would undo it. So it is adopted once hydrated
  // (docs/decisions/0072).
  const fieldset = useRef<HTMLFieldSetElement>(null)
  useEffect(() => {
    const tapped = fieldset.current?.querySelector<HTMLInputElement>('input[type="radio"]:checked:not(:disabled)')?.value
    if (isTourTime(tapped) && tapped !== value) onChange(tapped)
    // Once, on hydration: later choices reach `value` through onChange.
  }, [])
  return (
    <fieldset ref={fieldset} className="mt-6">
      <legend className="text-lg font-bold text-brand-900">{t('booking.slot.legend')}</legend>
      <div className="mt-3 grid gap-3 sm:grid-cols-3">
        {day.slots.map((slot) => {
          const id = `slot-${slot.tourTime}`
          const checked = value === slot.tourTime
          return (
            <div key={slot.tourTime} className="grid content-start gap-1">
              <label
                htmlFor={id}
                className={clsx(
                  'flex min-h-11 cursor-pointer items-start gap-3 rounded-xl border-2 p-4 has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-700',
                  checked ? 'border-brand-800 bg-brand-50' : 'border-slate-200 bg-white',
                  !slot.available && 'cursor-not-allowed bg-slate-100',
                )}
              >
                <input
                  id={id}
                  type="radio"
                  name="tourTime"
                  value={slot.tourTime}
                  checked={checked}
                  disabled={!slot.available}
                  onChange={() => onChange(slot.tourTime)}
                  className="mt-1 size-4 accent-brand-800"
                />
                <span className="grid gap-0.5">
                  <span className="font-semibold text-brand-900">
                    {t(SLOT_MESSAGE_IDS[slot.tourTime])} · {localizeClockText(slot.startTime, locale)}
                  </span>
                  <span className="text-sm text-slate-700">{t(KIND[slot.tourTime])}</span>
                  <span className={clsx('text-sm font-semibold', slot.available ? 'text-field-600' : 'text-slate-700')}>
                    {t(slot.available ? 'booking.slot.available' : (REASON[slot.reason ?? ''] ?? 'booking.slot.unavailable'))}
                  </span>
                </span>
              </label>
              {waitlist && slot.reason === 'booked' ? (
                <Link
                  to={path(`/booking/waitlist?date=${day.date}&tourTime=${slot.tourTime}`)}
                  className="inline-flex min-h-11 items-center px-1 text-sm font-semibold text-brand-700 underline underline-offset-2 hover:text-blossom-700"
                >
                  {t('booking.slot.waitlist')}
                  <span className="sr-only"> {t('common.aside', { text: t(SLOT_MESSAGE_IDS[slot.tourTime]) })}</span>
                </Link>
              ) : null}
            </div>
          )
        })}
      </div>
    </fieldset>
  )
}
