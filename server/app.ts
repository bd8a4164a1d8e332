import crypto from 'node:crypto'
import type http from 'node:http'
import compression from 'compression'
import express, { type RequestHandler } from 'express'
import { pagePostDoor } from './http/page-posts.ts'
import { drainListenersStayOnTheResponse } from './http/drain-listeners.ts'
import type { AppDeps } from './deps.ts'
import { attachUser } from './auth/guard.ts'
import { errorHandler, notFoundApi } from './http/errors.ts'
import { limitLookups } from './http/rate-limit.ts'
import { logRequest, requestLog } from './http/request-log.ts'
import type { StaticFiles } from './static-files.ts'
import { rejectUnstorableText, routeReferrerPolicyWins, sameOriginGuard, securityHeaders } from './http/security.ts'
import { authRouter } from './api/auth.ts'
import { healthRouter } from './api/health.ts'
import { adminGuestDataRouter } from './api/admin-guest-data.ts'
import { contactRouter } from './api/contact.ts'
import { notificationsRouter } from './api/notifications.ts'
import { adminMessagesRouter } from './api/admin-messages.ts'
import { testEmailRouter } from './api/test-email.ts'
import { paymentsRouter } from './api/payments.ts'
import { cancellationsRouter } from './api/cancellations.ts'
import { bookingChangesRouter } from './api/booking-changes.ts'
import { LOCALES } from '../core/i18n/locales.ts'
import { webhooksRouter } from './api/webhooks.ts'
import { adminUsersRouter } from './api/admin-users.ts'
import { adminBookingsRouter } from './api/admin-bookings.ts'
import { mediaFilesRouter } from './api/media-files.ts'
import { calendarFeedRouter } from './api/calendar-feed.ts'
import { wellKnownRouter } from './api/well-known.ts'
import { feedsRouter } from './api/feeds.ts'
import { bookingsRouter } from './api/bookings.ts'
import { taxDocumentsRouter } from './api/tax-documents.ts'
import { timeSlotsRouter } from './api/time-slots.ts'
import { tourPackagesRouter } from './api/tour-packages.ts'
import { waitlistRouter } from './api/waitlist.ts'
import { reviewsRouter } from './api/reviews.ts'
import { vouchersRouter } from './api/vouchers.ts'
import { octoRouter } from './api/octo.ts'


export const JSON_BODY_LIMIT = '100kb'
/**
 * The Express application: JSON API under /api, then the pages. `pages` is the React
 * Router handler and `staticFiles` the in-memory build files (both from server/pages.ts);
 * API tests build the app without them.
 */
export function createApp(deps: AppDeps, options: { pages?: RequestHandler; staticFiles?: StaticFiles } = {}) {
  const { config, logger } = deps
  const app = express()
  const { limits } = deps.services

  app.disable('x-powered-by')
  if (config.env.TRUST_PROXY) app.set('trust proxy', /^\d+$/.test(config.env.TRUST_PROXY) ? Number(config.env.TRUST_PROXY) : config.env.TRUST_PROXY)

  app.use((_req, res, next) => {
    res.locals.cspNonce = crypto.randomBytes(16).toString('base64')
    next()
  })
  app.use(securityHeaders({ isProduction: config.isProduction }))
  app.use(requestLog(logger))
  // Pages, scripts and JSON are text: gzip them (a proxy in front may do it too; no harm).
  app.use(compression())
  app.use(drainListenersStayOnTheResponse())
  // Resellers' OCTO API (docs/decisions/0074): servers, not browsers, authenticated by their key, so before the same-origin guard.
  app.use('/octo/v1', octoRouter(deps))
  app.use(sameOriginGuard([config.baseUrl]))

  // ---- JSON API ----
  const api = express.Router()
  api.use((_req, res, next) => {
    res.set('Cache-Control', 'no-store')
    next()
  })
  api.use(express.json({ limit: JSON_BODY_LIMIT }))
  api.use(rejectUnstorableText)
  api.use(attachUser(deps.services.sessions))
  api.use(healthRouter(deps))
  api.use(authRouter(deps))
  api.use(adminGuestDataRouter(deps))
  api.use(contactRouter(deps))
  api.use(notificationsRouter(deps))
  api.use(adminMessagesRouter(deps))
  api.use(testEmailRouter(deps))
  // Admin routers (docs/decisions/0011). Admin booking routes take numeric ids only and pass anything
  // else on, so they sit before the public booking router (references, docs/decisions/0006).
  api.use(adminUsersRouter(deps))
  api.use(adminBookingsRouter(deps))
  api.use(timeSlotsRouter(deps))
  api.use(tourPackagesRouter(deps))
  api.use(bookingsRouter(deps))
  api.use(waitlistRouter(deps))
  api.use(reviewsRouter(deps))
  api.use(vouchersRouter(deps))
  // Payments (docs/decisions/0014).
  api.use(paymentsRouter(deps))
  api.use(cancellationsRouter(deps))
  api.use(bookingChangesRouter(deps))
  // Receipts and return invoices (docs/decisions/0080).
  api.use(taxDocumentsRouter(deps))
  api.use(notFoundApi)
  // Stripe's webhook reads its raw body (signature), so it sits before the JSON parser.
  app.use('/api/webhooks', webhooksRouter(deps))
  app.use('/api', api)
  // The guide's photos as the pages use them (docs/decisions/0048).
  app.use(mediaFilesRouter(deps))
  // The guide's calendar subscription (docs/decisions/0050): public, its token is the secret.
  app.use(calendarFeedRouter(deps))
  // Apple Pay's domain association file, when configured (docs/decisions/0050).
  app.use(wellKnownRouter(deps))
  // Google's Things to Do product feed, when switched on (docs/decisions/0078).
  app.use(feedsRouter(deps))

  // ---- Pages ----
  if (options.pages) {
    app.use(attachUser(deps.services.sessions))
    // A booking's pages by reference, a waitlist entry's, a waitlist address's (docs/decisions/0070), a review request's and a gift voucher's (0065) by token (document and .data), in every language, share the API's lookup limit.
    app.use(
      LOCALES.flatMap(({ prefix }) => [
        `${prefix}/checkout/:reference`,
        `${prefix}/booking-confirmation/:reference`,
        `${prefix}/waitlist/:token`,
        `${prefix}/waitlist/confirm/:token`,
        `${prefix}/review/:token`,
        `${prefix}/voucher/:token`,
      ]),
      limitLookups(limits),
    )
    // No body parser here: React Router actions read the raw request stream themselves
    // (request.formData()); express.urlencoded would consume it and leave actions empty. The
    // one door refuses, counted, what they could not read (docs/decisions/0068).
    app.use(pagePostDoor(limits))
    app.use(routeReferrerPolicyWins)
    // The booking page's action (form post and /booking.data alike) is limited where it
    // creates the booking: services.bookings.submit, with the address from the load context.
    app.use(options.pages)
  }

  app.use(errorHandler(logger))

  // What the HTTP server calls. The build's files and the prerendered pages are answered
  // from memory before Express, with every header (security headers included) worked out
  // at start-up (server/static-files.ts, decision 0022): GET and HEAD of fixed bytes, so
  // nothing in the chain (origin check, sessions, rate limits) applies to them. They are
  // logged like every other request.
  const staticFiles = options.staticFiles
  const listener: http.RequestListener = staticFiles
    ? (req, res) => {
        const started = process.hrtime.bigint()
        // 'finish' comes after this returns, so the line is logged once the response is sent.
        if (staticFiles(req, res)) logRequest(logger, req, res, started)
        else app(req, res)
      }
    : app
  return { app, listener }
}
