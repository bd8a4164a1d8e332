import { clsx } from 'clsx'
import { Link } from 'react-router'
import { formatYen } from '../../../core/money.ts'
import { CheckIcon } from './icons.tsx'
import { linkStyle } from './styles.ts'
import { buttonVariants } from '../ui/button.tsx'
import type { PublicTour } from './tour-prices.ts'

/** What every private tour includes, whichever length. */
const INCLUDED = [
  'Your private English-speaking local guide',
  'An itinerary planned around your interests',
  'Meeting at Joetsu-Myoko Station or your hotel',
]

/**
 * The two tour cards with their prices (docs/decisions/0019), as read from the catalogue by the page's
 * loader: tax-inclusive yen, the per-extra-guest price and the group limit. The solo
 * special appears only when the loader found its promotion open today.
 */
export function TourPriceCards({ tours, headingLevel = 3 }: { tours: PublicTour[]; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  if (tours.length === 0) {
    return (
      <p className="rounded-2xl border border-brand-100 bg-white p-6 text-center">
        Our tour prices are being updated. Please{' '}
        <Link to="/contact" className={linkStyle}>
          contact us
        </Link>{' '}
        for a quote.
      </p>
    )
  }
  return (
    <ul className="grid gap-6 md:grid-cols-2">
      {tours.map((tour) => (
        <li key={tour.slug} className="flex flex-col rounded-2xl border border-brand-100 bg-white p-6 shadow-sm sm:p-8">
          <Heading className="text-xl font-bold text-brand-900">{tour.name}</Heading>
          <p className="mt-1 text-sm font-medium uppercase tracking-wide text-field-600">{tour.duration}</p>
          <p className="mt-4 flex flex-wrap items-baseline gap-x-2">
            <span className="text-4xl font-bold text-brand-900">{formatYen(tour.basePrice)}</span>
            <span className="text-slate-700">for 1–{tour.includedGuests} guests, tax included</span>
          </p>
          <p className="mt-2 text-slate-700">
            + {formatYen(tour.extraGuestPrice)} per additional guest, up to {tour.maxGroupSize} guests
          </p>
          {tour.solo ? (
            <p className="mt-3 rounded-lg bg-blossom-100 px-3 py-2 text-sm font-medium text-blossom-700">
              Solo special: {formatYen(tour.solo.price)} for one guest{tour.solo.until ? `, for tours until ${tour.solo.until}` : ''}.
            </p>
          ) : null}
          {tour.shortDescription ? <p className="mt-4 text-slate-700">{tour.shortDescription}</p> : null}
          <ul className="mt-4 space-y-2 text-slate-700">
            {INCLUDED.map((item) => (
              <li key={item} className="flex gap-2">
                <CheckIcon className="mt-0.5 size-5 shrink-0 text-field-600" />
                {item}
              </li>
            ))}
          </ul>
          <div className="mt-auto pt-6">
            <Link to="/booking" className={clsx(buttonVariants(), 'w-full')} aria-label={`Book Now: ${tour.name}`}>
              Book Now
            </Link>
          </div>
        </li>
      ))}
    </ul>
  )
}
