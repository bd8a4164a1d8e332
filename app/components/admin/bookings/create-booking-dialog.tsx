import { useState } from 'react'
import { formatLongDate, isCalendarDate } from '../../../../core/dates.ts'
import { formatYen } from '../../../../core/money.ts'
import { quote } from '../../../../core/pricing.ts'
import { CUSTOM_PRICE_MAX, CUSTOM_PRICE_MIN, DEFAULT_GUIDE_GROUP_LIMIT, DEFAULT_GUIDE_HOLD_HOURS, PRICE_NOTE_MAX } from '../../../../core/guide-bookings.ts'
import { LOCALES, type Locale } from '../../../../core/i18n/locales.ts'
import type { GuideBookingRules } from '../../../../core/schemas/booking-move.ts'
import type { AdminBooking, TourPackage } from '../../../../server/for-app.ts'
import { api, useFailToast, useServerFieldErrors, successToast } from '../api.ts'
import { useAdminData } from '../use-admin-data.ts'
import { useLocale, useT } from '../../../i18n/i18n.tsx'
import { Button } from '../../ui/button.tsx'
import { Modal } from '../../ui/dialog.tsx'
import { Field, Input, Select, Textarea } from '../../ui/field.tsx'
import { clockText, groupSizes, SlotAndTourFields, type SlotAndTour } from './slot-fields.tsx'
import { PayLink } from './pay-link.tsx'

/** What the dialog starts from: nothing, or a contact message's guest (docs/decisions/0059). */
export type BookingPrefill = { name?: string; email?: string; phone?: string | null; tourDate?: string | null; groupSize?: string | null; locale?: Locale }

/** The contact form's '5+' starts at 5: the guide sets the real number. */
const peopleFrom = (groupSize: string | null | undefined) => (groupSize ? String(Number.parseInt(groupSize, 10) || 2) : '2')

/**
 * The guide makes a booking (issue 20 point 1, docs/decisions/0059): the guest, the slot and tour,
 * the group up to the guide's limit, the catalogue's price or a custom one with the note the guest
 * reads, and a hold for payment or confirmed without. Once made, the pay link to copy or send on
 * WhatsApp. The server checks everything again and the slot guarantee decides.
 */
export function CreateBookingDialog({ prefill, onClose, onDone }: { prefill: BookingPrefill; onClose: () => void; onDone?: () => void }) {
  const failToast = useFailToast()
  const serverFieldErrors = useServerFieldErrors()
  const t = useT()
  const locale = useLocale()
  const [guest, setGuest] = useState({ name: prefill.name ?? '', email: prefill.email ?? '', phone: prefill.phone ?? '', locale: prefill.locale ?? 'en' })
  const [slot, setSlot] = useState<SlotAndTour>({ tourDate: prefill.tourDate ?? '', tourTime: 'morning', tourPackageId: '' })
  const [people, setPeople] = useState(peopleFrom(prefill.groupSize))
  const [pricing, setPricing] = useState<'catalogue' | 'custom'>('catalogue')
  const [customPrice, setCustomPrice] = useState('')
  const [priceNote, setPriceNote] = useState('')
  const [payment, setPayment] = useState<'hold' | 'confirmed'>('hold')
  const [specialRequests, setSpecialRequests] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const [created, setCreated] = useState<AdminBooking | null>(null)
  const { data: packages } = useAdminData<TourPackage[]>('/api/admin/tour-packages', t('adminBookings.create.packagesFailed'), [])
  const { data: rules } = useAdminData<GuideBookingRules | null>('/api/admin/guide-booking-rules', t('adminBookings.create.rulesFailed'), null)
  const groupLimit = rules?.groupLimit ?? DEFAULT_GUIDE_GROUP_LIMIT
  const pkg = packages?.find((p) => String(p.id) === slot.tourPackageId)
  const catalogue = pkg && isCalendarDate(slot.tourDate) ? quote(pkg, Number(people), slot.tourDate, groupLimit) : null

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    setBusy(true)
    setErrors({})
    try {
      const made = await api<AdminBooking>('POST', '/api/admin/bookings', {
        ...guest,
        tourDate: slot.tourDate,
        tourTime: slot.tourTime,
        tourPackageId: slot.tourPackageId,
        numberOfPeople: people,
        ...(pricing === 'custom' ? { customPrice: customPrice.trim(), priceNote } : {}),
        payment,
        specialRequests,
      })
      setCreated(made)
      const madeValues = { id: made.id, name: made.name, date: formatLongDate(made.tourDate, locale) }
      successToast(t('adminBookings.create.done'), t(made.payUrl ? 'adminBookings.create.doneLinkSent' : 'adminBookings.create.doneText', madeValues))
      onDone?.()
    } catch (error) {
      setErrors(serverFieldErrors(error) ?? { form: error instanceof Error ? error.message : t('adminBookings.create.failedText') })
      failToast(t('adminBookings.create.failed'), error)
    } finally {
      setBusy(false)
    }
  }

  if (created) return <CreatedView booking={created} onClose={onClose} />

  const holdHours = rules?.holdHours ?? DEFAULT_GUIDE_HOLD_HOURS
  return (
    <Modal open onOpenChange={(o) => !o && onClose()} title={t('adminBookings.create.title')} description={t('adminBookings.create.description')}>
      <form className="grid gap-3" onSubmit={submit} noValidate>
        <Field id="create-name" label={t('adminBookings.create.name')} error={errors.name}>
          <Input value={guest.name} onChange={(e) => setGuest({ ...guest, name: e.target.value })} autoComplete="off" required />
        </Field>
        <Field id="create-email" label={t('adminBookings.create.email')} error={errors.email}>
          <Input type="email" value={guest.email} onChange={(e) => setGuest({ ...guest, email: e.target.value })} autoComplete="off" required />
        </Field>
        <Field id="create-phone" label={t('adminBookings.create.phone')} error={errors.phone} hint={t('adminBookings.create.phoneHint')}>
          <Input type="tel" value={guest.phone} onChange={(e) => setGuest({ ...guest, phone: e.target.value })} autoComplete="off" />
        </Field>
        <Field id="create-locale" label={t('adminBookings.create.locale')} error={errors.locale}>
          <Select value={guest.locale} onChange={(e) => setGuest({ ...guest, locale: e.target.value as Locale })}>
            {LOCALES.map((l) => (
              <option key={l.code} value={l.code}>
                {l.nativeName}
              </option>
            ))}
          </Select>
        </Field>
        <SlotAndTourFields idPrefix="create" dateLabel={t('adminBookings.create.date')} value={slot} onChange={setSlot} packages={packages ?? []} errors={errors} />
        <Field id="create-people" label={t('adminBookings.create.guests')}
          error={errors.numberOfPeople}
          hint={prefill.groupSize === '5+' ? t('adminBookings.create.guestsFromMessage') : t('adminBookings.create.guestsUpTo', { limit: groupLimit })}
        >
          <Select value={people} onChange={(e) => setPeople(e.target.value)}>
            {groupSizes(groupLimit).map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </Select>
        </Field>
        <fieldset className="grid gap-2">
          <legend className="text-sm font-medium text-slate-900">{t('adminBookings.create.price')}</legend>
          <Choice name="create-pricing" value="catalogue" checked={pricing === 'catalogue'} onChange={() => setPricing('catalogue')}>
            {catalogue?.ok ? t('adminBookings.create.priceListAmount', { amount: formatYen(catalogue.total, locale) }) : t('adminBookings.create.priceList')}
          </Choice>
          <Choice name="create-pricing" value="custom" checked={pricing === 'custom'} onChange={() => setPricing('custom')}>
            {t('adminBookings.create.customPrice')}
          </Choice>
        </fieldset>
        {pricing === 'custom' ? (
          <>
            <Field id="create-custom-price" label={t('adminBookings.create.customPriceLabel')}
              error={errors.customPrice}
              hint={t('adminBookings.create.customPriceHint', { min: formatYen(CUSTOM_PRICE_MIN, locale), max: formatYen(CUSTOM_PRICE_MAX, locale) })}
            >
              <Input inputMode="numeric" value={customPrice} onChange={(e) => setCustomPrice(e.target.value)} className="w-40" />
            </Field>
            <Field id="create-price-note" label={t('adminBookings.create.priceNote')} error={errors.priceNote} hint={t('adminBookings.create.priceNoteHint')}>
              <Input value={priceNote} onChange={(e) => setPriceNote(e.target.value)} maxLength={PRICE_NOTE_MAX} />
            </Field>
          </>
        ) : null}
        <Field id="create-special-requests" label={t('adminBookings.create.specialRequests')}
          error={errors.specialRequests}
          hint={t('adminBookings.create.specialRequestsHint')}
        >
          <Textarea value={specialRequests} onChange={(e) => setSpecialRequests(e.target.value)} rows={3} maxLength={2000} />
        </Field>
        <fieldset className="grid gap-2">
          <legend className="text-sm font-medium text-slate-900">{t('adminBookings.create.payment')}</legend>
          <Choice name="create-payment" value="hold" checked={payment === 'hold'} onChange={() => setPayment('hold')}>
            {t('adminBookings.create.paymentHold', { hours: holdHours })}
          </Choice>
          <Choice name="create-payment" value="confirmed" checked={payment === 'confirmed'} onChange={() => setPayment('confirmed')}>
            {t('adminBookings.create.paymentConfirmed')}
          </Choice>
        </fieldset>
        {errors.form || errors.payment ? (
          <p role="alert" className="text-sm text-red-700">
            {errors.form ?? errors.payment}
          </p>
        ) : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button size="md" variant="plain" onClick={onClose}>
            {t('adminBookings.create.cancel')}
          </Button>
          <Button size="md" type="submit" variant="brand" disabled={busy}>
            {t('adminBookings.create.submit')}
          </Button>
        </div>
      </form>
    </Modal>
  )
}

function Choice({ name, value, checked, onChange, children }: { name: string; value: string; checked: boolean; onChange: () => void; children: React.ReactNode }) {
  const id = `${name}-${value}`
  return (
    <div className="flex items-start gap-3">
      <input id={id} type="radio" name={name} value={value} checked={checked} onChange={onChange} className="mt-0.5 size-5 accent-brand-700" />
      <label htmlFor={id} className="text-sm text-slate-900">
        {children}
      </label>
    </div>
  )
}

/** The booking made: its pay link to copy or send on WhatsApp, or that it needs none. */
function CreatedView({ booking, onClose }: { booking: AdminBooking; onClose: () => void }) {
  const t = useT()
  const locale = useLocale()
  return (
    <Modal
      open
      onOpenChange={(o) => !o && onClose()}
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
          <Button size="md" variant="plain" onClick={onClose}>
            {t('adminBookings.created.close')}
          </Button>
        </div>
      </div>
    </Modal>
  )
}
