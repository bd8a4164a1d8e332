import { useEffect, useState } from 'react'
import { GUEST_MOVE_LIMIT_MAX } from '../../../core/booking-changes.ts'
import { GUIDE_GROUP_CEILING, GUIDE_HOLD_HOURS_MAX } from '../../../core/guide-bookings.ts'
import { MAX_GROUP } from '../../../core/pricing.ts'
import type { GuideBookingRules } from '../../../core/schemas/booking-move.ts'
import { formatYen } from '../../../core/money.ts'
import { DEFAULT_VOUCHER_VALIDITY_MONTHS, VOUCHER_AMOUNT_CEILING, VOUCHER_VALIDITY_MONTHS_MAX } from '../../../core/vouchers.ts'
import type { VoucherRules } from '../../../core/schemas/voucher.ts'
import { api, failToast, serverFieldErrors, successToast } from './api.ts'
import { useAdminData } from './use-admin-data.ts'
import { Button } from '../ui/button.tsx'
import { Field, Input } from '../ui/field.tsx'

type RuleField<T> = { name: keyof T & string; id: string; label: string; hint: string }

/**
 * A few whole-number rules loaded from and saved to one admin endpoint: the guide types them,
 * the server checks them (its messages go under their fields) and says what was saved.
 */
function RulesPanel<T extends Record<string, number>>({
  url,
  headingId,
  title,
  lead,
  fields,
  savedText,
}: {
  url: string
  headingId: string
  title: string
  lead: string
  fields: RuleField<T>[]
  savedText: (saved: T) => string
}) {
  const { data, reload } = useAdminData<T | null>(url, 'Failed to load the booking rules', null)
  const [values, setValues] = useState<Record<string, string>>({})
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    if (data) setValues(Object.fromEntries(fields.map((f) => [f.name, String(data[f.name])])))
    // The fields are constant per panel; only new data refills them.
  }, [data])

  async function save(event: React.FormEvent) {
    event.preventDefault()
    setBusy(true)
    setErrors({})
    try {
      const saved = await api<T>('PUT', url, Object.fromEntries(fields.map((f) => [f.name, (values[f.name] ?? '').trim()])))
      successToast('Booking rules saved', savedText(saved))
      await reload()
    } catch (err) {
      setErrors(serverFieldErrors(err) ?? {})
      failToast('Failed to save the booking rules', err)
    } finally {
      setBusy(false)
    }
  }

  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <p className="mb-3 text-sm text-slate-700">{lead}</p>
      {data === null ? (
        <p className="text-sm text-slate-600">Loading…</p>
      ) : (
        <form className="grid gap-3" onSubmit={save} noValidate>
          {fields.map((f) => (
            <Field key={f.name} id={f.id} label={f.label} hint={f.hint} error={errors[f.name]}>
              <Input inputMode="numeric" value={values[f.name] ?? ''} onChange={(e) => setValues({ ...values, [f.name]: e.target.value })} className="w-28" />
            </Field>
          ))}
          <div>
            <Button size="md" variant="brand" type="submit" disabled={busy}>
              Save
            </Button>
          </div>
        </form>
      )}
    </section>
  )
}

/**
 * How often a guest may change a booking themselves (issue 19, docs/decisions/0055): free until 7
 * days before the tour, at most this many times; 0 turns the guests' own changes off. The guide's
 * own moves and a guest's answer to a called-off day are never limited.
 */
export function BookingRulesPanel() {
  return (
    <RulesPanel<{ guestMoveLimit: number }>
      url="/api/admin/booking-rules"
      headingId="booking-rules-heading"
      title="Changes of plan"
      lead="Guests change the date, time, tour or group size of a booking from its page, free of charge until 7 days before the tour. Your own moves in the dashboard, and a guest’s answer to a day you call off, are not counted."
      fields={[{ name: 'guestMoveLimit', id: 'guest-move-limit', label: 'Changes a guest may make online', hint: `0 to ${GUEST_MOVE_LIMIT_MAX}; 0 turns online changes off.` }]}
      savedText={({ guestMoveLimit }) =>
        guestMoveLimit === 0 ? 'Guests can no longer change bookings online.' : `Guests can change a booking online up to ${guestMoveLimit} ${guestMoveLimit === 1 ? 'time' : 'times'}.`
      }
    />
  )
}

/**
 * The bookings the guide makes (issue 20 point 1, docs/decisions/0059): the largest group, for the
 * contact form's '5+' groups, and how many hours such a booking waits for its payment.
 */
export function GuideBookingRulesPanel() {
  return (
    <RulesPanel<GuideBookingRules>
      url="/api/admin/guide-booking-rules"
      headingId="guide-booking-rules-heading"
      title="Bookings you make"
      lead={`Bookings you create in the dashboard may be larger than the site’s ${MAX_GROUP} guests, and wait longer for the guest to pay than the site’s hold.`}
      fields={[
        { name: 'groupLimit', id: 'guide-group-limit', label: 'Largest group', hint: `1 to ${GUIDE_GROUP_CEILING} guests.` },
        { name: 'holdHours', id: 'guide-hold-hours', label: 'Hours a booking waits for payment', hint: `1 to ${GUIDE_HOLD_HOURS_MAX} hours; then the slot is free again.` },
      ]}
      savedText={(saved) => `Your bookings take up to ${saved.groupLimit} people and wait ${saved.holdHours} hours for payment.`}
    />
  )
}

/**
 * Gift vouchers (docs/decisions/0065): how long a voucher sold from now on is good for, and the
 * amounts a visitor may choose. More than 6 months brings the Payment Services Act's prepaid
 * rules into play: the lead says so, and docs/deploy.md says what they oblige.
 */
export function VoucherRulesPanel() {
  return (
    <RulesPanel<VoucherRules>
      url="/api/admin/voucher-rules"
      headingId="voucher-rules-heading"
      title="Gift vouchers"
      lead={`For vouchers sold from now on. Up to ${DEFAULT_VOUCHER_VALIDITY_MONTHS} months keeps them outside the Payment Services Act’s prepaid rules; a longer validity obliges you to watch the unused balance and, above ¥10 million, to notify the Local Finance Bureau and deposit security (see “Gift vouchers” in the deployment guide, and ask an advisor).`}
      fields={[
        { name: 'validityMonths', id: 'voucher-validity', label: 'Months a voucher is good for', hint: `1 to ${VOUCHER_VALIDITY_MONTHS_MAX} months.` },
        { name: 'minAmount', id: 'voucher-min', label: 'Smallest amount a visitor may choose (yen)', hint: 'Whole yen.' },
        { name: 'maxAmount', id: 'voucher-max', label: 'Largest amount a visitor may choose (yen)', hint: `At most ${formatYen(VOUCHER_AMOUNT_CEILING)}.` },
      ]}
      savedText={(saved) => `New vouchers are good for ${saved.validityMonths} months, from ${formatYen(saved.minAmount)} to ${formatYen(saved.maxAmount)}.`}
    />
  )
}
