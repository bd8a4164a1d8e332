import { useEffect, useRef, useState, type KeyboardEvent } from 'react'
import { clsx } from 'clsx'
import { addDays, compareDates, dayOfWeek, formatLongDate, formatMonthTitle, isWeekend, shiftMonth, monthRange, datesBetween, weekdayNames } from '../../../core/dates.ts'
import type { Locale } from '../../../core/i18n/locales.ts'
import { useLocale, useT } from '../../i18n/i18n.tsx'
import type { Translate } from '../../i18n/translator.ts'
import { ChevronLeftIcon, ChevronRightIcon } from '../site/icons.tsx'
import { dayOffersSomething } from '../../../core/waitlist.ts'
import { openSlotCount, type BookingWindow, type DateSlots } from './types.ts'

// Monday first, so Saturday and Sunday, the tour days, sit side by side.

function inWindow(date: string, window: BookingWindow) {
  return compareDates(date, window.first) >= 0 && compareDates(date, window.last) <= 0
}

/**
 * Whether a visitor can pick the day: it has a slot to book or, with `waitlist`, a taken slot to
 * wait for (docs/decisions/0070), so a day a full-day booking fills still opens its slots' links.
 */
function canChoose(day: DateSlots | undefined, waitlist: boolean): boolean {
  return day !== undefined && (waitlist ? dayOffersSomething(day.slots) : openSlotCount(day) > 0)
}

/** What a screen reader hears for a day: 'Saturday, December 5, 2026, 2 slots available'. */
export function dayLabel(date: string, day: DateSlots | undefined, window: BookingWindow, loading: boolean, t: Translate, locale: Locale, waitlist = false, calledOff = false): string {
  const long = formatLongDate(date, locale)
  if (!isWeekend(date)) return t('booking.calendar.dayWeekday', { date: long })
  if (!inWindow(date, window)) return t('booking.calendar.dayNotBookable', { date: long })
  if (loading || !day) return t('booking.calendar.dayLoading', { date: long })
  const count = openSlotCount(day)
  if (count > 0) return t('booking.calendar.dayOpen', { date: long, count })
  if (calledOff) return t('booking.calendar.dayCalledOff', { date: long })
  return canChoose(day, waitlist) ? t('booking.calendar.dayFullWaitlist', { date: long }) : t('booking.calendar.dayFull', { date: long })
}

/**
 * A month grid (WAI-ARIA date picker pattern): one day in the tab order, arrow keys move
 * by day and week (crossing into the next or previous month), Home/End to the week's ends,
 * PageUp/PageDown by month, Enter or Space selects. Weekdays and dates outside the booking
 * window stay focusable (so the arrows never skip) but cannot be selected.
 *
 * The buttons are submit buttons of the page's GET form (?month=, ?date=), so the
 * calendar also works without JavaScript; with it, clicks are handled in place. With `waitlist`
 * (the booking page), a day whose slots are all taken can be picked for its waitlist links.
 * `calledOff` names the date the guide called off for the guest choosing anew: with nothing open
 * it reads "called off", not "full" (docs/decisions/0072).
 */
export function MonthCalendar({
  month,
  onMonthChange,
  days,
  loading,
  window,
  selectedDate,
  onSelect,
  waitlist = false,
  calledOff = null,
}: {
  month: string
  onMonthChange: (month: string) => void
  days: Map<string, DateSlots>
  loading: boolean
  window: BookingWindow
  selectedDate: string | null
  onSelect: (date: string) => void
  waitlist?: boolean
  calledOff?: string | null
}) {
  const t = useT()
  const locale = useLocale()
  // The grid's weeks start on Monday.
  const [sunday, ...weekdays] = weekdayNames(locale)
  weekdays.push(sunday!)
  const { from, to } = monthRange(month)
  const firstMonth = window.first.slice(0, 7)
  const lastMonth = window.last.slice(0, 7)
  const [focused, setFocused] = useState<string>(() => initialFocus(month, selectedDate, window))
  const moveFocus = useRef(false)
  const grid = useRef<HTMLTableElement>(null)

  // Keep the roving focus inside the shown month.
  const focusDate = focused.slice(0, 7) === month ? focused : initialFocus(month, selectedDate, window)

  useEffect(() => {
    if (!moveFocus.current) return
    moveFocus.current = false
    grid.current?.querySelector<HTMLButtonElement>(`button[data-date="${focusDate}"]`)?.focus()
  }, [focusDate, month])

  const dates = datesBetween(from, to)
  const leading = (dayOfWeek(from) + 6) % 7
  const cells: (string | null)[] = [...Array.from({ length: leading }, () => null), ...dates]
  while (cells.length % 7 !== 0) cells.push(null)
  const weeks: (string | null)[][] = []
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7))

  const selectable = (date: string) => isWeekend(date) && inWindow(date, window) && canChoose(days.get(date), waitlist)

  function go(date: string) {
    const target = date.slice(0, 7)
    if (target < firstMonth || target > lastMonth) return
    moveFocus.current = true
    setFocused(date)
    if (target !== month) onMonthChange(target)
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, date: string) {
    const dow = (dayOfWeek(date) + 6) % 7
    const moves: Record<string, () => string> = {
      ArrowLeft: () => addDays(date, -1),
      ArrowRight: () => addDays(date, 1),
      ArrowUp: () => addDays(date, -7),
      ArrowDown: () => addDays(date, 7),
      Home: () => addDays(date, -dow),
      End: () => addDays(date, 6 - dow),
      PageUp: () => addDays(date, -28),
      PageDown: () => addDays(date, 28),
    }
    const move = moves[event.key]
    if (move) {
      event.preventDefault()
      go(move())
    }
  }

  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:p-5">
      <div className="mb-3 flex items-center justify-between gap-2">
        <button
          type="submit"
          name="month"
          value={shiftMonth(month, -1)}
          className="inline-flex size-11 items-center justify-center rounded-full border border-slate-300 text-brand-800 hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-40"
          onClick={(e) => {
            e.preventDefault()
            onMonthChange(shiftMonth(month, -1))
          }}
          disabled={month <= firstMonth}
          aria-label={t('booking.calendar.previous', { month: formatMonthTitle(shiftMonth(month, -1), locale) })}
        >
          <ChevronLeftIcon className="size-5" />
        </button>
        <h3 id="calendar-month" className="text-lg font-bold text-brand-900" aria-live="polite">
          {formatMonthTitle(month, locale)}
        </h3>
        <button
          type="submit"
          name="month"
          value={shiftMonth(month, 1)}
          className="inline-flex size-11 items-center justify-center rounded-full border border-slate-300 text-brand-800 hover:bg-brand-50 disabled:cursor-not-allowed disabled:opacity-40"
          onClick={(e) => {
            e.preventDefault()
            onMonthChange(shiftMonth(month, 1))
          }}
          disabled={month >= lastMonth}
          aria-label={t('booking.calendar.next', { month: formatMonthTitle(shiftMonth(month, 1), locale) })}
        >
          <ChevronRightIcon className="size-5" />
        </button>
      </div>
      <table ref={grid} role="grid" aria-labelledby="calendar-month" className="w-full table-fixed border-separate border-spacing-1">
        <thead>
          <tr>
            {weekdays.map(({ short, long }) => (
              <th key={short} scope="col" className="pb-1 text-center text-xs font-semibold text-slate-600 sm:text-sm">
                <abbr title={long} className="no-underline">
                  {short}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week, w) => (
            <tr key={w}>
              {week.map((date, d) => {
                if (!date) return <td key={d} />
                const day = days.get(date)
                const weekend = isWeekend(date)
                const canSelect = selectable(date)
                const selected = date === selectedDate
                const open = openSlotCount(day)
                return (
                  <td key={date} aria-selected={selected} className="p-0">
                    <button
                      // Without JavaScript each day submits the calendar's GET form (?date=).
                      type="submit"
                      name="date"
                      value={date}
                      data-date={date}
                      tabIndex={date === focusDate ? 0 : -1}
                      aria-label={dayLabel(date, day, window, loading, t, locale, waitlist, date === calledOff)}
                      aria-disabled={!canSelect}
                      onClick={(e) => {
                        e.preventDefault()
                        setFocused(date)
                        if (canSelect) onSelect(date)
                      }}
                      onKeyDown={(e) => onKeyDown(e, date)}
                      className={clsx(
                        'flex aspect-square w-full min-h-11 flex-col items-center justify-center rounded-lg text-sm font-semibold sm:text-base',
                        selected
                          ? 'bg-brand-800 text-white ring-2 ring-brand-800 ring-offset-2'
                          : canSelect
                            ? open > 0
                              ? 'bg-brand-50 text-brand-900 hover:bg-brand-100'
                              : 'bg-slate-100 text-slate-700 hover:bg-slate-200'
                            : weekend
                              ? 'bg-slate-100 text-slate-600 line-through decoration-slate-500'
                              : 'text-slate-500',
                        !canSelect && 'cursor-not-allowed',
                      )}
                    >
                      <span aria-hidden="true">{Number(date.slice(8))}</span>
                      {weekend && inWindow(date, window) && day ? (
                        <span
                          aria-hidden="true"
                          className={clsx(
                            'text-[0.65rem] font-medium leading-tight sm:text-xs',
                            selected ? 'text-white' : 'text-field-600',
                          )}
                        >
                          {open > 0 ? t('booking.calendar.cellOpen', { count: open }) : t(date === calledOff ? 'booking.calendar.cellCalledOff' : 'booking.calendar.cellFull')}
                        </span>
                      ) : null}
                    </button>
                  </td>
                )
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {/* Keyboard advice: phones have no arrow keys. */}
      <p className="mt-3 hidden text-sm text-slate-600 sm:block">
        {t('booking.calendar.help')}
      </p>
    </div>
  )
}

function initialFocus(month: string, selectedDate: string | null, window: BookingWindow): string {
  if (selectedDate && selectedDate.slice(0, 7) === month) return selectedDate
  const { from, to } = monthRange(month)
  const start = compareDates(window.first, from) > 0 && compareDates(window.first, to) <= 0 ? window.first : from
  let d = start
  while (compareDates(d, to) <= 0 && !isWeekend(d)) d = addDays(d, 1)
  return compareDates(d, to) <= 0 ? d : start
}
