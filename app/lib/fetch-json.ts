import { isRefusal, REFUSAL_IDS_HEADER, type Said } from '../../core/i18n/refusal.ts'

/**
 * A failed API call: the server's { message } when it sent one, with its status and body, and
 * what was refused (`refusal`): the message id the page says in its language (docs/decisions/0087),
 * else the message.
 */
export class ApiError extends Error {
  readonly refusal: Said
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown = null,
  ) {
    super(message)
    const refusal = body && typeof body === 'object' ? (body as { refusal?: unknown }).refusal : undefined
    this.refusal = isRefusal(refusal) ? refusal : message
  }
}

/**
 * The browser's one JSON call to our own API: same-origin cookies, JSON in (or a form with a file) and out. A
 * non-ok answer throws ApiError carrying the server's message; without one, `fallback`
 * (the page's own sentence) or else the status and text. A network failure throws status 0.
 */
export async function fetchJson<T>(method: string, url: string, body?: unknown, options: { fallback?: string } = {}): Promise<T> {
  let response: Response
  try {
    response = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        [REFUSAL_IDS_HEADER]: '1',
        // A FormData body (an upload) sets its own multipart content type.
        ...(body === undefined || body instanceof FormData ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
    })
  } catch {
    throw new ApiError(0, options.fallback ?? 'Could not reach the server. Check your connection and try again.')
  }
  const text = await response.text()
  let json: unknown = undefined
  try {
    json = text ? JSON.parse(text) : undefined
  } catch {
    json = undefined
  }
  if (!response.ok) {
    const serverMessage = json && typeof json === 'object' && typeof (json as { message?: unknown }).message === 'string' ? (json as { message: string }).message : ''
    throw new ApiError(response.status, serverMessage || options.fallback || `${response.status}: ${text || response.statusText}`, json ?? null)
  }
  return json as T
}
