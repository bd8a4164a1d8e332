import { describe, expect, it } from 'vitest'
import { THEMES, THEME_LABELS, isTheme } from './themes.ts'

describe('themes', () => {
  it('lists the five interest themes with short labels (docs/decisions/0040)', () => {
    expect(THEMES).toEqual(['homemaker', 'hobbyist', 'kiddo', 'explorer', 'custom'])
    expect(THEMES.map((t) => THEME_LABELS[t])).toEqual(['Homemaker', 'Hobbyist', 'Kiddo', 'Explorer', 'Custom'])
  })

  it('recognises theme values only', () => {
    expect(isTheme('kiddo')).toBe(true)
    expect(isTheme('kid')).toBe(false)
    expect(isTheme('Kiddo')).toBe(false)
    expect(isTheme(null)).toBe(false)
  })
})
