import { describe, expect, it } from 'vitest'
import { REFERENCE_ALPHABET, REFERENCE_LENGTH, newReference, normaliseReference, referenceFromBytes } from './reference.ts'

describe('public booking references (docs/decisions/0006)', () => {
  it('maps 12 random bytes to 12 unambiguous, URL-safe characters', () => {
    const ref = referenceFromBytes(new Uint8Array([0, 1, 31, 32, 255, 8, 18, 21, 24, 27, 100, 200]))
    expect(ref).toHaveLength(REFERENCE_LENGTH)
    expect(ref).toBe('01Z0Z8JNRV48')
    expect(ref).toMatch(/^[0-9A-HJKMNP-TV-Z]+$/)
    expect(encodeURIComponent(ref)).toBe(ref)
  })

  it('never uses I, L, O or U', () => {
    expect(REFERENCE_ALPHABET).toHaveLength(32)
    expect(REFERENCE_ALPHABET).not.toMatch(/[ILOU]/)
  })

  it('refuses too few bytes', () => {
    expect(() => referenceFromBytes(new Uint8Array(11))).toThrow(RangeError)
  })

  it('accepts what a guest types by hand and refuses numeric ids and junk', () => {
    expect(normaliseReference('01zz-z8jm-rvm8')).toBe('01ZZZ8JMRVM8')
    expect(normaliseReference('O1ZZZ8JMRVM8')).toBe('01ZZZ8JMRVM8')
    expect(normaliseReference('1')).toBeNull()
    expect(normaliseReference('123456789012')).toBeNull()
    expect(normaliseReference('01ZZZ8JMRVM')).toBeNull()
    expect(normaliseReference('01ZZZ8JMRVM8U')).toBeNull()
    expect(normaliseReference(undefined)).toBeNull()
  })

  it('never issues an all-digit reference, which normaliseReference would refuse as an id', () => {
    // Bytes below 10 map to the digits 0-9: the first draw is '012345678901'.
    const draws = [Uint8Array.from({ length: REFERENCE_LENGTH }, (_, i) => i % 10), new Uint8Array(REFERENCE_LENGTH).fill(31)]
    const lengths: number[] = []
    const ref = newReference((length) => {
      lengths.push(length)
      return draws.shift()!
    })
    expect(ref).toBe('ZZZZZZZZZZZZ')
    expect(lengths).toEqual([REFERENCE_LENGTH, REFERENCE_LENGTH])
  })

  it('issues references that normaliseReference hands back unchanged', () => {
    for (let i = 0; i < 1000; i++) {
      const ref = newReference()
      expect(normaliseReference(ref)).toBe(ref)
    }
  })

  it('makes distinct 12-character references', () => {
    const refs = new Set(Array.from({ length: 1000 }, () => newReference()))
    expect(refs.size).toBe(1000)
    for (const r of refs) expect(r).toMatch(/^[0-9A-HJKMNP-TV-Z]{12}$/)
  })
})
