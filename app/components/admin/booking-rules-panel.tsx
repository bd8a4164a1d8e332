import { useEffect, useState } from 'react'
import { GUEST_MOVE_LIMIT_MAX } from '../../../core/booking-changes.ts'
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
