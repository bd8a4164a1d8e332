import { refusal } from '../../core/i18n/refusal.ts'
import { englishText } from '../i18n/refusals.ts'
import { and, asc, eq, ne, sql } from 'drizzle-orm'
import type { Db, Tx } from '../db/client.ts'
import { sqlState, UNIQUE_VIOLATION } from '../db/client.ts'
import { users, type User } from '../db/schema.ts'
import { hashPassword } from '../auth/passwords.ts'
import type { SessionService } from '../auth/sessions.ts'
import { isServiceError, ServiceError } from './service-error.ts'
import { toPublicUser, type PublicUser } from './users.ts'
import { WHATSAPP_REQUIRED_MESSAGE, type UserCreate, type UserUpdate } from '../../core/schemas/users.ts'
import type { AdminLocale } from '../../core/i18n/admin-locales.ts'

// The dashboard's refusals: message ids in English and Japanese (docs/decisions/0086, 0087).
const DUPLICATE_USERNAME = refusal('adminErrors.usernameTaken')
const SELF_DELETE = refusal('adminErrors.selfDelete')
const SELF_DEMOTE = refusal('adminErrors.selfDemote')
const LAST_ADMIN = refusal('adminErrors.lastAdmin')
const USER_NOT_FOUND = refusal('adminErrors.userNotFound')
/** Their English, as the JSON API answers them. */
export const DUPLICATE_USERNAME_MESSAGE = englishText(DUPLICATE_USERNAME)
export const SELF_DELETE_MESSAGE = englishText(SELF_DELETE)
export const SELF_DEMOTE_MESSAGE = englishText(SELF_DEMOTE)
export const LAST_ADMIN_MESSAGE = englishText(LAST_ADMIN)
export const USER_NOT_FOUND_MESSAGE = englishText(USER_NOT_FOUND)

/**
 * The dashboard's Users tab (docs/decisions/0012): admins create, edit and delete accounts. Every
 * answer goes through toPublicUser, so no password hash ever leaves this module.
 * "There is always an admin" is checked inside the transaction with the admin rows
 * locked, so two admins removing each other at the same moment cannot both succeed.
 */
export function createAdminUserService(db: Db, sessions: SessionService) {
  const duplicate = (error: unknown): never => {
    if (sqlState(error) === UNIQUE_VIOLATION) throw new ServiceError('conflict', DUPLICATE_USERNAME, { field: 'username' })
    throw error
  }

  const usernameTaken = async (tx: Tx | Db, username: string, exceptId?: number) => {
    const lower = eq(sql`lower(${users.username})`, username.toLowerCase())
    const [row] = await tx
      .select({ id: users.id })
      .from(users)
      .where(exceptId === undefined ? lower : and(lower, ne(users.id, exceptId)))
    return row !== undefined
  }

  /** Locks every admin row until the transaction ends; returns their ids. */
  const lockAdmins = async (tx: Tx) => {
    const rows = await tx.select({ id: users.id }).from(users).where(eq(users.isAdmin, true)).for('update')
    return rows.map((r) => r.id)
  }

  return {
    async list(): Promise<PublicUser[]> {
      const rows = await db.select().from(users).orderBy(asc(users.createdAt), asc(users.id))
      return rows.map(toPublicUser)
    },

    async create(input: UserCreate): Promise<PublicUser> {
      if (await usernameTaken(db, input.username)) throw new ServiceError('conflict', DUPLICATE_USERNAME, { field: 'username' })
      const passwordHash = await hashPassword(input.password)
      try {
        const [row] = await db
          .insert(users)
          .values({
            username: input.username,
            passwordHash,
            email: input.email ?? null,
            name: input.name ?? null,
            isAdmin: input.isAdmin,
            notificationPreference: input.notificationPreference,
            whatsappNumber: input.whatsappNumber ?? null,
            notificationsEnabled: input.notificationsEnabled,
          })
          .returning()
        return toPublicUser(row!)
      } catch (error) {
        return duplicate(error)
      }
    },

    /** `actorSession` is the editing admin's own session token: the one session kept when they change their own password. */
    async update(actorId: number, id: number, input: UserUpdate, actorSession?: string): Promise<PublicUser> {
      const passwordHash = input.password !== undefined ? await hashPassword(input.password) : undefined
      let after: User
      try {
        after = await db.transaction(async (tx) => {
          const admins = await lockAdmins(tx)
          const [current] = await tx.select().from(users).where(eq(users.id, id)).for('update')
          if (!current) throw new ServiceError('not-found', USER_NOT_FOUND)
          if (input.isAdmin === false && current.isAdmin) {
            if (id === actorId) throw new ServiceError('invalid', SELF_DEMOTE)
            if (admins.length <= 1) throw new ServiceError('conflict', LAST_ADMIN)
          }
          if (await usernameTaken(tx, input.username, id)) throw new ServiceError('conflict', DUPLICATE_USERNAME, { field: 'username' })
          const whatsapp = input.whatsappNumber === undefined ? current.whatsappNumber : input.whatsappNumber
          const preference = input.notificationPreference ?? current.notificationPreference
          if (preference === 'whatsapp' && !whatsapp) {
            throw new ServiceError('invalid', WHATSAPP_REQUIRED_MESSAGE, { field: 'whatsappNumber' })
          }
          const [updated] = await tx
            .update(users)
            .set({
              username: input.username,
              ...(passwordHash !== undefined ? { passwordHash } : {}),
              ...(input.email !== undefined ? { email: input.email } : {}),
              ...(input.name !== undefined ? { name: input.name } : {}),
              ...(input.isAdmin !== undefined ? { isAdmin: input.isAdmin } : {}),
              ...(input.notificationPreference !== undefined ? { notificationPreference: input.notificationPreference } : {}),
              ...(input.whatsappNumber !== undefined ? { whatsappNumber: input.whatsappNumber } : {}),
              ...(input.notificationsEnabled !== undefined ? { notificationsEnabled: input.notificationsEnabled } : {}),
              updatedAt: new Date(),
            })
            .where(eq(users.id, id))
            .returning()
          const row = updated!
          // A new password or lost admin rights end the user's sessions in the same
          // transaction (docs/decisions/0026): whoever knew the old password is out everywhere.
          // The admin changing their own password keeps only the session they did it from.
          const demoted = current.isAdmin && !row.isAdmin
          if (demoted) await sessions.destroyAllFor(id, { tx })
          else if (passwordHash !== undefined) await sessions.destroyAllFor(id, { tx, except: id === actorId ? actorSession : undefined })
          return row
        })
      } catch (error) {
        if (isServiceError(error)) throw error
        return duplicate(error)
      }
      return toPublicUser(after)
    },

    /** The dashboard's language an admin chose for themselves (docs/decisions/0086). */
    async setLanguage(id: number, language: AdminLocale): Promise<void> {
      const changed = await db.update(users).set({ language }).where(eq(users.id, id)).returning({ id: users.id })
      if (changed.length === 0) throw new ServiceError('not-found', USER_NOT_FOUND)
    },

    async remove(actorId: number, id: number): Promise<void> {
      if (id === actorId) throw new ServiceError('invalid', SELF_DELETE)
      await db.transaction(async (tx) => {
        const admins = await lockAdmins(tx)
        const [current] = await tx.select({ id: users.id, isAdmin: users.isAdmin }).from(users).where(eq(users.id, id)).for('update')
        if (!current) throw new ServiceError('not-found', USER_NOT_FOUND)
        if (current.isAdmin && admins.length <= 1) throw new ServiceError('conflict', LAST_ADMIN)
        // Sessions go with the user (foreign key on delete cascade).
        await tx.delete(users).where(eq(users.id, id))
      })
    },
  }
}

export type AdminUserService = ReturnType<typeof createAdminUserService>
