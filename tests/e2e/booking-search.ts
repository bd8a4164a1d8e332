import { expect, type Page } from '@playwright/test'

/**
 * Types into the dashboard's search and waits until the Bookings list is the one found. The list
 * follows the box a moment after the last key, by the address; a click before it comes lands on a
 * list about to be replaced, and the row clicked may move away under the pointer.
 */
export async function searchBookings(page: Page, query: string) {
  await page.getByRole('searchbox', { name: 'Search' }).fill(query)
  await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(query)
}

/** Finds booking `id` by the search and opens its details' dialog. */
export async function openBookingDetails(page: Page, id: number) {
  await searchBookings(page, `id:${id}`)
  await expect(page.getByRole('link', { name: /^Details of booking #/ })).toHaveCount(1)
  await page.getByRole('link', { name: `Details of booking #${id}` }).click()
  return page.getByRole('dialog')
}
