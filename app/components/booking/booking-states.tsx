import { Link } from 'react-router'
import { formatYen } from '../../../core/money.ts'
import { useLocalePath, useT } from '../../i18n/i18n.tsx'
import type { Translate } from '../../i18n/translator.ts'
import { ContactLinks } from './contact-links.tsx'
import { buttonVariants } from '../ui/button.tsx'

const bookAgainLink = buttonVariants({ variant: 'brand' })

/** What happened to the money of a cancelled booking, in one calm sentence for the guest. */
export function cancelledMoneyText(booking: { amountReceived: number; amountRefunded: number }, t: Translate): string {
  if (booking.amountRefunded > 0) return t('booking.cancelled.refunded', { amount: formatYen(booking.amountRefunded) })
  if (booking.amountReceived > 0) return t('booking.cancelled.noRefund')
  return t('booking.cancelled.nothingCharged')
}

/**
 * The confirmation page of a cancelled booking (docs/decisions/0029): no thank-you, no "What's Next",
 * no payment: the booking is cancelled, what happened to the money, and how to book again.
 */
export function CancelledBookingNotice({ booking }: { booking: { amountReceived: number; amountRefunded: number } }) {
  const t = useT()
  const path = useLocalePath()
  return (
    <section aria-labelledby="cancelled-title" className="mt-4 rounded-2xl border border-slate-300 bg-slate-50 p-5">
      <h3 id="cancelled-title" className="text-xl font-bold text-slate-900">
        {t('booking.cancelled.title')}
      </h3>
      <p className="mt-2 text-slate-800">{cancelledMoneyText(booking, t)}</p>
      <p className="mt-2 text-slate-800">{t('booking.cancelled.again')}</p>
      <p className="mt-4">
        <Link to={path('/booking')} className={bookAgainLink}>
          {t('booking.cancelled.bookAgain')}
        </Link>
      </p>
    </section>
  )
}

/** An unknown reference (docs/decisions/0029): say so, and offer the ways forward. The loader answers 404. */
export function BookingNotFound() {
  const t = useT()
  const path = useLocalePath()
  return (
    <section aria-labelledby="not-found-title" className="text-center">
      <h2 id="not-found-title" className="text-2xl font-bold text-brand-900">
        {t('booking.notFound.title')}
      </h2>
      <p className="mt-3 text-slate-800">{t('booking.notFound.text')}</p>
      <p className="mt-6 flex flex-wrap justify-center gap-3">
        <Link to={path('/booking')} className={bookAgainLink}>
          {t('booking.notFound.book')}
        </Link>
        <Link to={path('/contact')} className={buttonVariants({ variant: 'secondary' })}>
          {t('booking.notFound.contact')}
        </Link>
      </p>
      <div className="mt-6 flex justify-center">
        <ContactLinks message={t('booking.notFound.message')} subject={t('booking.notFound.subject')} />
      </div>
    </section>
  )
}
