import { useEffect, useState } from 'react'
import { isCalendarDate, todayInTokyo } from '../../../../core/dates.ts'
import { packageFitsSlot, slotLabel, TOUR_TIMES, type TourTime } from '../../../../core/slots.ts'
import type { CalendarDay, TourPackage } from '../../../../server/for-app.ts'
import { api } from '../api.ts'
import { Field, Input, Select } from '../../ui/field.tsx'

const SLOT_STATE_TEXT = { free: 'free', held: 'held by an unpaid booking', booked: 'booked', closed: 'closed', channel: 'taken on' } as const
/** A day the guide may not book or move onto now, whatever its slots (docs/decisions/0075). */
const OUTSIDE_WINDOW_TEXT = { past: 'past: cannot be booked', beyond: 'beyond the booking window' } as const

/** A date, slot and tour as the dialogs hold them (the tour's id as the select's string). */
export type SlotAndTour = { tourDate: string; tourTime: TourTime; tourPackageId: string }

/**
 * The date, the time slot and the tour of a booking the guide moves or makes (docs/decisions/0055,
 * 0059). Beside each slot, what the calendar says of it on the chosen date; the server decides.
 * The tour follows the slot: a full day needs a full-day tour, a half a half-day one.
 */
export function SlotAndTourFields({
  idPrefix,
  dateLabel,
  value,
  onChange,
  packages,
  errors,
  bookingId,
}: {
  idPrefix: string
  dateLabel: string
  value: SlotAndTour
  onChange: (next: SlotAndTour) => void
  packages: TourPackage[]
  errors: Record<string, string>
  /** The booking being moved: its own slot reads "this booking". */
  bookingId?: number
}) {
  const { tourDate, tourTime, tourPackageId } = value
  const [day, setDay] = useState<CalendarDay | null>(null)

  useEffect(() => {
    if (!isCalendarDate(tourDate)) return
    let live = true
    api<CalendarDay[]>('GET', `/api/admin/bookings/calendar?month=${tourDate.slice(0, 7)}`)
      .then((days) => live && setDay(days.find((d) => d.date === tourDate) ?? null))
      .catch(() => live && setDay(null))
    return () => {
      live = false
    }
  }, [tourDate])

  const pkg = packages.find((p) => String(p.id) === tourPackageId)
  const fitting = packages.filter((p) => packageFitsSlot(p.isHalfDay, tourTime))

  const slotText = (time: TourTime) => {
    const slot = day?.slots.find((s) => s.tourTime === time)
    if (!isCalendarDate(tourDate)) return slotLabel(time)
    if (!day) return `${slotLabel(time)} (not a tour day)`
    if (!slot) return slotLabel(time)
    const mine = bookingId !== undefined && slot.booking?.id === bookingId
    if (!mine && day.guideWindow !== 'open') return `${slotLabel(time)} (${OUTSIDE_WINDOW_TEXT[day.guideWindow]})`
    // A half an imported calendar takes names its channel (docs/decisions/0077).
    const state = slot.channel ? `${SLOT_STATE_TEXT.channel} ${slot.channel.name}` : SLOT_STATE_TEXT[slot.state]
    return `${slotLabel(time)}, ${slot.timeText} (${mine ? 'this booking' : slot.booking ? `${SLOT_STATE_TEXT[slot.state]}: ${slot.booking.name}` : state})`
  }

  return (
    <>
      <Field id={`${idPrefix}-date`} label={dateLabel} error={errors.tourDate} hint="Tours run on Saturdays and Sundays.">
        {/* The guide books and moves from today on (docs/decisions/0055): the picker offers no earlier day. */}
        <Input type="date" min={todayInTokyo(new Date())} value={tourDate} onChange={(e) => onChange({ ...value, tourDate: e.target.value })} required />
      </Field>
      <Field id={`${idPrefix}-slot`} label="Time slot" error={errors.tourTime}>
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
      <Field id={`${idPrefix}-package`} label="Tour" error={errors.tourPackageId}>
        <Select value={tourPackageId} onChange={(e) => onChange({ ...value, tourPackageId: e.target.value })}>
          {pkg ? null : <option value="">Choose a tour</option>}
          {fitting.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
          {pkg && !fitting.includes(pkg) ? <option value={pkg.id}>{pkg.name} (does not fit this slot)</option> : null}
        </Select>
      </Field>
    </>
  )
}

/** The group sizes a select offers: 1 to `max`. */
export const groupSizes = (max: number) => Array.from({ length: max }, (_, i) => String(i + 1))
