import { type Page, expect } from '@playwright/test'
import { test } from './test.ts'
import { formatLongDate, formatMonthTitle } from '../../core/dates.ts'
import { localizePath, type Locale } from '../../core/i18n/locales.ts'
import { localizeClockText } from '../../core/slots.ts'
import { expectNoSeriousAxeViolations } from './axe.ts'
import { hydrated } from './hydration.ts'
import { messagesOf } from './messages.ts'
import { saturdayAhead } from './tour-dates.ts'

/**
 * The whole booking in Japanese and in Korean (docs/decisions/0044): calendar, details with a validation
 * error, checkout with the test card, confirmation, with no English left on the way but the
 * brand names and what the guest typed. Labels come from the messages files, so the test checks
 * that each page shows its language's words, not a copy of them.
 */
/**
 * Latin words a guest reads in <main>, apart from what may stay in Latin letters: brands and what
 * the guest typed. The catalogue's tours are read in the page's language too (docs/decisions/0045). What is hidden from
 * everyone (the form's honeypot, aria-hidden) is not read.
 */
async function englishLeft(page: Page, allowed: string[]): Promise<string[]> {
  let text = await page.getByRole('main').evaluate((main) => {
    const copy = main.cloneNode(true) as HTMLElement
    for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove()
    document.body.append(copy)
    const read = copy.innerText
    copy.remove()
    return read
  })
  for (const word of allowed) text = text.split(word).join(' ')
  text = text.replace(/[\w.+-]+@[\w.-]+/g, ' ').replace(/#?[0-9A-HJKMNP-TV-Z]{12}/g, ' ')
  return [...new Set(text.match(/[A-Za-z]{3,}/g) ?? [])]
}

// Saturdays 67 and 74 days ahead: a band of their own (tour-dates.ts).
const JOURNEYS: { locale: Locale; date: string; name: string; email: string }[] = [
  { locale: 'ja', date: saturdayAhead(67), name: '山田 花子', email: 'hanako.yamada@example.com' },
  { locale: 'ko', date: saturdayAhead(74), name: '김민지', email: 'minji.kim@example.com' },
]

for (const { locale, date, name, email } of JOURNEYS) {
  test(`a guest books, pays and reads the confirmation in ${locale}`, async ({ page }) => {
    test.setTimeout(120_000)
    const m = messagesOf(locale)
    // 'Enter' is the key's name as printed on keyboards; Google and Apple name the map apps.
    const allowed = ['WhatsApp', 'Stripe', 'Joetsu Local Tours', 'Enter', 'Google', 'Apple']
    const consoleErrors: string[] = []
    page.on('console', (msg) => {
      if (msg.type() === 'error') consoleErrors.push(msg.text())
    })

    await page.goto(localizePath('/booking', locale))
    await hydrated(page)
    await expect(page.locator('html')).toHaveAttribute('lang', locale)
    await expect(page.getByRole('heading', { level: 1, name: m['booking.banner.title'] })).toBeVisible()

    // Step 1: the month in the page's language, the day as a screen reader hears it.
    for (let i = 0; i < 8 && (await page.locator('#calendar-month').textContent()) !== formatMonthTitle(date, locale); i++) {
      await page.getByRole('button', { name: new RegExp(`^${m['booking.calendar.next']!.split('{')[0]}`) }).click()
    }
    await expect(page.locator('#calendar-month')).toHaveText(formatMonthTitle(date, locale))
    await page.getByRole('grid').getByRole('button', { name: new RegExp(`^${formatLongDate(date, locale)}`) }).click()
    await page.getByRole('radio', { name: new RegExp(`^${m['booking.slot.morning']} · ${localizeClockText('9:00 AM', locale)}`) }).check()
    expect(await englishLeft(page, allowed)).toEqual([])
    await page.getByRole('button', { name: m['booking.continue'] }).click()

    // Step 2: a validation error in the page's language, from the shared schema.
    await expect(page.getByRole('heading', { name: m['booking.details.title'] })).toBeVisible()
    await page.getByRole('button', { name: m['booking.form.create'] }).click()
    await expect(page.getByText(m['errors.fullName']!)).toBeVisible()
    await expect(page.getByText(m['errors.policyConsent']!)).toBeVisible()
    await page.getByLabel(m['booking.form.name']!).fill(name)
    await page.getByLabel(m['booking.form.email']!, { exact: true }).fill(email)
    await page.getByLabel(m['booking.form.phone']!).fill('+81 90 1234 5678')
    await page.getByLabel(m['booking.form.people']!).fill('2')
    await page.getByRole('checkbox', { name: m['booking.form.consent']!.replace(/<\/?\d>/g, '') }).check()
    expect(await englishLeft(page, allowed)).toEqual([])
    await expectNoSeriousAxeViolations(page, `${locale} details`)
    await page.getByRole('button', { name: m['booking.form.create'] }).click()

    // Step 3: the booking, then the checkout in the same language.
    await expect(page.getByRole('heading', { name: m['booking.created.title'] })).toBeVisible()
    await page.getByRole('link', { name: m['booking.created.pay'] }).click()
    await expect(page).toHaveURL(new RegExp(`${localizePath('/checkout/', locale)}[0-9A-Z]{12}$`))
    await expect(page.getByRole('heading', { level: 1, name: m['checkout.title'] })).toBeVisible()
    // The slot and its start joined as the language joins them ('午前・9:00（日本時間）', not '午前, 9:00').
    const startTime = `${m['booking.slot.morning']}${locale === 'ja' ? '・' : ', '}${localizeClockText('9:00 AM', locale)}`
    await expect(page.getByRole('main')).toContainText(startTime)
    expect(await englishLeft(page, allowed)).toEqual([])
    await page.getByLabel(m['checkout.card.number']!).fill('4242 4242 4242 4242')
    await page.getByRole('button', { name: m['checkout.pay'] }).click()

    // The confirmation, paid, in the same language.
    await expect(page).toHaveURL(new RegExp(`${localizePath('/booking-confirmation/', locale)}[0-9A-Z]{12}$`))
    await expect(page.getByText(m['checkout.status.paid']!, { exact: true })).toBeVisible()
    await expect(page.getByRole('main')).toContainText(formatLongDate(date, locale))
    expect(await englishLeft(page, allowed)).toEqual([])
    await expectNoSeriousAxeViolations(page, `${locale} confirmation`)
    expect(consoleErrors).toEqual([])
  })
}

test('a refused booking from the Korean page comes back in Korean, through the page’s data request', async ({ request }) => {
  const m = messagesOf('ko')
  const response = await request.post('/ko/booking.data', {
    form: { name: '', email: 'not-an-address', phone: '', numberOfPeople: '9', tourPackageId: '1', tourDate: saturdayAhead(67), tourTime: 'morning', _via: 'fetcher' },
  })
  expect(response.status()).toBe(400)
  const body = await response.text()
  expect(body).toContain(m['errors.fullName'])
  expect(body).toContain(m['errors.email'])
  expect(body).not.toContain('Please enter your full name')
})
