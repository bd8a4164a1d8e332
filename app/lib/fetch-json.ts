import { isRefusal, refusal, REFUSAL_IDS_HEADER, type Said } from '../../core/i18n/refusal.ts'

/**
 * A failed API call, with its status, and what the page can tell the guest (`refusal`): the
 * server's refusal, its message id said in the page's language (docs/decisions/0087), else its
 * message; that the network failed; or null when nothing came that a guest should read (a
 * proxy's error page), and the page says its own sentence.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly refusal: Said | null,
  ) {
    super(message)
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
    throw new ApiError(0, `${method} ${url}: the network failed`, refusal('errors.connectionFailed'))
  }
  const text = await response.text()
  let json: unknown = undefined
  try {
    json = text ? JSON.parse(text) : undefined
  } catch {
    json = undefined
  }
  if (!response.ok) {
    const sent = json && typeof json === 'object' ? (json as { refusal?: unknown; message?: unknown }) : {}
    const serverMessage = typeof sent.message === 'string' ? sent.message : ''
    throw new ApiError(response.status, serverMessage || `${response.status}: ${text || response.statusText}`, isRefusal(sent.refusal) ? sent.refusal : serverMessage || null)
  }
  return json as T
}

/** A POST of `body` as JSON to our own API (fetchJson's). */
export const postJson = <T>(url: string, body: unknown) => fetchJson<T>('POST', url, body)
