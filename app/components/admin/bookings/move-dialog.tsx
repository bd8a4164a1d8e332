import { useState } from 'react'
import { formatLongDate, isCalendarDate } from '../../../../core/dates.ts'
import { formatYen } from '../../../../core/money.ts'
import { quote } from '../../../../core/pricing.ts'
import { DEFAULT_GUIDE_GROUP_LIMIT } from '../../../../core/guide-bookings.ts'
import type { TourTime } from '../../../../core/slots.ts'
import type { AdminBooking, TourPackage } from '../../../../server/for-app.ts'
import { api, useFailToast, useServerFieldErrors, successToast } from '../api.ts'
import { useAdminData } from '../use-admin-data.ts'
import { useLocale, useT } from '../../../i18n/i18n.tsx'
import { Button } from '../../ui/button.tsx'
import { Modal } from '../../ui/dialog.tsx'
import { Field, Input, Select } from '../../ui/field.tsx'
import { clockText, groupSizes, SlotAndTourFields, type SlotAndTour } from './slot-fields.tsx'

/**
 * The guide moves a booking to another slot (issue 19, docs/decisions/0055): date, slot, tour and
 * group, the price kept unless typed, and whether the guest hears of it. Beside each slot, what
 * the calendar says of it on the chosen date; the server decides.
 */
export function MoveDialog({ booking, onClose, onDone }: { booking: AdminBooking; onClose: () => void; onDone: () => Promise<void> }) {
  const failToast = useFailToast()
  const serverFieldErrors = useServerFieldErrors()
  const t = useT()
  const locale = useLocale()
  const [slot, setSlot] = useState<SlotAndTour>({ tourDate: booking.tourDate, tourTime: booking.tourTime as TourTime, tourPackageId: String(booking.tourPackageId) })
  const { tourDate, tourTime, tourPackageId } = slot
  const [people, setPeople] = useState(String(booking.numberOfPeople))
  const [price, setPrice] = useState(String(booking.totalPrice))
  const [tellGuest, setTellGuest] = useState(true)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const { data: packages } = useAdminData<TourPackage[]>('/api/admin/tour-packages', t('adminBookings.move.packagesFailed'), [])
  const pkg = packages?.find((p) => String(p.id) === tourPackageId)
  const { data: rules } = useAdminData<{ groupLimit: number } | null>('/api/admin/guide-booking-rules', t('adminBookings.move.rulesFailed'), null)
  const catalogue = pkg && isCalendarDate(tourDate) ? quote(pkg, Number(people), tourDate, rules?.groupLimit) : null
  const paid = booking.amountPaid > 0 || booking.status === 'paid'

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
      const movedValues = { id: booking.id, date: formatLongDate(moved.tourDate, locale), time: clockText(moved.timeText, locale) }
      successToast(t('adminBookings.move.done'), t(tellGuest ? 'adminBookings.move.doneTold' : 'adminBookings.move.doneText', movedValues))
      await onDone()
    } catch (error) {
      const fields = serverFieldErrors(error)
      const message = error instanceof Error ? error.message : t('adminBookings.move.failedText')
      setErrors(fields ?? { form: message })
      failToast(t('adminBookings.move.failed'), error)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal open onOpenChange={(o) => !o && onClose()} title={t('adminBookings.move.title', { id: booking.id })}
      description={t('adminBookings.move.description', { name: booking.name, date: formatLongDate(booking.tourDate, locale), time: clockText(booking.timeText, locale) })}
    >
      <form className="grid gap-3" onSubmit={submit} noValidate>
        <SlotAndTourFields idPrefix="move" dateLabel={t('adminBookings.move.newDate')} value={slot} onChange={setSlot} packages={packages ?? []} errors={errors} bookingId={booking.id} />
        <Field id="move-people" label={t('adminBookings.move.guests')} error={errors.numberOfPeople}>
          <Select value={people} onChange={(e) => setPeople(e.target.value)}>
            {groupSizes(Math.max(rules?.groupLimit ?? DEFAULT_GUIDE_GROUP_LIMIT, booking.numberOfPeople)).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </Select>
        </Field>
        <Field
          id="move-price"
          label={t('adminBookings.move.price')}
          error={errors.totalPrice}
          hint={
            paid
              ? t('adminBookings.move.pricePaid', { amount: formatYen(booking.totalPrice, locale) })
              : catalogue?.ok
                ? t('adminBookings.move.priceKeptList', { amount: formatYen(catalogue.total, locale) })
                : t('adminBookings.move.priceKept')
          }
        >
          <Input inputMode="numeric" value={price} onChange={(e) => setPrice(e.target.value)} readOnly={paid} />
        </Field>
        <div className="flex items-start gap-3">
          <input id="move-tell-guest" type="checkbox" checked={tellGuest} onChange={(e) => setTellGuest(e.target.checked)} className="mt-0.5 size-5 accent-brand-700" />
          <label htmlFor="move-tell-guest" className="text-sm text-slate-900">
            {t('adminBookings.move.tellGuest')}
          </label>
        </div>
        {errors.form ? (
          <p role="alert" className="text-sm text-red-700">
            {errors.form}
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button size="md" variant="plain" onClick={onClose}>
            {t('adminBookings.move.keep')}
          </Button>
          <Button size="md" type="submit" variant="brand" disabled={busy}>
            {t('adminBookings.move.submit')}
          </Button>
        </div>
      </form>
    </Modal>
  )
}
