import { type RouteConfig, layout, route, index } from '@react-router/dev/routes'
import { LOCALES } from '../core/i18n/locales.ts'
import { ADMIN_SECTIONS } from './components/admin/sections.ts'

/**
 * The public pages of the product description, plus /privacy (docs/decisions/0020), once per language
 * (docs/decisions/0044): English at today's URLs, every other locale under its prefix, with
 * route ids suffixed by the locale so that each is its own route.
 */
function publicPages(suffix: string) {
  const id = (name: string) => `${name}${suffix}`
  return [
    index('routes/home.tsx', { id: id('routes/home') }),
    route('about', 'routes/about.tsx', { id: id('routes/about') }),
    route('explore', 'routes/explore.tsx', { id: id('routes/explore') }),
    route('packages', 'routes/packages.tsx', { id: id('routes/packages') }),
    // What guests said (docs/decisions/0063).
    route('reviews', 'routes/reviews.tsx', { id: id('routes/reviews') }),
    route('how-it-works', 'routes/how-it-works.tsx', { id: id('routes/how-it-works') }),
    route('contact', 'routes/contact.tsx', { id: id('routes/contact') }),
    route('booking', 'routes/booking.tsx', { id: id('booking') }),
    // /book is an alias of /booking.
    route('book', 'routes/booking.tsx', { id: id('book') }),
    route('checkout/:reference', 'routes/checkout.tsx', { id: id('routes/checkout') }),
    route('booking-confirmation/:reference?', 'routes/booking-confirmation.tsx', { id: id('routes/booking-confirmation') }),
    // The guest changes their booking (docs/decisions/0055).
    route('booking-confirmation/:reference/change', 'routes/change-booking.tsx', { id: id('routes/change-booking') }),
    // Waiting for a taken slot, and leaving the list from the e-mail's link (docs/decisions/0057).
    route('booking/waitlist', 'routes/waitlist-join.tsx', { id: id('routes/waitlist-join') }),
    route('waitlist/:token', 'routes/waitlist-leave.tsx', { id: id('routes/waitlist-leave') }),
    // The link of the one e-mail that confirms an address before it waits (docs/decisions/0070).
    route('waitlist/confirm/:token', 'routes/waitlist-confirm.tsx', { id: id('routes/waitlist-confirm') }),
    // The private link of a review request (docs/decisions/0063).
    route('review/:token', 'routes/review-write.tsx', { id: id('routes/review-write') }),
    // Gift vouchers (docs/decisions/0065): sold here, printed from their private link.
    route('gift', 'routes/gift.tsx', { id: id('routes/gift') }),
    route('voucher/:token', 'routes/voucher.tsx', { id: id('routes/voucher') }),
    route('legal', 'routes/legal.tsx', { id: id('routes/legal') }),
    route('privacy', 'routes/privacy.tsx', { id: id('routes/privacy') }),
    route('tokyo-2h-joetsu-day-trip', 'routes/tokyo-day-trip.tsx', { id: id('routes/tokyo-day-trip') }),
    // Unknown paths, unknown language prefixes among them, are not found.
    route('*', 'routes/not-found.tsx', { id: id('not-found') }),
  ]
}

export default [
  ...LOCALES.map(({ code, prefix }) =>
    prefix === ''
      ? layout('routes/public-layout.tsx', publicPages(''))
      : route(prefix.slice(1), 'routes/public-layout.tsx', { id: `routes/public-layout.${code}` }, publicPages(`.${code}`)),
  ),
  route('admin', 'routes/admin/index.tsx'),
  route('admin/login', 'routes/admin/login.tsx'),
  // The dashboard's old address, redirected to its sections (docs/decisions/0088).
  route('admin/dashboard', 'routes/admin/dashboard.tsx'),
  // The dashboard: its words, a frame and one URL per section, each with its own loader and action (docs/decisions/0088).
  layout('routes/admin/words.tsx', [layout('routes/admin/layout.tsx', ADMIN_SECTIONS.map(({ value }) => route(`admin/${value}`, `routes/admin/${value}.tsx`)))]),
  // A month's slots for the booking dialogs' date and time choice (docs/decisions/0088).
  route('admin/booking-slots', 'routes/admin/booking-slots.ts'),
  // The sections' badges, for the dashboard's 30 s check (docs/decisions/0090).
  route('admin/badges', 'routes/admin/badges.ts'),
  // Unknown paths under /admin are not found too, but without the public chrome.
  route('admin/*', 'routes/not-found.tsx', { id: 'admin-not-found' }),
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('robots.txt', 'routes/robots.ts'),
] satisfies RouteConfig
