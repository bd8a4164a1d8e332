import { describe, expect, it } from 'vitest'
import { checkbox, hasOnlyTextControls, isPhoneNumber, isSingleLine, wholeNumberField } from './fields.ts'

describe('isPhoneNumber', () => {
  it('accepts digits with spaces, dots, dashes, parentheses and a leading plus', () => {
    for (const s of ['+81 90-1234-5678', '(03) 1234.5678', '1234567']) expect(isPhoneNumber(s), s).toBe(true)
  })

  it('refuses fewer than 7 digits, letters, and a plus anywhere but first', () => {
    for (const s of ['123456', '(--) ..', '+81 90 CALL ME', '81+901234567', '']) expect(isPhoneNumber(s), s).toBe(false)
  })
})

describe('checkbox', () => {
  it('reads JSON booleans and HTML form values', () => {
    expect(checkbox.parse(true)).toBe(true)
    expect(checkbox.parse(false)).toBe(false)
    expect(checkbox.parse('on')).toBe(true)
    expect(checkbox.parse('true')).toBe(true)
    expect(checkbox.parse('off')).toBe(false)
    expect(checkbox.parse('false')).toBe(false)
    expect(checkbox.safeParse('yes').success).toBe(false)
    expect(checkbox.safeParse(1).success).toBe(false)
  })
})

describe('wholeNumberField', () => {
  const field = wholeNumberField({ min: 1, max: 9, minMessage: 'min', maxMessage: 'max', wholeMessage: 'whole' })

  it('accepts numbers and decimal strings', () => {
    expect(field.parse(4)).toBe(4)
    expect(field.parse(' 7 ')).toBe(7)
  })

  it('refuses what Number() would quietly accept', () => {
    for (const s of ['0x5', '1e0', 'Infinity']) expect(field.safeParse(s).success, s).toBe(false)
    expect(field.safeParse(Number.POSITIVE_INFINITY).success).toBe(false)
  })

  it('reports min, max and whole-number problems', () => {
    const message = (v: unknown) => field.safeParse(v).error?.issues[0]?.message
    expect(message('')).toBe('min')
    expect(message(0)).toBe('min')
    expect(message(10)).toBe('max')
    expect(message('1.5')).toBe('whole')
  })
})

// docs/decisions/0027.
describe('isSingleLine and hasOnlyTextControls', () => {
  it('a single line holds no C0, DEL or C1 control character', () => {
    for (const s of ['Hanako Yamada', 'Zoë Ünal', '山田 花子', '']) expect(isSingleLine(s), s).toBe(true)
    for (const s of ['a\rb', 'a\nb', 'a\tb', 'a\u0000b', 'a\u001fb', 'a\u007fb', 'a\u0085b', 'a\u009fb']) expect(isSingleLine(s), JSON.stringify(s)).toBe(false)
  })

  it('a multi-line text keeps CR, LF and TAB and refuses the other control characters', () => {
    expect(hasOnlyTextControls('a\r\nb\tc')).toBe(true)
    for (const s of ['a\u0000b', 'a\u000bb', 'a\u000cb', 'a\u001bb', 'a\u007fb', 'a\u0085b']) expect(hasOnlyTextControls(s), JSON.stringify(s)).toBe(false)
  })
})

