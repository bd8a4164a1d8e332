import { expect, type Page } from '@playwright/test'
import { test } from './test.ts'
import { formatLongDate, formatMonthTitle, formatShortDate } from '../../core/dates.ts'
import { formatYen } from '../../core/money.ts'
import { logInAsAdmin } from './admin-login.ts'
import { expectNoSeriousAxeViolations } from './axe.ts'
import { adminJaSaturday } from './tour-dates.ts'

// The bookings and calendar tabs in Japanese (decision 0086): an admin who never chose a language,
// whose browser asks for Japanese, reads the list, the booking's dialog, the calendar and its dialog,
// their dates, times and yen in Japanese form, and saves a change with a Japanese toast. The shared
// admin's own choice is never touched: other specs log in as the same user.
test.use({ reducedMotion: 'reduce' })

const GUEST = 'Aoi Dashboard-Japanese'
const TOUR_DATE = adminJaSaturday()

const toast = (page: Page, title: string) => page.getByRole('status').filter({ hasText: title }).or(page.locator('li[role="status"]').filter({ hasText: title }))

test('the bookings and calendar tabs speak Japanese, with dates, times and yen in Japanese form, at 1280 and 375 px', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'ja-JP', viewport: { width: 1280, height: 900 }, reducedMotion: 'reduce' })
  const page = await context.newPage()
  const created = await page.request.post('/api/bookings', {
    data: { name: GUEST, email: 'aoi.ja@example.com', phone: '+81 90-1234-5678', numberOfPeople: 2, tourPackageId: 1, acceptPolicy: true, tourDate: TOUR_DATE, tourTime: 'afternoon' },
  })
  expect(created.status(), await created.text()).toBe(201)
  await logInAsAdmin(page, '', 'ja')
  const found = await (await page.request.get(`/api/bookings?q=${encodeURIComponent(GUEST)}`)).json()
  expect(found.total).toBe(1)
  const booking = found.items[0] as { id: number; totalPrice: number }
  const longDate = formatLongDate(TOUR_DATE, 'ja')

  // The list: its words, the date, the afternoon's start (午後) and the price in yen as Japanese writes them.
  await page.goto(`/admin/dashboard?bookingId=${booking.id}`)
  await expect(page.getByRole('heading', { name: 'ツアー予約' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'CSVを書き出す' })).toBeVisible()
  await expect(page.getByRole('link', { name: '新規予約' })).toBeVisible()
  const row = page.locator(`tr[data-booking-id="${booking.id}"]`)
  await expect(row).toContainText(formatShortDate(TOUR_DATE, 'ja'))
  await expect(row).toContainText(/午後\d{1,2}:\d{2}/)
  await expect(row).toContainText(formatYen(booking.totalPrice, 'ja'))
  await expect(row).not.toContainText('¥')
  await expect(page.getByRole('columnheader', { name: /ツアー日時/ })).toBeVisible()
  await expectNoSeriousAxeViolations(page, 'bookings (1280 px)')

  // A real save: the guide confirms the booking, and the toast says so in Japanese.
  const status = row.getByRole('combobox', { name: `予約 #${booking.id} のステータス` })
  await expect(status).toHaveValue('pending')
  await status.selectOption('confirmed')
  await expect(toast(page, 'ステータスを更新しました').first()).toContainText(`予約 #${booking.id} を「確定」にしました。`)
  await expect(status).toHaveValue('confirmed')

  // The booking's dialog: its headings, the long date, the money and the history.
  await row.getByRole('link', { name: `予約 #${booking.id} のメッセージを見る` }).click()
  const dialog = page.getByRole('dialog', { name: `予約 #${booking.id}：${GUEST} 様` })
  await expect(dialog).toContainText(longDate)
  await expect(dialog.getByRole('heading', { name: '入出金' })).toBeVisible()
  await expect(dialog).toContainText('ツアー料金')
  await expect(dialog).toContainText('日程の変更はありません。')
  await expect(dialog.getByRole('link', { name: '日程を変更' })).toBeVisible()
  await expectNoSeriousAxeViolations(page, 'booking dialog (1280 px)')
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()

  // The calendar: the month's title, the day, the slot's name and the legend.
  const month = TOUR_DATE.slice(0, 7)
  await page.goto(`/admin/dashboard?tab=calendar&month=${month}`)
  await expect(page.getByRole('heading', { name: formatMonthTitle(month, 'ja'), exact: true })).toBeVisible()
  await expect(page.getByRole('list', { name: '凡例' })).toContainText('仮押さえ（支払い待ち）')
  const day = page.locator(`li[data-date="${TOUR_DATE}"]`)
  await expect(day.getByRole('heading', { name: longDate })).toBeVisible()
  await expect(day.getByRole('button', { name: new RegExp(`^${GUEST}\\s*（予約済み、予約 #${booking.id} を開く）$`) })).toBeVisible()
  await expect(day.getByRole('link', { name: `${longDate}を催行中止にする` })).toBeVisible()
  await day.getByRole('link', { name: `${longDate}の枠を開く・閉じる` }).click()
  const edit = page.getByRole('dialog', { name: longDate })
  await expect(edit.getByRole('group', { name: '受付する枠' })).toBeVisible()
  await expect(edit.getByLabel('午後を受付')).toBeVisible()
  await expect(edit.getByRole('button', { name: '受付状況を保存' })).toBeVisible()
  await expectNoSeriousAxeViolations(page, 'availability dialog (1280 px)')
  await edit.getByRole('link', { name: 'キャンセル' }).click()
  await expect(edit).toBeHidden()
  await expectNoSeriousAxeViolations(page, 'calendar (1280 px)')

  // A paid booking the guide cancels: the card's refund is said in Japanese, never in the guest's
  // English sentence the JSON API answers.
  const { reference } = (await (await page.request.post('/api/bookings', {
    data: { name: 'Ren Refunded-Japanese', email: 'ren.ja@example.com', phone: '+81 90-1234-5679', numberOfPeople: 2, tourPackageId: 1, acceptPolicy: true, tourDate: TOUR_DATE, tourTime: 'morning' },
  })).json()) as { reference: string }
  const paid = { ...((await (await page.request.get(`/api/bookings?q=Ren%20Refunded-Japanese`)).json()).items[0] as { id: number; totalPrice: number }), reference }
  expect((await page.request.post('/api/create-payment-intent', { data: { bookingId: paid.reference } })).status()).toBe(200)
  expect((await page.request.post(`/api/bookings/${paid.reference}/simulated-payment`, { data: { cardNumber: '4242424242424242' } })).status()).toBe(200)
  expect((await (await page.request.post(`/api/bookings/${paid.reference}/payment-success`)).json()).status).toBe('paid')
  await page.goto(`/admin/dashboard?bookingId=${paid.id}`)
  await page.getByRole('link', { name: `予約 #${paid.id} をキャンセル` }).click()
  const cancel = page.getByRole('dialog', { name: `予約 #${paid.id} をキャンセル` })
  await expect(cancel.getByTestId('policy-refund')).toHaveText(formatYen(paid.totalPrice, 'ja'))
  await cancel.getByRole('button', { name: '予約をキャンセル' }).click()
  await expect(toast(page, '予約をキャンセルしました').first()).toContainText(`予約 #${paid.id} をキャンセルし、${formatYen(paid.totalPrice, 'ja')}をカードに返金しました。`)

  // On a phone: the booking's card with the long date, the group and the yen.
  await page.setViewportSize({ width: 375, height: 740 })
  await page.goto(`/admin/dashboard?bookingId=${booking.id}`)
  const card = page.locator(`li[data-booking-id="${booking.id}"]`)
  await expect(card).toContainText(longDate)
  await expect(card).toContainText(`2名 · ${formatYen(booking.totalPrice, 'ja')}`)
  await expect(card.getByRole('link', { name: new RegExp(`^詳細\\s*（予約 #${booking.id}）$`) })).toBeVisible()
  await expectNoSeriousAxeViolations(page, 'bookings (375 px)')
  await page.goto(`/admin/dashboard?tab=calendar&month=${month}`)
  await expect(page.locator(`li[data-date="${TOUR_DATE}"]`).getByRole('heading', { name: longDate })).toBeVisible()
  await expectNoSeriousAxeViolations(page, 'calendar (375 px)')
  await context.close()
})
