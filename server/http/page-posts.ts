import type { Request, RequestHandler, Response } from 'express'
import { stripLocale } from '../../core/i18n/locales.ts'
import { MAX_UPLOAD_BYTES } from '../../core/schemas/photo.ts'
import type { HitCounter } from '../services/rate-limits.ts'
import { byAddress, rateLimit } from './rate-limit.ts'

/** The most a page's form may send: the API's JSON limit (server/app.ts). */
export const PAGE_BODY_LIMIT_BYTES = 100 * 1024

/**
 * The Photos section's upload (docs/decisions/0088): a photo of up to 20 MB (MAX_UPLOAD_BYTES), with
 * the form's other fields, from a signed-in admin only; anyone else's post there meets the usual limit.
 */
function bodyLimitOf(req: Request, res: Response): number {
  return req.path.replace(/\.data$/, '') === '/admin/photos' && res.locals.user?.isAdmin ? MAX_UPLOAD_BYTES + PAGE_BODY_LIMIT_BYTES : PAGE_BODY_LIMIT_BYTES
}

/** The counters a refused page post may be charged to: the page action's own, or the lookups'. */
export type PagePostLimits = { bookings: HitCounter; contact: HitCounter; waitlist: HitCounter; reviews: HitCounter; lookups: HitCounter }

/**
 * The limit whose service the page's action calls (booking and gift: bookings, decision 0065;
 * waitlist: 0057; review: 0063), so a refused post costs what an accepted one would. Pages
 * reached by reference or token are already counted under lookups before any post
 * (server/app.ts); every other page is counted under lookups here.
 */
function limitOf(path: string, limits: PagePostLimits): HitCounter | null {
  const page = stripLocale(path.replace(/\.data$/, '')).replace(/\/$/, '') || '/'
  if (page === '/booking' || page === '/book' || page === '/gift') return limits.bookings
  if (page === '/contact') return limits.contact
  if (page === '/booking/waitlist') return limits.waitlist
  if (page.startsWith('/review/')) return limits.reviews
  if (/^\/(checkout|booking-confirmation|waitlist)\//.test(page)) return null
  return limits.lookups
}

/** What is wrong with a page post's body before anyone reads it: the status and the words, or null. */
function unreadable(req: Request, res: Response): { status: number; message: string } | null {
  const declared = req.get('content-length')
  if (!declared && req.get('transfer-encoding')) return { status: 411, message: 'Content-Length required' }
  if (Number(declared) > bodyLimitOf(req, res)) return { status: 413, message: 'Request body is too large' }
  // What request.formData() reads (React Router's actions): anything else throws there.
  if (!req.is(['application/x-www-form-urlencoded', 'multipart/form-data'])) return { status: 415, message: 'Unsupported content type: send a form' }
  if (req.is('multipart/form-data') && !/;\s*boundary=/i.test(req.get('content-type') ?? '')) return { status: 400, message: 'Malformed form body' }
  return null
}

/**
 * The one door of page posts (docs/decisions/0068), before React Router: its actions read the
 * raw body themselves (request.formData()), with no size limit, and throw on a body that is not
 * a form. A post the door cannot pass is first counted as an attempt under the page's limit (so
 * a script sending garbage meets 429 like one sending forms), then refused with 4xx before any
 * work: declared too large 413 (over 100 kB; an admin's post to the Photos page may carry a
 * photo of up to 20 MB), chunked without a length 411, not a form 415, a multipart body without
 * its boundary 400. A form that only turns out broken while read is the action's
 * (readForm, app/lib/form-post.server.ts).
 */
export function pagePostDoor(limits: PagePostLimits): RequestHandler {
  return async (req, res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD') return next()
    const refusal = unreadable(req, res)
    if (!refusal) return next()
    const limit = limitOf(req.path, limits)
    const refuse = () => void res.status(refusal.status).type('text/plain').send(refusal.message)
    if (limit) await rateLimit(limit, byAddress)(req, res, refuse)
    else refuse()
  }
}
