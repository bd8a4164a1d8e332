import { describe, expect, it } from 'vitest'
import { loader } from './checkout.tsx'

// The route's loader lives in app/routes/checkout.tsx; its test sits with the checkout's components.
describe('the checkout page loader', () => {
  it("counts the hold down from the service's clock, as the confirmation page does", async () => {
    const serviceNow = new Date('2030-05-01T03:00:00Z')
    const context = {
      services: { bookings: { findByReference: async () => null, now: () => serviceNow } },
      config: { booking: { startTimes: {} } },
    }
    const result = await loader({ params: { reference: 'ABCDEFGHJKMN' }, request: new Request('http://x/checkout/ABCDEFGHJKMN'), context } as never)
    expect(result.data.now).toBe(serviceNow.toISOString())
  })

  it('answers 404 for a reference that matches no booking, as the confirmation page does', async () => {
    const context = { services: { bookings: { findByReference: async () => null, now: () => new Date() } }, config: { booking: { startTimes: {} } } }
    const result = await loader({ params: { reference: 'ZZZZZZZZZZZZ' }, request: new Request('http://x/checkout/ZZZZZZZZZZZZ'), context } as never)
    expect(result.init?.status).toBe(404)
    expect(result.data.booking).toBeNull()
  })
})

describe('the checkout page of a cancelled booking (docs/decisions/0029)', () => {
  it('sends the old pay link to the confirmation page, which says calmly that the booking is cancelled', async () => {
    const context = {
      services: { bookings: { findByReference: async () => ({ reference: 'ABCDEFGHJKMN', status: 'cancelled' }), now: () => new Date() } },
      config: { booking: { startTimes: {} } },
    }
    const thrown = await loader({ params: { reference: 'ABCDEFGHJKMN' }, request: new Request('http://x/checkout/ABCDEFGHJKMN'), context } as never).catch((e: unknown) => e)
    expect(thrown).toBeInstanceOf(Response)
    expect((thrown as Response).status).toBe(302)
    expect((thrown as Response).headers.get('Location')).toBe('/booking-confirmation/ABCDEFGHJKMN')
    // In another language, to the confirmation page in that language.
    const inKorean = await loader({ params: { reference: 'ABCDEFGHJKMN' }, request: new Request('http://x/ko/checkout/ABCDEFGHJKMN'), context } as never).catch((e: unknown) => e)
    expect((inKorean as Response).headers.get('Location')).toBe('/ko/booking-confirmation/ABCDEFGHJKMN')
  })
})
