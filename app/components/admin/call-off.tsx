import type { RefObject } from 'react'
import { useNavigate } from 'react-router'
import { formatLongDate } from '../../../core/dates.ts'
import { ANSWER_HOURS_BEFORE, DISRUPTION_CAUSE_ADMIN_IDS, DISRUPTION_CAUSES, MIN_ANSWER_HOURS, type OfferState } from '../../../core/disruptions.ts'
import { CALL_OFF_NOTE_MAX } from '../../../core/schemas/disruption.ts'
import type { MessageId } from '../../../core/i18n/message-id.ts'
import { isTourTime, TOUR_TIMES } from '../../../core/slots.ts'
import type { DisruptionView } from '../../../server/for-app.ts'
import { useLocale, useT } from '../../i18n/i18n.tsx'
import { formatDateTime } from './email-and-time.ts'
import { AdminForm, FormRefusal } from './admin-form.tsx'
import { FormActions } from './form-actions.tsx'
import { Modal } from '../ui/dialog.tsx'
import { Field, Input, Select } from '../ui/field.tsx'
import { SLOT_LABELS, SLOT_VALUES } from './slot-names.ts'
import { useOpenedByAddress } from './use-address-with.ts'

const OFFER_STATES: Record<OfferState, MessageId> = {
  open: 'adminCalendar.offer.open',
  moved: 'adminCalendar.offer.moved',
  refunded: 'adminCalendar.offer.refunded',
  'auto-refunded': 'adminCalendar.offer.autoRefunded',
  closed: 'adminCalendar.offer.closed',
}
/** The day whose call-off the address opens (`?callOff=2026-12-05`). */
export const CALL_OFF_PARAM = 'callOff'

/**
 * The guide calls off a date or one slot of it (docs/decisions/0056): the slots close, and
 * every booking on them is e-mailed a new date free of charge or a full refund. It asks first, in a
 * dialog the address opens (without script drawn in place by `Modal closeTo`); the call-off is the
 * Calendar route's action (docs/decisions/0088).
 */
export function CallOffDialog({ date, returnFocus }: { date: string; returnFocus: RefObject<HTMLElement | null> }) {
  const t = useT()
  const locale = useLocale()
  const navigate = useNavigate()
  const { close, closeAfterSave } = useOpenedByAddress(CALL_OFF_PARAM)
  return (
    <Modal
      open
      onOpenChange={(o) => !o && navigate(close, { preventScrollReset: true })}
      closeTo={close}
      returnFocus={returnFocus}
      title={t('adminCalendar.callOff.title', { date: formatLongDate(date, locale) })}
      description={t('adminCalendar.callOff.description', { hoursBefore: ANSWER_HOURS_BEFORE, minHours: MIN_ANSWER_HOURS })}
    >
      <AdminForm<DisruptionView>
        intent="callOff"
        successTitle={t('adminCalendar.callOff.done')}
        // From the answer: how many guests the call-off reached.
        successText={(done) => (done.offers.length === 0 ? t('adminCalendar.callOff.noBookings') : t('adminCalendar.callOff.offered', { count: done.offers.length }))}
        failTitle={t('adminCalendar.callOff.failed')}
        onSaved={closeAfterSave}
        className="grid gap-3"
      >
        {({ errors, refusal, busy }) => (
          <>
            <input type="hidden" name="tourDate" value={date} />
            <Field id="call-off-slot" name="tourTime" label={t('adminCalendar.callOff.what')} error={errors.tourTime}>
              <Select defaultValue="">
                <option value="">{t('adminCalendar.callOff.wholeDay')}</option>
                {TOUR_TIMES.map((time) => (
                  <option key={time} value={time}>
                    {t('adminCalendar.callOff.slotOnly', { slot: t(SLOT_LABELS[time]) })}
                  </option>
                ))}
              </Select>
            </Field>
            <Field id="call-off-cause" name="cause" label={t('adminCalendar.callOff.why')} error={errors.cause}>
              <Select defaultValue="snow">
                {DISRUPTION_CAUSES.map((c) => (
                  <option key={c} value={c}>
                    {t(DISRUPTION_CAUSE_ADMIN_IDS[c])}
                  </option>
                ))}
              </Select>
            </Field>
            <Field id="call-off-note" name="note" label={t('adminCalendar.callOff.note')} hint={t('adminCalendar.callOff.noteHint')} error={errors.note}>
              <Input maxLength={CALL_OFF_NOTE_MAX} />
            </Field>
            <FormRefusal refusal={refusal} errors={errors} hiddenField="tourDate" />
            <FormActions back={{ to: close, label: t('adminCalendar.callOff.keep') }} submit={t('adminCalendar.callOff.submit')} tone="danger" busy={busy} />
          </>
        )}
      </AdminForm>
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
