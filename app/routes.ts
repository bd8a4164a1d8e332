import { type RouteConfig, index, layout, route } from '@react-router/dev/routes'

// The route table of the product description, plus /privacy (issue 9) and the SEO files.
export default [
  layout('routes/public-layout.tsx', [
    index('routes/home.tsx'),
    route('about', 'routes/about.tsx'),
    route('explore', 'routes/explore.tsx'),
    route('packages', 'routes/packages.tsx'),
    route('how-it-works', 'routes/how-it-works.tsx'),
    route('contact', 'routes/contact.tsx'),
    route('booking', 'routes/booking.tsx', { id: 'booking' }),
    // /book is an alias of /booking.
    route('book', 'routes/booking.tsx', { id: 'book' }),
    route('checkout/:reference', 'routes/checkout.tsx'),
    route('booking-confirmation/:reference?', 'routes/booking-confirmation.tsx'),
    route('legal', 'routes/legal.tsx'),
    route('privacy', 'routes/privacy.tsx'),
    route('tokyo-2h-joetsu-day-trip', 'routes/tokyo-day-trip.tsx'),
    route('*', 'routes/not-found.tsx', { id: 'not-found' }),
  ]),
  route('admin', 'routes/admin/index.tsx'),
  route('admin/login', 'routes/admin/login.tsx'),
  route('admin/dashboard', 'routes/admin/dashboard.tsx'),
  // Unknown paths under /admin are not found too, but without the public chrome.
  route('admin/*', 'routes/not-found.tsx', { id: 'admin-not-found' }),
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('robots.txt', 'routes/robots.ts'),
] satisfies RouteConfig
