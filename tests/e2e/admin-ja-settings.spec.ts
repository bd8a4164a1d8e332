import { expect, type Browser, type Page } from '@playwright/test'
import { test } from './test.ts'
import { logInAsAdmin } from './admin-login.ts'
import { expectNoSeriousAxeViolations } from './axe.ts'
import { hydrated } from './hydration.ts'

/**
 * The Settings and Channels tabs in Japanese (docs/decisions/0086): an admin who chose no language, on a browser that
 * prefers Japanese, reads the panels, dates and yen in Japanese, and a save answers in Japanese. The suite's shared
 * server: the shared admin's language is never changed, and what this spec adds is named for this run.
 */
test.use({ reducedMotion: 'reduce' })

const run = Date.now().toString(36)
const toast = (page: Page, title: string) => page.getByRole('status').filter({ hasText: title }).or(page.getByRole('alert').filter({ hasText: title }))
/** A date as Intl writes it in Japanese: '2026年11月29日'. */
const JAPANESE_DATE = /\d{4}年\d{1,2}月\d{1,2}日/

async function japaneseDashboard(browser: Browser, width: number) {
  // Accept-Language follows the context's locale: the admin's language until they choose one.
  const context = await browser.newContext({ locale: 'ja-JP', reducedMotion: 'reduce', viewport: { width, height: 900 } })
  const page = await context.newPage()
  await logInAsAdmin(page, '', 'ja')
  return { context, page }
}

test('設定: the panels speak Japanese, yen and dates in Japanese form, at 1280 px and 375 px', async ({ browser }) => {
  const { context, page } = await japaneseDashboard(browser, 1280)
  try {
    await page.getByRole('navigation').getByRole('link', { name: '設定' }).click()
    for (const heading of ['メール送信テスト', 'カレンダーの購読', '集合場所', 'ツアーと料金', '予約時の質問', '予約の変更', 'ギフト券', '領収書', '紹介ページのご自身の言葉', 'お客様データの開示・削除請求', 'ログイン中の端末']) {
      await expect(page.getByRole('heading', { name: heading, exact: true })).toBeVisible()
    }
    // The seeded half-day tour's base price, in the dashboard's Japanese form.
    await expect(page.getByText('1～2名で14,300円').first()).toBeVisible()
    await expect(page.getByLabel('基本料金（1～2名）').first()).toHaveValue('14300')
    await expect(page.getByRole('button', { name: 'テストメールを送信' })).toBeVisible()

    // An empty address: the toast the form writes itself, in Japanese.
    await page.getByRole('button', { name: 'テストメールを送信' }).click()
    await expect(toast(page, 'メールアドレスが必要です').first()).toContainText('メールアドレスを入力してください')

    // A look-up of an address with nothing stored lands in the audit log, dated in Japanese.
    const email = `ja-${run}@example.com`
    const guestData = page.getByRole('region', { name: 'お客様データの開示・削除請求' })
    await guestData.getByLabel('お客様のメールアドレス').fill(email)
    await guestData.getByRole('button', { name: '照会', exact: true }).click()
    await expect(guestData.getByText(`${email} のデータは保存されていません。`)).toBeVisible()
    await expect(guestData.getByRole('listitem').filter({ hasText: ' · 照会 · ' }).first()).toContainText(JAPANESE_DATE)
    await expectNoSeriousAxeViolations(page, 'settings in Japanese at 1280')

    await page.setViewportSize({ width: 375, height: 740 })
    await expect(page.getByRole('heading', { name: 'ツアーと料金' })).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375)
    // A corporation's number whose check digit is wrong: refused on its field, in Japanese, and nothing stored changes.
    const receipts = page.getByRole('region', { name: '領収書' })
    await receipts.getByLabel('事業者の種類').selectOption('corporation')
    await receipts.getByLabel('登録番号').fill('T6000012050002')
    await receipts.getByRole('button', { name: '保存' }).click()
    await expect(toast(page, '領収書の設定を保存できませんでした').first()).toBeVisible()
    await expect(receipts.getByLabel('登録番号')).toHaveAccessibleDescription(/法人番号ではありません。チェックデジットが一致しません/)
    await expectNoSeriousAxeViolations(page, 'settings in Japanese at 375')
  } finally {
    await context.close()
  }
})

test('販売チャネル: a reseller added in Japanese, its key panel, a Japanese date once the key is used, at 1280 px and 375 px', async ({ browser }) => {
  const { context, page } = await japaneseDashboard(browser, 1280)
  try {
    await page.getByRole('navigation').getByRole('link', { name: '販売チャネル' }).click()
    await expect(page.getByRole('heading', { name: '販売代理店', exact: true })).toBeVisible()
    await expect(page.getByRole('heading', { name: '取り込んだカレンダー' })).toBeVisible()

    // The one real save: the toast, the key panel and the table answer in Japanese.
    const name = `日本語デスク ${run}`
    const form = page.getByRole('region', { name: '販売代理店を追加' })
    await form.getByLabel('名前', { exact: true }).fill(name)
    await form.getByLabel('手数料（%）').fill('15')
    await form.getByRole('button', { name: '販売代理店を追加' }).click()
    await expect(toast(page, '販売代理店を追加しました').first()).toContainText('API キーは一度しか表示されないため')
    const panel = page.getByRole('region', { name: `${name} の API キー` })
    await expect(panel.locator('strong')).toHaveText('このキーは二度と表示されません。')
    const key = await panel.getByLabel('API キー', { exact: true }).inputValue()
    await expectNoSeriousAxeViolations(page, 'channels in Japanese with the key at 1280')
    await panel.getByRole('button', { name: 'コピーしました' }).click()

    const row = page.getByRole('row', { name: new RegExp(name) })
    await expect(row).toContainText('15%')
    await expect(row).toContainText('すべてのツアー')
    await expect(row).toContainText('本番')
    await expect(row).toContainText('未使用')
    await expect(row).toContainText('有効')

    // The key used once: its last use, dated in Japanese.
    expect((await page.request.get('/octo/v1/supplier', { headers: { Authorization: `Bearer ${key}` } })).status()).toBe(200)
    await page.reload()
    await hydrated(page)
    await page.getByRole('navigation').getByRole('link', { name: '販売チャネル' }).click()
    await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText(JAPANESE_DATE)

    await page.setViewportSize({ width: 375, height: 740 })
    await expect(page.getByRole('heading', { name: '販売代理店', exact: true })).toBeVisible()
    await expectNoSeriousAxeViolations(page, 'channels in Japanese at 375')

    // Revoked through the Japanese confirmation, so the run leaves no live key behind.
    await page.getByRole('button', { name: `${name} を無効にする` }).click()
    const dialog = page.getByRole('alertdialog', { name: `${name} のキーを無効にしますか？` })
    await expect(dialog).toContainText('予約はそのまま残ります。')
    await dialog.getByRole('button', { name: '無効にする' }).click()
    await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('無効')
    await expect(toast(page, 'キーを無効にしました').first()).toBeVisible()
  } finally {
    await context.close()
  }
})
