import crypto from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { users, type User } from '../db/schema.ts'
import { dummyPasswordHash, hashPassword, verifyPassword } from '../auth/passwords.ts'
import type { Logger } from '../logger.ts'

/** A user as every API response shows it: never the password hash. */
export type PublicUser = Omit<User, 'passwordHash'>

export function toPublicUser(user: User): PublicUser {
  const { passwordHash: _omitted, ...rest } = user
  return rest
}

export type BootstrappedAdmin = { username: string; generated: true; password: string } | { username: string; generated: false }

export function createUserService(db: Db, logger: Logger) {
  const findByUsername = async (username: string) => {
    const [row] = await db.select().from(users).where(eq(sql`lower(${users.username})`, username.trim().toLowerCase()))
    return row
  }

  return {
    findByUsername,

    /** Check a username and password; the same work is done for an unknown user. */
    async authenticate(username: string, password: string): Promise<User | null> {
      const user = await findByUsername(username)
      const ok = await verifyPassword(password, user?.passwordHash ?? (await dummyPasswordHash()))
      return user && ok ? user : null
    },

    /**
     * The first admin (docs/decisions/0012): from ADMIN_USERNAME/ADMIN_PASSWORD when no admin exists yet,
     * otherwise 'admin' with a random password printed once. Returns what it created; the
     * password only when it was generated here (a configured one is never handed back, so
     * no caller can print it).
     */
    async bootstrapAdmin(options: { username?: string; password?: string }): Promise<BootstrappedAdmin | null> {
      const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.isAdmin, true)).limit(1)
      if (existing) return null
      const username = options.username ?? 'admin'
      const generated = !options.password
      const password = options.password ?? crypto.randomBytes(12).toString('base64url')
      await db
        .insert(users)
        .values({ username, passwordHash: await hashPassword(password), isAdmin: true, name: 'Administrator' })
        .onConflictDoNothing()
      logger.info({ username }, 'created the first admin account')
      return generated ? { username, generated, password } : { username, generated }
    },
  }
}

export type UserService = ReturnType<typeof createUserService>
