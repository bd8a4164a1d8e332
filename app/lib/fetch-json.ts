import { isRefusal, refusal, REFUSAL_IDS_HEADER, type Said } from '../../core/i18n/refusal.ts'

/**
 * A failed API call, with its status and body, and what the page can tell the guest (`refusal`):
 * the server's refusal, its message id said in the page's language (docs/decisions/0087), else
 * its message; that the network failed; or null when nothing came that a guest should read (a
 * proxy's error page), and the page says its own sentence.
 */
export class ApiError extends Error {
  readonly refusal: Said | null
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown = null,
    said?: Said,
  ) {
    super(message)
    const sent = body && typeof body === 'object' ? (body as { refusal?: unknown; message?: unknown }) : {}
    this.refusal = said ?? (isRefusal(sent.refusal) ? sent.refusal : typeof sent.message === 'string' && sent.message ? sent.message : null)
  }
}

/**
 * The guest pages' one JSON call to our own API (the checkout's and the voucher's): same-origin cookies, JSON in and out. A
 * non-ok answer throws ApiError carrying the server's refusal; a network failure throws status 0.
 */
export async function fetchJson<T>(method: string, url: string, body?: unknown): Promise<T> {
  let response: Response
  try {
    response = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers: {
        accept: 'application/json',
        [REFUSAL_IDS_HEADER]: '1',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  } catch {
    throw new ApiError(0, `${method} ${url}: the network failed`, null, refusal('errors.connectionFailed'))
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
    throw new ApiError(response.status, serverMessage || `${response.status}: ${text || response.statusText}`, json ?? null)
  }
  return json as T
}
