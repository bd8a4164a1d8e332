import { afterEach, describe, expect, it, vi } from 'vitest'
import { REFUSAL_IDS_HEADER } from '../../core/i18n/refusal.ts'
import { ApiError, fetchJson } from './fetch-json.ts'

/** The server's answer, or the network's failure, as the browser's fetch gives it. */
function answer(status: number, body: string, type = 'application/json') {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(body, { status, headers: { 'content-type': type } })))
}

async function failure(): Promise<ApiError> {
  const error = await fetchJson('POST', '/api/create-payment-intent', { bookingId: 'ABCDEFGHJKMN' }).catch((e: unknown) => e)
  expect(error).toBeInstanceOf(ApiError)
  return error as ApiError
}

describe('what a failed call carries for the guest to read', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('asks for the refusal ids and hands back the answer of a call that succeeds', async () => {
    answer(200, JSON.stringify({ clientSecret: 'pi_1_secret' }))
    expect(await fetchJson('POST', '/api/create-payment-intent', {})).toEqual({ clientSecret: 'pi_1_secret' })
    const init = vi.mocked(fetch).mock.calls[0]![1]!
    expect(init.headers).toMatchObject({ [REFUSAL_IDS_HEADER]: '1', 'content-type': 'application/json' })
  })

  it('the server’s refusal by its id, to be said in the page’s language', async () => {
    answer(502, JSON.stringify({ message: 'Could not create payment', refusal: { id: 'errors.paymentStartFailed' } }))
    const error = await failure()
    expect(error.status).toBe(502)
    expect(error.refusal).toEqual({ id: 'errors.paymentStartFailed' })
    expect(error.message).toBe('Could not create payment')
  })

  it('a message without an id (an API-only text) as it is', async () => {
    answer(400, JSON.stringify({ message: 'No booking ID provided' }))
    expect((await failure()).refusal).toBe('No booking ID provided')
  })

  it('that the network failed, as a catalogue id: never a page-specific English sentence', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))))
    const error = await failure()
    expect(error.status).toBe(0)
    expect(error.refusal).toEqual({ id: 'errors.connectionFailed' })
  })

  it('nothing when no message came (a proxy’s error page): the page says its own sentence', async () => {
    answer(502, '<html><body>Bad Gateway</body></html>', 'text/html')
    const error = await failure()
    expect(error.refusal).toBeNull()
    expect(error.message).toBe('502: <html><body>Bad Gateway</body></html>')
  })
})
