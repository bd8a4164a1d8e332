import { Link } from 'react-router'
import type { AsJson, Notification } from '../../../server/for-app.ts'
import { matchesText } from '../../../core/booking-search.ts'
import { api, failToast, formatDateTime, successToast } from './api.ts'
import { Badge } from '../ui/badge.tsx'
import { Button, buttonVariants } from '../ui/button.tsx'
import { ConfirmDialog } from '../ui/dialog.tsx'
import { EmptyState } from '../ui/empty-state.tsx'

export type AdminNotification = AsJson<Notification>

/** Only our own dashboard and site paths are followed (no open redirect through a stored link). */
const safeLink = (link: string | null) => (link && link.startsWith('/') && !link.startsWith('//') ? link : null)

export function NotificationsTab({
  notifications,
  search,
  updateNotifications,
  reload,
}: {
  notifications: AdminNotification[] | null
  search: string
  updateNotifications: (change: (n: AdminNotification[]) => AdminNotification[]) => void
  reload: () => Promise<void>
}) {
  async function markRead(id: number) {
    try {
      await api('PATCH', `/api/notifications/${id}/read`)
      updateNotifications((list) => list.map((n) => (n.id === id ? { ...n, read: true } : n)))
    } catch (error) {
      failToast('Failed to mark notification as read', error)
    }
  }
  async function markAll() {
    try {
      await api('PATCH', '/api/notifications/mark-all-read')
      updateNotifications((list) => list.map((n) => ({ ...n, read: true })))
      successToast('All notifications marked as read')
    } catch (error) {
      failToast('Failed to mark all notifications as read', error)
    }
  }
  async function remove(id: number) {
    try {
      await api('DELETE', `/api/notifications/${id}`)
      updateNotifications((list) => list.filter((n) => n.id !== id))
    } catch (error) {
      failToast('Failed to delete notification', error)
      await reload()
    }
  }

  const shown = (notifications ?? []).filter((n) => matchesText([n.title, n.message, n.type], search))
  const unread = (notifications ?? []).some((n) => !n.read)

  return (
    <section aria-labelledby="notifications-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="notifications-heading" className="text-lg font-semibold text-slate-900">
          Notifications
        </h2>
        <Button size="md" variant="plain" onClick={markAll} disabled={!unread}>
          Mark All as Read
        </Button>
      </div>
      {notifications === null ? (
        <p className="text-slate-700">Loading notifications…</p>
      ) : shown.length === 0 ? (
        <EmptyState>No notifications{search ? ' match your search' : ''}.</EmptyState>
      ) : (
        <ul className="grid gap-3" aria-label="Notifications">
          {shown.map((n) => {
            const link = safeLink(n.actionLink)
            return (
              <li key={n.id} className={`rounded-lg border bg-white p-4 ${n.read ? 'border-slate-200' : 'border-blossom-600'}`}>
                <div className="flex flex-wrap items-center gap-2">
                  <h3 className="font-semibold text-slate-900">{n.title}</h3>
                  {!n.read ? <Badge tone="new">New</Badge> : null}
                  <Badge>{n.type}</Badge>
                  <span className="text-xs text-slate-600">{formatDateTime(n.createdAt)}</span>
                </div>
                <p className="mt-1 text-slate-900">{n.message}</p>
                <div className="mt-3 flex flex-wrap gap-2">
                  {link ? (
                    <Link
                      to={link}
                      onClick={() => (!n.read ? void markRead(n.id) : undefined)}
                      className={buttonVariants({ variant: 'brand', size: 'sm' })}
                    >
                      View<span className="sr-only">: {n.title}</span>
                    </Link>
                  ) : null}
                  {!n.read ? (
                    <Button size="sm" variant="plain" onClick={() => markRead(n.id)}>
                      Mark as read<span className="sr-only">: {n.title}</span>
                    </Button>
                  ) : null}
                  <ConfirmDialog
                    trigger={
                      <Button size="sm" variant="quietDanger">
                        Delete<span className="sr-only">: {n.title}</span>
                      </Button>
                    }
                    title="Delete this notification?"
                    description={`“${n.title}” will be removed. This cannot be undone.`}
                    confirmLabel="Delete Notification"
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
