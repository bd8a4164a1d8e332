import { useEffect, useState } from 'react'
import { formatMonthTitle, MONTH_NAMES, todayInTokyo } from '../../../core/dates.ts'
import { formatYen } from '../../../core/money.ts'
import type { ChannelRevenue, RevenueMonth } from '../../../core/revenue.ts'
import { useAdminData } from './use-admin-data.ts'
import { ScrollBox } from '../ui/scroll-box.tsx'
import { Button, buttonVariants } from '../ui/button.tsx'
import { Field, Select } from '../ui/field.tsx'
import { JournalExport } from './journal-export.tsx'

type Revenue = { year: number; months: RevenueMonth[]; total: RevenueMonth; tourTypes: string[]; channels: ChannelRevenue[] }

/**
 * Revenue (docs/decisions/0058, 0067): each month of a year, the tours by the month of the tour and the money by the month it moved,
 * with tours, guests and money received, refunded and kept, by tour type; a chart of what was
 * kept for a glance, the table for the figures, and the same table as CSV; and the books for the
 * accountant, a journal of any period (docs/decisions/0082).
 */
export function RevenueTab() {
  // Japan's current year, chosen after hydration so the server and the browser agree.
  const [year, setYear] = useState<number | null>(null)
  useEffect(() => setYear(Number(todayInTokyo(new Date()).slice(0, 4))), [])
  const { data } = useAdminData<Revenue | null>(year ? `/api/admin/revenue?year=${year}` : null, 'Failed to fetch the revenue', null)
  const shown = data && data.year === year ? data : null

  return (
    <section aria-labelledby="revenue-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="revenue-heading" className="text-lg font-semibold text-slate-900">
          Revenue {year ?? ''}
        </h2>
        <div className="flex flex-wrap gap-2">
          <Button size="md" variant="plain" onClick={() => year && setYear(year - 1)} aria-label="Previous year">
            ‹ {year ? year - 1 : ''}
          </Button>
          <Button size="md" variant="plain" onClick={() => year && setYear(year + 1)} aria-label="Next year">
            {year ? year + 1 : ''} ›
          </Button>
          {year ? (
            <a href={`/api/admin/revenue.csv?year=${year}`} download className={buttonVariants({ variant: 'plain', size: 'md' })}>
              Export CSV
            </a>
          ) : null}
        </div>
      </div>
      <p className="text-sm text-slate-700">
        Tours, guests, discounts and the part gift vouchers paid count by the month of the tour, for the paid and confirmed tours that take place. Money counts in the month it moved, as your payment provider shows it: card and cash received, refunded (the difference of a move to a cheaper tour included) and kept (net); a month once past does not change. Gift vouchers are money when sold: voucher sales and refunds count in the month they happened, and a tour paid with a voucher shows its voucher part as “paid by voucher”, so nothing is counted twice.
      </p>
      {shown === null ? (
        <p className="text-slate-700">Loading revenue…</p>
      ) : (
        <>
          <NetChart months={shown.months} year={shown.year} />
          <ScrollBox label={`Revenue table of ${shown.year}`} className="rounded-lg border border-slate-200 bg-white">
            <table className="w-full text-right text-sm">
              <caption className="sr-only">Revenue of {shown.year} by month: tours by the month of the tour, money by the month it moved</caption>
              <thead className="bg-slate-100 text-slate-800">
                <tr>
                  <th scope="col" className="px-3 py-2 text-left">
                    Month
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Tours (tour month)
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Guests
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Received
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Refunded
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Net
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Discounts
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Paid by voucher
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Voucher sales
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Voucher refunds
                  </th>
                  {shown.tourTypes.map((t) => (
                    <th key={t} scope="col" className="px-3 py-2">
                      {t}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {[...shown.months, shown.total].map((m) => (
                  <tr key={m.month} className={m.month === 'total' ? 'border-t-2 border-slate-400 font-semibold' : 'border-t border-slate-200'}>
                    <th scope="row" className="px-3 py-2 text-left font-medium">
                      {m.month === 'total' ? `Total ${shown.year}` : formatMonthTitle(m.month)}
                    </th>
                    <td className="px-3 py-2">{m.tours}</td>
                    <td className="px-3 py-2">{m.guests}</td>
                    <td className="px-3 py-2">{formatYen(m.received)}</td>
                    <td className="px-3 py-2">{formatYen(m.refunded)}</td>
                    <td className="px-3 py-2">{formatYen(m.net)}</td>
                    <td className="px-3 py-2">{formatYen(m.discounts)}</td>
                    <td className="px-3 py-2">{formatYen(m.paidByVoucher)}</td>
                    <td className="px-3 py-2">{formatYen(m.voucherSales)}</td>
                    <td className="px-3 py-2">{formatYen(m.voucherRefunds)}</td>
                    {shown.tourTypes.map((t) => (
                      <td key={t} className="px-3 py-2">
                        {formatYen(m.byTourType[t] ?? 0)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollBox>
          <ByChannel channels={shown.channels} year={shown.year} />
        </>
      )}
      <JournalExport />
    </section>
  )
}

/**
 * The money by channel (docs/decisions/0076): the site's card and cash, and per reseller what it
 * sold, its commission and what it owes you, for the year or one month, by the month each moved.
 */
function ByChannel({ channels, year }: { channels: ChannelRevenue[]; year: number }) {
  // 'total', or the month's index.
  const [period, setPeriod] = useState('total')
  const periodName = period === 'total' ? String(year) : `${MONTH_NAMES[Number(period)]} ${year}`
  const figuresOf = (c: ChannelRevenue) => (period === 'total' ? c.total : c.months[Number(period)]!)
  return (
    <section aria-labelledby="by-channel-heading" className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h3 id="by-channel-heading" className="text-base font-semibold text-slate-900">
          By channel
        </h3>
        <Field id="by-channel-period" label="Period" className="w-48">
          <Select value={period} onChange={(e) => setPeriod(e.target.value)}>
            <option value="total">Whole year</option>
            {MONTH_NAMES.map((name, i) => (
              <option key={name} value={String(i)}>
                {name}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <p className="text-sm text-slate-700">
        The site’s row is the card and cash kept (the Net column above). A reseller collects the guest’s payment and keeps its commission: what it owes you is a receivable, not money received, so it is not in the columns above. A cancellation’s reversal counts in the month it happened. Test-mode resellers are left out.
      </p>
      <ScrollBox label={`Revenue by channel, ${periodName}`}>
        <table className="w-full text-right text-sm">
          <caption className="sr-only">Money by channel, {periodName}, by the month it moved</caption>
          <thead className="bg-slate-100 text-slate-800">
            <tr>
              <th scope="col" className="px-3 py-2 text-left">
                Channel
              </th>
              <th scope="col" className="px-3 py-2">
                Sold (gross)
              </th>
              <th scope="col" className="px-3 py-2">
                Commission
              </th>
              <th scope="col" className="px-3 py-2">
                Net to you
              </th>
            </tr>
          </thead>
          <tbody>
            {channels.map((c) => {
              const f = figuresOf(c)
              return (
                <tr key={c.channel} className="border-t border-slate-200">
                  <th scope="row" className="px-3 py-2 text-left font-medium">
                    {c.name}
                  </th>
                  <td className="px-3 py-2">{formatYen(f.gross)}</td>
                  <td className="px-3 py-2">{formatYen(f.commission)}</td>
                  <td className="px-3 py-2">
                    {formatYen(f.net)}
                    {c.resellerId === null ? null : <span className="block text-xs text-slate-600">owed by the reseller</span>}
                  </td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </ScrollBox>
    </section>
  )
}

/** Net yen per month as bars: drawn for a glance, so it is hidden from screen readers, which read the table. */
function NetChart({ months, year }: { months: RevenueMonth[]; year: number }) {
  const highest = Math.max(...months.map((m) => m.net), 1)
  const width = 600
  const height = 160
  const bar = width / 12
  return (
    <figure className="rounded-lg border border-slate-200 bg-white p-3">
      <svg viewBox={`0 0 ${width} ${height + 20}`} className="h-auto w-full" aria-hidden="true" focusable="false">
        {months.map((m, i) => {
          const h = Math.round((Math.max(m.net, 0) / highest) * height)
          return (
            <g key={m.month}>
              <rect x={i * bar + 6} y={height - h} width={bar - 12} height={h} rx={3} className="fill-brand-700" />
              <text x={i * bar + bar / 2} y={height + 15} textAnchor="middle" className="fill-slate-700 text-[11px]">
                {MONTH_NAMES[i]!.slice(0, 3)}
              </text>
            </g>
          )
        })}
      </svg>
      <figcaption className="text-xs text-slate-700">Net revenue per month of {year}; the table below has the figures.</figcaption>
    </figure>
  )
}
