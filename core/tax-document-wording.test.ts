import { describe, expect, it } from 'vitest'
import { JA, japaneseDate, japaneseRecipient, japaneseTitle } from './tax-document-wording.ts'

const registered = { registered: true, registrationNumber: 'T1234567890123', legalName: '山田 花子', address: '新潟県上越市' }
const unregistered = { ...registered, registered: false, registrationNumber: null }

describe('the Japanese wording of receipts and return invoices', () => {
  it('titles a registered issuer’s documents as qualified invoices, and an unregistered one’s without the word', () => {
    expect(japaneseTitle({ kind: 'receipt', issuer: registered })).toBe('領収書（適格簡易請求書）')
    expect(japaneseTitle({ kind: 'return-invoice', issuer: registered })).toBe('適格返還請求書')
    expect(japaneseTitle({ kind: 'receipt', issuer: unregistered })).toBe('領収書')
    expect(japaneseTitle({ kind: 'return-invoice', issuer: unregistered })).toBe('返還請求書')
  })

  it('names the recipient with 様, or 上様 when the guest gave no name', () => {
    expect(japaneseRecipient('김민준')).toBe('김민준 様')
    expect(japaneseRecipient('  Anna Müller ')).toBe('Anna Müller 様')
    expect(japaneseRecipient(null)).toBe('上様')
    expect(japaneseRecipient('   ')).toBe('上様')
  })

  it('writes days as Japanese documents do, and says what was supplied', () => {
    expect(japaneseDate('2026-01-05')).toBe('2026年1月5日')
    expect(() => japaneseDate('5 Jan 2026')).toThrow(RangeError)
    expect(JA.supply('高田城と雁木の町歩き', '2026-12-05', 3, 'JLT-7K3P9Q')).toBe('高田城と雁木の町歩き（2026年12月5日、3名様、予約番号 JLT-7K3P9Q）代として')
    expect(JA.corrects('R-000012')).toBe('R-000012 の訂正')
  })
})
