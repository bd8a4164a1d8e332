import { expect, type APIRequestContext } from '@playwright/test'
import { test } from './test.ts'
import { E2E_ADMIN } from '../../playwright.config.ts'
import { expectNoSeriousAxeViolations } from './axe.ts'

// The contact journey (docs/decisions/0010): a visitor sends an inquiry from a package card's link,
// with and without JavaScript, and the admin finds it with its notification.

type Message = { id: number; name: string; email: string; package: string | null; groupSize: string | null; message: string; read: boolean }
type Notification = { id: number; type: string; title: string; message: string; actionLink: string | null }

async function adminApi(request: APIRequestContext) {
  const login = await request.post('/api/login', { data: E2E_ADMIN })
  expect(login.status()).toBe(200)
  return {
    messages: async () => (await (await request.get('/api/admin/messages')).json()) as Message[],
    notifications: async () => (await (await request.get('/api/notifications')).json()) as Notification[],
  }
}

test('an inquiry from /contact?package=mom is sent without a reload and reaches the admin', async ({ page, request }) => {
  const unique = `E2E Visitor ${Date.now()}`
  await page.goto('/contact?package=mom')
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible()

  const packageSelect = page.getByLabel(/^Package interest/)
  await expect(packageSelect).toHaveValue('homemaker')
  await expect(packageSelect.locator('option:checked')).toHaveText('The Joetsu Homemaker')

  // Wait for hydration: the fetcher path adds its marker field once scripts run.
  await expect(page.locator('input[name="_via"]')).toHaveCount(1)
  const navigations: string[] = []
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) navigations.push(frame.url())
  })

  await page.getByLabel(/^Name/).fill(unique)
  await page.getByLabel(/^Email/).fill('visitor@example.org')
  await page.getByLabel(/^Phone/).fill('+44 7700 900123')
  await page.getByLabel(/^Planned visit date/).fill('2031-05-10')
  await page.getByLabel(/^Group size/).selectOption('3')
  await page.getByLabel(/^Message/).fill('We would love a homemaker day with cooking and a market visit.')
  await page.getByRole('button', { name: 'Send Message' }).click()

  const toast = page.getByRole('status').filter({ hasText: 'Message Sent!' })
  await expect(toast).toBeVisible()
  await expect(toast).toContainText("We've received your inquiry and will get back to you soon.")
  // The form is reset, the package select included.
  await expect(page.getByLabel(/^Name/)).toHaveValue('')
  await expect(page.getByLabel(/^Email/)).toHaveValue('')
  await expect(page.getByLabel(/^Message/)).toHaveValue('')
  await expect(page.getByLabel(/^Group size/)).toHaveValue('')
  await expect(packageSelect).toHaveValue('')
  expect(navigations).toEqual([])

  const admin = await adminApi(request)
  const messages = await admin.messages()
  const stored = messages.find((m) => m.name === unique)
  expect(stored).toMatchObject({ email: 'visitor@example.org', package: 'homemaker', groupSize: '3', read: false })
  const notifications = await admin.notifications()
  const note = notifications.find((n) => n.type === 'message' && n.message.includes(unique))
  expect(note?.actionLink).toBe(`/admin/dashboard?tab=messages&messageId=${stored!.id}`)
})

test('a failed send keeps the fields and shows the error toast', async ({ page }) => {
  await page.goto('/contact?package=kid')
  await expect(page.locator('input[name="_via"]')).toHaveCount(1)
  // The server refuses what the browser would let through (the hidden honeypot is filled, like a bot would).
  await page.locator('input[name="website"]').evaluate((el: HTMLInputElement) => (el.value = 'http://spam.example'))
  await page.getByLabel(/^Name/).fill('Keeps Fields')
  await page.getByLabel(/^Email/).fill('keep@example.org')
  await page.getByLabel(/^Message/).fill('This one should fail.')
  await page.getByRole('button', { name: 'Send Message' }).click()
  const toast = page.getByRole('status').filter({ hasText: 'Error' })
  await expect(toast).toContainText('There was a problem sending your message. Please try again.')
  await expect(page.getByLabel(/^Name/)).toHaveValue('Keeps Fields')
  await expect(page.getByLabel(/^Message/)).toHaveValue('This one should fail.')
  await expect(page.getByLabel(/^Package interest/)).toHaveValue('kiddo')
})

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false })

  test('the plain form POST stores the inquiry and shows the success message', async ({ page, request }) => {
    const unique = `No-JS Visitor ${Date.now()}`
    await page.goto('/contact?package=mix-match')
    await expect(page.getByLabel(/^Package interest/)).toHaveValue('explorer')
    await page.getByLabel(/^Name/).fill(unique)
    await page.getByLabel(/^Email/).fill('nojs@example.org')
    await page.getByLabel(/^Message/).fill('Sent from a browser with scripts switched off.')
    await page.getByRole('button', { name: 'Send Message' }).click()
    await expect(page).toHaveURL(/\/contact\?sent=1$/)
    await expect(page.getByRole('status').filter({ hasText: 'Message Sent!' })).toBeVisible()

    const admin = await adminApi(request)
    expect((await admin.messages()).find((m) => m.name === unique)).toMatchObject({ email: 'nojs@example.org', package: 'explorer' })
  })
})

for (const width of [1280, 375]) {
  test(`/contact has no serious or critical accessibility violations at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 })
    await page.goto('/contact?package=dad')
    await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible()
    await expectNoSeriousAxeViolations(page)
    // Nothing overflows sideways on a small phone.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    expect(overflow).toBeLessThanOrEqual(0)
  })
}

test('page form posts carrying text the database cannot store get a 400, and nothing is stored', async ({ request }) => {
  const admin = await adminApi(request)
  const messagesBefore = (await admin.messages()).length
  const contact = await request.post('/contact', { form: { name: 'Nul\u0000Guest', email: 'nul-guest@example.com', message: 'Hello' } })
  expect(contact.status()).toBe(400)
  expect(await contact.text()).toContain('Text may not contain NUL characters or unpaired surrogates')
  expect((await admin.messages()).length).toBe(messagesBefore)

  const booking = await request.post('/booking', {
    form: { name: 'Nul\u0000Guest', email: 'nul-guest@example.com', phone: '+81 90-1234-5678', numberOfPeople: '2', tourPackageId: '1', tourDate: '2030-01-05', tourTime: 'morning', acceptPolicy: 'on' },
  })
  expect(booking.status()).toBe(400)
  const found = (await (await request.get('/api/bookings?q=nul-guest%40example.com')).json()) as { total: number }
  expect(found.total).toBe(0)
})

test('the form’s note on required fields reads as one sentence in every language, for eyes and for screen readers', async ({ page }) => {
  for (const [path, sentence] of [
    ['/contact', 'Fields marked * are required.'],
    ['/zh-hant/contact', '標示 * 的欄位為必填。'],
    ['/zh-hans/contact', '标有 * 的字段为必填。'],
    ['/ja/contact', '*印の項目は必ずご記入ください。'],
  ] as const) {
    await page.goto(path)
    // What the page says is what a screen reader reads: no hidden word doubles the sentence.
    await expect(page.getByRole('main').getByText(sentence, { exact: true })).toBeVisible()
  }
})
