import { useState } from 'react'
import { formatLongDate } from '../../../core/dates.ts'
import { ANSWER_RULE, DISRUPTION_CAUSE_LABELS, DISRUPTION_CAUSES, type DisruptionCause, type OfferState } from '../../../core/disruptions.ts'
import { slotLabel, TOUR_TIMES } from '../../../core/slots.ts'
import type { DisruptionView } from '../../../server/for-app.ts'
import { api, failToast, formatDateTime, serverFieldErrors, successToast } from './api.ts'
import { Button } from '../ui/button.tsx'
import { Modal } from '../ui/dialog.tsx'
import { Field, Input, Select } from '../ui/field.tsx'

const OFFER_STATES: Record<OfferState, string> = {
  open: 'Waiting for an answer',
  moved: 'Moved to a new date',
  refunded: 'Chose a full refund',
  'auto-refunded': 'Refunded automatically (no answer)',
  closed: 'Cancelled another way',
}

/**
 * The guide calls off a date or one slot of it (issue 19, docs/decisions/0056): the slots close, and
 * every booking on them is e-mailed a new date free of charge or a full refund.
 */
export function CallOffDialog({ date, onClose, onDone }: { date: string; onClose: () => void; onDone: () => Promise<void> }) {
  const [tourTime, setTourTime] = useState('')
  const [cause, setCause] = useState<DisruptionCause>('snow')
  const [note, setNote] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    setBusy(true)
    setErrors({})
    try {
      const done = await api<DisruptionView>('POST', '/api/admin/disruptions', { tourDate: date, tourTime, cause, note: note.trim() || undefined })
      const n = done.offers.length
      successToast('Day called off', n === 0 ? 'No bookings were on it.' : `${n === 1 ? '1 guest was' : `${n} guests were`} offered a new date or a full refund.`)
      await onDone()
    } catch (error) {
      setErrors(serverFieldErrors(error) ?? {})
      failToast('Failed to call off the day', error)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal
      open
      onOpenChange={(o) => !o && onClose()}
      title={`Call off ${formatLongDate(date)}`}
      description={`The slots close. Every guest booked on them gets an e-mail offering a new date free of charge or a full refund. ${ANSWER_RULE}`}
    >
      <form className="grid gap-3" onSubmit={submit} noValidate>
        <Field id="call-off-slot" label="What is called off" error={errors.tourTime}>
          <Select value={tourTime} onChange={(e) => setTourTime(e.target.value)}>
            <option value="">The whole day</option>
            {TOUR_TIMES.map((time) => (
              <option key={time} value={time}>
                {slotLabel(time)} only
              </option>
            ))}
          </Select>
        </Field>
        <Field id="call-off-cause" label="Why" error={errors.cause}>
          <Select value={cause} onChange={(e) => setCause(e.target.value as DisruptionCause)}>
            {DISRUPTION_CAUSES.map((c) => (
              <option key={c} value={c}>
                {DISRUPTION_CAUSE_LABELS[c]}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="call-off-note" label="A note for the guests (optional)" hint="One line, shown in their e-mail as it is typed." error={errors.note}>
          <Input value={note} onChange={(e) => setNote(e.target.value)} maxLength={300} />
        </Field>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button size="md" variant="plain" onClick={onClose}>
            Keep the Day
          </Button>
          <Button size="md" type="submit" variant="danger" disabled={busy}>
            Call Off
          </Button>
        </div>
      </form>
    </Modal>
  )
}

/** Recent call-offs with each guest's answer, so the guide sees who still has to choose. */
export function CalledOffDays({ disruptions, onOpenBooking }: { disruptions: DisruptionView[]; onOpenBooking: (id: number) => void }) {
  if (disruptions.length === 0) return null
  return (
    <section aria-labelledby="called-off-heading" className="grid gap-2">
      <h3 id="called-off-heading" className="text-base font-semibold text-slate-900">
        Called-off days
      </h3>
      <ul className="grid gap-2">
        {disruptions.map((d) => (
          <li key={d.id} className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
            <p className="font-semibold text-slate-900">
              {formatLongDate(d.tourDate)}, {d.tourTime ? slotLabel(d.tourTime) : 'whole day'}: {d.causeLabel}
            </p>
            <p className="text-slate-700">
              Called off {formatDateTime(d.at)}
              {d.by ? ` by ${d.by}` : ''}
              {d.note ? `. Note: ${d.note}` : ''}
            </p>
            {d.offers.length === 0 ? (
              <p className="mt-1 text-slate-700">No bookings were on it.</p>
            ) : (
              <ul className="mt-1 grid gap-1">
                {d.offers.map((o) => (
                  <li key={o.bookingId} className="flex flex-wrap items-center gap-x-2">
                    <button type="button" className="min-h-9 font-semibold underline underline-offset-2" onClick={() => onOpenBooking(o.bookingId)}>
                      {o.name} (#{o.bookingId})
                    </button>
                    <span>
                      {OFFER_STATES[o.state]}
                      {o.state === 'open' ? ` until ${formatDateTime(o.deadline)}` : o.answeredAt ? `, ${formatDateTime(o.answeredAt)}` : ''}
                      {o.state === 'moved' ? `: now ${formatLongDate(o.tourDate)} (${o.tourTime})` : ''}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}
