import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { test } from './test.ts'
import { sundayAhead } from './tour-dates.ts'
import { startStripeDouble, type StripeDouble } from '../integration/stripe-double.ts'
import { startOwnServer, type OwnServer } from './own-server.ts'
import { expectNoSeriousAxeViolations } from './axe.ts'

const FAKE_STRIPE_JS = fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/fake-stripe.js'), 'utf8')

// The checkout in simulated mode (docs/decisions/0014; the e2e server runs with SIMULATED_PAYMENTS=true):
// a guest pays with the success card, is declined with the decline card, and cancels.

/** The n-th Sunday at least three weeks ahead: bookable, and inside free cancellation. */
const sunday = (n: number) => sundayAhead(21, n)

async function createBooking(request: APIRequestContext, name: string, tourDate: string, tourTime: 'morning' | 'afternoon') {
  const res = await request.post('/api/bookings', {
    // An address per guest: one address may hold only two unpaid bookings at once.
    data: { name, email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`, phone: '+81 90-1234-5678', numberOfPeople: 2, tourPackageId: 1, tourDate, tourTime, totalPrice: 1, acceptPolicy: true },
  })
  expect(res.status(), await res.text()).toBe(201)
  return (await res.json()) as { reference: string; totalPrice: number }
}

async function payWith(page: Page, card: string) {
  await page.getByLabel('Card number').fill(card)
  await page.getByRole('button', { name: 'Pay Now' }).click()
}

test('a guest pays with the success card and sees Paid on the confirmation page', async ({ page, request }) => {
  const booking = await createBooking(request, 'Paying Guest', sunday(2), 'morning')
  expect(booking.totalPrice).toBe(14300)
  await page.goto(`/checkout/${booking.reference}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Complete Your Booking' })).toBeVisible()
  await expect(page.getByText('Test mode: no real payment', { exact: true })).toBeVisible()
  const summary = page.getByRole('region', { name: 'Booking Summary' })
  await expect(summary).toContainText('Paying Guest')
  await expect(summary).toContainText('2 people')
  await expect(summary).toContainText('¥14,300')
  await expect(page.getByRole('heading', { name: 'Payment Details' })).toBeVisible()
  await expect(page.getByText(/We hold this slot for you for about \d+ more minutes/)).toBeVisible()
  await expect(page.getByRole('main').getByRole('link', { name: 'Privacy notice', exact: true })).toHaveAttribute('href', '/privacy')

  await expectNoSeriousAxeViolations(page)

  await payWith(page, '4242 4242 4242 4242')
  await expect(page).toHaveURL(new RegExp(`/booking-confirmation/${booking.reference}$`))
  await expect(page.getByText('Paid', { exact: true })).toBeVisible()
  await expect(page.getByText('Payment Successful', { exact: true })).toBeVisible()
  // Nothing left to pay: the checkout now leads to the confirmation.
  await page.goto(`/checkout/${booking.reference}`)
  await expect(page).toHaveURL(new RegExp(`/booking-confirmation/${booking.reference}$`))
})

test('the decline card shows Payment Failed and the booking stays unpaid', async ({ page, request }) => {
  const booking = await createBooking(request, 'Declined Guest', sunday(2), 'afternoon')
  await page.goto(`/checkout/${booking.reference}`)
  await payWith(page, '4000 0000 0000 0002')
  await expect(page.getByText('Payment Failed', { exact: true })).toBeVisible()
  await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined.' }).first()).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/checkout/${booking.reference}$`))
  await expect(page.getByRole('button', { name: 'Pay Now' })).toBeEnabled()
  const view = await (await request.get(`/api/bookings/${booking.reference}`)).json()
  expect(view.status).toBe('pending')
})

test('a guest cancels a paid booking and sees the refund', async ({ page, request }) => {
  const booking = await createBooking(request, 'Cancelling Guest', sunday(3), 'morning')
  await page.goto(`/checkout/${booking.reference}`)
  await payWith(page, '4242424242424242')
  await expect(page.getByText('Paid', { exact: true })).toBeVisible()
  await page.getByRole('button', { name: 'Cancel booking' }).click()
  const dialog = page.getByRole('alertdialog')
  await expect(dialog).toContainText('Refund: ¥14,300')
  // Said before cancelling: what cancelling now will do (docs/decisions/0029).
  await expect(dialog).toContainText('the full amount of ¥14,300 paid will be refunded')
  await dialog.getByRole('button', { name: 'Yes, cancel booking' }).click()
  await expect(page.getByRole('main').getByText('¥14,300 is being refunded to your card')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'This booking is cancelled' })).toBeVisible()
  const view = await (await request.get(`/api/bookings/${booking.reference}`)).json()
  expect(view.status).toBe('cancelled')
})

test('on a Japanese phone, a payment that cannot start because the network failed says so in Japanese (375 px)', async ({ page, request }) => {
  await page.setViewportSize({ width: 375, height: 740 })
  const booking = await createBooking(request, 'Offline Guest', sunday(4), 'morning')
  await page.route('**/api/create-payment-intent', (route) => route.abort('internetdisconnected'))
  await page.goto(`/ja/checkout/${booking.reference}`)
  await expect(page.getByRole('alert').filter({ hasText: 'サーバーに接続できませんでした。通信環境をご確認のうえ、もう一度お試しください。' })).toBeVisible()
  await expect(page.getByRole('main')).not.toContainText('Could not')
  await expectNoSeriousAxeViolations(page, 'the checkout that could not start, in Japanese (375 px)')
})

test('an unknown reference shows Payment Error with a way back to booking', async ({ page }) => {
  await page.goto('/checkout/ZZZZZZZZZZZZ')
  await expect(page.getByRole('heading', { name: 'Payment Error' })).toBeVisible()
  await page.getByRole('link', { name: 'Return to Booking' }).click()
  await expect(page).toHaveURL(/\/booking$/)
})

// ---- The Stripe path (docs/decisions/0014): a second server with Stripe keys, talking to the local Stripe
// API double; the browser gets a fake Stripe.js for https://js.stripe.com/** (no network).
test.describe('with Stripe', () => {
  let stripe: StripeDouble
  let server: OwnServer
  let baseURL: string

  test.beforeAll(async () => {
    test.setTimeout(120_000)
    stripe = await startStripeDouble()
    server = await startOwnServer('stripe', { SIMULATED_PAYMENTS: '', ...stripe.env() })
    baseURL = server.baseURL
  })

  test.afterAll(async () => {
    await server?.stop()
    await stripe?.close()
  })

  async function openCheckout(page: Page, name: string, tourTime: 'morning' | 'afternoon') {
    await page.route('https://js.stripe.com/**', (route) => route.fulfill({ contentType: 'application/javascript', body: FAKE_STRIPE_JS }))
    await page.exposeFunction('__stripeDoubleConfirm', (clientSecret: string, card: string) => {
      const id = clientSecret.split('_secret_')[0]!
      if (card.replace(/\s/g, '') === '4242424242424242') {
        const intent = stripe.succeed(id)
        return { id: intent.id, status: intent.status }
      }
      stripe.fail(id)
      return { error: 'Your card was declined.' }
    })
    const res = await page.request.post(`${baseURL}/api/bookings`, {
      data: { name, email: 'stripe-guest@example.com', phone: '+81 90-1234-5678', numberOfPeople: 3, tourPackageId: 1, tourDate: sunday(4), tourTime, acceptPolicy: true },
    })
    expect(res.status(), await res.text()).toBe(201)
    const booking = (await res.json()) as { reference: string }
    await page.goto(`${baseURL}/checkout/${booking.reference}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Complete Your Booking' })).toBeVisible()
    await expect(page.getByText('Test mode: no real payment')).toHaveCount(0)
    return booking
  }

  test('the Payment Element pays the booking through Stripe and the confirmation shows Paid', async ({ page }) => {
    const booking = await openCheckout(page, 'Stripe Guest', 'morning')
    // Apple Pay and Google Pay are left to the device, never switched off (docs/decisions/0050).
    await expect.poll(() => page.evaluate(() => (window as unknown as { __stripeElementCreated?: unknown }).__stripeElementCreated ?? null)).toMatchObject({
      type: 'payment',
      options: { wallets: { applePay: 'auto', googlePay: 'auto' } },
    })
    await page.getByLabel('Card number').fill('4242 4242 4242 4242')
    await page.getByRole('button', { name: 'Pay Now' }).click()
    await expect(page).toHaveURL(new RegExp(`/booking-confirmation/${booking.reference}$`))
    await expect(page.getByText('Paid', { exact: true })).toBeVisible()
    const create = stripe.requests.find((r) => r.method === 'POST' && r.path === '/v1/payment_intents' && (r.params.metadata as Record<string, string>).reference === booking.reference)!
    // Half-day for 3 guests (docs/decisions/0019): the server's price, not the browser's.
    expect(create.params.amount).toBe('16500')
    expect(create.idempotencyKey).toBeTruthy()
  })

  test('a declined card shows Payment Failed with Stripe’s message', async ({ page }) => {
    const booking = await openCheckout(page, 'Declined Stripe Guest', 'afternoon')
    await page.getByLabel('Card number').fill('4000 0000 0000 0002')
    await page.getByRole('button', { name: 'Pay Now' }).click()
    await expect(page.getByText('Payment Failed', { exact: true })).toBeVisible()
    await expect(page.getByText('Your card was declined.').first()).toBeVisible()
    const view = await (await page.request.get(`${baseURL}/api/bookings/${booking.reference}`)).json()
    expect(view.status).toBe('pending')
  })

  test('returning from a redirect-based payment method settles the booking on the confirmation page', async ({ page }) => {
    const res = await page.request.post(`${baseURL}/api/bookings`, {
      data: { name: 'Redirect Guest', email: 'redirect@example.com', phone: '+81 90-1234-5678', numberOfPeople: 1, tourPackageId: 1, tourDate: sunday(5), tourTime: 'morning', acceptPolicy: true },
    })
    expect(res.status(), await res.text()).toBe(201)
    const booking = (await res.json()) as { reference: string }
    const intent = await (await page.request.post(`${baseURL}/api/create-payment-intent`, { data: { bookingId: booking.reference } })).json()
    const id = String(intent.clientSecret).split('_secret_')[0]!
    // The bank page (outside our site) approved the payment; Stripe sends the guest back.
    stripe.succeed(id)
    await page.goto(`${baseURL}/booking-confirmation/${booking.reference}?payment_intent=${id}&payment_intent_client_secret=${intent.clientSecret}&redirect_status=succeeded`)
    await expect(page.getByText('Payment Successful', { exact: true })).toBeVisible()
    await expect(page.getByText('Paid', { exact: true })).toBeVisible()
  })
})
