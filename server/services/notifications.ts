import { count, desc, eq } from 'drizzle-orm'
import type { Db, Tx } from '../db/client.ts'
import { notifications, type Notification } from '../db/schema.ts'
import { NOTICES, writeNoticeValues, type Notice } from '../../core/admin-notices.ts'
import type { AdminLocale } from '../../core/i18n/admin-locales.ts'
import { translate } from '../i18n/catalog.ts'
import { refusal } from '../../core/i18n/refusal.ts'
import { ServiceError } from './service-error.ts'

export type NotificationType = 'booking' | 'message' | 'system'
/** A notification says what happened as a notice: a message id and its values, never a sentence (docs/decisions/0086). */
export type NewNotification = { notice: Notice; type: NotificationType; actionLink?: string | null }

/** A notification as the API answers it: the stored row without its notice, its texts in the language asked for. */
export type NotificationView = Omit<Notification, 'notice'>

/** A notice's title and message in a language. */
export function renderNotice(locale: AdminLocale, { kind, values }: Notice): { title: string; message: string } {
  const written = writeNoticeValues(values, locale, (id) => translate(locale, id))
  const { title, message } = NOTICES[kind]
  return { title: translate(locale, title, written), message: translate(locale, message, written) }
}

const view = ({ notice, ...row }: Notification, locale: AdminLocale | undefined): NotificationView => (notice && locale ? { ...row, ...renderNotice(locale, notice) } : row)

/** Where a notification about booking n opens the dashboard. */
const NOTIFICATION_NOT_FOUND = refusal('adminErrors.notificationNotFound')

export const bookingActionLink = (bookingId: number) => `/admin/dashboard?tab=bookings&bookingId=${bookingId}`
export const messageActionLink = (messageId: number) => `/admin/dashboard?tab=messages&messageId=${messageId}`

/**
 * The one way any part of the system tells the admins something (docs/decisions/0041). `create` takes
 * the caller's transaction so the notification exists exactly when the event does.
 */
export function createNotificationService(db: Db) {
  return {
    /** The English texts are stored beside the notice: what the API answers when no language is asked for. */
    async create(tx: Tx | Db, input: NewNotification): Promise<NotificationView> {
      const [row] = await tx
        .insert(notifications)
        .values({ ...renderNotice('en', input.notice), notice: input.notice, type: input.type, actionLink: input.actionLink ?? null })
        .returning()
      return view(row!, undefined)
    },
    /** Newest first, in the admin's language when one is asked for, else as stored (English). */
    async list(locale?: AdminLocale): Promise<NotificationView[]> {
      const rows = await db.select().from(notifications).orderBy(desc(notifications.createdAt), desc(notifications.id))
      return rows.map((row) => view(row, locale))
    },
    /** Notifications not yet read: the dashboard's badge, counted without rendering them. */
    async unreadCount(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(notifications).where(eq(notifications.read, false))
      return row?.n ?? 0
    },
    /** Read cannot be undone: there is no "mark unread" (docs/decisions/0041). */
    /** A notification gone (deleted in another tab) is refused with 404, here and by `remove`. */
    async markRead(id: number): Promise<NotificationView> {
      const [row] = await db.update(notifications).set({ read: true }).where(eq(notifications.id, id)).returning()
      if (!row) throw new ServiceError('not-found', NOTIFICATION_NOT_FOUND)
      return view(row, undefined)
    },
    async markAllRead(): Promise<number> {
      const rows = await db.update(notifications).set({ read: true }).where(eq(notifications.read, false)).returning({ id: notifications.id })
      return rows.length
    },
    async remove(id: number): Promise<void> {
      const rows = await db.delete(notifications).where(eq(notifications.id, id)).returning({ id: notifications.id })
      if (rows.length === 0) throw new ServiceError('not-found', NOTIFICATION_NOT_FOUND)
    },
  }
}

export type NotificationService = ReturnType<typeof createNotificationService>
