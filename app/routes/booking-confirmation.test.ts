import { describe, expect, it } from 'vitest'
import { loader } from './booking-confirmation.tsx'

const contextWith = (booking: unknown) => ({
  services: { bookings: { findByReference: async () => booking, now: () => new Date('2030-05-01T03:00:00Z') } },
})
const load = (url: string, reference: string | undefined, booking: unknown) =>
  loader({ params: { reference }, request: new Request(url), context: contextWith(booking) } as never)

describe('the confirmation page loader', () => {
  it('answers 404 "not found" for a reference that matches no booking (docs/decisions/0029)', async () => {
    const result = await load('http://x/booking-confirmation/NOTAREALREF', 'NOTAREALREF', null)
    expect(result.init?.status).toBe(404)
    expect(result.data).toMatchObject({ booking: null, notFound: true })
    const byQuery = await load('http://x/booking-confirmation?id=NOTAREALREF', undefined, null)
    expect(byQuery.init?.status).toBe(404)
  })

  it('keeps the generic thank-you, with 200, when no reference is given', async () => {
    const result = await load('http://x/booking-confirmation', undefined, null)
    expect(result.init?.status).toBe(200)
    expect(result.data).toMatchObject({ booking: null, notFound: false })
  })
})
