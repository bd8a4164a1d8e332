import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import { ADMIN_LOCALES } from '../../core/i18n/admin-locales.ts'
import { NOTIFICATION_PREFERENCES } from '../../core/schemas/users.ts'
import { createdAt, oneOf, updatedAt } from './columns.ts'

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    isAdmin: boolean('is_admin').notNull().default(false),
    email: text('email'),
    name: text('name'),
    notificationPreference: text('notification_preference').notNull().default('email'),
    whatsappNumber: text('whatsapp_number'),
    notificationsEnabled: boolean('notifications_enabled').notNull().default(true),
    /** The dashboard's language this admin chose; null until they choose (docs/decisions/0086). */
    language: text('language').$type<(typeof ADMIN_LOCALES)[number]>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // 'Admin' and 'admin' are the same person.
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    check('users_notification_preference_check', oneOf(t.notificationPreference, NOTIFICATION_PREFERENCES)),
    check('users_language_check', oneOf(t.language, ADMIN_LOCALES)),
  ],
)

export const sessions = pgTable(
  'sessions',
  {
    /** SHA-256 of the session token: a leaked table does not hand out live sessions. */
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
)

/** Who did what to guests' personal data and to money (docs/decisions/0020, 0016). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    actorUserId: integer('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
    actorUsername: text('actor_username'),
    action: text('action').notNull(),
    subject: text('subject').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_created_at_idx').on(t.createdAt)],
)

export type User = typeof users.$inferSelect
