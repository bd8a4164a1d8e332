import { englishText } from '../i18n/refusals.ts'
import express, { Router, type Request } from 'express'
import { ADMIN_LOGIN_PAGE, adminLoginPath, safeAdminRedirect } from '../../core/admin-redirect.ts'
import { loginSchema } from '../../core/schemas/auth.ts'
import { requireAdmin } from '../auth/guard.ts'
import { readCookie, SESSION_COOKIE, sessionCookieOptions } from '../http/cookies.ts'
import { clientKey, rateLimit } from '../http/rate-limit.ts'
import { rejectUnstorableText } from '../http/security.ts'
import type { AppDeps } from '../deps.ts'

/** Login, logout and "who am I" (docs/decisions/0003, 0012). There is no public sign-up. */
export function authRouter({ services, config }: AppDeps) {
  const router = Router()
  const secure = config.isProduction

  // 10 attempts a minute per client address, and per (address, username). Never per username
  // alone: a count shared by every address would let a stranger lock the real admin out by
  // failing from many addresses (decision 0024).
  const limitLogin = rateLimit(services.limits.login, (req) => {
    const username = typeof req.body?.username === 'string' ? req.body.username.trim().toLowerCase().slice(0, 100) : ''
    return [clientKey(req), `${clientKey(req)}|user:${username}`]
  }, 'Too many login attempts. Please wait a minute and try again.')

  // The login page's form posts here natively until its script has loaded (a slow phone
  // network), so the password never lands in a URL; such a post is answered with a
  // redirect instead of JSON: on to the admin page, or back to the form with ?failed=1.
  const formLogin = express.urlencoded({ extended: false, limit: '2kb' })
  // Read from the header, not req.is(): a logout form sends no fields, and an empty body has no type there.
  const postedByForm = (req: Request) => (req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded')

  router.post('/login', formLogin, rejectUnstorableText, limitLogin, async (req, res) => {
    const fromForm = postedByForm(req)
    const redirectTo = safeAdminRedirect(typeof req.body?.redirectTo === 'string' ? req.body.redirectTo : null)
    const refuse = (status: number, message: string) => {
      if (fromForm) res.redirect(303, adminLoginPath(redirectTo, 'failed'))
      else res.status(status).json({ success: false, message })
    }
    const parsed = loginSchema.safeParse(req.body ?? {})
    if (!parsed.success) {
      refuse(400, englishText(parsed.error.issues[0]?.message ?? 'Invalid username or password'))
      return
    }
    const user = await services.users.authenticate(parsed.data.username, parsed.data.password)
    if (!user) {
      refuse(401, 'Invalid username or password')
      return
    }
    // The login form is the admin's door: a non-admin gets no session through it (the
    // script path logs them straight out again), only the reason.
    if (fromForm && !user.isAdmin) {
      res.redirect(303, adminLoginPath(redirectTo, 'not-admin'))
      return
    }
    // A fresh session id on every login (no session fixation).
    await services.sessions.destroy(readCookie(req, SESSION_COOKIE))
    const session = await services.sessions.create(user.id)
    res.cookie(SESSION_COOKIE, session.token, sessionCookieOptions(secure, session.expiresAt))
    if (fromForm) res.redirect(303, redirectTo)
    else res.json({ success: true, user: { id: user.id, username: user.username, isAdmin: user.isAdmin, name: user.name, email: user.email } })
  })

  // The dashboard's "Log out" and "Log out everywhere" are plain forms posted here (docs/decisions/0088):
  // the cookie is cleared by the answer that ends the session, and a form's answer goes on to the login page.
  router.post('/logout', async (req, res) => {
    await services.sessions.destroy(readCookie(req, SESSION_COOKIE))
    res.clearCookie(SESSION_COOKIE, sessionCookieOptions(secure))
    if (postedByForm(req)) res.redirect(303, ADMIN_LOGIN_PAGE)
    else res.json({ success: true })
  })

  // "Log out everywhere" in the dashboard's Settings: every session of this admin ends, the one
  // making the request included, e.g. after a phone was lost.
  router.post('/logout-everywhere', requireAdmin, async (req, res) => {
    const ended = await services.sessions.destroyAllFor(res.locals.user!.id)
    res.clearCookie(SESSION_COOKIE, sessionCookieOptions(secure))
    if (postedByForm(req)) res.redirect(303, ADMIN_LOGIN_PAGE)
    else res.json({ success: true, ended })
  })

  // The current-user call: 401 means "logged out", not an error.
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
