import { expect } from '@playwright/test'
import { test } from './test.ts'
import { E2E_ADMIN } from '../../playwright.config.ts'

// docs/decisions/0027 through the pages' ways in: the script-free
// form posts and React Router's data requests. A number beyond the integer column and a
// name on two lines are a 400 with the field's message, never a 500, and nothing is stored.
// The JSON API and the admin endpoints: tests/integration/input-bounds.test.ts.

const FORGED = 'Evil\r\nBcc: x@evil.example'
const booking = (over: Record<string, string>) => ({ name: 'Bounds Guest', email: 'bounds-guest@example.com', phone: '+81 90-1234-5678', numberOfPeople: '2', tourPackageId: '1', tourDate: '2030-01-05', tourTime: 'morning', acceptPolicy: 'on', ...over })

for (const path of ['/booking', '/book', '/booking.data', '/book.data']) {
  test(`POST ${path} refuses a tourPackageId beyond the integer column and a name on two lines`, async ({ request }) => {
    for (const id of ['2147483648', '99999999999', '9007199254740991']) {
      const res = await request.post(path, { form: booking({ tourPackageId: id }) })
      expect(res.status(), id).toBe(400)
      expect(await res.text()).toContain('Please select a tour package')
    }
    const named = await request.post(path, { form: booking({ name: FORGED }) })
    expect(named.status()).toBe(400)
    expect(await named.text()).toContain('Name must be on one line, without control characters')

    expect((await request.post('/api/login', { data: E2E_ADMIN })).status()).toBe(200)
    const found = (await (await request.get('/api/bookings?q=bounds-guest%40example.com')).json()) as { total: number }
    expect(found.total).toBe(0)
  })
}

for (const path of ['/contact', '/contact.data']) {
  test(`POST ${path} refuses a name on two lines, whatever the message holds`, async ({ request }) => {
    const res = await request.post(path, { form: { name: FORGED, email: 'bounds-guest@example.com', message: 'Line one\r\nLine two' } })
    expect(res.status()).toBe(400)
    expect(await res.text()).toContain('Name must be on one line, without control characters')
  })
}
