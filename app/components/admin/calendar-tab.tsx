import { useRef, type ReactNode, type RefObject } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { clsx } from 'clsx'
import { formatLongDate, formatMonthTitle, mondayOf, shiftMonth } from '../../../core/dates.ts'
import type { MessageId } from '../../../core/i18n/message-id.ts'
import { SLOT_SWITCHES } from '../../../core/schemas/availability.ts'
import { isTourTime, TOUR_TIMES } from '../../../core/slots.ts'
import type { CalendarDay, CalendarSlot, DisruptionView } from '../../../server/for-app.ts'
import { useLocale, useT } from '../../i18n/i18n.tsx'
import { clockText } from './bookings/slot-fields.tsx'
import { AdminForm, FormRefusal } from './admin-form.tsx'
import { FormActions } from './form-actions.tsx'
import { useAddressWith, useOpenedByAddress } from './use-address-with.ts'
import { buttonVariants } from '../ui/button.tsx'
import { Modal } from '../ui/dialog.tsx'
import { Field, Textarea } from '../ui/field.tsx'
import { CALL_OFF_PARAM, CalledOffDays, CallOffDialog } from './call-off.tsx'
import { SLOT_LABELS, SLOT_NAMES_IN_TEXT } from './slot-names.ts'

/** The address's parameters: which day's form is open, and whether this month's past weekends show. */
export const DAY_PARAM = 'day'
export const EARLIER_PARAM = 'earlier'

const STATE_STYLES: Record<CalendarSlot['state'], string> = {
  free: 'border-green-300 bg-green-50 text-green-900',
  held: 'border-amber-300 bg-amber-50 text-amber-900',
  booked: 'border-sky-300 bg-sky-50 text-sky-900',
  closed: 'border-slate-300 bg-slate-200 text-slate-800',
  channel: 'border-violet-300 bg-violet-50 text-violet-900',
}
const STATE_LABELS: Record<CalendarSlot['state'], MessageId> = {
  free: 'adminCalendar.state.free',
  held: 'adminCalendar.state.held',
  booked: 'adminCalendar.state.booked',
  closed: 'adminCalendar.state.closed',
  channel: 'adminCalendar.state.channel',
}

/** What the Calendar route's loader sends. */
export type CalendarData = {
  /** Japan's today, the server's: days before it are past, with nothing left to open, close or book. */
  today: string
  month: string
  /** The month of Japan's next tour day, which starts at this week. */
  comingMonth: string
  days: CalendarDay[]
  disruptions: DisruptionView[]
  /** The day whose form the address opens. */
  editing: string | null
  showEarlier: boolean
}

/**
 * Calendar View (docs/decisions/0013): each weekend's slots as free, held, booked or closed; open or
 * close them with a note. The month comes with the page (the Calendar route's loader, docs/decisions/0088),
 * and links choose the month, the day whose form is open, the day being called off and the earlier
 * weekends, with script or without.
 */
export function CalendarTab({ today, month, comingMonth, days, disruptions, editing, showEarlier, onOpenBooking }: CalendarData & { onOpenBooking: (id: number) => void }) {
  const t = useT()
  const locale = useLocale()
  const addressWith = useAddressWith()
  // This month starts at this week (docs/decisions/0075): its past weekends are history, shown on request.
  const thisWeek = month === comingMonth && !showEarlier ? mondayOf(today) : null
  const shown = days.filter((day) => thisWeek === null || day.date >= thisWeek)
  const earlier = days.length - shown.length
  const [params] = useSearchParams()
  const callingOff = params.get(CALL_OFF_PARAM)
  const linkClass = buttonVariants({ size: 'md', variant: 'plain' })

  return (
    <section aria-labelledby="calendar-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="calendar-heading" className="text-lg font-semibold text-slate-900">
          {formatMonthTitle(month, locale)}
        </h2>
        <div className="flex gap-2">
          <Link to={`?month=${shiftMonth(month, -1)}`} preventScrollReset className={linkClass} aria-label={t('adminCalendar.previousMonth')}>
            {t('adminCalendar.previous')}
          </Link>
          <Link to={`?month=${shiftMonth(month, 1)}`} preventScrollReset className={linkClass} aria-label={t('adminCalendar.nextMonth')}>
            {t('adminCalendar.next')}
          </Link>
        </div>
      </div>
      <ul className="flex flex-wrap gap-2 text-xs" aria-label={t('adminCalendar.legend')}>
        {(Object.keys(STATE_LABELS) as CalendarSlot['state'][]).map((s) => (
          <li key={s} className={clsx('rounded border px-2 py-0.5', STATE_STYLES[s])}>
            {t(STATE_LABELS[s])}
          </li>
        ))}
      </ul>
      {earlier > 0 ? (
        <div>
          <Link to={addressWith(EARLIER_PARAM, '1')} preventScrollReset className={buttonVariants({ size: 'sm', variant: 'plain' })}>
            {t('adminCalendar.showEarlier', { count: earlier, month: formatMonthTitle(month, locale) })}
          </Link>
        </div>
      ) : null}
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2" aria-label={t('adminCalendar.weekendsOf', { month: formatMonthTitle(month, locale) })}>
        {shown.map((day) => (
          <WeekendDay key={day.date} day={day} past={day.date < today} editing={editing === day.date} callingOff={callingOff === day.date} onOpenBooking={onOpenBooking} />
        ))}
      </ul>
      <CalledOffDays disruptions={disruptions} onOpenBooking={onOpenBooking} />
    </section>
  )
}

/** One weekend day's card: its slots, its note, and its form when the address opens it. */
function WeekendDay({ day, past, editing, callingOff, onOpenBooking }: { day: CalendarDay; past: boolean; editing: boolean; callingOff: boolean; onOpenBooking: (id: number) => void }) {
  const t = useT()
  const locale = useLocale()
  const addressWith = useAddressWith()
  // Where focus goes back when the day's dialogs close.
  const editLink = useRef<HTMLAnchorElement>(null)
  const callOffLink = useRef<HTMLAnchorElement>(null)
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-3" data-date={day.date}>
      <div className="flex min-h-9 items-center justify-between gap-2">
        <h3 className="font-semibold text-slate-900">{formatLongDate(day.date, locale)}</h3>
        {past ? (
          <span className="text-sm text-slate-700">{t('adminCalendar.past')}</span>
        ) : (
          <span className="flex gap-1">
            <Link ref={editLink} to={addressWith(DAY_PARAM, day.date)} preventScrollReset className={buttonVariants({ size: 'sm', variant: 'plain' })} aria-label={t('adminCalendar.day.editLabel', { date: formatLongDate(day.date, locale) })}>
              {t('adminCalendar.day.edit')}
            </Link>
            <Link ref={callOffLink} to={addressWith(CALL_OFF_PARAM, day.date)} preventScrollReset className={buttonVariants({ size: 'sm', variant: 'plain' })} aria-label={t('adminCalendar.day.callOffLabel', { date: formatLongDate(day.date, locale) })}>
              {t('adminCalendar.day.callOff')}
            </Link>
          </span>
        )}
      </div>
      {day.note ? <p className="mt-1 text-sm text-slate-700">{t('adminCalendar.note', { note: day.note })}</p> : null}
      <ul className="mt-2 grid gap-1.5">
        {day.slots.map((slot) => (
          <li key={slot.tourTime} className={clsx('flex min-h-9 flex-wrap items-center justify-between gap-x-2 rounded border px-2 text-sm', past && slot.state === 'free' ? 'border-slate-200 bg-slate-50 text-slate-700' : STATE_STYLES[slot.state])}>
            <span>
              <span className="font-medium">{t(SLOT_LABELS[slot.tourTime])}</span> <span className="text-xs">{clockText(slot.timeText, locale)}</span>
              {slot.waiting > 0 ? <span className="ml-1 text-xs font-semibold">· {t('adminCalendar.waiting', { count: slot.waiting })}</span> : null}
            </span>
            {slot.booking && slot.booking.tourTime !== slot.tourTime ? (
              // Another slot's booking overlaps this one: it is named once, in its own row.
              <span>{t('adminCalendar.takenBy', { slot: isTourTime(slot.booking.tourTime) ? t(SLOT_NAMES_IN_TEXT[slot.booking.tourTime]) : slot.booking.tourTime })}</span>
            ) : slot.booking ? (
              <button type="button" className="min-h-9 truncate font-semibold underline underline-offset-2" onClick={() => onOpenBooking(slot.booking!.id)}>
                {slot.booking.name}
                <span className="sr-only">
                  {' '}
                  {t('adminCalendar.openBooking', { state: t(STATE_LABELS[slot.state]), id: slot.booking.id })}
                </span>
              </button>
            ) : slot.channel ? (
              // An imported calendar's event takes it (docs/decisions/0077): the channel says where.
              <span className="truncate" title={slot.channel.summary || undefined}>
                {t('adminCalendar.takenOn', { channel: slot.channel.name })}
              </span>
            ) : past && slot.state === 'free' ? (
              // Nobody booked it and nobody can any more: not 'Free'.
              <span>{t('adminCalendar.notBooked')}</span>
            ) : (
              <span>{t(STATE_LABELS[slot.state])}</span>
            )}
            {slot.conflicts.map((c) => (
              <span key={`${c.channel}-${c.bookingId}`} className="w-full rounded bg-red-100 px-1 text-xs font-semibold text-red-900">
                {t('adminCalendar.conflict', { channel: c.channel, reference: c.reference })}
              </span>
            ))}
          </li>
        ))}
      </ul>
      {editing && !past ? (
        <DayPanel date={day.date} returnFocus={editLink}>
          <AvailabilityForm day={day} />
        </DayPanel>
      ) : null}
      {callingOff && !past ? <CallOffDialog date={day.date} returnFocus={callOffLink} /> : null}
    </li>
  )
}

/** The day's form in a dialog the address opens (`?day=`); without script, drawn in place by `Modal closeTo`. */
function DayPanel({ date, returnFocus, children }: { date: string; returnFocus: RefObject<HTMLElement | null>; children: ReactNode }) {
  const t = useT()
  const locale = useLocale()
  const navigate = useNavigate()
  const { close } = useOpenedByAddress(DAY_PARAM)
  return (
    <Modal open onOpenChange={(open) => !open && navigate(close, { preventScrollReset: true })} closeTo={close} title={formatLongDate(date, locale)} description={t('adminCalendar.availability.description')} returnFocus={returnFocus}>
      {children}
    </Modal>
  )
}

/** A day's switches and note, through the route's action (the weekend switches' schema, core/schemas/availability.ts). */
function AvailabilityForm({ day }: { day: CalendarDay }) {
  const t = useT()
  const locale = useLocale()
  const { close, closeAfterSave } = useOpenedByAddress(DAY_PARAM)
  const open = (time: CalendarSlot['tourTime']) => day.slots.find((s) => s.tourTime === time)?.open ?? true

  return (
    <AdminForm<{ date: string }>
      intent="availability"
      successTitle={t('adminCalendar.availability.saved')}
      successText={(saved) => formatLongDate(saved.date, locale)}
      failTitle={t('adminCalendar.availability.failed')}
      onSaved={closeAfterSave}
      className="grid gap-2"
    >
      {({ errors, refusal, busy }) => (
        // The fields start again from each saved version; the form stays, so its answer is told (docs/decisions/0088).
        <div key={JSON.stringify([day.note, TOUR_TIMES.map(open)])} className="grid gap-2">
          <input type="hidden" name="date" value={day.date} />
          <fieldset className="grid">
            <legend className="text-sm font-semibold">{t('adminCalendar.availability.openSlots')}</legend>
            {TOUR_TIMES.map((time) => (
              <div key={time} className="flex min-h-11 items-center gap-2">
                <input id={`avail-${time}`} name={SLOT_SWITCHES[time]} type="checkbox" defaultChecked={open(time)} className="size-5 accent-brand-700" />
                <label htmlFor={`avail-${time}`} className="text-sm font-medium">
                  {t('adminCalendar.availability.open', { slot: t(SLOT_LABELS[time]) })}
                </label>
              </div>
            ))}
          </fieldset>
          <Field id="avail-note" name="adminNotes" label={t('adminCalendar.availability.note')} error={errors.adminNotes}>
            <Textarea defaultValue={day.note ?? ''} rows={3} maxLength={1000} />
          </Field>
          <FormRefusal refusal={refusal} errors={errors} hiddenField="date" />
          <FormActions back={{ to: close, label: t('adminCalendar.availability.cancel') }} submit={t('adminCalendar.availability.save')} busy={busy} />
        </div>
      )}
    </AdminForm>
  )
}
