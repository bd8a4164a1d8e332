import type { Config } from '../config/index.ts'
import type { Db } from '../db/client.ts'
import type { Logger } from '../logger.ts'
import { createSessionService } from '../auth/sessions.ts'
import { createUserService } from './users.ts'
import { createAdminUserService } from './admin-users.ts'

/** The people who sign in: their accounts and sessions (docs/decisions/0084 names the groups). */
export function createPeopleServices({ db, config, logger, now }: { db: Db; config: Config; logger: Logger; now: () => Date }) {
  const sessions = createSessionService(db, config.sessionSecret, now)
  const users = createUserService(db, logger)
  const adminUsers = createAdminUserService(db, sessions)
  return { sessions, users, adminUsers }
}
