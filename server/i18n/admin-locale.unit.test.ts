import { describe, expect, it } from 'vitest'
import { adminLocaleFor } from './admin-locale.ts'

describe('the dashboard’s language (docs/decisions/0086)', () => {
  it('is the one the admin chose, whatever the browser says', () => {
    expect(adminLocaleFor('en', 'ja-JP,ja;q=0.9')).toBe('en')
    expect(adminLocaleFor('ja', 'en-US,en;q=0.9')).toBe('ja')
  })

  it.each([
    ['ja-JP,ja;q=0.9,en;q=0.8', 'ja'],
    ['ja', 'ja'],
    ['fr,ja;q=0.5', 'ja'],
    ['en-US,en;q=0.9,ja;q=0.8', 'en'],
    ['ko,en;q=0.8,ja;q=0.7', 'en'],
    ['fr', 'en'],
    ['*', 'en'],
    ['', 'en'],
    [null, 'en'],
  ] as const)('follows the browser’s %j until then: %s', (header, expected) => {
    expect(adminLocaleFor(null, header)).toBe(expected)
  })
})
