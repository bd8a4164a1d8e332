import { useState } from 'react'
import { Link } from 'react-router'
import { dateTimeFormat, formatMonthTitle, MONTH_NAMES } from '../../../core/dates.ts'
import type { Locale } from '../../../core/i18n/locales.ts'
import { formatYen } from '../../../core/money.ts'
import type { ChannelRevenue, RevenueMonth } from '../../../core/revenue.ts'
import { useLocale, useT } from '../../i18n/i18n.tsx'
import { ScrollBox } from '../ui/scroll-box.tsx'
import { buttonVariants } from '../ui/button.tsx'
import { Field, Select } from '../ui/field.tsx'
import { JournalExport } from './journal-export.tsx'

type Revenue = { year: number; months: RevenueMonth[]; total: RevenueMonth; tourTypes: string[]; channels: ChannelRevenue[] }

/**
 * A month's name alone in the admin's language: 'March' and 'Mar', '3月'. English from the fixed
 * names, as core/dates.ts writes it, so the server render and the browser agree.
 */
function monthName(index: number, locale: Locale, width: 'long' | 'short' = 'long'): string {
  if (locale === 'en') return width === 'long' ? MONTH_NAMES[index]! : MONTH_NAMES[index]!.slice(0, 3)
  return dateTimeFormat(locale, { month: width, timeZone: 'UTC' }).format(Date.UTC(2026, index, 15))
}

/** A year as the admin's language names it: '2026', '2026年'. */
const yearName = (year: number, locale: Locale) => dateTimeFormat(locale, { year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(year, 5, 15))

/**
 * Revenue (docs/decisions/0058, 0067): each month of a year, the tours by the month of the tour and the money by the month it moved,
 * with tours, guests and money received, refunded and kept, by tour type; a chart of what was
 * kept for a glance, the table for the figures, and the same table as CSV; and the books for the
 * accountant, a journal of any period (docs/decisions/0082). The year's figures come with the page
 * (the Revenue route's loader, `?year=`); the years around it are links.
 */
export function RevenueTab({ revenue: shown }: { revenue: Revenue }) {
  const t = useT()
  const locale = useLocale()
  const year = shown.year

  return (
    <section aria-labelledby="revenue-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="revenue-heading" className="text-lg font-semibold text-slate-900">
          {t('adminMoney.revenue.titleOf', { year })}
        </h2>
        <div className="flex flex-wrap gap-2">
          <Link to={`?year=${year - 1}`} preventScrollReset className={buttonVariants({ variant: 'plain', size: 'md' })} aria-label={t('adminMoney.revenue.previousYear')}>
            ‹ {year - 1}
          </Link>
          <Link to={`?year=${year + 1}`} preventScrollReset className={buttonVariants({ variant: 'plain', size: 'md' })} aria-label={t('adminMoney.revenue.nextYear')}>
            {year + 1} ›
          </Link>
          <a href={`/api/admin/revenue.csv?year=${year}`} download className={buttonVariants({ variant: 'plain', size: 'md' })}>
            {t('adminMoney.revenue.exportCsv')}
          </a>
        </div>
      </div>
      <p className="text-sm text-slate-700">
        {t('adminMoney.revenue.intro')}
      </p>
      <>
          <NetChart months={shown.months} year={shown.year} />
          <ScrollBox label={t('adminMoney.revenue.tableLabel', { year: shown.year })} className="rounded-lg border border-slate-200 bg-white">
            <table className="w-full text-right text-sm">
              <caption className="sr-only">{t('adminMoney.revenue.caption', { year: shown.year })}</caption>
              <thead className="bg-slate-100 text-slate-800">
                <tr>
                  <th scope="col" className="px-3 py-2 text-left">
                    {t('adminMoney.revenue.month')}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t('adminMoney.revenue.tours')}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t('adminMoney.revenue.guests')}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t('adminMoney.revenue.received')}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t('adminMoney.revenue.refunded')}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t('adminMoney.revenue.net')}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t('adminMoney.revenue.discounts')}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t('adminMoney.revenue.paidByVoucher')}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t('adminMoney.revenue.voucherSales')}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {t('adminMoney.revenue.voucherRefunds')}
                  </th>
                  {shown.tourTypes.map((type) => (
                    <th key={type} scope="col" className="px-3 py-2">
                      {type}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {[...shown.months, shown.total].map((m) => (
                  <tr key={m.month} className={m.month === 'total' ? 'border-t-2 border-slate-400 font-semibold' : 'border-t border-slate-200'}>
                    <th scope="row" className="px-3 py-2 text-left font-medium">
                      {m.month === 'total' ? t('adminMoney.revenue.total', { year: shown.year }) : formatMonthTitle(m.month, locale)}
                    </th>
                    <td className="px-3 py-2">{m.tours}</td>
                    <td className="px-3 py-2">{m.guests}</td>
                    <td className="px-3 py-2">{formatYen(m.received, locale)}</td>
                    <td className="px-3 py-2">{formatYen(m.refunded, locale)}</td>
                    <td className="px-3 py-2">{formatYen(m.net, locale)}</td>
                    <td className="px-3 py-2">{formatYen(m.discounts, locale)}</td>
                    <td className="px-3 py-2">{formatYen(m.paidByVoucher, locale)}</td>
                    <td className="px-3 py-2">{formatYen(m.voucherSales, locale)}</td>
                    <td className="px-3 py-2">{formatYen(m.voucherRefunds, locale)}</td>
                    {shown.tourTypes.map((type) => (
                      <td key={type} className="px-3 py-2">
                        {formatYen(m.byTourType[type] ?? 0, locale)}
                      </td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollBox>
          <ByChannel channels={shown.channels} year={shown.year} />
      </>
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
  const t = useT()
  const locale = useLocale()
  const periodName = period === 'total' ? yearName(year, locale) : formatMonthTitle(`${year}-${String(Number(period) + 1).padStart(2, '0')}`, locale)
  const figuresOf = (c: ChannelRevenue) => (period === 'total' ? c.total : c.months[Number(period)]!)
  return (
    <section aria-labelledby="by-channel-heading" className="grid gap-3 rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h3 id="by-channel-heading" className="text-base font-semibold text-slate-900">
          {t('adminMoney.channels.title')}
        </h3>
        <Field id="by-channel-period" label={t('adminMoney.channels.period')} className="w-48">
          <Select value={period} onChange={(e) => setPeriod(e.target.value)}>
            <option value="total">{t('adminMoney.channels.wholeYear')}</option>
            {MONTH_NAMES.map((name, i) => (
              <option key={name} value={String(i)}>
                {monthName(i, locale)}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <p className="text-sm text-slate-700">
        {t('adminMoney.channels.intro')}
      </p>
      <ScrollBox label={t('adminMoney.channels.tableLabel', { period: periodName })}>
        <table className="w-full text-right text-sm">
          <caption className="sr-only">{t('adminMoney.channels.caption', { period: periodName })}</caption>
          <thead className="bg-slate-100 text-slate-800">
            <tr>
              <th scope="col" className="px-3 py-2 text-left">
                {t('adminMoney.channels.channel')}
              </th>
              <th scope="col" className="px-3 py-2">
                {t('adminMoney.channels.gross')}
              </th>
              <th scope="col" className="px-3 py-2">
                {t('adminMoney.channels.commission')}
              </th>
              <th scope="col" className="px-3 py-2">
                {t('adminMoney.channels.netToYou')}
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
                  <td className="px-3 py-2">{formatYen(f.gross, locale)}</td>
                  <td className="px-3 py-2">{formatYen(f.commission, locale)}</td>
                  <td className="px-3 py-2">
                    {formatYen(f.net, locale)}
                    {c.resellerId === null ? null : <span className="block text-xs text-slate-600">{t('adminMoney.channels.owedByReseller')}</span>}
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
  const t = useT()
  const locale = useLocale()
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
                {monthName(i, locale, 'short')}
              </text>
            </g>
          )
        })}
      </svg>
      <figcaption className="text-xs text-slate-700">{t('adminMoney.revenue.chartCaption', { year })}</figcaption>
    </figure>
  )
}
