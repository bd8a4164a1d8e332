import { expect } from '@playwright/test'
import { test } from './test.ts'
import sharp from 'sharp'
import { logInAsAdmin } from './admin-login.ts'
import { expectNoSeriousAxeViolations } from './axe.ts'
import { uploadPhoto } from './dashboard-data.ts'

// The dashboard's messages, notifications, reviews, users, photos, revenue (with the journal
// export), promo codes and vouchers in Japanese (docs/decisions/0086): an admin who chose no
// language and whose browser prefers Japanese reads them in Japanese, with dates and yen in
// Japanese form. The shared admin's own choice stays untouched: other specs share it.
test.use({ reducedMotion: 'reduce' })

/** A Japanese date as Intl writes it: 2026年12月5日. */
const JAPANESE_DATE = /\d{4}年\d{1,2}月\d{1,2}日/

test('a Japanese admin reads the inbox, users, photos and money tabs in Japanese and saves a promo code in Japanese', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'ja-JP', viewport: { width: 1280, height: 900 } })
  const page = await context.newPage()
  const contact = await page.request.post('/api/contact', {
    data: { name: '佐藤 花子', email: 'hanako.sato@example.com', phone: '', message: '春に高田城へ行けますか？', locale: 'ja' },
  })
  expect(contact.status(), await contact.text()).toBeLessThan(300)
  await logInAsAdmin(page, '', 'ja')

  // Messages: the tab's words, the time the message came in as a Japanese date.
  await page.goto('/admin/dashboard?tab=messages')
  await expect(page.getByRole('heading', { name: 'メッセージ', exact: true })).toBeVisible()
  const message = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: '佐藤 花子' }) }).first()
  await expect(message.getByRole('link', { name: '佐藤 花子 さんの予約を作成' })).toBeVisible()
  await expect(message.getByRole('button', { name: 'メールアドレスをコピー' })).toBeVisible()
  await expect(message.getByRole('link', { name: 'メールアプリで開く' })).toBeVisible()
  await expect(message).toContainText(JAPANESE_DATE)
  await expectNoSeriousAxeViolations(page, 'messages at 1280')

  await page.goto('/admin/dashboard?tab=notifications')
  await expect(page.getByRole('heading', { name: '通知', exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: 'すべて既読にする' })).toBeVisible()

  await page.goto('/admin/dashboard?tab=reviews')
  await expect(page.getByRole('heading', { name: 'レビュー', exact: true })).toBeVisible()
  await page.getByRole('button', { name: '他サイトのレビューを追加' }).click()
  const external = page.getByRole('form', { name: '他サイトのレビューを追加' })
  await expect(external.getByLabel('掲載元のサイト（例：Tripadvisor）')).toBeVisible()
  await expect(external.getByLabel('評価')).toHaveValue('5')
  await expectNoSeriousAxeViolations(page, 'reviews at 1280')

  await page.goto('/admin/dashboard?tab=users')
  await expect(page.getByRole('heading', { name: 'ユーザー', exact: true })).toBeVisible()
  await expect(page.getByRole('columnheader', { name: '作成日時' })).toBeVisible()
  await expect(page.getByRole('cell', { name: JAPANESE_DATE }).first()).toBeVisible()
  await expect(page.getByRole('button', { name: 'admin を削除', exact: true })).toHaveAttribute('title', '自分のアカウントは削除できません')

  await page.goto('/admin/dashboard?tab=photos')
  await expect(page.getByRole('heading', { name: '写真のアップロード' })).toBeVisible()
  await expect(page.getByRole('heading', { name: '写真ライブラリ' })).toBeVisible()
  await expect(page.getByLabel('説明（代替テキスト）')).toHaveAttribute('placeholder', '例：高田城の堀に咲く桜')
  // The site's places by their Japanese names.
  await expect(page.getByRole('heading', { name: 'サイト上の掲載場所' })).toBeVisible()
  await expect(page.getByLabel('ガイド紹介：ガイドの写真（4:5）')).toBeVisible()
  await expect(page.getByLabel('東京からの日帰り：記事の写真（3:2）')).toBeVisible()
  await expectNoSeriousAxeViolations(page, 'photos at 1280')
  // A photo already in the library: the server's refusal, by its id, in Japanese on the field and in the toast (docs/decisions/0087).
  const photo = { name: 'ja-twice.png', mimeType: 'image/png', buffer: await sharp({ create: { width: 640, height: 480, background: { r: 30, g: 58, b: (Date.now() % 200) + 20 }, channels: 3 } }).png().toBuffer() }
  await uploadPhoto(page.request, '二度目の写真', photo)
  await page.getByLabel('写真', { exact: true }).setInputFiles(photo)
  await page.getByLabel('説明（代替テキスト）').fill('二度目の写真')
  await page.getByRole('button', { name: '写真をアップロード', exact: true }).click()
  await expect(page.getByRole('status').or(page.getByRole('alert')).filter({ hasText: 'この写真はすでにライブラリにあります' }).first()).toBeVisible()
  await expect(page.locator('#photo-file-error')).toHaveText('この写真はすでにライブラリにあります')

  // Revenue: the year, its months and yen in Japanese form, and the journal's words.
  await page.goto('/admin/dashboard?tab=revenue')
  const year = new Intl.DateTimeFormat('en', { timeZone: 'Asia/Tokyo', year: 'numeric' }).format(new Date())
  await expect(page.getByRole('heading', { name: `${year}年の売上` })).toBeVisible()
  const table = page.getByRole('table', { name: `${year}年の月別売上：ツアーはツアーの月、金額は入出金のあった月で集計` })
  await expect(table.getByRole('rowheader', { name: `${year}年1月` })).toBeVisible()
  await expect(table.getByRole('rowheader', { name: `${year}年 合計` })).toBeVisible()
  await expect(table.getByRole('cell', { name: /^-?[\d,]+円$/ }).first()).toBeVisible()
  await expect(page.getByLabel('期間')).toContainText('3月')
  await expect(page.getByRole('heading', { name: '会計用の帳簿' })).toBeVisible()
  await expect(page.getByRole('link', { name: /^仕訳帳をダウンロード（\d{4}-\d{2}-\d{2}〜\d{4}-\d{2}-\d{2}）$/ })).toBeVisible()
  await expectNoSeriousAxeViolations(page, 'revenue at 1280')

  await page.goto('/admin/dashboard?tab=vouchers')
  await expect(page.getByRole('heading', { name: 'ギフト券', exact: true })).toBeVisible()

  // A real save in Japanese: a promo code made through the form, the toast in Japanese; and one
  // with yen off, its amount as 1,500円.
  const code = `JA-${Date.now().toString(36).toUpperCase()}`
  const yenCode = `${code}-Y`
  // The section's own form, posted without script: answered with the way back to the page.
  const created = await page.request.post('/admin/promo-codes', { form: { intent: 'create', code: yenCode, kind: 'amount', value: '1500', validFrom: '', validTo: '', maxUses: '', tourKind: '', minGroup: '', active: 'on' }, maxRedirects: 0 })
  expect(created.status(), await created.text()).toBe(302)
  await page.goto('/admin/dashboard?tab=promo-codes')
  await expect(page.getByRole('heading', { name: '新しいプロモコード' })).toBeVisible()
  await page.getByLabel('コード', { exact: true }).fill(code)
  await page.getByLabel('割引率（%）').fill('10')
  await page.getByLabel('開始日').fill('2030-04-01')
  await page.getByLabel('終了日').fill('2030-06-30')
  await page.getByRole('button', { name: 'コードを作成' }).click()
  await expect(page.getByText('プロモコードを作成しました', { exact: true })).toBeVisible()
  await expect(page.getByText(`${code}：10%引き`, { exact: true })).toBeVisible()
  const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: code, exact: true }) })
  await expect(row).toContainText('2030年4月1日')
  await expect(row).toContainText('〜2030年6月30日')
  await expect(row.getByRole('button', { name: `${code} を編集` })).toBeVisible()
  await expect(page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: yenCode, exact: true }) })).toContainText('1,500円引き')
  await expectNoSeriousAxeViolations(page, 'promo codes at 1280')
  await context.close()
})

test('a Japanese admin reads the same tabs in Japanese on a phone, axe clean', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'ja-JP', viewport: { width: 375, height: 800 } })
  const page = await context.newPage()
  await logInAsAdmin(page, '', 'ja')
  const year = new Intl.DateTimeFormat('en', { timeZone: 'Asia/Tokyo', year: 'numeric' }).format(new Date())
  for (const [tab, heading] of [
    ['messages', 'メッセージ'],
    ['users', 'ユーザー'],
    ['revenue', `${year}年の売上`],
    ['promo-codes', 'プロモコード'],
    ['vouchers', 'ギフト券'],
  ] as const) {
    await page.goto(`/admin/${tab}`)
    await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible()
    await expectNoSeriousAxeViolations(page, `${tab} at 375`)
  }
  await context.close()
})
