import { useEffect } from 'react'
import { useFetcher } from 'react-router'
import { dateTimeFormat, isCalendarDate, todayInTokyo } from '../../../../core/dates.ts'
import type { Locale } from '../../../../core/i18n/locales.ts'
import type { MessageId } from '../../../../core/i18n/message-id.ts'
import { packageFitsSlot, parseClockText, TOUR_TIMES, type TourTime } from '../../../../core/slots.ts'
import type { AsJson, CalendarDay, CalendarSlot, TourPackage } from '../../../../server/for-app.ts'
import { useLocale, useT } from '../../../i18n/i18n.tsx'
import { useHydrated } from '../../../lib/use-hydrated.ts'
import { Field, Input, Select } from '../../ui/field.tsx'
import { SLOT_LABELS } from '../slot-names.ts'

const SLOT_STATE_IDS: Record<CalendarSlot['state'], MessageId> = {
  free: 'adminBookings.slot.free',
  held: 'adminBookings.slot.held',
  booked: 'adminBookings.slot.booked',
  closed: 'adminBookings.slot.closed',
  channel: 'adminBookings.slot.channel',
}
/** A day the guide may not book or move onto now, whatever its slots (docs/decisions/0075). */
const OUTSIDE_WINDOW_IDS: Record<Exclude<CalendarDay['guideWindow'], 'open'>, MessageId> = {
  past: 'adminBookings.slot.past',
  beyond: 'adminBookings.slot.beyond',
}

/**
 * A slot's start as the server writes it ('9:00 AM') in the admin's language: English keeps it,
 * Japanese reads 午前9:00 as Intl writes it (docs/decisions/0086). Text that is no clock time stays.
 */
export function clockText(text: string, locale: Locale): string {
  if (locale === 'en') return text
  const minutes = parseClockText(text)
  if (minutes === null) return text
  return dateTimeFormat(locale, { hour: 'numeric', minute: '2-digit', hour12: true, timeZone: 'UTC' }).format(Date.UTC(2000, 0, 1, 0, minutes))
}

/** A date, slot and tour as the dialogs hold them (the tour's id as the select's string). */
export type SlotAndTour = { tourDate: string; tourTime: TourTime; tourPackageId: string }

/** A month of the calendar: what the page's loader sends for the dialog's first date, and app/routes/admin/booking-slots.ts for another. */
export type MonthSlots = { month: string; days: CalendarDay[] }

/** The tours a dialog offers, as its loader sends them. */
export type DialogPackage = AsJson<TourPackage>

/**
 * The date, the time slot and the tour of a booking the guide moves or makes (docs/decisions/0055,
 * 0059). Beside each slot, what the calendar says of it on the chosen date; the server decides.
 * The tour follows the slot: a full day needs a full-day tour, a half a half-day one. The first
 * date's month comes with the page; another month is read by a fetcher (docs/decisions/0088).
 * Without script the date's slots stay those of the first date, and every tour is offered.
 */
export function SlotAndTourFields({
  idPrefix,
  dateLabel,
  value,
  onChange,
  packages,
  slots,
  errors,
  bookingId,
}: {
  idPrefix: string
  dateLabel: string
  value: SlotAndTour
  onChange: (next: SlotAndTour) => void
  packages: DialogPackage[]
  /** The first date's month, from the page's loader (none without a first date). */
  slots: MonthSlots | null
  errors: Record<string, string>
  /** The booking being moved: its own slot reads "this booking". */
  bookingId?: number
}) {
  const t = useT()
  const locale = useLocale()
  const hydrated = useHydrated()
  const { tourDate, tourTime, tourPackageId } = value
  const month = isCalendarDate(tourDate) ? tourDate.slice(0, 7) : null
  const fetcher = useFetcher<MonthSlots>()
  const { load } = fetcher
  useEffect(() => {
    if (month !== null && month !== slots?.month) void load(`/admin/booking-slots?month=${month}`)
  }, [month, slots?.month, load])
  const shown = [fetcher.data, slots].find((s) => s && s.month === month)
  const day = shown?.days.find((d) => d.date === tourDate) ?? null

  const pkg = packages.find((p) => String(p.id) === tourPackageId)
  // Without script the tours cannot follow the slot chosen: each is offered, and the server refuses one that does not fit.
  const fitting = hydrated ? packages.filter((p) => packageFitsSlot(p.isHalfDay, tourTime)) : packages

  const slotText = (time: TourTime) => {
    const slot = day?.slots.find((s) => s.tourTime === time)
    const name = t(SLOT_LABELS[time])
    if (!isCalendarDate(tourDate)) return name
    if (!day) return t('adminBookings.slot.notTourDay', { slot: name })
    if (!slot) return name
    const mine = bookingId !== undefined && slot.booking?.id === bookingId
    if (!mine && day.guideWindow !== 'open') return t('adminBookings.slot.withState', { slot: name, state: t(OUTSIDE_WINDOW_IDS[day.guideWindow]) })
    // A half an imported calendar takes names its channel (docs/decisions/0077).
    const state = mine
      ? t('adminBookings.slot.thisBooking')
      : slot.booking
        ? t('adminBookings.slot.byBooking', { state: t(SLOT_STATE_IDS[slot.state]), name: slot.booking.name })
        : slot.channel
          ? t('adminBookings.slot.takenOn', { channel: slot.channel.name })
          : t(SLOT_STATE_IDS[slot.state])
    return t('adminBookings.slot.withTimeAndState', { slot: name, time: clockText(slot.timeText, locale), state })
  }

  return (
    <>
      <Field id={`${idPrefix}-date`} name="tourDate" label={dateLabel} error={errors.tourDate} hint={t('adminBookings.slot.weekendsHint')}>
        {/* The guide books and moves from today on (docs/decisions/0055): the picker offers no earlier day. */}
        <Input type="date" min={todayInTokyo(new Date())} value={tourDate} onChange={(e) => onChange({ ...value, tourDate: e.target.value })} required />
      </Field>
      <Field id={`${idPrefix}-slot`} name="tourTime" label={t('adminBookings.slot.label')} error={errors.tourTime}>
        <Select
          value={tourTime}
          onChange={(e) => {
            const next = e.target.value as TourTime
            const other = pkg && !packageFitsSlot(pkg.isHalfDay, next) ? packages.find((p) => packageFitsSlot(p.isHalfDay, next)) : undefined
            onChange({ ...value, tourTime: next, tourPackageId: other ? String(other.id) : tourPackageId })
          }}
        >
          {TOUR_TIMES.map((time) => (
            <option key={time} value={time}>
              {slotText(time)}
            </option>
          ))}
        </Select>
      </Field>
      <Field id={`${idPrefix}-package`} name="tourPackageId" label={t('adminBookings.slot.tour')} error={errors.tourPackageId}>
        <Select value={tourPackageId} onChange={(e) => onChange({ ...value, tourPackageId: e.target.value })}>
          {pkg ? null : <option value="">{t('adminBookings.slot.chooseTour')}</option>}
          {fitting.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
          {pkg && !fitting.includes(pkg) ? <option value={pkg.id}>{t('adminBookings.slot.doesNotFit', { tour: pkg.name })}</option> : null}
        </Select>
      </Field>
    </>
  )
}

/** The group sizes a select offers: 1 to `max`. */
export const groupSizes = (max: number) => Array.from({ length: max }, (_, i) => String(i + 1))
