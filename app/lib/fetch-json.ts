/** A failed API call: the server's { message } when it sent one, with its status and body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly body: unknown = null,
  ) {
    super(message)
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
      // A FormData body (an upload) sets its own multipart content type.
      headers: body === undefined || body instanceof FormData ? { accept: 'application/json' } : { 'content-type': 'application/json', accept: 'application/json' },
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
