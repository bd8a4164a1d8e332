import { clsx } from 'clsx'
import { Link } from 'react-router'
import { formatYen } from '../../../core/money.ts'
import { CheckIcon } from './icons.tsx'
import { linkStyle } from './styles.ts'
import { buttonVariants } from '../ui/button.tsx'
import type { PublicTour } from './tour-prices.ts'
import type { MessageId } from '../../../core/i18n/message-id.ts'
import { T, useLocalePath, useT } from '../../i18n/i18n.tsx'

/** What every private tour includes, whichever length. */
const INCLUDED: MessageId[] = ['prices.included.guide', 'prices.included.itinerary', 'prices.included.meeting']

/**
 * The two tour cards with their prices (docs/decisions/0019), as read from the catalogue by the page's
 * loader: tax-inclusive yen, the per-extra-guest price and the group limit. The solo
 * special appears only when the loader found its promotion open today.
 */
export function TourPriceCards({ tours, headingLevel = 3 }: { tours: PublicTour[]; headingLevel?: 2 | 3 }) {
  const t = useT()
  const path = useLocalePath()
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  if (tours.length === 0) {
    return (
      <p className="rounded-2xl border border-brand-100 bg-white p-6 text-center">
        <T id="prices.updating" components={{ 0: <Link to={path('/contact')} className={linkStyle} /> }} />
      </p>
    )
  }
  return (
    <ul className="grid gap-6 md:grid-cols-2">
      {tours.map((tour) => (
        <li key={tour.slug} id={tour.anchor} className="flex scroll-mt-24 flex-col rounded-2xl border border-brand-100 bg-white p-6 shadow-sm sm:p-8">
          <Heading className="text-xl font-bold text-brand-900">{tour.name}</Heading>
          <p className="mt-1 text-sm font-medium uppercase tracking-wide text-field-600">{tour.duration}</p>
          <p className="mt-4 flex flex-wrap items-baseline gap-x-2">
            <span className="text-4xl font-bold text-brand-900">{formatYen(tour.basePrice)}</span>
            <span className="text-slate-700">{t('prices.base', { included: tour.includedGuests })}</span>
          </p>
          <p className="mt-2 text-slate-700">{t('prices.extra', { price: formatYen(tour.extraGuestPrice), max: tour.maxGroupSize })}</p>
          {tour.solo ? (
            <p className="mt-3 rounded-lg bg-blossom-100 px-3 py-2 text-sm font-medium text-blossom-700">
              {tour.solo.until
                ? t('prices.soloUntil', { price: formatYen(tour.solo.price), until: tour.solo.until })
                : t('prices.solo', { price: formatYen(tour.solo.price) })}
            </p>
          ) : null}
          {tour.shortDescription ? <p className="mt-4 text-slate-700">{tour.shortDescription}</p> : null}
          <ul className="mt-4 space-y-2 text-slate-700">
            {INCLUDED.map((item) => (
              <li key={item} className="flex gap-2">
                <CheckIcon className="mt-0.5 size-5 shrink-0 text-field-600" />
                {t(item)}
              </li>
            ))}
          </ul>
          <div className="mt-auto pt-6">
            <Link to={path('/booking')} className={clsx(buttonVariants(), 'w-full')} aria-label={t('prices.bookLabel', { tour: tour.name })}>
              {t('prices.book')}
            </Link>
          </div>
        </li>
      ))}
    </ul>
  )
}
