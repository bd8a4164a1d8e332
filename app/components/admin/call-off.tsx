import { useState } from 'react'
import { formatLongDate } from '../../../core/dates.ts'
import { ANSWER_HOURS_BEFORE, DISRUPTION_CAUSE_ADMIN_IDS, DISRUPTION_CAUSES, MIN_ANSWER_HOURS, type DisruptionCause, type OfferState } from '../../../core/disruptions.ts'
import type { MessageId } from '../../../core/i18n/message-id.ts'
import { isTourTime, TOUR_TIMES } from '../../../core/slots.ts'
import type { DisruptionView } from '../../../server/for-app.ts'
import { useLocale, useT } from '../../i18n/i18n.tsx'
import { api, useFailToast, formatDateTime, useServerFieldErrors, successToast } from './api.ts'
import { Button } from '../ui/button.tsx'
import { Modal } from '../ui/dialog.tsx'
import { Field, Input, Select } from '../ui/field.tsx'
import { SLOT_LABELS, SLOT_VALUES } from './slot-names.ts'

const OFFER_STATES: Record<OfferState, MessageId> = {
  open: 'adminCalendar.offer.open',
  moved: 'adminCalendar.offer.moved',
  refunded: 'adminCalendar.offer.refunded',
  'auto-refunded': 'adminCalendar.offer.autoRefunded',
  closed: 'adminCalendar.offer.closed',
}
/**
 * The guide calls off a date or one slot of it (issue 19, docs/decisions/0056): the slots close, and
 * every booking on them is e-mailed a new date free of charge or a full refund.
 */
export function CallOffDialog({ date, onClose, onDone }: { date: string; onClose: () => void; onDone: () => Promise<void> }) {
  const failToast = useFailToast()
  const serverFieldErrors = useServerFieldErrors()
  const t = useT()
  const locale = useLocale()
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
      successToast(t('adminCalendar.callOff.done'), n === 0 ? t('adminCalendar.callOff.noBookings') : t('adminCalendar.callOff.offered', { count: n }))
      await onDone()
    } catch (error) {
      setErrors(serverFieldErrors(error) ?? {})
      failToast(t('adminCalendar.callOff.failed'), error)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal
      open
      onOpenChange={(o) => !o && onClose()}
      title={t('adminCalendar.callOff.title', { date: formatLongDate(date, locale) })}
      description={t('adminCalendar.callOff.description', { hoursBefore: ANSWER_HOURS_BEFORE, minHours: MIN_ANSWER_HOURS })}
    >
      <form className="grid gap-3" onSubmit={submit} noValidate>
        <Field id="call-off-slot" label={t('adminCalendar.callOff.what')} error={errors.tourTime}>
          <Select value={tourTime} onChange={(e) => setTourTime(e.target.value)}>
            <option value="">{t('adminCalendar.callOff.wholeDay')}</option>
            {TOUR_TIMES.map((time) => (
              <option key={time} value={time}>
                {t('adminCalendar.callOff.slotOnly', { slot: t(SLOT_LABELS[time]) })}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="call-off-cause" label={t('adminCalendar.callOff.why')} error={errors.cause}>
          <Select value={cause} onChange={(e) => setCause(e.target.value as DisruptionCause)}>
            {DISRUPTION_CAUSES.map((c) => (
              <option key={c} value={c}>
                {t(DISRUPTION_CAUSE_ADMIN_IDS[c])}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="call-off-note" label={t('adminCalendar.callOff.note')} hint={t('adminCalendar.callOff.noteHint')} error={errors.note}>
          <Input value={note} onChange={(e) => setNote(e.target.value)} maxLength={300} />
        </Field>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button size="md" variant="plain" onClick={onClose}>
            {t('adminCalendar.callOff.keep')}
          </Button>
          <Button size="md" type="submit" variant="danger" disabled={busy}>
            {t('adminCalendar.callOff.submit')}
          </Button>
        </div>
      </form>
    </Modal>
  )
}

/** Recent call-offs with each guest's answer, so the guide sees who still has to choose. */
export function CalledOffDays({ disruptions, onOpenBooking }: { disruptions: DisruptionView[]; onOpenBooking: (id: number) => void }) {
  const t = useT()
  const locale = useLocale()
  if (disruptions.length === 0) return null
  return (
    <section aria-labelledby="called-off-heading" className="grid gap-2">
      <h3 id="called-off-heading" className="text-base font-semibold text-slate-900">
        {t('adminCalendar.calledOff.title')}
      </h3>
      <ul className="grid gap-2">
        {disruptions.map((d) => (
          <li key={d.id} className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
            <p className="font-semibold text-slate-900">
              {t('adminCalendar.calledOff.day', {
                date: formatLongDate(d.tourDate, locale),
                slot: d.tourTime ? t(SLOT_LABELS[d.tourTime]) : t('adminCalendar.calledOff.wholeDay'),
                cause: t(DISRUPTION_CAUSE_ADMIN_IDS[d.cause]),
              })}
            </p>
            <p className="text-slate-700">
              {t(d.by ? 'adminCalendar.calledOff.atBy' : 'adminCalendar.calledOff.at', { at: formatDateTime(d.at, locale), by: d.by ?? '' })}
              {d.note ? t('adminCalendar.calledOff.note', { note: d.note }) : ''}
            </p>
            {d.offers.length === 0 ? (
              <p className="mt-1 text-slate-700">{t('adminCalendar.calledOff.noBookings')}</p>
            ) : (
              <ul className="mt-1 grid gap-1">
                {d.offers.map((o) => (
                  <li key={o.bookingId} className="flex flex-wrap items-center gap-x-2">
                    <button type="button" className="min-h-9 font-semibold underline underline-offset-2" onClick={() => onOpenBooking(o.bookingId)}>
                      {o.name} (#{o.bookingId})
                    </button>
                    <span>
                      {t(OFFER_STATES[o.state])}
                      {o.state === 'open'
                        ? t('adminCalendar.offer.until', { at: formatDateTime(o.deadline, locale) })
                        : o.answeredAt
                          ? t('adminCalendar.offer.answeredAt', { at: formatDateTime(o.answeredAt, locale) })
                          : ''}
                      {o.state === 'moved'
                        ? t('adminCalendar.offer.now', { date: formatLongDate(o.tourDate, locale), slot: isTourTime(o.tourTime) ? t(SLOT_VALUES[o.tourTime]) : o.tourTime })
                        : ''}
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
