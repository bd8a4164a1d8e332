import { afterEach, describe, expect, it, vi } from 'vitest'
import { currentToasts } from '../ui/use-toast.ts'
import { confirmAndReport } from './payment-outcome.ts'
import { translate } from '../../../server/i18n/catalog.ts'
import { refusalText } from '../../../server/i18n/refusals.ts'
import type { Said } from '../../../core/i18n/refusal.ts'

/** The English page's translators, as the checkout passes them. */
const t = (id: Parameters<typeof translate>[1], values?: Record<string, string | number | undefined>) => translate('en', id, values)
const say = (said: Said) => refusalText('en', said)

/** The server's answer to POST /api/bookings/:reference/payment-success, or a network failure. */
function answer(status: number, body: unknown) {
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })))
}

/** Runs the confirmation and returns the toasts it showed (the store keeps the last one). */
async function report() {
  const before = currentToasts()[0]?.id ?? 0
  await confirmAndReport('ABCDEFGHJKMN', t, say)
  return currentToasts()
    .filter((t) => t.id > before)
    .map(({ title, description, variant }) => ({ title, description, variant }))
}

describe('what the guest is told after the provider reported success', () => {
  afterEach(() => vi.unstubAllGlobals())

  it('Payment Successful only when the server says the booking is paid', async () => {
    answer(200, { status: 'paid' })
    expect(await report()).toEqual([{ title: 'Payment Successful', description: 'Thank you! Your booking is paid.', variant: undefined }])
    expect(vi.mocked(fetch)).toHaveBeenCalledWith('/api/bookings/ABCDEFGHJKMN/payment-success', expect.objectContaining({ method: 'POST' }))
  })

  it('the unconfirmed notice while the provider is still processing', async () => {
    answer(202, { status: 'processing' })
    expect(await report()).toEqual([{ title: 'Payment status is unconfirmed. Please contact support.', description: undefined, variant: undefined }])
  })

  it("the server's own message when it refuses to call the booking paid (409), never success", async () => {
    const message = 'Your payment arrived after this booking could no longer be kept, so it is being refunded in full. Please contact us.'
    answer(409, { message })
    expect(await report()).toEqual([{ title: 'Booking Not Paid', description: message, variant: 'destructive' }])
  })

  it("the spec's Warning when the status update itself failed (5xx, network)", async () => {
    const warning = { title: 'Warning', description: "Payment was successful, but we couldn't update your booking status automatically. Please contact us.", variant: 'destructive' }
    answer(502, { message: 'Could not update booking status' })
    expect(await report()).toEqual([warning])
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))))
    expect(await report()).toEqual([warning])
  })
})
