import { useEffect, useState } from 'react'
import { formatLongDate, isCalendarDate } from '../../../../core/dates.ts'
import { formatYen } from '../../../../core/money.ts'
import { MAX_GROUP, quote } from '../../../../core/pricing.ts'
import { packageFitsSlot, slotLabel, TOUR_TIMES, type TourTime } from '../../../../core/slots.ts'
import type { AdminBooking, CalendarDay, TourPackage } from '../../../../server/for-app.ts'
import { api, failToast, serverFieldErrors, successToast } from '../api.ts'
import { useAdminData } from '../use-admin-data.ts'
import { Button } from '../../ui/button.tsx'
import { Modal } from '../../ui/dialog.tsx'
import { Field, Input, Select } from '../../ui/field.tsx'

const SLOT_STATE_TEXT = { free: 'free', held: 'held by an unpaid booking', booked: 'booked', closed: 'closed' } as const

/**
 * The guide moves a booking to another slot (issue 19, docs/decisions/0055): date, slot, tour and
 * group, the price kept unless typed, and whether the guest hears of it. Beside each slot, what
 * the calendar says of it on the chosen date; the server decides.
 */
export function MoveDialog({ booking, onClose, onDone }: { booking: AdminBooking; onClose: () => void; onDone: () => Promise<void> }) {
  const [tourDate, setTourDate] = useState(booking.tourDate)
  const [tourTime, setTourTime] = useState(booking.tourTime as TourTime)
  const [tourPackageId, setTourPackageId] = useState(String(booking.tourPackageId))
  const [people, setPeople] = useState(String(booking.numberOfPeople))
  const [price, setPrice] = useState(String(booking.totalPrice))
  const [tellGuest, setTellGuest] = useState(true)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const { data: packages } = useAdminData<TourPackage[]>('/api/admin/tour-packages', 'Failed to fetch tour packages', [])
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

  const pkg = packages?.find((p) => String(p.id) === tourPackageId)
  const fitting = (packages ?? []).filter((p) => packageFitsSlot(p.isHalfDay, tourTime))
  const catalogue = pkg && isCalendarDate(tourDate) ? quote(pkg, Number(people), tourDate) : null
  const paid = booking.amountPaid > 0 || booking.status === 'paid'

  const slotText = (time: TourTime) => {
    const slot = day?.slots.find((s) => s.tourTime === time)
    if (!isCalendarDate(tourDate)) return slotLabel(time)
    if (!day) return `${slotLabel(time)} (not a tour day)`
    if (!slot) return slotLabel(time)
    const mine = slot.booking?.id === booking.id
    return `${slotLabel(time)}, ${slot.timeText} (${mine ? 'this booking' : slot.booking ? `${SLOT_STATE_TEXT[slot.state]}: ${slot.booking.name}` : SLOT_STATE_TEXT[slot.state]})`
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    setBusy(true)
    setErrors({})
    try {
      const moved = await api<AdminBooking>('POST', `/api/admin/bookings/${booking.id}/move`, {
        tourDate,
        tourTime,
        tourPackageId: Number(tourPackageId),
        numberOfPeople: Number(people),
        totalPrice: price.trim() === '' ? undefined : price.trim(),
        tellGuest,
      })
      successToast('Booking moved', `Booking #${booking.id} is now on ${formatLongDate(moved.tourDate)} at ${moved.timeText}.${tellGuest ? ' The guest has been sent the new date.' : ''}`)
      await onDone()
    } catch (error) {
      const fields = serverFieldErrors(error)
      const message = error instanceof Error ? error.message : 'The booking could not be moved.'
      setErrors(fields ?? { form: message })
      failToast('Failed to move booking', error)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal open onOpenChange={(o) => !o && onClose()} title={`Move booking #${booking.id}`} description={`${booking.name}, now ${formatLongDate(booking.tourDate)} at ${booking.timeText}`}>
      <form className="grid gap-3" onSubmit={submit} noValidate>
        <Field id="move-date" label="New date" error={errors.tourDate} hint="Tours run on Saturdays and Sundays.">
          <Input type="date" value={tourDate} onChange={(e) => setTourDate(e.target.value)} required />
        </Field>
        <Field id="move-slot" label="Time slot" error={errors.tourTime}>
          <Select
            value={tourTime}
            onChange={(e) => {
              const next = e.target.value as TourTime
              setTourTime(next)
              // The tour follows the slot: a full day needs a full-day tour, a half a half-day one.
              if (pkg && !packageFitsSlot(pkg.isHalfDay, next)) {
                const other = (packages ?? []).find((p) => packageFitsSlot(p.isHalfDay, next))
                if (other) setTourPackageId(String(other.id))
              }
            }}
          >
            {TOUR_TIMES.map((time) => (
              <option key={time} value={time}>
                {slotText(time)}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="move-package" label="Tour" error={errors.tourPackageId}>
          <Select value={tourPackageId} onChange={(e) => setTourPackageId(e.target.value)}>
            {fitting.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
            {pkg && !fitting.includes(pkg) ? <option value={pkg.id}>{pkg.name} (does not fit this slot)</option> : null}
          </Select>
        </Field>
        <Field id="move-people" label="Guests" error={errors.numberOfPeople}>
          <Select value={people} onChange={(e) => setPeople(e.target.value)}>
            {Array.from({ length: MAX_GROUP }, (_, i) => String(i + 1)).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </Select>
        </Field>
        <Field
          id="move-price"
          label="Price (¥)"
          error={errors.totalPrice}
          hint={
            paid
              ? `Paid: the price stays at ${formatYen(booking.totalPrice)}.`
              : `The booking's price stays unless you change it.${catalogue?.ok ? ` The price list says ${formatYen(catalogue.total)} for this choice.` : ''}`
          }
        >
          <Input inputMode="numeric" value={price} onChange={(e) => setPrice(e.target.value)} readOnly={paid} />
        </Field>
        <div className="flex items-start gap-3">
          <input id="move-tell-guest" type="checkbox" checked={tellGuest} onChange={(e) => setTellGuest(e.target.checked)} className="mt-0.5 size-5 accent-brand-700" />
          <label htmlFor="move-tell-guest" className="text-sm text-slate-900">
            E-mail the guest the new date (with the calendar event moved)
          </label>
        </div>
        {errors.form ? (
          <p role="alert" className="text-sm text-red-700">
            {errors.form}
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button size="md" variant="plain" onClick={onClose}>
            Keep As Is
          </Button>
          <Button size="md" type="submit" variant="brand" disabled={busy}>
            Move Booking
          </Button>
        </div>
      </form>
    </Modal>
  )
}
