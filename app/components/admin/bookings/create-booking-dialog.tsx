import { useState } from 'react'
import { Link } from 'react-router'
import { formatLongDate, isCalendarDate } from '../../../../core/dates.ts'
import { formatYen } from '../../../../core/money.ts'
import { quote } from '../../../../core/pricing.ts'
import { CUSTOM_PRICE_MAX, CUSTOM_PRICE_MIN, PRICE_NOTE_MAX } from '../../../../core/guide-bookings.ts'
import { LOCALES, type Locale } from '../../../../core/i18n/locales.ts'
import type { GuideBookingRules } from '../../../../core/schemas/booking-move.ts'
import type { AdminBooking } from '../../../../server/for-app.ts'
import { useLocale, useT } from '../../../i18n/i18n.tsx'
import { useHydrated } from '../../../lib/use-hydrated.ts'
import { AdminForm, FormRefusal } from '../admin-form.tsx'
import { FormActions } from '../form-actions.tsx'
import { buttonVariants } from '../../ui/button.tsx'
import { Modal } from '../../ui/dialog.tsx'
import { Field, Input, Select, Textarea } from '../../ui/field.tsx'
import { clockText, groupSizes, SlotAndTourFields, type DialogPackage, type MonthSlots, type SlotAndTour } from './slot-fields.tsx'
import { PayLink } from './pay-link.tsx'

/** What the dialog starts from: nothing, or a contact message's guest (docs/decisions/0059). */
export type BookingPrefill = { name?: string; email?: string; phone?: string | null; tourDate?: string | null; groupSize?: string | null; locale?: Locale }

/** The contact form's '5+' starts at 5: the guide sets the real number. */
const peopleFrom = (groupSize: string | null | undefined) => (groupSize ? String(Number.parseInt(groupSize, 10) || 2) : '2')

/**
 * The guide makes a booking (docs/decisions/0059): the guest, the slot and tour,
 * the group up to the guide's limit, the catalogue's price or a custom one with the note the guest
 * reads, and a hold for payment or confirmed without. Once made, the pay link to copy or send on
 * WhatsApp (`?created=12`). The server checks everything again and the slot guarantee decides.
 * Opened by the address (`?new=1`, `&message=3` from a contact message), with the tours, the
 * guide's rules and the month from the page's loader, and saved through the Bookings action, with
 * script or without (docs/decisions/0088).
 */
export function CreateBookingDialog({ prefill, packages, rules, slots, closeTo, onClose, onDone }: {
  prefill: BookingPrefill
  packages: DialogPackage[]
  rules: GuideBookingRules
  slots: MonthSlots | null
  /** The address without the dialog. */
  closeTo: string
  onClose: () => void
  /** After the booking is made by script, with it. */
  onDone: (made: AdminBooking) => void
}) {
  const t = useT()
  const locale = useLocale()
  return (
    <Modal open onOpenChange={(o) => !o && onClose()} closeTo={closeTo} title={t('adminBookings.create.title')} description={t('adminBookings.create.description')}>
      <AdminForm<AdminBooking>
        intent="create"
        successTitle={t('adminBookings.create.done')}
        successText={(made) => t(made.payUrl ? 'adminBookings.create.doneLinkSent' : 'adminBookings.create.doneText', { id: made.id, name: made.name, date: formatLongDate(made.tourDate, locale) })}
        failTitle={t('adminBookings.create.failed')}
        onSaved={onDone}
        className="grid gap-3"
      >
        {({ errors, refusal, busy }) => (
          <>
            <CreateFields prefill={prefill} packages={packages} rules={rules} slots={slots} errors={errors} />
            <FormRefusal refusal={refusal} errors={errors} hiddenField="payment" />
            <FormActions back={{ to: closeTo, label: t('adminBookings.create.cancel') }} submit={t('adminBookings.create.submit')} busy={busy} />
          </>
        )}
      </AdminForm>
    </Modal>
  )
}

function CreateFields({ prefill, packages, rules, slots, errors }: { prefill: BookingPrefill; packages: DialogPackage[]; rules: GuideBookingRules; slots: MonthSlots | null; errors: Record<string, string> }) {
  const t = useT()
  const locale = useLocale()
  const hydrated = useHydrated()
  const [slot, setSlot] = useState<SlotAndTour>({ tourDate: prefill.tourDate ?? '', tourTime: 'morning', tourPackageId: '' })
  const [people, setPeople] = useState(peopleFrom(prefill.groupSize))
  const [pricing, setPricing] = useState<'catalogue' | 'custom'>('catalogue')
  const pkg = packages.find((p) => String(p.id) === slot.tourPackageId)
  const catalogue = pkg && isCalendarDate(slot.tourDate) ? quote(pkg, Number(people), slot.tourDate, rules.groupLimit) : null
  return (
    <>
      <Field id="create-name" name="name" label={t('adminBookings.create.name')} error={errors.name}>
        <Input defaultValue={prefill.name ?? ''} autoComplete="off" required />
      </Field>
      <Field id="create-email" name="email" label={t('adminBookings.create.email')} error={errors.email}>
        <Input type="email" defaultValue={prefill.email ?? ''} autoComplete="off" required />
      </Field>
      <Field id="create-phone" name="phone" label={t('adminBookings.create.phone')} error={errors.phone} hint={t('adminBookings.create.phoneHint')}>
        <Input type="tel" defaultValue={prefill.phone ?? ''} autoComplete="off" />
      </Field>
      <Field id="create-locale" name="locale" label={t('adminBookings.create.locale')} error={errors.locale}>
        <Select defaultValue={prefill.locale ?? 'en'}>
          {LOCALES.map((l) => (
            <option key={l.code} value={l.code}>
              {l.nativeName}
            </option>
          ))}
        </Select>
      </Field>
      <SlotAndTourFields idPrefix="create" dateLabel={t('adminBookings.create.date')} value={slot} onChange={setSlot} packages={packages} slots={slots} errors={errors} />
      <Field id="create-people" name="numberOfPeople" label={t('adminBookings.create.guests')}
        error={errors.numberOfPeople}
        hint={prefill.groupSize === '5+' ? t('adminBookings.create.guestsFromMessage') : t('adminBookings.create.guestsUpTo', { limit: rules.groupLimit })}
      >
        <Select value={people} onChange={(e) => setPeople(e.target.value)}>
          {groupSizes(rules.groupLimit).map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </Select>
      </Field>
      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium text-slate-900">{t('adminBookings.create.price')}</legend>
        <Choice name="pricing" value="catalogue" checked={pricing === 'catalogue'} onChange={() => setPricing('catalogue')}>
          {catalogue?.ok ? t('adminBookings.create.priceListAmount', { amount: formatYen(catalogue.total, locale) }) : t('adminBookings.create.priceList')}
        </Choice>
        <Choice name="pricing" value="custom" checked={pricing === 'custom'} onChange={() => setPricing('custom')}>
          {t('adminBookings.create.customPrice')}
        </Choice>
      </fieldset>
      {/* Without script the custom price's fields are always there: the action reads them only for a custom price. */}
      {pricing === 'custom' || !hydrated ? (
        <>
          <Field id="create-custom-price" name="customPrice" label={t('adminBookings.create.customPriceLabel')}
            error={errors.customPrice}
            hint={t('adminBookings.create.customPriceHint', { min: formatYen(CUSTOM_PRICE_MIN, locale), max: formatYen(CUSTOM_PRICE_MAX, locale) })}
          >
            <Input inputMode="numeric" className="w-40" />
          </Field>
          <Field id="create-price-note" name="priceNote" label={t('adminBookings.create.priceNote')} error={errors.priceNote} hint={t('adminBookings.create.priceNoteHint')}>
            <Input maxLength={PRICE_NOTE_MAX} />
          </Field>
        </>
      ) : null}
      <Field id="create-special-requests" name="specialRequests" label={t('adminBookings.create.specialRequests')}
        error={errors.specialRequests}
        hint={t('adminBookings.create.specialRequestsHint')}
      >
        <Textarea rows={3} maxLength={2000} />
      </Field>
      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium text-slate-900">{t('adminBookings.create.payment')}</legend>
        <Choice name="payment" value="hold" defaultChecked>
          {t('adminBookings.create.paymentHold', { hours: rules.holdHours })}
        </Choice>
        <Choice name="payment" value="confirmed">
          {t('adminBookings.create.paymentConfirmed')}
        </Choice>
      </fieldset>
    </>
  )
}

/** One of a radio group's choices; `checked` and `onChange` for a choice the dialog follows, `defaultChecked` for one it only sends. */
function Choice({ name, value, children, ...state }: { name: string; value: string; children: React.ReactNode; checked?: boolean; onChange?: () => void; defaultChecked?: boolean }) {
  const id = `create-${name}-${value}`
  return (
    <div className="flex items-start gap-3">
      <input id={id} type="radio" name={name} value={value} {...state} className="mt-0.5 size-5 accent-brand-700" />
      <label htmlFor={id} className="text-sm text-slate-900">
        {children}
      </label>
    </div>
  )
}

/** The booking made (`?created=12`): its pay link to copy or send on WhatsApp, or that it needs none. */
export function CreatedView({ booking, closeTo, onClose }: { booking: AdminBooking; closeTo: string; onClose: () => void }) {
  const t = useT()
  const locale = useLocale()
  return (
    <Modal
      open
      onOpenChange={(o) => !o && onClose()}
      closeTo={closeTo}
      title={t('adminBookings.created.title', { id: booking.id })}
      description={t('adminBookings.created.description', {
        name: booking.name,
        date: formatLongDate(booking.tourDate, locale),
        time: clockText(booking.timeText, locale),
        amount: formatYen(booking.totalPrice, locale),
      })}
    >
      <div className="grid gap-3">
        <p className="text-sm text-slate-800">
          {booking.payUrl
            ? t('adminBookings.created.linkSent')
            : t('adminBookings.created.confirmed')}
        </p>
        <PayLink booking={booking} />
        <div className="flex justify-end">
          <Link to={closeTo} replace preventScrollReset className={buttonVariants({ variant: 'plain', size: 'md' })}>
            {t('adminBookings.created.close')}
          </Link>
        </div>
      </div>
    </Modal>
  )
}
