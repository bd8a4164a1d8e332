import { expect, type Page } from '@playwright/test'

/** The header marks itself once React has hydrated it; interactions before that are lost. */
export async function hydrated(page: Page) {
  await expect(page.getByRole('banner')).toHaveAttribute('data-hydrated', 'true')
}
