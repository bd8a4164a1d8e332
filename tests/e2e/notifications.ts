import { expect, type Page } from '@playwright/test'

/** The number the dashboard's notifications badge shows: 0 when it shows none. */
export async function notificationsBadgeCount(page: Page): Promise<number> {
  const badge = page.getByTestId('notifications-badge')
  return (await badge.count()) === 0 ? 0 : Number((await badge.innerText()).match(/\d+/)?.[0] ?? Number.NaN)
}

/** The notifications no one has read yet, as the API lists them. */
export async function unreadNotifications(page: Page): Promise<{ read: boolean; createdAt: string }[]> {
  const all = (await (await page.request.get('/api/notifications')).json()) as { read: boolean; createdAt: string }[]
  return all.filter((n) => !n.read)
}

/**
 * After 'Mark All as Read' at `markedAt` (ms): the badge drops to none, or to what other specs on
 * the shared server made since, as any booking there is a notification here.
 */
export async function expectBadgeClearedSince(page: Page, markedAt: number) {
  await expect
    .poll(async () => (await notificationsBadgeCount(page)) <= (await unreadNotifications(page)).filter((n) => Date.parse(n.createdAt) > markedAt).length)
    .toBe(true)
}
