import type { RequestHandler } from 'express'
import type { SessionService, SessionUser } from './sessions.ts'
import { readCookie, SESSION_COOKIE } from '../http/cookies.ts'

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Locals {
      /** The signed-in user, resolved once per request from the session cookie. */
      user: SessionUser | null
      cspNonce: string
    }
  }
}

/** Resolve the session cookie (if any) into res.locals.user. */
export function attachUser(sessions: SessionService): RequestHandler {
  return async (req, res, next) => {
    try {
      res.locals.user = await sessions.userFor(readCookie(req, SESSION_COOKIE))
      next()
    } catch (error) {
      next(error)
    }
  }
}

/** Every admin API: 401 without a session, 403 for a signed-in non-admin (docs/decisions/0003). */
export const requireAdmin: RequestHandler = (_req, res, next) => {
  const user = res.locals.user
  if (!user) {
    res.status(401).json({ message: 'You must be logged in as an admin' })
    return
  }
  if (!user.isAdmin) {
    res.status(403).json({ message: 'You do not have admin privileges' })
    return
  }
  next()
}
