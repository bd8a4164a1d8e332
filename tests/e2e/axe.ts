import AxeBuilder from '@axe-core/playwright'
import { expect, type Page } from '@playwright/test'

/**
 * The accessibility bar of every journey: no serious or critical axe violation on the page
 * as it is once settled: a form being sent, or a dashboard loading its section again, says so
 * (aria-busy), and axe waits for it rather than read elements React is replacing. Moderate findings are not counted: the site-wide toast viewport (root.tsx)
 * trips axe's moderate 'region' rule on every page. A failure names each rule and the
 * elements it found, prefixed with `label` when one page is checked in several states.
 */
export async function expectNoSeriousAxeViolations(page: Page, label?: string) {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0)
  const results = await new AxeBuilder({ page }).analyze()
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(serious.map((v) => `${label ? `${label}: ` : ''}${v.id} (${v.help}): ${v.nodes.map((n) => n.target.join(' ')).slice(0, 5).join(', ')}`)).toEqual([])
}
