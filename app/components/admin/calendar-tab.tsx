import { useEffect, useState } from 'react'
import { useSearchParams } from 'react-router'
import { clsx } from 'clsx'
import { firstWeekendDayFrom, formatLongDate, formatMonthTitle, isMonth, mondayOf, shiftMonth, todayInTokyo } from '../../../core/dates.ts'
import type { MessageId } from '../../../core/i18n/message-id.ts'
import { isTourTime } from '../../../core/slots.ts'
import type { CalendarDay, CalendarSlot, DisruptionView } from '../../../server/for-app.ts'
import { useLocale, useT } from '../../i18n/i18n.tsx'
import { clockText } from './bookings/slot-fields.tsx'
import { api, useFailToast, successToast } from './api.ts'
import { useAdminData } from './use-admin-data.ts'
import { Button } from '../ui/button.tsx'
import { Modal } from '../ui/dialog.tsx'
import { Field, Textarea } from '../ui/field.tsx'
import { CalledOffDays, CallOffDialog } from './call-off.tsx'
import { SLOT_LABELS, SLOT_NAMES_IN_TEXT } from './slot-names.ts'

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

/** Calendar View (docs/decisions/0013): each weekend's slots as free, held, booked or closed; open or close them with a note. */
export function CalendarTab({ onOpenBooking }: { onOpenBooking: (id: number) => void }) {
  const t = useT()
  const locale = useLocale()
  // ?month=yyyy-MM, else the month of Japan's next tour day, chosen after hydration so server and browser agree.
  const [params, setParams] = useSearchParams()
  const monthParam = params.get('month')
  // Japan's today: days before it are past, with nothing left to open, close or book.
  const [today, setToday] = useState<string | null>(null)
  useEffect(() => setToday(todayInTokyo(new Date())), [])
  // The month of the next tour day, so the calendar opens on the coming weekend even on a month's last weekdays.
  const comingMonth = today ? firstWeekendDayFrom(today).slice(0, 7) : null
  const month = isMonth(monthParam) ? monthParam : comingMonth
  const setMonth = (m: string) => {
    const next = new URLSearchParams(params)
    next.set('month', m)
    setParams(next, { replace: true, preventScrollReset: true })
  }
  const { data: days, reload: load } = useAdminData<CalendarDay[]>(month ? `/api/admin/bookings/calendar?month=${month}` : null, t('adminCalendar.fetchFailed'), [])
  // This month starts at this week (docs/decisions/0075): its past weekends are history, shown on request.
  const [showEarlier, setShowEarlier] = useState(false)
  const thisWeek = today && month === comingMonth && !showEarlier ? mondayOf(today) : null
  const shown = days?.filter((day) => thisWeek === null || day.date >= thisWeek) ?? null
  const earlier = (days?.length ?? 0) - (shown?.length ?? 0)
  const [editing, setEditing] = useState<CalendarDay | null>(null)
  const [callingOff, setCallingOff] = useState<string | null>(null)
  const { data: disruptions, reload: loadDisruptions } = useAdminData<DisruptionView[]>('/api/admin/disruptions', t('adminCalendar.callOffsFailed'), [])

  return (
    <section aria-labelledby="calendar-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="calendar-heading" className="text-lg font-semibold text-slate-900">
          {month ? formatMonthTitle(month, locale) : t('adminCalendar.title')}
        </h2>
        <div className="flex gap-2">
          <Button size="md" variant="plain" onClick={() => month && setMonth(shiftMonth(month, -1))} aria-label={t('adminCalendar.previousMonth')}>
            {t('adminCalendar.previous')}
          </Button>
          <Button size="md" variant="plain" onClick={() => month && setMonth(shiftMonth(month, 1))} aria-label={t('adminCalendar.nextMonth')}>
            {t('adminCalendar.next')}
          </Button>
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
          <Button size="sm" variant="plain" onClick={() => setShowEarlier(true)}>
            {t('adminCalendar.showEarlier', { count: earlier, month: formatMonthTitle(month!, locale) })}
          </Button>
        </div>
      ) : null}
      {shown === null ? (
        <p className="text-slate-700">{t('adminCalendar.loading')}</p>
      ) : (
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2" aria-label={t('adminCalendar.weekendsOf', { month: month ? formatMonthTitle(month, locale) : '' })}>
          {shown.map((day) => {
            const past = today !== null && day.date < today
            return (
              <li key={day.date} className="rounded-lg border border-slate-200 bg-white p-3" data-date={day.date}>
                <div className="flex min-h-9 items-center justify-between gap-2">
                  <h3 className="font-semibold text-slate-900">{formatLongDate(day.date, locale)}</h3>
                  {past ? (
                    <span className="text-sm text-slate-700">{t('adminCalendar.past')}</span>
                  ) : (
                    <span className="flex gap-1">
                      <Button size="sm" variant="plain" onClick={() => setEditing(day)} aria-label={t('adminCalendar.day.editLabel', { date: formatLongDate(day.date, locale) })}>
                        {t('adminCalendar.day.edit')}
                      </Button>
                      <Button size="sm" variant="plain" onClick={() => setCallingOff(day.date)} aria-label={t('adminCalendar.day.callOffLabel', { date: formatLongDate(day.date, locale) })}>
                        {t('adminCalendar.day.callOff')}
                      </Button>
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
              </li>
            )
          })}
        </ul>
      )}
      <CalledOffDays disruptions={disruptions ?? []} onOpenBooking={onOpenBooking} />
      {callingOff ? (
        <CallOffDialog
          date={callingOff}
          onClose={() => setCallingOff(null)}
          onDone={async () => {
            setCallingOff(null)
            await Promise.all([load(), loadDisruptions()])
          }}
        />
      ) : null}
      {editing ? (
        <AvailabilityForm
          day={editing}
          onClose={() => setEditing(null)}
          onSaved={async () => {
            setEditing(null)
            await load()
          }}
        />
      ) : null}
    </section>
  )
}

function AvailabilityForm({ day, onClose, onSaved }: { day: CalendarDay; onClose: () => void; onSaved: () => Promise<void> }) {
  const failToast = useFailToast()
  const t = useT()
  const locale = useLocale()
  const open = (t: string) => day.slots.find((s) => s.tourTime === t)?.open ?? true
  const [morning, setMorning] = useState(open('morning'))
  const [afternoon, setAfternoon] = useState(open('afternoon'))
  const [fullDay, setFullDay] = useState(open('full-day'))
  const [note, setNote] = useState(day.note ?? '')
  const [busy, setBusy] = useState(false)

  async function save(event: React.FormEvent) {
    event.preventDefault()
    setBusy(true)
    try {
      await api('PUT', `/api/admin/weekend-availability/${day.date}`, { morningAvailable: morning, afternoonAvailable: afternoon, fullDayAvailable: fullDay, adminNotes: note })
      successToast(t('adminCalendar.availability.saved'), formatLongDate(day.date, locale))
      await onSaved()
    } catch (error) {
      failToast(t('adminCalendar.availability.failed'), error)
    } finally {
      setBusy(false)
    }
  }

  const box = (id: string, label: string, checked: boolean, set: (v: boolean) => void) => (
    <div className="flex min-h-11 items-center gap-2">
      <input id={id} type="checkbox" checked={checked} onChange={(e) => set(e.target.checked)} className="size-5 accent-brand-700" />
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
    </div>
  )

  return (
    <Modal open onOpenChange={(o) => !o && onClose()} title={formatLongDate(day.date, locale)} description={t('adminCalendar.availability.description')}>
      <form onSubmit={save} className="grid gap-2">
        <fieldset className="grid">
          <legend className="text-sm font-semibold">{t('adminCalendar.availability.openSlots')}</legend>
          {box('avail-morning', t('adminCalendar.availability.open', { slot: t(SLOT_LABELS.morning) }), morning, setMorning)}
          {box('avail-afternoon', t('adminCalendar.availability.open', { slot: t(SLOT_LABELS.afternoon) }), afternoon, setAfternoon)}
          {box('avail-full-day', t('adminCalendar.availability.open', { slot: t(SLOT_LABELS['full-day']) }), fullDay, setFullDay)}
        </fieldset>
        <Field id="avail-note" label={t('adminCalendar.availability.note')}>
          <Textarea value={note} onChange={(e) => setNote(e.target.value)} rows={3} maxLength={1000} />
        </Field>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button size="md" variant="plain" onClick={onClose}>
            {t('adminCalendar.availability.cancel')}
          </Button>
          <Button size="md" variant="brand" type="submit" disabled={busy}>
            {t('adminCalendar.availability.save')}
          </Button>
        </div>
      </form>
    </Modal>
  )
}
