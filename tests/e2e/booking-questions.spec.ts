import { expect } from '@playwright/test'
import { test } from './test.ts'
import { sundayAhead } from './tour-dates.ts'
import { chooseSlot, policyConsent, slotHeldToast } from './booking-steps.ts'
import { expectNoSeriousAxeViolations } from './axe.ts'
import { hydrated } from './hydration.ts'
import { logInAsAdmin } from './admin-login.ts'
import { openBookingDetails } from './booking-search.ts'

// On a 375 px phone (docs/decisions/0053): the guest answers every seeded
// booking question, the form refuses allergies left undescribed on that field, the guest sees
// their answers, and the admin sees them in the booking's dialog and the questions in Settings.
test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, reducedMotion: 'reduce' })

const TOUR_DATE = sundayAhead(133)
const DESCRIBE_MESSAGE = 'Please describe your answer to "Dietary needs"'

test('a guest answers every seeded booking question on a phone, and the admin sees the answers', async ({ page }) => {
  await page.goto('/booking')
  await hydrated(page)
  await chooseSlot(page, TOUR_DATE, /^Morning · 9:00 AM/)
  await page.getByLabel('Full Name').fill('Answering Guest')
  await page.getByLabel('Email').fill('answering@example.com')
  await page.getByLabel('Phone Number').fill('+81 90-6666-7777')
  await page.getByLabel('Number of People').fill('2')

  // The questions come after the details and before the consent, in the guide's order.
  await expect(page.getByRole('heading', { name: 'A few questions from your guide' })).toBeVisible()
  const dietary = page.getByRole('radiogroup', { name: 'Dietary needs (optional)' })
  await expect(dietary.getByRole('radio')).toHaveCount(6)
  // Its answer's field is named by the question's id, which the forged posts below use.
  const dietaryId = Number((await dietary.getByRole('radio').first().getAttribute('name'))!.replace(/^answer\./, ''))
  await expect(dietary).toContainText('So your guide can plan the food stops.')
  await dietary.getByRole('radio', { name: 'Allergies' }).check()
  await page.getByLabel('Mobility or access needs (optional)').fill('My father walks with a stick:\nno long stairs, please.')
  await page.getByLabel('Ages of children (optional)').fill('4 and 9')
  await page.getByLabel('How you arrive (optional)').fill('Shinkansen arriving 10:12')
  await policyConsent(page).check()
  const order = await page.locator('form[method="post"]').evaluate((form) =>
    [...form.querySelectorAll<HTMLElement>('[name="name"], [name^="answer."], [name="acceptPolicy"]')].map((el) => el.getAttribute('name')!.replace(/\d+/, 'N')),
  )
  expect(order.indexOf('name')).toBeLessThan(order.indexOf('answer.N'))
  expect(order.lastIndexOf('answer.N.detail')).toBeLessThan(order.indexOf('acceptPolicy'))

  // "Allergies" asks which ones: refused on that field, with the focus there, before anything is sent.
  await page.getByRole('button', { name: 'Create Booking' }).click()
  const detail = page.getByLabel('Allergies: please describe')
  await expect(page.getByText(DESCRIBE_MESSAGE)).toBeVisible()
  await expect(detail).toHaveAttribute('aria-invalid', 'true')
  await expect(detail).toBeFocused()
  await expect(page.getByRole('heading', { name: 'Booking details' })).toBeVisible()
  await expectNoSeriousAxeViolations(page, 'details with the questions and an answer error (375 px)')
  // Nothing spills sideways on the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)

  await detail.fill('Peanuts and sesame')
  await expect(page.getByText(DESCRIBE_MESSAGE)).toBeHidden()
  await page.getByRole('button', { name: 'Create Booking' }).click()
  await expect(page.getByRole('heading', { name: 'Your slot is held: payment is needed' })).toBeVisible()
  await slotHeldToast(page)

  // The guest's booking page shows what they answered.
  await page.getByRole('link', { name: 'View booking details' }).click()
  const yours = page.getByRole('region', { name: 'Your answers' })
  await expect(yours).toContainText('Dietary needs')
  await expect(yours).toContainText('Allergies: Peanuts and sesame')
  await expect(yours).toContainText('Shinkansen arriving 10:12')

  // The server refuses a bad answer whichever way it comes, naming the question.
  const fields = { name: 'Sneaky Guest', email: 'sneaky.q@example.com', phone: '+81 90-4444-5555', numberOfPeople: '2', tourPackageId: '1', tourDate: TOUR_DATE, tourTime: 'afternoon', acceptPolicy: 'on' }

  await logInAsAdmin(page)
  for (const url of ['/booking', '/booking.data']) {
    const res = await page.request.post(url, { form: { ...fields, [`answer.${dietaryId}`]: 'pizza' }, maxRedirects: 0 })
    expect(res.status(), url).toBe(400)
    expect(await res.text(), url).toContain('please choose one of the options')
  }
  const api = await page.request.post('/api/bookings', { data: { ...fields, acceptPolicy: true, answers: { [dietaryId]: 'pizza' } } })
  expect(api.status()).toBe(400)
  expect((await api.json()).message).toBe('"Dietary needs": please choose one of the options')

  const found = await (await page.request.get(`/api/bookings?q=${encodeURIComponent('Answering Guest')}`)).json()
  expect(found.total).toBe(1)
  const id = found.items[0].id as number
  const dialog = await openBookingDetails(page, id)
  await expect(dialog.getByRole('heading', { name: 'Answers to the booking questions' })).toBeVisible()
  await expect(dialog).toContainText('Dietary needs')
  await expect(dialog).toContainText('Allergies: Peanuts and sesame')
  await expect(dialog).toContainText('My father walks with a stick:')
  await expect(dialog).toContainText('4 and 9')
  await expect(dialog).toContainText('Shinkansen arriving 10:12')
  await expectNoSeriousAxeViolations(page, 'booking dialog with the answers (375 px)')
})

test('Settings lists the booking questions in order, and moves one with the keyboard', async ({ page }) => {
  await logInAsAdmin(page)
  await page.getByRole('navigation').getByRole('link', { name: 'Settings' }).click()
  const panel = page.getByRole('region', { name: 'Booking questions' })
  const asked = panel.getByRole('list', { name: 'Questions asked, in order' }).getByRole('listitem')
  await expect(asked.first()).toContainText('1. Dietary needs')
  await expect(asked.nth(3)).toContainText('4. How you arrive')
  await expectNoSeriousAxeViolations(page, 'settings with the booking questions (375 px)')

  // Down and back up again, by keyboard: the form's order changes with it.
  await panel.getByRole('button', { name: 'Move “Ages of children” down' }).focus()
  await page.keyboard.press('Enter')
  await expect(asked.nth(3)).toContainText('4. Ages of children')
  await panel.getByRole('button', { name: 'Move “Ages of children” up' }).focus()
  await page.keyboard.press('Enter')
  await expect(asked.nth(2)).toContainText('3. Ages of children')

  // The editor shows the question's words in every language.
  await panel.getByRole('link', { name: 'Edit “Dietary needs”' }).click()
  const form = panel.getByRole('form', { name: 'Edit “Dietary needs”' })
  await expect(form.getByLabel('Question (English)')).toHaveValue('Dietary needs')
  await expect(form.getByLabel('Options (English), one per line')).toHaveValue('None\nVegetarian\nVegan\nHalal\nNo pork\nAllergies [describe]')
  await expect(form.getByLabel('Question (日本語)')).toHaveValue('食事の制限')
  await form.getByRole('link', { name: 'Cancel' }).click()
  await expect(form).toBeHidden()
})
