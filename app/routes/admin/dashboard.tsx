import * as Tabs from '@radix-ui/react-tabs'
import { useEffect, useState } from 'react'
import { data, Form, Link, redirect, useNavigate, useSearchParams, useSubmit } from 'react-router'
import { adminLoginPath } from '../../../core/admin-redirect.ts'
import { ADMIN_LOCALE_NAMES, ADMIN_LOCALES } from '../../../core/i18n/admin-locales.ts'
import type { MessageId } from '../../../core/i18n/message-id.ts'
import { adminLanguageSchema } from '../../../core/schemas/users.ts'
import { firstErrorMessage } from '../../../core/schemas/field-errors.ts'
import { adminPageLanguage } from '../../i18n/admin-messages.server.ts'
import { refusalIn } from '../../lib/refusal.server.ts'
import { useT } from '../../i18n/i18n.tsx'
import { businessNameOf, metaTranslator } from '../../i18n/translator.ts'
import { readForm } from '../../lib/form-post.server.ts'
import type { Route } from './+types/dashboard'
import { parseBookingIdParam } from '../../../core/booking-search.ts'
import { ADMIN_CHANGED_EVENT, api, failToast } from '../../components/admin/api.ts'
import { useAdminData } from '../../components/admin/use-admin-data.ts'
import { Badge } from '../../components/ui/badge.tsx'
import { Button, buttonVariants } from '../../components/ui/button.tsx'
import { BookingsTab } from '../../components/admin/bookings/bookings-tab.tsx'
import { CalendarTab } from '../../components/admin/calendar-tab.tsx'
import { MessagesTab, type ContactMessage } from '../../components/admin/messages-tab.tsx'
import { NotificationsTab, type AdminNotification } from '../../components/admin/notifications-tab.tsx'
import { UsersTab } from '../../components/admin/users-tab.tsx'
import { SettingsTab } from '../../components/admin/settings-tab.tsx'
import { PhotosTab } from '../../components/admin/photos-tab.tsx'
import { RevenueTab } from '../../components/admin/revenue-tab.tsx'
import { PromoCodesTab } from '../../components/admin/promo-codes-tab.tsx'
import { VouchersTab } from '../../components/admin/vouchers-tab.tsx'
import { ChannelsTab } from '../../components/admin/channels-tab.tsx'
import { ReviewsTab, type ReviewRow } from '../../components/admin/reviews-tab.tsx'
import { PRIVATE_FORM_PAGE_HEADERS } from '../../lib/private-page.ts'

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  { title: metaTranslator(loaderData?.adminLocale ?? 'en', matches)('admin.dashboard.metaTitle', { business: businessNameOf(matches) }) },
  { name: 'robots', content: 'noindex' },
]

export const TABS = [
  { value: 'bookings', label: 'admin.tabs.bookings' },
  { value: 'calendar', label: 'admin.tabs.calendar' },
  { value: 'messages', label: 'admin.tabs.messages' },
  { value: 'notifications', label: 'admin.tabs.notifications' },
  { value: 'reviews', label: 'admin.tabs.reviews' },
  { value: 'users', label: 'admin.tabs.users' },
  { value: 'photos', label: 'admin.tabs.photos' },
  { value: 'revenue', label: 'admin.tabs.revenue' },
  { value: 'promo-codes', label: 'admin.tabs.promoCodes' },
  { value: 'vouchers', label: 'admin.tabs.vouchers' },
  { value: 'channels', label: 'admin.tabs.channels' },
  { value: 'settings', label: 'admin.tabs.settings' },
] as const satisfies readonly { value: string; label: MessageId }[]
type TabValue = (typeof TABS)[number]['value']
const isTab = (v: string | null): v is TabValue => TABS.some((t) => t.value === v)

/**
 * An admin's view of the business: never cached, never in a Referer to another site. Its own forms
 * post without script (the language choice), so its posts keep their Origin (app/lib/private-page.ts).
 */
export const headers: Route.HeadersFunction = () => PRIVATE_FORM_PAGE_HEADERS

/** Only admins get in (docs/decisions/0011); anyone else goes to the login page with 'Access denied'. */
function requireAdmin(context: Route.LoaderArgs['context'], request: Request) {
  if (!context.user?.isAdmin) {
    const url = new URL(request.url)
    throw redirect(adminLoginPath(url.pathname + url.search))
  }
  return context.user
}

/** The dashboard in the admin's language (docs/decisions/0086), with every `admin*` namespace's words. */
export function loader({ context, request }: Route.LoaderArgs) {
  const user = requireAdmin(context, request)
  return { user: { id: user.id, username: user.username }, ...adminPageLanguage(request, user.language) }
}

/** The admin's choice of the dashboard's language, by a form that works without script (docs/decisions/0086). */
export async function action({ context, request }: Route.ActionArgs) {
  const user = requireAdmin(context, request)
  const form = await readForm(request)
  const parsed = adminLanguageSchema.safeParse({ language: form.get('language') })
  if (!parsed.success) return data({ message: refusalIn(adminPageLanguage(request, user.language).adminLocale, firstErrorMessage(parsed.error)) }, { status: 400 })
  await context.services.adminUsers.setLanguage(user.id, parsed.data.language)
  const url = new URL(request.url)
  throw redirect(url.pathname + url.search)
}

/** Notifications (and the messages badge) refresh every 30 s, as the product description asks. */
const NOTIFICATION_REFRESH_MS = 30_000

/** The admin's language, in the header: a choice posted to the route's action, at once when script runs. */
function LanguageChoice({ current }: { current: string }) {
  const t = useT()
  const submit = useSubmit()
  return (
    <Form method="post" className="flex items-center gap-2" onChange={(e) => void submit(e.currentTarget)}>
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

export default function AdminDashboard({ loaderData }: Route.ComponentProps) {
  const t = useT()
  const [params, setParams] = useSearchParams()
  const navigate = useNavigate()
  const tabParam = params.get('tab')
  const tab: TabValue = isTab(tabParam) ? tabParam : 'bookings'
  const bookingId = parseBookingIdParam(params.get('bookingId'))
  const [search, setSearch] = useState('')

  const messages = useAdminData<ContactMessage[]>('/api/admin/messages', t('admin.dashboard.messagesFailed'), [])
  // In the dashboard's language (docs/decisions/0086).
  const notifications = useAdminData<AdminNotification[]>(`/api/notifications?locale=${loaderData.adminLocale}`, t('admin.dashboard.notificationsFailed'), [])
  // Guests' reviews (docs/decisions/0063): the badge counts the ones not yet moderated.
  const reviews = useAdminData<ReviewRow[]>('/api/admin/reviews', t('admin.dashboard.reviewsFailed'), [])
  const { reload: loadMessages } = messages
  const { reload: loadReviews } = reviews
  const { reload: loadNotifications } = notifications

  useEffect(() => {
    // The messages badge rides along, so a new inquiry shows up without a reload. Polls stay
    // quiet on failure: the first load already told the admin, and a phone losing signal
    // between tours should not stack error toasts.
    const refresh = () => {
      void loadNotifications({ quiet: true })
      void loadMessages({ quiet: true })
      void loadReviews({ quiet: true })
    }
    const timer = window.setInterval(refresh, NOTIFICATION_REFRESH_MS)
    // The admin's own changes show in the badges at once.
    window.addEventListener(ADMIN_CHANGED_EVENT, refresh)
    return () => {
      window.clearInterval(timer)
      window.removeEventListener(ADMIN_CHANGED_EVENT, refresh)
    }
  }, [loadMessages, loadNotifications, loadReviews])

  const unreadMessages = messages.data?.filter((m) => !m.read).length ?? 0
  const unreadNotifications = notifications.data?.filter((n) => !n.read).length ?? 0
  const newReviews = reviews.data?.filter((r) => r.status === 'new').length ?? 0

  const setTab = (value: string) => {
    const next = new URLSearchParams(params)
    next.set('tab', value)
    setParams(next, { replace: true, preventScrollReset: true })
  }
  const clearBookingFilter = () => {
    const next = new URLSearchParams(params)
    next.delete('bookingId')
    setParams(next, { replace: true, preventScrollReset: true })
  }
  const openBooking = (id: number) => {
    setSearch('')
    setParams(new URLSearchParams({ tab: 'bookings', bookingId: String(id) }), { preventScrollReset: true })
  }

  async function logOut() {
    try {
      await api('POST', '/api/logout', undefined, { announceChange: false })
      navigate('/admin/login', { replace: true })
    } catch (error) {
      failToast(t('admin.dashboard.logOutFailed'), error)
    }
  }

  const badgeFor = (value: TabValue) => {
    const count = value === 'messages' ? unreadMessages : value === 'notifications' ? unreadNotifications : value === 'reviews' ? newReviews : 0
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
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-3 px-3 py-3 sm:px-6">
          <div>
            <h1 className="text-xl font-bold text-slate-900 sm:text-2xl">{t('admin.dashboard.title')}</h1>
            <p className="text-sm text-slate-700">{t('admin.dashboard.loggedInAs', { username: loaderData.user.username })}</p>
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <LanguageChoice current={loaderData.adminLocale} />
            <Link to="/" className={buttonVariants({ variant: 'plain', size: 'md' })}>
              {t('admin.dashboard.viewWebsite')}
            </Link>
            <Button size="md" variant="plain" onClick={logOut}>
              {t('admin.dashboard.logOut')}
            </Button>
          </div>
        </div>
      </header>

      <main id="main" className="mx-auto max-w-7xl px-3 py-4 sm:px-6">
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
          {bookingId !== null ? (
            <div className="flex items-center gap-2">
              <Badge tone="new">{t('admin.dashboard.showingBooking', { id: bookingId })}</Badge>
              <Button variant="plain" size="sm" onClick={clearBookingFilter}>
                {t('admin.dashboard.clearFilter')}
              </Button>
            </div>
          ) : null}
        </div>

        <Tabs.Root value={tab} onValueChange={setTab} activationMode="manual">
          <Tabs.List aria-label={t('admin.dashboard.sections')} className="mb-4 flex flex-wrap gap-x-1 border-b border-slate-300">
            {TABS.map((section) => (
              <Tabs.Trigger
                key={section.value}
                value={section.value}
                className="relative inline-flex min-h-11 shrink-0 items-center whitespace-nowrap border-b-2 border-transparent px-3 text-sm font-medium text-slate-700 hover:text-slate-900 data-[state=active]:border-brand-700 data-[state=active]:text-brand-800"
              >
                {t(section.label)}
                {badgeFor(section.value)}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
          <Tabs.Content value="bookings" className="focus-visible:outline-offset-4">
            <BookingsTab search={search} bookingId={bookingId} />
          </Tabs.Content>
          <Tabs.Content value="calendar">
            <CalendarTab onOpenBooking={openBooking} />
          </Tabs.Content>
          <Tabs.Content value="messages">
            <MessagesTab messages={messages.data} search={search} updateMessages={messages.update} />
          </Tabs.Content>
          <Tabs.Content value="notifications">
            <NotificationsTab notifications={notifications.data} search={search} updateNotifications={notifications.update} reload={() => loadNotifications()} />
          </Tabs.Content>
          <Tabs.Content value="reviews">
            <ReviewsTab reviews={reviews.data} search={search} reload={() => void loadReviews()} />
          </Tabs.Content>
          <Tabs.Content value="users">
            <UsersTab search={search} currentUserId={loaderData.user.id} />
          </Tabs.Content>
          <Tabs.Content value="photos">
            <PhotosTab />
          </Tabs.Content>
          <Tabs.Content value="revenue">
            <RevenueTab />
          </Tabs.Content>
          <Tabs.Content value="promo-codes">
            <PromoCodesTab />
          </Tabs.Content>
          <Tabs.Content value="vouchers">
            <VouchersTab />
          </Tabs.Content>
          <Tabs.Content value="channels">
            <ChannelsTab />
          </Tabs.Content>
          <Tabs.Content value="settings">
            <SettingsTab />
          </Tabs.Content>
        </Tabs.Root>
      </main>
    </div>
  )
}
