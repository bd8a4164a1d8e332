import { useEffect, useRef, useState } from 'react'
import { Form, Link, NavLink, Outlet, useFetcher, useLocation, useMatches, useNavigate, useNavigation, useRevalidator, useSearchParams, useSubmit } from 'react-router'
import { ADMIN_LOCALE_NAMES, ADMIN_LOCALES } from '../../../core/i18n/admin-locales.ts'
import { parseBookingIdParam } from '../../../core/booking-search.ts'
import { useLocale, useT } from '../../i18n/i18n.tsx'
import { businessNameOf, metaTranslator, rootLocaleOf } from '../../i18n/translator.ts'
import { ADMIN_INTENT_FIELD, LANGUAGE_INTENT } from '../../lib/admin-form.ts'
import { requireAdmin } from '../../lib/admin-route.server.ts'
import { badgeCounts, type BadgeCounts } from '../../components/admin/badges.server.ts'
import { PRIVATE_FORM_PAGE_HEADERS } from '../../lib/private-page.ts'
import { ADMIN_SECTIONS, adminSectionPath, type AdminSection } from '../../components/admin/sections.ts'
import { Badge } from '../../components/ui/badge.tsx'
import { Button, buttonVariants } from '../../components/ui/button.tsx'
import type { Route } from './+types/layout'
import { useHydrated } from '../../lib/use-hydrated.ts'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: metaTranslator(rootLocaleOf(matches) ?? 'en', matches)('admin.dashboard.metaTitle', { business: businessNameOf(matches) }) },
  { name: 'robots', content: 'noindex' },
]

/**
 * An admin's view of the business: never cached, never in a Referer to another site. Its own forms
 * post without script (the language choice, the tabs' saves), so its posts keep their Origin
 * (app/lib/private-page.ts). The sections have no headers of their own: these are theirs.
 */
export const headers: Route.HeadersFunction = () => PRIVATE_FORM_PAGE_HEADERS

export { AdminErrorPage as ErrorBoundary } from '../../components/admin/admin-error-page.tsx'

/**
 * The dashboard's frame (docs/decisions/0088): who is signed in and the counts on the sections'
 * links. Its words are the parent route's (app/routes/admin/words.tsx), its language the root loader's.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const user = requireAdmin({ context, request })
  return { user: { id: user.id, username: user.username }, badges: await badgeCounts(context.services) }
}

/** What the layout hands its sections (useOutletContext): the header's search, who is signed in, and a way to a booking. */
export type AdminOutletContext = { search: string; userId: number; openBooking: (id: number) => void }

/** Notifications (and the badges) refresh every 30 s, as the product description asks. */
const NOTIFICATION_REFRESH_MS = 30_000
const BADGES_PATH = '/admin/badges'

/**
 * Every 30 s the badges alone are read (app/routes/admin/badges.ts); only when one has changed (a
 * guest's booking, message or review came in) does the page load again, section and all, so the
 * new row shows without a reload and an idle page costs three counts, not its whole section
 * (docs/decisions/0090). The admin's own saves go through the route actions, after which the page
 * loads again anyway.
 */
function useBadgesCheck(shown: BadgeCounts) {
  const { load, data } = useFetcher<BadgeCounts>()
  const { revalidate } = useRevalidator()
  const shownRef = useRef(shown)
  shownRef.current = shown
  useEffect(() => {
    const timer = window.setInterval(() => void load(BADGES_PATH), NOTIFICATION_REFRESH_MS)
    return () => window.clearInterval(timer)
  }, [load])
  const checked = useRef<BadgeCounts | undefined>(undefined)
  useEffect(() => {
    // Once per answer of the check: the page loaded again then shows the check's counts.
    if (!data || checked.current === data) return
    checked.current = data
    if ((Object.keys(data) as (keyof BadgeCounts)[]).some((key) => data[key] !== shownRef.current[key])) void revalidate()
  }, [data, revalidate])
}

/** The admin's language, in the header: a choice posted to the page's action, at once when script runs. */
function LanguageChoice({ current }: { current: string }) {
  const t = useT()
  const submit = useSubmit()
  const location = useLocation()
  return (
    <Form method="post" action={location.pathname + location.search} className="flex items-center gap-2" onChange={(e) => void submit(e.currentTarget)}>
      <input type="hidden" name={ADMIN_INTENT_FIELD} value={LANGUAGE_INTENT} />
      <label htmlFor="admin-language" className="text-sm text-slate-700">
        {t('admin.dashboard.language')}
      </label>
      <select id="admin-language" name="language" defaultValue={current} className="min-h-11 rounded-md border border-slate-400 bg-white px-2 text-sm text-slate-900">
        {ADMIN_LOCALES.map((code) => (
          <option key={code} value={code} lang={code}>
            {ADMIN_LOCALE_NAMES[code]}
          </option>
        ))}
      </select>
      <noscript>
        <Button size="md" variant="plain" type="submit">
          {t('admin.dashboard.languageSave')}
        </Button>
      </noscript>
    </Form>
  )
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const locale = useLocale()
  const navigate = useNavigate()
  const matches = useMatches()
  const [params, setParams] = useSearchParams()
  const bookingId = parseBookingIdParam(params.get('bookingId'))
  // The Bookings list's search is in its address (`?q=`): a reload keeps what the box says.
  const [search, setSearch] = useState(() => params.get('q') ?? '')
  const hydrated = useHydrated()
  const section = ADMIN_SECTIONS.find((s) => matches.some((m) => m.pathname === adminSectionPath(s.value)))
  // While the section loads again (after a save, a refusal, the 30 s check) the page says it is
  // busy: assistive technology waits for the new content, and so does the browser tests' axe check.
  const navigation = useNavigation()
  const revalidation = useRevalidator()
  const loadingAgain = navigation.state !== 'idle' || revalidation.state !== 'idle'

  useBadgesCheck(loaderData.badges)

  const clearBookingFilter = () => {
    const next = new URLSearchParams(params)
    next.delete('bookingId')
    setParams(next, { replace: true, preventScrollReset: true })
  }
  const openBooking = (id: number) => {
    setSearch('')
    navigate(`${adminSectionPath('bookings')}?bookingId=${id}`, { preventScrollReset: true })
  }

  const badgeFor = (value: AdminSection) => {
    const count = (loaderData.badges as Partial<Record<AdminSection, number>>)[value] ?? 0
    if (count === 0) return null
    return (
      <Badge tone="count" size="count" className="ml-1.5" data-testid={`${value}-badge`}>
        {count}
        <span className="sr-only"> {t(value === 'reviews' ? 'admin.dashboard.badgeNew' : 'admin.dashboard.badgeUnread')}</span>
      </Badge>
    )
  }

  return (
    <div className="min-h-screen bg-slate-50">
      {/* Marked once the script runs, as the site's header is (the browser tests wait for it). */}
      <header className="border-b border-slate-200 bg-white" data-hydrated={hydrated ? 'true' : undefined}>
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-3 py-3 sm:px-6">
          <div>
            <h1 className="text-xl font-bold text-slate-900 sm:text-2xl">{t('admin.dashboard.title')}</h1>
            <p className="text-sm text-slate-700">{t('admin.dashboard.loggedInAs', { username: loaderData.user.username })}</p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <LanguageChoice key={locale} current={locale} />
            <Link to="/" className={buttonVariants({ variant: 'plain', size: 'md' })}>
              {t('admin.dashboard.viewWebsite')}
            </Link>
            {/* A plain form, not the router's: the answer that ends the session clears its cookie and goes on to the login page. */}
            <form method="post" action="/api/logout">
              <Button size="md" variant="plain" type="submit">
                {t('admin.dashboard.logOut')}
              </Button>
            </form>
          </div>
        </div>
      </header>

      <main id="main" className="mx-auto max-w-7xl px-3 py-4 sm:px-6" aria-busy={loadingAgain || undefined}>
        <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center">
          <div className="grow">
            <label htmlFor="dashboard-search" className="sr-only">
              {t('admin.dashboard.search')}
            </label>
            <input
              id="dashboard-search"
              type="search"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder={t('admin.dashboard.searchPlaceholder')}
              className="block min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 text-base text-slate-900 placeholder:text-slate-600"
            />
          </div>
          {bookingId !== null && section?.value === 'bookings' ? (
            <div className="flex items-center gap-2">
              <Badge tone="new">{t('admin.dashboard.showingBooking', { id: bookingId })}</Badge>
              <Button variant="plain" size="sm" onClick={clearBookingFilter}>
                {t('admin.dashboard.clearFilter')}
              </Button>
            </div>
          ) : null}
        </div>

        <nav aria-label={t('admin.dashboard.sections')} className="mb-4 flex flex-wrap gap-x-1 border-b border-slate-300">
          {ADMIN_SECTIONS.map((s) => (
            <NavLink
              key={s.value}
              to={adminSectionPath(s.value)}
              preventScrollReset
              className="relative inline-flex min-h-11 shrink-0 items-center whitespace-nowrap border-b-2 border-transparent px-3 text-sm font-medium text-slate-700 hover:text-slate-900 aria-[current=page]:border-brand-700 aria-[current=page]:text-brand-800"
            >
              {t(s.label)}
              {badgeFor(s.value)}
            </NavLink>
          ))}
        </nav>
        <Outlet context={{ search, userId: loaderData.user.id, openBooking } satisfies AdminOutletContext} />
      </main>
    </div>
  )
}
