import { describe, expect, it } from 'vitest'
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords.ts'

describe('password hashes', () => {
  it('are Argon2id at OWASP’s floor, salted afresh each time', async () => {
    const first = await hashPassword('correct horse battery')
    const second = await hashPassword('correct horse battery')
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/)
    expect(first).not.toBe(second)
    expect(first).not.toContain('correct horse battery')
  })

  it('verify the right password only, forgiving Unicode normalisation', async () => {
    const stored = await hashPassword('Ｐａｓｓｗｏｒｄ-ﾃｽﾄ')
    expect(await verifyPassword('Ｐａｓｓｗｏｒｄ-ﾃｽﾄ', stored)).toBe(true)
    expect(await verifyPassword('Password-テスト', stored)).toBe(true) // NFKC: full-width and half-width forms agree
    expect(await verifyPassword('password-テスト', stored)).toBe(false)
  })

  it('treat a malformed or foreign stored value as a failed login, not an error', async () => {
    for (const stored of ['', 'plain-text', '$argon2id$garbage', 'scrypt$32768$8$1$c2FsdA$a2V5']) {
      expect(await verifyPassword('anything', stored)).toBe(false)
    }
    expect(await verifyPassword('anything', await dummyPasswordHash())).toBe(false)
  })
})
