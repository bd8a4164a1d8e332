import { describe, expect, it } from 'vitest'
import { containsUnstorableText } from './unstorable-text.ts'

describe('containsUnstorableText', () => {
  it('finds a NUL or a lone surrogate in any string, key or nested value', () => {
    expect(containsUnstorableText({ name: 'Ai\u0000ko' })).toBe(true)
    expect(containsUnstorableText({ note: 'half \ud83d pair' })).toBe(true)
    expect(containsUnstorableText({ note: 'tail \ude00' })).toBe(true)
    expect(containsUnstorableText({ 'ke\u0000y': 'fine' })).toBe(true)
    expect(containsUnstorableText({ deep: [{ deeper: ['x', 'y\u0000'] }] })).toBe(true)
  })

  it('lets every real text through: emoji pairs, Japanese, empty values', () => {
    expect(containsUnstorableText({ name: '上越 太郎 🏯', message: 'Snow? ❄️ 雪', empty: '', n: 3, none: null })).toBe(false)
    expect(containsUnstorableText(undefined)).toBe(false)
  })

  it('walks a deeply nested body without overflowing the stack', () => {
    let body: unknown = 'end\u0000'
    for (let i = 0; i < 100_000; i++) body = [body]
    expect(containsUnstorableText(body)).toBe(true)
  })
})
