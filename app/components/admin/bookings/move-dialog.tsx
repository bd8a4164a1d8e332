import { useState } from 'react'
import { formatLongDate, isCalendarDate } from '../../../../core/dates.ts'
import { formatYen } from '../../../../core/money.ts'
import { quote } from '../../../../core/pricing.ts'
import type { GuideBookingRules } from '../../../../core/schemas/booking-move.ts'
import type { TourTime } from '../../../../core/slots.ts'
import type { AdminBooking } from '../../../../server/for-app.ts'
import { useLocale, useT } from '../../../i18n/i18n.tsx'
import { AdminForm, FormRefusal } from '../admin-form.tsx'
import { FormActions } from '../form-actions.tsx'
import { Modal } from '../../ui/dialog.tsx'
import { Field, Input, Select } from '../../ui/field.tsx'
import { clockText, groupSizes, SlotAndTourFields, type DialogPackage, type MonthSlots, type SlotAndTour } from './slot-fields.tsx'

/** What the move's action answers: the booking as the list shows it, and whether the guest was told. */
type Moved = { booking: AdminBooking; guestTold: boolean }

/**
 * The guide moves a booking to another slot (docs/decisions/0055): date, slot, tour and
 * group, the price kept unless typed, and whether the guest hears of it. Beside each slot, what
 * the calendar says of it on the chosen date; the server decides. Opened by the address
 * (`?move=12`), with the tours, the guide's rules and the month from the page's loader, and
 * saved through the Bookings action, with script or without (docs/decisions/0088).
 */
export function MoveDialog({ booking, packages, rules, slots, closeTo, onClose, onDone }: {
  booking: AdminBooking
  packages: DialogPackage[]
  rules: GuideBookingRules
  slots: MonthSlots | null
  /** The address without the dialog. */
  closeTo: string
  onClose: () => void
  onDone: () => void
}) {
  const t = useT()
  const locale = useLocale()
  return (
    <Modal open onOpenChange={(o) => !o && onClose()} closeTo={closeTo} title={t('adminBookings.move.title', { id: booking.id })}
      description={t('adminBookings.move.description', { name: booking.name, date: formatLongDate(booking.tourDate, locale), time: clockText(booking.timeText, locale) })}
    >
      <AdminForm<Moved>
        intent="move"
        formId={`move-${booking.id}`}
        successTitle={t('adminBookings.move.done')}
        successText={({ booking: moved, guestTold }) => t(guestTold ? 'adminBookings.move.doneTold' : 'adminBookings.move.doneText', { id: moved.id, date: formatLongDate(moved.tourDate, locale), time: clockText(moved.timeText, locale) })}
        failTitle={t('adminBookings.move.failed')}
        onSaved={onDone}
        className="grid gap-3"
      >
        {({ errors, refusal, busy }) => (
          <>
            <input type="hidden" name="id" value={booking.id} />
            {/* The fields start again from the booking as saved (docs/decisions/0088). */}
            <MoveFields key={`${booking.tourDate} ${booking.tourTime} ${booking.tourPackageId} ${booking.numberOfPeople} ${booking.totalPrice}`} booking={booking} packages={packages} rules={rules} slots={slots} errors={errors} />
            <FormRefusal refusal={refusal} errors={errors} />
            <FormActions back={{ to: closeTo, label: t('adminBookings.move.keep') }} submit={t('adminBookings.move.submit')} busy={busy} />
          </>
        )}
      </AdminForm>
    </Modal>
  )
}

function MoveFields({ booking, packages, rules, slots, errors }: { booking: AdminBooking; packages: DialogPackage[]; rules: GuideBookingRules; slots: MonthSlots | null; errors: Record<string, string> }) {
  const t = useT()
  const locale = useLocale()
  const [slot, setSlot] = useState<SlotAndTour>({ tourDate: booking.tourDate, tourTime: booking.tourTime as TourTime, tourPackageId: String(booking.tourPackageId) })
  const [people, setPeople] = useState(String(booking.numberOfPeople))
  const pkg = packages.find((p) => String(p.id) === slot.tourPackageId)
  const catalogue = pkg && isCalendarDate(slot.tourDate) ? quote(pkg, Number(people), slot.tourDate, rules.groupLimit) : null
  const paid = booking.amountPaid > 0 || booking.status === 'paid'
  return (
    <>
      <SlotAndTourFields idPrefix="move" dateLabel={t('adminBookings.move.newDate')} value={slot} onChange={setSlot} packages={packages} slots={slots} errors={errors} bookingId={booking.id} />
      <Field id="move-people" name="numberOfPeople" label={t('adminBookings.move.guests')} error={errors.numberOfPeople}>
        <Select value={people} onChange={(e) => setPeople(e.target.value)}>
          {groupSizes(Math.max(rules.groupLimit, booking.numberOfPeople)).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </Select>
      </Field>
      <Field
        id="move-price"
        name="totalPrice"
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
        <Input inputMode="numeric" defaultValue={String(booking.totalPrice)} readOnly={paid} />
      </Field>
      <div className="flex items-start gap-3">
        <input id="move-tell-guest" name="tellGuest" type="checkbox" defaultChecked className="mt-0.5 size-5 accent-brand-700" />
        <label htmlFor="move-tell-guest" className="text-sm text-slate-900">
          {t('adminBookings.move.tellGuest')}
        </label>
      </div>
    </>
  )
}
