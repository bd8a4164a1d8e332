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
    const result = await loader({ params: { reference: 'ABCDEFGHJKMN' }, context } as never)
    expect(result.now).toBe(serviceNow.toISOString())
  })
})
