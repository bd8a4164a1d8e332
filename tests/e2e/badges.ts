import { expect, type Page } from '@playwright/test'

/** The dashboard's sections whose badge counts what no one has read, and where the API lists them. */
const LISTS = { messages: '/api/admin/messages', notifications: '/api/notifications' } as const
type Counted = keyof typeof LISTS
type Listed = { id: number; read: boolean }

/**
 * The number a section's badge shows: 0 when it shows none. Read in one look, as `allInnerTexts`
 * does not wait: counting the badge and then reading its text would wait for the text of a badge
 * that went in between, which is just what a poll for the badge to clear meets.
 */
export async function badgeCount(page: Page, section: Counted): Promise<number> {
  const [text] = await page.getByTestId(`${section}-badge`).allInnerTexts()
  return text === undefined ? 0 : Number(text.match(/\d+/)?.[0] ?? Number.NaN)
}

/** Every message or notification there is, read or not, as the API lists them. */
async function listed(page: Page, section: Counted): Promise<Listed[]> {
  return (await (await page.request.get(LISTS[section])).json()) as Listed[]
}

/** The ids of every message or notification there is now: taken just before they are read. */
export async function idsNow(page: Page, section: Counted): Promise<Set<number>> {
  return new Set((await listed(page, section)).map((n) => n.id))
}

/** The messages or notifications no one has read yet. */
export async function unread(page: Page, section: Counted): Promise<Listed[]> {
  return (await listed(page, section)).filter((n) => !n.read)
}

/** How many messages or notifications there are, read or not, that `before` does not hold. */
export async function madeSince(page: Page, section: Counted, before: Set<number>): Promise<number> {
  return (await listed(page, section)).filter((n) => !before.has(n.id)).length
}

/**
 * After what was there when `before` was taken has been read: the badge drops to none, or to at
 * most what there is that `before` does not hold, as other specs on the shared server book and
 * write too, and any booking is a notification. Counted by id, not by time: a booking's
 * notification is stamped when its transaction starts and may be committed after the click, and
 * another spec may mark the new ones read after this page's badge counted them.
 */
export async function expectBadgeClearedSince(page: Page, section: Counted, before: Set<number>) {
  await expect.poll(async () => (await badgeCount(page, section)) <= (await madeSince(page, section, before))).toBe(true)
}
