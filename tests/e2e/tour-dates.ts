import { addDays, dayOfWeek, daysBetween, DEFAULT_HORIZON_DAYS, isWeekend, todayInTokyo, type CalendarDate } from '../../core/dates.ts'

// The browser specs share one server and one database and run on two workers at once, so
// two specs that booked the same slot would fail each other by chance. Each spec books
// only on its own day of the week and band of days ahead:
//
//   admin      Saturdays from 14 days ahead  (a handful, up to ~7 weeks)
//   guide      Sundays   from 9 days ahead   (one: guide-bookings, docs/decisions/0059; its morning and
//              afternoon; after lifecycle's soonest day (at most 8 ahead), before checkout's (21))
//   receipts   Sundays   from 21 days ahead  (the first: receipts-admin, decision 0080; its afternoon
//              at 1280 px, its morning at 375 px, both booked by the guide)
//   checkout   Sundays   from 21 days ahead  (a handful from the third, sundayAhead(21, 2), up to ~9 weeks)
//   chat       Saturdays from 60 days ahead  (one, only chosen, never booked; deferred-scripts views the same)
//   admin-ja   Saturdays from 56 days ahead  (one: admin-ja-bookings, decision 0086; its afternoon only, past
//              admin's last Saturday, and clear of the morning chat and deferred-scripts choose on theirs)
//   languages  Saturdays from 67 and 74 days ahead (booking-languages: one in Japanese, one in Korean)
//   receipts   the afternoons of languages' two Saturdays (receipts: one in Japanese, one in Korean)
//   booking    Saturdays from 83 days ahead  (one random Saturday 97–175 days ahead, and the two before it)
//   changes    Sundays   from 63 days ahead  (one: guest-changes, docs/decisions/0055)
//   moves      Sundays   from 70 days ahead  (three: booking-moves, docs/decisions/0055)
//   lifecycle  Sundays   from 95 days ahead  (four), and the first weekend day from the lead time
//   privacy    Sundays   from 125 days ahead  (one)
//   questions  Sundays   from 133 days ahead  (one: booking-questions, docs/decisions/0053)
//   layout     Sundays   from 140 days ahead  (one)
//   call-off   Sundays   from 147 days ahead  (one: its morning called off, docs/decisions/0056)
//   time-zones Sundays   from 155 days ahead  (one, its morning; call-off books and calls off the
//              afternoon of the Sunday from 154 days ahead, which is this one six weeks in seven)
//   trip       Sundays   from 168 days ahead  (tripSundays: trip-details and meeting-points, docs/decisions/0052; the
//              second the next, or 132 days ahead when that lies past the horizon: see tripSundays)
//   waitlist   Sundays   162–167 days ahead (one: waitlist, docs/decisions/0057), or 91 days ahead when no Sunday
//              lies between time-zones' and trip's (then one lies between moves' and lifecycle's)
//   last week  the Saturday or Sunday 1–6 days ahead that is not lifecycle's soonest day where the
//              week has two (its morning, booked by the guide, who may book inside the lead time;
//              one: guest-changes, decision 0072)
//   dev-server Saturdays 30–90 days ahead, on a server and database of its own
//   promo      Saturdays 20 and 27 days ahead, on a server and database of its own (promo-codes, docs/decisions/0062)
//
// Every band stays inside the 180-day booking horizon and clear of the lead time.

const SATURDAY = 6
const SUNDAY = 0

/** The n-th (from 0) day of the week `weekday` that is at least `daysAhead` days after today in Japan. */
function nthWeekdayAhead(weekday: typeof SATURDAY | typeof SUNDAY, daysAhead: number, n: number): CalendarDate {
  let d = addDays(todayInTokyo(new Date()), daysAhead)
  while (dayOfWeek(d) !== weekday) d = addDays(d, 1)
  return addDays(d, 7 * n)
}

export const saturdayAhead = (daysAhead: number, n = 0) => nthWeekdayAhead(SATURDAY, daysAhead, n)
export const sundayAhead = (daysAhead: number, n = 0) => nthWeekdayAhead(SUNDAY, daysAhead, n)

/**
 * The trip pages' two Sundays (trip-details books the first's afternoon, meeting-points its morning
 * and the second's): the first from 168 days ahead and the one after it, unless that lies past the
 * 180-day horizon (the first 174 days ahead, on a Monday in Japan). The second is then the Sunday
 * 132 days ahead, which falls between privacy's (125) and questions' (139) exactly that week.
 */
export function tripSundays(): [CalendarDate, CalendarDate] {
  const next = sundayAhead(168, 1)
  const bookable = daysBetween(todayInTokyo(new Date()), next) <= DEFAULT_HORIZON_DAYS
  return [sundayAhead(168), bookable ? next : sundayAhead(126)]
}

/**
 * The waitlist spec's Sunday (docs/decisions/0057): the Sunday after time-zones' and before trip's,
 * or, when those two are a week apart, the one after moves' last and before lifecycle's first
 * (the Sundays then fall on days 84, 91, 98 … ahead).
 */
export function waitlistSunday(): CalendarDate {
  const afterTimeZones = sundayAhead(155, 1)
  return afterTimeZones === sundayAhead(168) ? sundayAhead(91) : afterTimeZones
}

/** The Saturday of the Japanese dashboard's bookings (decision 0086, admin-ja-bookings.spec.ts): its afternoon. */
export const adminJaSaturday = () => saturdayAhead(56)

/** The Sunday of the guide's own bookings (docs/decisions/0059, guide-bookings.spec.ts). */
export const guideBookingSunday = () => sundayAhead(9)

/** The Sunday of the guide's receipts journey (decision 0080, receipts-admin.spec.ts): checkout's first, which it leaves alone. */
export const receiptsSunday = () => sundayAhead(21)

/** A tour inside its last week, past the free changes (decision 0072): see the scheme above. */
export function lastWeekDay(): CalendarDate {
  const today = todayInTokyo(new Date())
  const days = [1, 2, 3, 4, 5, 6].map((n) => addDays(today, n)).filter(isWeekend)
  const lifecycles = [saturdayAhead(2), sundayAhead(2)].sort()[0]
  return days.find((d) => d !== lifecycles) ?? days[0]!
}
