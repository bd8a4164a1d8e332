import { desc, eq } from 'drizzle-orm'
import type { Db, Tx } from '../db/client.ts'
import { notifications, type Notification } from '../db/schema.ts'

export type NotificationType = 'booking' | 'message' | 'system'
export type NewNotification = { title: string; message: string; type: NotificationType; actionLink?: string | null }

/** Where a notification about booking n opens the dashboard. */
export const bookingActionLink = (bookingId: number) => `/admin/dashboard?tab=bookings&bookingId=${bookingId}`
export const messageActionLink = (messageId: number) => `/admin/dashboard?tab=messages&messageId=${messageId}`

/**
 * The one way any part of the system tells the admins something (docs/decisions/0041). `create` takes
 * the caller's transaction so the notification exists exactly when the event does.
 */
export function createNotificationService(db: Db) {
  return {
    async create(tx: Tx | Db, input: NewNotification): Promise<Notification> {
      const [row] = await tx
        .insert(notifications)
        .values({ title: input.title, message: input.message, type: input.type, actionLink: input.actionLink ?? null })
        .returning()
      return row!
    },
    async list(): Promise<Notification[]> {
      return db.select().from(notifications).orderBy(desc(notifications.createdAt), desc(notifications.id))
    },
    /** Read cannot be undone: there is no "mark unread" (docs/decisions/0041). */
    async markRead(id: number): Promise<Notification | undefined> {
      const [row] = await db.update(notifications).set({ read: true }).where(eq(notifications.id, id)).returning()
      return row
    },
    async markAllRead(): Promise<number> {
      const rows = await db.update(notifications).set({ read: true }).where(eq(notifications.read, false)).returning({ id: notifications.id })
      return rows.length
    },
    async remove(id: number): Promise<boolean> {
      const rows = await db.delete(notifications).where(eq(notifications.id, id)).returning({ id: notifications.id })
      return rows.length > 0
    },
  }
}

export type NotificationService = ReturnType<typeof createNotificationService>
