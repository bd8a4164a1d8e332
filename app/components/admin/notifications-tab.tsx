import { Link } from 'react-router'
import type { AsJson, NotificationView } from '../../../server/for-app.ts'
import type { MessageId } from '../../../core/i18n/message-id.ts'
import { matchesText } from '../../../core/booking-search.ts'
import { useLocale, useT } from '../../i18n/i18n.tsx'
import { formatDateTime } from './email-and-time.ts'
import { AdminForm, ConfirmedRowAction, RowAction, useAdminSubmit } from './admin-form.tsx'
import { Badge } from '../ui/badge.tsx'
import { Button, buttonVariants } from '../ui/button.tsx'
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

/**
 * Every change is a form of the route's action (docs/decisions/0088), after which the dashboard's
 * loaders run again: the list and the badge follow.
 */
export function NotificationsTab({ notifications, search }: { notifications: AdminNotification[]; search: string }) {
  const t = useT()
  const shown = notifications.filter((n) => matchesText([n.title, n.message, n.type, n.type in TYPE_NAMES ? t(TYPE_NAMES[n.type]!) : ''], search))
  const unread = notifications.some((n) => !n.read)

  return (
    <section aria-labelledby="notifications-heading" className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="notifications-heading" className="text-lg font-semibold text-slate-900">
          {t('adminInbox.notifications.title')}
        </h2>
        <AdminForm intent="markAll" successTitle={t('adminInbox.notifications.markAllDone')} failTitle={t('adminInbox.notifications.markAllFailed')}>
          {({ busy }) => (
            <Button type="submit" size="md" variant="plain" disabled={!unread || busy}>
              {t('adminInbox.notifications.markAll')}
            </Button>
          )}
        </AdminForm>
      </div>
      {shown.length === 0 ? (
        <EmptyState>{t(search ? 'adminInbox.notifications.emptySearch' : 'adminInbox.notifications.empty')}</EmptyState>
      ) : (
        <ul className="grid gap-3" aria-label={t('adminInbox.notifications.title')}>
          {shown.map((n) => (
            <NotificationItem key={n.id} notification={n} />
          ))}
        </ul>
      )}
    </section>
  )
}

function NotificationItem({ notification: n }: { notification: AdminNotification }) {
  const t = useT()
  const locale = useLocale()
  // Following a notification's link reads it; deleting asks first. Both through the route's action.
  const { submit } = useAdminSubmit({ failTitle: t('adminInbox.notifications.markReadFailed') })
  const link = safeLink(n.actionLink)
  const ofTitle = <span className="sr-only">{t('adminInbox.notifications.ofTitle', { title: n.title })}</span>
  return (
    <li className={`rounded-lg border bg-white p-4 ${n.read ? 'border-slate-200' : 'border-blossom-600'}`}>
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-semibold text-slate-900">{n.title}</h3>
        {!n.read ? <Badge tone="new">{t('admin.common.new')}</Badge> : null}
        <Badge>{n.type in TYPE_NAMES ? t(TYPE_NAMES[n.type]!) : n.type}</Badge>
        <span className="text-xs text-slate-600">{formatDateTime(n.createdAt, locale)}</span>
      </div>
      <p className="mt-1 text-slate-900">{n.message}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        {link ? (
          <Link to={link} onClick={() => (!n.read ? void submit('markRead', { id: String(n.id) }) : undefined)} className={buttonVariants({ variant: 'brand', size: 'sm' })}>
            {t('adminInbox.notifications.view')}
            {ofTitle}
          </Link>
        ) : null}
        {!n.read ? (
          <RowAction intent="markRead" rowId={n.id} failTitle={t('adminInbox.notifications.markReadFailed')} size="sm" variant="plain">
            {t('adminInbox.markRead')}
            {ofTitle}
          </RowAction>
        ) : null}
        <ConfirmedRowAction
          intent="remove"
          rowId={n.id}
          trigger={{
            label: (
              <>
                {t('admin.common.delete')}
                {ofTitle}
              </>
            ),
            size: 'sm',
            variant: 'quietDanger',
          }}
          title={t('adminInbox.notifications.deleteTitle')}
          description={t('adminInbox.notifications.deleteDescription', { title: n.title })}
          confirmLabel={t('adminInbox.notifications.deleteConfirm')}
          failTitle={t('adminInbox.notifications.deleteFailed')}
        />
      </div>
    </li>
  )
}
