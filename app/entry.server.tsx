import { PassThrough } from 'node:stream'
import type { AppLoadContext, EntryContext, HandleErrorFunction } from 'react-router'
import { createReadableStreamFromReadable } from '@react-router/node'
import { ServerRouter, UNSAFE_ErrorResponseImpl as ErrorResponse, isRouteErrorResponse } from 'react-router'
import { isbot } from 'isbot'
import type { RenderToPipeableStreamOptions } from 'react-dom/server'
import { renderToPipeableStream } from 'react-dom/server'
import { PRERENDER_NONCE_PLACEHOLDER } from '../core/prerender.ts'
import { NonceProvider } from './lib/nonce.tsx'
import { StylesheetProvider } from './lib/inline-stylesheet.tsx'
import stylesheet from './app.css?inline'
import { TypefaceProvider, type TypefaceFiles } from './lib/typeface.tsx'
import frauncesLatin from '@fontsource/fraunces/files/fraunces-latin-600-normal.woff2?url'
import sourceSansLatin from '@fontsource-variable/source-sans-3/files/source-sans-3-latin-wght-normal.woff2?url'
import { isDatabaseUnavailable, loggableError, RETRY_AFTER_SECONDS } from '../server/for-app.server.ts'

export const streamTimeout = 5_000

// The same files app.css names in its @font-face rules, so the hints match what the page fetches.
const typeface: TypefaceFiles = {
  latin: [frauncesLatin, sourceSansLatin],
}


/**
 * Requests whose loader failed because the database is unreachable. In production React
 * Router hands handleRequest the loader errors already sanitized ("Unexpected Server
 * Error", without the code that says why), so they are recognised here, where handleError
 * still receives the original error.
 */
const databaseUnavailable = new WeakSet<Request>()

/**
 * React Router's own refusal of a document post whose Origin is not the page's (its CSRF
 * check; the Express guard lets a same-origin `Origin: null` through for the `.data` posts of
 * no-referrer pages). A refused visitor is not a fault to alert on (docs/decisions/0068).
 */
const CROSS_SITE_ACTION = /does not match `origin` header|`origin` header is not a valid URL/

export const handleError: HandleErrorFunction = (error, { request, context }) => {
  // React Router's own 4xx (405 for a post to a page without an action, 404): the visitor's doing.
  if (isRouteErrorResponse(error) && error.status < 500) return
  if (error instanceof Error && CROSS_SITE_ACTION.test(error.message)) {
    console.warn(JSON.stringify({ level: 40, msg: 'cross-site page post refused', path: new URL(request.url).pathname }))
    return
  }
  if (isDatabaseUnavailable(error)) {
    databaseUnavailable.add(request)
    // The status of `.data` responses is set by Express (server/http/errors.ts); no context while prerendering.
    const loadContext = context as Partial<AppLoadContext> | undefined
    loadContext?.databaseUnavailable?.()
  }
  // Logged unless the visitor left, like React Router's default, but only the error's safe
  // facts: a loader's error can quote a guest's details (docs/decisions/0020).
  if (!request.signal.aborted) console.error(JSON.stringify({ level: 50, msg: 'page loader failed', error: loggableError(error) }))
}

// React Router's default Node entry, plus the CSP nonce on every inline script.
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders })
  }
  // A loader that failed because the database is unreachable makes the page a 503 with a
  // clear message (root ErrorBoundary), not a 500: the site is down for a moment, not broken.
  const errors = routerContext.staticHandlerContext.errors
  if (errors && databaseUnavailable.has(request)) {
    for (const [routeId, error] of Object.entries(errors)) {
      // Errors thrown by the request's loaders, not responses a loader chose to throw (404). Under a
      // nested boundary (the public layout's, docs/decisions/0068) the error may reach here as
      // React Router's own 500 response rather than an Error: both are the database's 503.
      if (error instanceof Error || (isRouteErrorResponse(error) && error.status === 500)) {
        errors[routeId] = new ErrorResponse(503, 'Service Unavailable', null)
        responseStatusCode = 503
        responseHeaders.set('Retry-After', String(RETRY_AFTER_SECONDS))
      }
    }
  }
  // Build-time prerendering has no Express context: leave a placeholder, which
  // server/static-files.ts removes at start-up (docs/decisions/0022).
  const nonce = (loadContext as Partial<AppLoadContext> | undefined)?.cspNonce ?? PRERENDER_NONCE_PLACEHOLDER

  return new Promise((resolve, reject) => {
    let shellRendered = false
    const userAgent = request.headers.get('user-agent')
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady'
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000)

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <StylesheetProvider value={stylesheet}>
          <TypefaceProvider value={typeface}>
            <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
          </TypefaceProvider>
        </StylesheetProvider>
      </NonceProvider>,
      {
        nonce,
        // A Suspense boundary whose content is ready is written in place, never "outlined": React
        // otherwise sends one that comes after more than this many bytes of the page (all of them,
        // with the inline stylesheet) hidden at the end and moves it in with an inline script, so a
        // visitor without JavaScript would never see it (the booking page's details form sits in
        // such a boundary, docs/decisions/0054).
        progressiveChunkSize: Number.POSITIVE_INFINITY,
        [readyOption]() {
          shellRendered = true
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId)
              timeoutId = undefined
              callback()
            },
          })
          const stream = createReadableStreamFromReadable(body)
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
          pipe(body)
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }))
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          if (shellRendered) console.error(error)
        },
      },
    )
  })
}
