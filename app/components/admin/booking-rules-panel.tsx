import { useEffect, useState } from 'react'
import { GUEST_MOVE_LIMIT_MAX } from '../../../core/booking-changes.ts'
import { GUIDE_GROUP_CEILING, GUIDE_HOLD_HOURS_MAX } from '../../../core/guide-bookings.ts'
import { MAX_GROUP } from '../../../core/pricing.ts'
import type { GuideBookingRules } from '../../../core/schemas/booking-move.ts'
import { api, failToast, serverFieldErrors, successToast } from './api.ts'
import { useAdminData } from './use-admin-data.ts'
import { Button } from '../ui/button.tsx'
import { Field, Input } from '../ui/field.tsx'

/**
 * How often a guest may change a booking themselves (issue 19, docs/decisions/0055): free until 7
 * days before the tour, at most this many times; 0 turns the guests' own changes off. The guide's
 * own moves and a guest's answer to a called-off day are never limited.
 */
export function BookingRulesPanel() {
  const { data, reload } = useAdminData<{ guestMoveLimit: number } | null>('/api/admin/booking-rules', 'Failed to load the booking rules', null)
  const [limit, setLimit] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    if (data) setLimit(String(data.guestMoveLimit))
  }, [data])

  async function save(event: React.FormEvent) {
    event.preventDefault()
    setBusy(true)
    setError(undefined)
    try {
      const saved = await api<{ guestMoveLimit: number }>('PUT', '/api/admin/booking-rules', { guestMoveLimit: limit.trim() })
      successToast('Booking rules saved', saved.guestMoveLimit === 0 ? 'Guests can no longer change bookings online.' : `Guests can change a booking online up to ${saved.guestMoveLimit} ${saved.guestMoveLimit === 1 ? 'time' : 'times'}.`)
      await reload()
    } catch (err) {
      setError(serverFieldErrors(err)?.guestMoveLimit ?? (err instanceof Error ? err.message : undefined))
      failToast('Failed to save the booking rules', err)
    } finally {
      setBusy(false)
    }
  }

  return (
    <section aria-labelledby="booking-rules-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="booking-rules-heading" className="text-lg font-semibold text-slate-900">
        Changes of plan
      </h2>
      <p className="mb-3 text-sm text-slate-700">
        Guests change the date, time, tour or group size of a booking from its page, free of charge until 7 days before the tour. Your own moves in the dashboard, and a guest’s answer to a day you call off, are not counted.
      </p>
      {data === null ? (
        <p className="text-sm text-slate-600">Loading…</p>
      ) : (
        <form className="grid gap-3" onSubmit={save} noValidate>
          <Field id="guest-move-limit" label="Changes a guest may make online" hint={`0 to ${GUEST_MOVE_LIMIT_MAX}; 0 turns online changes off.`} error={error}>
            <Input inputMode="numeric" value={limit} onChange={(e) => setLimit(e.target.value)} className="w-28" />
          </Field>
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
 * The bookings the guide makes (issue 20 point 1, docs/decisions/0059): the largest group, for the
 * contact form's '5+' groups, and how many hours such a booking waits for its payment.
 */
export function GuideBookingRulesPanel() {
  const { data, reload } = useAdminData<GuideBookingRules | null>('/api/admin/guide-booking-rules', 'Failed to load the booking rules', null)
  const [values, setValues] = useState({ groupLimit: '', holdHours: '' })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    if (data) setValues({ groupLimit: String(data.groupLimit), holdHours: String(data.holdHours) })
  }, [data])

  async function save(event: React.FormEvent) {
    event.preventDefault()
    setBusy(true)
    setErrors({})
    try {
      const saved = await api<GuideBookingRules>('PUT', '/api/admin/guide-booking-rules', { groupLimit: values.groupLimit.trim(), holdHours: values.holdHours.trim() })
      successToast('Booking rules saved', `Your bookings take up to ${saved.groupLimit} people and wait ${saved.holdHours} hours for payment.`)
      await reload()
    } catch (err) {
      setErrors(serverFieldErrors(err) ?? {})
      failToast('Failed to save the booking rules', err)
    } finally {
      setBusy(false)
    }
  }

  return (
    <section aria-labelledby="guide-booking-rules-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="guide-booking-rules-heading" className="text-lg font-semibold text-slate-900">
        Bookings you make
      </h2>
      <p className="mb-3 text-sm text-slate-700">Bookings you create in the dashboard may be larger than the site’s {MAX_GROUP} guests, and wait longer for the guest to pay than the site’s hold.</p>
      {data === null ? (
        <p className="text-sm text-slate-600">Loading…</p>
      ) : (
        <form className="grid gap-3" onSubmit={save} noValidate>
          <Field id="guide-group-limit" label="Largest group" hint={`1 to ${GUIDE_GROUP_CEILING} guests.`} error={errors.groupLimit}>
            <Input inputMode="numeric" value={values.groupLimit} onChange={(e) => setValues({ ...values, groupLimit: e.target.value })} className="w-28" />
          </Field>
          <Field id="guide-hold-hours" label="Hours a booking waits for payment" hint={`1 to ${GUIDE_HOLD_HOURS_MAX} hours; then the slot is free again.`} error={errors.holdHours}>
            <Input inputMode="numeric" value={values.holdHours} onChange={(e) => setValues({ ...values, holdHours: e.target.value })} className="w-28" />
          </Field>
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
