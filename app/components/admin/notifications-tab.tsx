import { Link, useRevalidator } from 'react-router'
import type { AsJson, NotificationView } from '../../../server/for-app.ts'
import type { MessageId } from '../../../core/i18n/message-id.ts'
import { matchesText } from '../../../core/booking-search.ts'
import { useLocale, useT } from '../../i18n/i18n.tsx'
import { api, failToast, formatDateTime, successToast } from './api.ts'
import { Badge } from '../ui/badge.tsx'
import { Button, buttonVariants } from '../ui/button.tsx'
import { ConfirmDialog } from '../ui/dialog.tsx'
import { EmptyState } from '../ui/empty-state.tsx'

export type AdminNotification = AsJson<NotificationView>

/** A notification's kind as its badge names it, in the dashboard's language (docs/decisions/0086). */
const TYPE_NAMES: Record<string, MessageId> = {
  booking: 'adminInbox.notifications.typeBooking',
  message: 'adminInbox.notifications.typeMessage',
  system: 'adminInbox.notifications.typeSystem',
}

/** Only our own dashboard and site paths are followed (no open redirect through a stored link). */
const safeLink = (link: string | null) => (link && link.startsWith('/') && !link.startsWith('//') ? link : null)

/** Every change goes through the JSON API, after which the dashboard's loaders run again (app/routes/admin/layout.tsx): the list follows. */
export function NotificationsTab({ notifications, search }: { notifications: AdminNotification[] | null; search: string }) {
  const t = useT()
  const { revalidate } = useRevalidator()
  const locale = useLocale()
  async function markRead(id: number) {
    try {
      await api('PATCH', `/api/notifications/${id}/read`)
    } catch (error) {
      failToast(t('adminInbox.notifications.markReadFailed'), error)
    }
  }
  async function markAll() {
    try {
      await api('PATCH', '/api/notifications/mark-all-read')
      successToast(t('adminInbox.notifications.markAllDone'))
    } catch (error) {
      failToast(t('adminInbox.notifications.markAllFailed'), error)
    }
  }
  async function remove(id: number) {
    try {
      await api('DELETE', `/api/notifications/${id}`)
    } catch (error) {
      failToast(t('adminInbox.notifications.deleteFailed'), error)
      await revalidate()
    }
  }

  const shown = (notifications ?? []).filter((n) => matchesText([n.title, n.message, n.type, n.type in TYPE_NAMES ? t(TYPE_NAMES[n.type]!) : ''], search))
  const unread = (notifications ?? []).some((n) => !n.read)

  return (
    <section aria-labelledby="notifications-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="notifications-heading" className="text-lg font-semibold text-slate-900">
          {t('adminInbox.notifications.title')}
        </h2>
        <Button size="md" variant="plain" onClick={markAll} disabled={!unread}>
          {t('adminInbox.notifications.markAll')}
        </Button>
      </div>
      {notifications === null ? (
        <p className="text-slate-700">{t('adminInbox.notifications.loading')}</p>
      ) : shown.length === 0 ? (
        <EmptyState>{t(search ? 'adminInbox.notifications.emptySearch' : 'adminInbox.notifications.empty')}</EmptyState>
      ) : (
        <ul className="grid gap-3" aria-label={t('adminInbox.notifications.title')}>
          {shown.map((n) => {
            const link = safeLink(n.actionLink)
            return (
              <li key={n.id} className={`rounded-lg border bg-white p-4 ${n.read ? 'border-slate-200' : 'border-blossom-600'}`}>
                <div className="flex flex-wrap items-center gap-2">
                  <h3 className="font-semibold text-slate-900">{n.title}</h3>
                  {!n.read ? <Badge tone="new">{t('admin.common.new')}</Badge> : null}
                  <Badge>{n.type in TYPE_NAMES ? t(TYPE_NAMES[n.type]!) : n.type}</Badge>
                  <span className="text-xs text-slate-600">{formatDateTime(n.createdAt, locale)}</span>
                </div>
                <p className="mt-1 text-slate-900">{n.message}</p>
                <div className="mt-3 flex flex-wrap gap-2">
                  {link ? (
                    <Link
                      to={link}
                      onClick={() => (!n.read ? void markRead(n.id) : undefined)}
                      className={buttonVariants({ variant: 'brand', size: 'sm' })}
                    >
                      {t('adminInbox.notifications.view')}
                      <span className="sr-only">{t('adminInbox.notifications.ofTitle', { title: n.title })}</span>
                    </Link>
                  ) : null}
                  {!n.read ? (
                    <Button size="sm" variant="plain" onClick={() => markRead(n.id)}>
                      {t('adminInbox.markRead')}
                      <span className="sr-only">{t('adminInbox.notifications.ofTitle', { title: n.title })}</span>
                    </Button>
                  ) : null}
                  <ConfirmDialog
                    trigger={
                      <Button size="sm" variant="quietDanger">
                        {t('admin.common.delete')}
                        <span className="sr-only">{t('adminInbox.notifications.ofTitle', { title: n.title })}</span>
                      </Button>
                    }
                    title={t('adminInbox.notifications.deleteTitle')}
                    description={t('adminInbox.notifications.deleteDescription', { title: n.title })}
                    confirmLabel={t('adminInbox.notifications.deleteConfirm')}
                    onConfirm={() => remove(n.id)}
                  />
                </div>
              </li>
            )
          })}
        </ul>
      )}
    </section>
  )
}
