import { Router } from 'express'
import { loginSchema } from '../../core/schemas/auth.ts'
import { SESSION_COOKIE } from '../auth/sessions.ts'
import { readCookie, sessionCookieOptions } from '../http/cookies.ts'
import { RateLimiter, clientKey, rateLimit } from '../http/rate-limit.ts'
import type { AppDeps } from '../app.ts'

/** Login, logout and "who am I" (spec §7, D19). There is no public sign-up. */
export function authRouter({ services, config }: AppDeps, loginLimiter: RateLimiter) {
  const router = Router()
  const secure = config.isProduction

  // 10 attempts a minute per client and per username, so neither a single client nor a
  // botnet aiming at one account can guess passwords quickly.
  const limitLogin = rateLimit(loginLimiter, (req) => {
    const username = typeof req.body?.username === 'string' ? req.body.username.trim().toLowerCase().slice(0, 100) : ''
    return [clientKey(req), `user:${username}`]
  }, 'Too many login attempts. Please wait a minute and try again.')

  router.post('/login', limitLogin, async (req, res) => {
    const parsed = loginSchema.safeParse(req.body ?? {})
    if (!parsed.success) {
      res.status(400).json({ success: false, message: parsed.error.issues[0]?.message ?? 'Invalid username or password' })
      return
    }
    const user = await services.users.authenticate(parsed.data.username, parsed.data.password)
    if (!user) {
      res.status(401).json({ success: false, message: 'Invalid username or password' })
      return
    }
    // A fresh session id on every login (no session fixation).
    await services.sessions.destroy(readCookie(req, SESSION_COOKIE))
    const session = await services.sessions.create(user.id)
    res.cookie(SESSION_COOKIE, session.token, sessionCookieOptions(secure, session.expiresAt))
    res.json({ success: true, user: { id: user.id, username: user.username, isAdmin: user.isAdmin, name: user.name, email: user.email } })
  })

  router.post('/logout', async (req, res) => {
    await services.sessions.destroy(readCookie(req, SESSION_COOKIE))
    res.clearCookie(SESSION_COOKIE, sessionCookieOptions(secure))
    res.json({ success: true })
  })

  // The current-user call: 401 means "logged out", not an error (spec §4).
  router.get('/user', (_req, res) => {
    const user = res.locals.user
    if (!user) {
      res.status(401).json({ message: 'Not logged in' })
      return
    }
    res.json(user)
  })

  router.get('/me', (_req, res) => {
    const user = res.locals.user
    if (!user) {
      res.status(401).json({ success: false, message: 'Not logged in' })
      return
    }
    res.json({ success: true, user })
  })

  return router
}
