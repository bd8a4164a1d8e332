import { expect, type Page } from '@playwright/test'
import { test } from './test.ts'
import { E2E_ADMIN } from '../../playwright.config.ts'
import { tripSundays } from './tour-dates.ts'
import { chooseSlot, policyConsent, slotHeldToast } from './booking-steps.ts'
import { expectNoSeriousAxeViolations } from './axe.ts'
import { hydrated } from './hydration.ts'
import { logInAsAdmin } from './admin-login.ts'
import { openBookingDetails } from './booking-search.ts'
import { seasonOf } from '../../core/what-to-bring.ts'
import { phonePhoto } from '../integration/crafted-images.ts'
import { messagesOf } from './messages.ts'
import { sectionData, uploadPhoto } from './dashboard-data.ts'

const english = messagesOf('en')

// docs/decisions/0052: the guest chooses where to meet, pays, and the
// trip page keeps the confirmation's promise: where, what to bring, the guide on WhatsApp.

const [PHONE_DATE, DESKTOP_DATE] = tripSundays()

async function details(page: Page, name: string, email: string) {
  await page.getByLabel('Full Name').fill(name)
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Phone Number').fill('+81 90-2222-3333')
  await page.getByLabel('Number of People').fill('2')
}

async function createAndPay(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Create Booking' }).click()
  await expect(page.getByRole('heading', { name: 'Your slot is held: payment is needed' })).toBeVisible()
  await slotHeldToast(page)
  await page.getByRole('link', { name: 'Continue to Payment' }).click()
  await page.getByLabel('Card number').fill('4242 4242 4242 4242')
  await page.getByRole('button', { name: 'Pay Now' }).click()
  await expect(page).toHaveURL(/\/booking-confirmation\/[0-9A-Z]{12}$/)
  await expect(page.getByText('Paid', { exact: true })).toBeVisible()
  return page.url().split('/').pop()!
}

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, reducedMotion: 'reduce' })

  test('a guest asks to be picked up at their hotel, answers every question, pays, and the trip page shows it all with what to bring and the guide’s WhatsApp; the admin sees it', async ({ page }) => {
    await page.goto('/booking')
    await hydrated(page)
    await chooseSlot(page, PHONE_DATE, /^Morning · 9:00 AM/)
    await details(page, 'Pickup Guest', 'pickup.guest@example.com')

    const places = page.getByRole('group', { name: 'Where shall we meet?' })
    // The slot's usual place is chosen at first; the hotel field shows only for a pickup.
    await expect(places.getByRole('radio', { name: /Joetsu-Myoko Station/ })).toBeChecked()
    await expect(page.getByLabel('Hotel name')).toBeHidden()
    await places.getByRole('radio', { name: 'Pick me up at my hotel in Joetsu' }).check()
    await expect(page.getByLabel('Hotel name')).toBeVisible()
    await policyConsent(page).check()
    await page.getByRole('button', { name: 'Create Booking' }).click()
    await expect(page.getByText('Please enter the name of your hotel in Joetsu')).toBeVisible()
    await expect(page.getByLabel('Hotel name')).toBeFocused()
    await expectNoSeriousAxeViolations(page, 'details with the hotel error (375 px)')
    await page.getByLabel('Hotel name').fill('Hotel Centraal Joetsu')
    // Every seeded booking question answered (docs/decisions/0053).
    await page.getByRole('radiogroup', { name: 'Dietary needs (optional)' }).getByRole('radio', { name: 'Vegetarian' }).check()
    await page.getByLabel('Mobility or access needs (optional)').fill('No long stairs, please.')
    await page.getByLabel('Ages of children (optional)').fill('4 and 9')
    await page.getByLabel('How you arrive (optional)').fill('Shinkansen arriving 10:12')
    await expect(page.getByRole('complementary', { name: 'Booking summary' })).toContainText('Pick me up at my hotel in Joetsu')

    const reference = await createAndPay(page)
    const meeting = page.getByRole('region', { name: 'Where we meet' })
    await expect(meeting).toContainText('We pick you up in the lobby of your hotel: Hotel Centraal Joetsu')
    // The season of the tour date, in the site's words until the guide writes theirs.
    const answers = page.getByRole('region', { name: 'Your answers' })
    for (const answer of ['Vegetarian', 'No long stairs, please.', '4 and 9', 'Shinkansen arriving 10:12']) await expect(answers).toContainText(answer)
    await expect(page.getByRole('region', { name: 'What to bring' })).toContainText(english[`trip.bring.${seasonOf(PHONE_DATE)}`]!)
    const whatsapp = page.getByRole('region', { name: 'On the day' }).getByRole('link', { name: 'Message on WhatsApp' })
    await expect(whatsapp).toHaveAttribute('href', new RegExp(`^https://wa\\.me/\\d+\\?text=${encodeURIComponent(`Hello! About my booking ${reference}: `).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`))
    await expectNoSeriousAxeViolations(page, 'trip page with a hotel pickup (375 px)')

    await logInAsAdmin(page)
    const found = await (await page.request.get(`/api/bookings?q=${encodeURIComponent('Pickup Guest')}`)).json()
    const id = found.items[0].id as number
    const dialog = await openBookingDetails(page, id)
    await expect(dialog).toContainText('Hotel pickup: Hotel Centraal Joetsu')
    for (const answer of ['Vegetarian', 'No long stairs, please.', '4 and 9', 'Shinkansen arriving 10:12']) await expect(dialog).toContainText(answer)
    await expectNoSeriousAxeViolations(page, 'booking dialog with the pickup and the answers (375 px)')
  })
})

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 900 } })

  test('a guest chooses a meeting point by its map links, and the trip page gives the taxi address, the guide’s photo of the place and opens it in their map app', async ({ page }) => {
    // The guide has put a photo of Takada Station on it, by the Photos and Settings sections' forms.
    expect((await page.request.post('/api/login', { data: E2E_ADMIN })).status()).toBe(200)
    const photoId = await uploadPhoto(page.request, 'The entrance of Takada Station', { name: 'takada.jpg', mimeType: 'image/jpeg', buffer: await phonePhoto(1600, 1200, 11) })
    type Point = { id: number; name: string; address: string; addressJa: string; latitude: number; longitude: number; instructions: string; translations: Record<string, Record<string, string>> }
    const { trip } = await sectionData<{ trip: { points: Point[] } }>(page.request, '/admin/settings', 'routes/admin/settings')
    const { id, translations, ...point } = trip.points.find((p) => p.name === 'Takada Station')!
    const placed = await page.request.post('/admin/settings', {
      form: {
        intent: 'updatePoint',
        id: String(id),
        ...Object.fromEntries((['name', 'address', 'addressJa', 'latitude', 'longitude', 'instructions'] as const).map((key) => [key, String(point[key])])),
        // Each other language's words in fields of their own, as the panel's form sends them.
        ...Object.fromEntries(Object.entries(translations).flatMap(([code, words]) => Object.entries(words).map(([field, text]) => [`${field}-${code}`, text]))),
        photoMediaId: String(photoId),
      },
      maxRedirects: 0,
    })
    expect(placed.status(), await placed.text()).toBe(302)
    await page.request.post('/api/logout')

    await page.goto('/booking')
    await hydrated(page)
    await chooseSlot(page, DESKTOP_DATE, /^Morning · 9:00 AM/)
    await details(page, 'Station Guest', 'station.guest@example.com')
    const places = page.getByRole('group', { name: 'Where shall we meet?' })
    // Links to the visitor's map app, built from the coordinates: nothing from a map site loads here.
    await expect(places.getByRole('link', { name: 'Google Maps: Takada Station' })).toHaveAttribute('href', 'https://www.google.com/maps/search/?api=1&query=37.1027,138.2497')
    await places.getByRole('radio', { name: /Takada Station/ }).check()
    await policyConsent(page).check()
    await createAndPay(page)

    const meeting = page.getByRole('region', { name: 'Where we meet' })
    await expect(meeting).toContainText('Takada Station')
    await expect(meeting).toContainText('新潟県上越市仲町4丁目 高田駅')
    await expect(meeting).toContainText('In front of the main entrance of the station building.')
    await expect(meeting.getByRole('link', { name: 'Apple Maps: Takada Station' })).toHaveAttribute('href', 'https://maps.apple.com/?ll=37.1027,138.2497&q=Takada%20Station')
    const photo = meeting.getByRole('img', { name: 'The entrance of Takada Station' })
    await photo.scrollIntoViewIfNeeded()
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
    await expect(meeting.getByRole('link', { name: 'Map app: Takada Station' })).toHaveAttribute('href', 'geo:37.1027,138.2497?q=37.1027,138.2497(Takada%20Station)')
    await expectNoSeriousAxeViolations(page, 'trip page with a meeting point (1280 px)')
  })
})

test.describe('the guide on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, reducedMotion: 'reduce' })

  test('adds a meeting point in Settings, is told what is wrong, and stops offering it; the booking form follows', async ({ page }) => {
    await logInAsAdmin(page)
    await page.getByRole('navigation').getByRole('link', { name: 'Settings' }).click()
    const panel = page.getByRole('region', { name: 'Meeting points' })
    await expect(panel.getByText('Joetsu-Myoko Station', { exact: true })).toBeVisible()
    await panel.getByRole('link', { name: 'Add a meeting point' }).click()
    const form = panel.getByRole('form', { name: 'New meeting point' })
    await form.getByLabel('Name', { exact: true }).fill('Naoetsu Station')
    await form.getByLabel('Address', { exact: true }).fill('Higashi-cho, Joetsu, Niigata')
    await form.getByLabel('Japanese address').fill('新潟県上越市東町 直江津駅')
    await form.getByLabel('Latitude').fill('137.2')
    await form.getByLabel('Longitude').fill('138.2420')
    await form.getByRole('button', { name: 'Add meeting point' }).click()
    await expect(form.getByText('Latitude must be between -90 and 90')).toBeVisible()
    await expectNoSeriousAxeViolations(page, 'meeting point form with an error (375 px)')
    await form.getByLabel('Latitude').fill('37.1693')
    await form.getByRole('button', { name: 'Add meeting point' }).click()
    await expect(panel.getByText('Naoetsu Station', { exact: true })).toBeVisible()

    await page.goto(`/booking?date=${DESKTOP_DATE}&tourTime=afternoon&step=details`)
    await expect(page.getByRole('group', { name: 'Where shall we meet?' }).getByRole('radio', { name: /Naoetsu Station/ })).toBeVisible()

    await page.goto('/admin/dashboard?tab=settings')
    await page.getByRole('region', { name: 'Meeting points' }).getByRole('button', { name: 'Stop offering Naoetsu Station' }).click()
    await expect(page.getByRole('region', { name: 'Meeting points' }).getByRole('button', { name: 'Offer Naoetsu Station again' })).toBeVisible()
    await page.goto(`/booking?date=${DESKTOP_DATE}&tourTime=afternoon&step=details`)
    await expect(page.getByRole('group', { name: 'Where shall we meet?' }).getByRole('radio', { name: /Takada Station/ })).toBeVisible()
    await expect(page.getByRole('group', { name: 'Where shall we meet?' }).getByRole('radio', { name: /Naoetsu Station/ })).toHaveCount(0)
  })
})

test('without script the guide adds a meeting point, stops offering it, and writes winter’s words in Korean (375 px)', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 740 } })
  const page = await context.newPage()
  expect((await context.request.post('/api/login', { data: E2E_ADMIN })).status()).toBe(200)
  await page.goto('/admin/settings')
  const panel = page.getByRole('region', { name: 'Meeting points' })
  await panel.getByRole('link', { name: 'Add a meeting point' }).click()
  const form = panel.getByRole('form', { name: 'New meeting point' })
  await form.getByLabel('Name', { exact: true }).fill('Kasugayama Shrine')
  await form.getByLabel('Address', { exact: true }).fill('Kasugayama, Joetsu, Niigata')
  await form.getByLabel('Japanese address').fill('新潟県上越市大豆 春日山神社')
  await form.getByLabel('Latitude').fill('37.1583')
  await form.getByLabel('Longitude').fill('138.2090')
  await form.getByRole('button', { name: 'Add meeting point' }).click()
  await expect(panel.getByText('Kasugayama Shrine', { exact: true })).toBeVisible()
  await panel.getByRole('button', { name: 'Stop offering Kasugayama Shrine' }).click()
  await expect(panel.getByRole('button', { name: 'Offer Kasugayama Shrine again' })).toBeVisible()

  const trip = page.getByRole('region', { name: 'Pickup, usual places and what to bring' })
  await trip.getByLabel('Language', { exact: true }).selectOption('ko')
  await trip.getByRole('button', { name: 'Show' }).click()
  await expect(page).toHaveURL(/[?&]bring=ko/)
  await trip.getByLabel('Winter (December–February)').fill('방한화와 장갑')
  await trip.getByRole('button', { name: 'Save trip settings' }).click()
  await expect(trip.getByLabel('Winter (December–February)')).toHaveValue('방한화와 장갑')
  const { trip: stored } = await sectionData<{ trip: { settings: { whatToBring: { winter?: Record<string, string> } } } }>(context.request, '/admin/settings', 'routes/admin/settings')
  expect(stored.settings.whatToBring.winter?.ko).toBe('방한화와 장갑')
  // Emptied again: Korean follows the site's text once more, for the journeys that read it.
  await trip.getByLabel('Winter (December–February)').fill('')
  await trip.getByRole('button', { name: 'Save trip settings' }).click()
  await expect(trip.getByLabel('Winter (December–February)')).not.toHaveValue('방한화와 장갑')
  await context.close()
})
