import type { CookieOptions, Request } from 'express'

/** The admin's session cookie (docs/decisions/0011). */
export const SESSION_COOKIE = 'jlt_session'

/** The session's token in a request's Cookie header: the one session a change of one's own password keeps. */
export const sessionTokenIn = (cookieHeader: string | null | undefined) => cookieValue(cookieHeader, SESSION_COOKIE)

/** Read one cookie from the Cookie header (no parser middleware needed for a single cookie). */
export function readCookie(req: Request, name: string): string | undefined {
  return cookieValue(req.headers.cookie, name)
}

/** One cookie of a Cookie header, as Express and a route's Fetch request both carry it. */
export function cookieValue(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined
  for (const part of header.split(';')) {
    const eq = part.indexOf('=')
    if (eq === -1) continue
    if (part.slice(0, eq).trim() === name) {
      try {
        return decodeURIComponent(part.slice(eq + 1).trim())
      } catch {
        return undefined
      }
    }
  }
  return undefined
}

export function sessionCookieOptions(secure: boolean, expires?: Date): CookieOptions {
  return { httpOnly: true, sameSite: 'lax', secure, path: '/', ...(expires ? { expires } : {}) }
}
