import crypto from 'node:crypto'
import { and, eq, gt, lt, ne } from 'drizzle-orm'
import type { Db, Tx } from '../db/client.ts'
import type { AdminLocale } from '../../core/i18n/admin-locales.ts'
import { sessions, users } from '../db/schema.ts'

export const SESSION_DAYS = 14

export type SessionUser = {
  id: number
  username: string
  isAdmin: boolean
  name: string | null
  email: string | null
  /** The dashboard's language they chose, null until they do (docs/decisions/0086). */
  language: AdminLocale | null
}

/**
 * Database sessions. The cookie carries a random token; the database keeps only an HMAC
 * of it keyed with SESSION_SECRET, so neither a copy of the table nor the secret alone
 * lets anyone act as an admin.
 */
export function createSessionService(db: Db, secret: string, now: () => Date) {
  const idOf = (token: string) => crypto.createHmac('sha256', secret).update(token).digest('base64url')

  return {
    async create(userId: number): Promise<{ token: string; expiresAt: Date }> {
      const token = crypto.randomBytes(32).toString('base64url')
      const expiresAt = new Date(now().getTime() + SESSION_DAYS * 86_400_000)
      await db.insert(sessions).values({ id: idOf(token), userId, expiresAt })
      return { token, expiresAt }
    },

    async userFor(token: string | undefined): Promise<SessionUser | null> {
      if (!token || token.length > 100) return null
      const [row] = await db
        .select({ id: users.id, username: users.username, isAdmin: users.isAdmin, name: users.name, email: users.email, language: users.language })
        .from(sessions)
        .innerJoin(users, eq(users.id, sessions.userId))
        .where(and(eq(sessions.id, idOf(token)), gt(sessions.expiresAt, now())))
      return row ?? null
    },

    async destroy(token: string | undefined): Promise<void> {
      if (token) await db.delete(sessions).where(eq(sessions.id, idOf(token)))
    },

    /**
     * End every session of a user, except the one whose token is given (the admin who just
     * changed their own password stays signed in where they did it). Runs in the caller's
     * transaction when given one, so a new password and the end of the old sessions
     * commit together.
     */
    async destroyAllFor(userId: number, options: { except?: string; tx?: Tx } = {}): Promise<number> {
      const mine = eq(sessions.userId, userId)
      const removed = await (options.tx ?? db)
        .delete(sessions)
        .where(options.except ? and(mine, ne(sessions.id, idOf(options.except))) : mine)
        .returning({ id: sessions.id })
      return removed.length
    },

    async purgeExpired(): Promise<number> {
      const removed = await db.delete(sessions).where(lt(sessions.expiresAt, now())).returning({ id: sessions.id })
      return removed.length
    },
  }
}

export type SessionService = ReturnType<typeof createSessionService>
