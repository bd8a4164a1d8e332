import { describe, expect, it } from 'vitest'
import { shownWhatToBring, withLanguageEdited } from './what-to-bring-edit.ts'

const shipped = { winter: 'Snow boots', spring: 'A light jacket', rainy: 'An umbrella', summer: 'A hat', autumn: 'A sweater' }

describe('one language’s what-to-bring texts, as the guide saves them', () => {
  it('stores a text of the guide’s own, in that language only, with one kind of line break', () => {
    const stored = { winter: { ja: '長靴' } }
    expect(withLanguageEdited(stored, 'en', { winter: ' Warm boots\r\nand gloves ', spring: 'A light jacket' }, shipped)).toEqual({ winter: { ja: '長靴', en: 'Warm boots\nand gloves' } })
  })

  it('does not store the site’s text, an empty field, or another language’s copy of the guide’s English', () => {
    const stored = { winter: { en: 'Warm boots', ko: '장화' }, summer: { ko: '모자' } }
    expect(withLanguageEdited(stored, 'ko', { winter: 'Warm boots', summer: '', autumn: 'A sweater' }, shipped)).toEqual({ winter: { en: 'Warm boots' } })
  })

  it('shows the guide’s words in the language, else their English, else the site’s', () => {
    const stored = { winter: { en: 'Warm boots' }, spring: { ja: '上着' } }
    expect(shownWhatToBring(stored, 'ja', 'winter', shipped)).toBe('Warm boots')
    expect(shownWhatToBring(stored, 'ja', 'spring', shipped)).toBe('上着')
    expect(shownWhatToBring(stored, 'en', 'spring', shipped)).toBe('A light jacket')
  })
})
