import { describe, expect, it } from 'vitest'
import iconv from 'iconv-lite'
import { journalCsv } from './journal-csv.ts'
import type { JournalMovement } from '../../core/journal.ts'

/** The journal's CSV layouts (docs/decisions/0082), page by page. */

const movement = (id: number, extra: Partial<JournalMovement> = {}): JournalMovement => ({
  id,
  on: '2026-11-02',
  kind: 'card',
  amount: 14_300,
  transition: 'pay',
  reference: 'JLT-ABC123',
  tour: 'Half-Day Private Tour',
  reseller: null,
  owedBackBefore: 0,
  ...extra,
})

async function* pagesOf(...pages: JournalMovement[][]) {
  for (const page of pages) yield page
}

async function chunksOf(generator: AsyncGenerator<Buffer>) {
  const chunks: Buffer[] = []
  for await (const chunk of generator) chunks.push(chunk)
  return chunks
}

describe('journal CSV', () => {
  it('numbers entries across pages, sends the header with the first page, and skips pages that book nothing', async () => {
    const chunks = await chunksOf(journalCsv('generic', pagesOf([movement(1), movement(2, { kind: 'price' })], [movement(3, { kind: 'cash', amount: -2_200, transition: 'move' })])))
    expect(chunks).toHaveLength(2)
    const lines = Buffer.concat(chunks).toString('utf8').split('\r\n')
    expect(lines[0]).toBe('\uFEFFdate,entry,debit account,debit sub-account,debit tax category,debit tax,credit account,credit sub-account,credit tax category,credit tax,amount,booking reference,description,ledger row')
    expect(lines.slice(1)).toEqual([
      '2026/11/02,1,売掛金,Stripe,対象外,0,売上高,,課税売上 10%,1300,14300,JLT-ABC123,JLT-ABC123 Half-Day Private Tour: card payment,1',
      // ¥2,200 × 10/110 = ¥200.
      '2026/11/02,2,売上高,,課税売上-返還等 10%,200,現金,,対象外,0,2200,JLT-ABC123,JLT-ABC123 Half-Day Private Tour: cash or transfer given back,3',
      '',
    ])
  })

  it('writes Money Forward’s 27 columns in cp932, with a tax amount only where the category carries tax, and the reseller as the receivable’s sub-account', async () => {
    const text = iconv.decode(Buffer.concat(await chunksOf(journalCsv('moneyforward', pagesOf([movement(7, { kind: 'reseller', amount: 11_440, transition: 'confirm', reseller: 'Klook' })])))), 'cp932')
    const [header, row] = text.split('\r\n')
    expect(header!.split(',')).toHaveLength(27)
    expect(row!.split(',')).toEqual(['1', '2026/11/02', '売掛金', 'Klook', '', '', '対象外', '', '11440', '', '売上高', '', '', '', '課税売上 10%', '', '11440', '1040', 'JLT-ABC123 Half-Day Private Tour: sold by a reseller: its net owed (Klook)', 'ledger row 7', '', '', '', '', '', '', ''])
  })

  it('an empty period is the header alone; a name that could run as a formula stays text', async () => {
    expect(Buffer.concat(await chunksOf(journalCsv('generic', pagesOf()))).toString('utf8').split('\r\n')).toHaveLength(2)
    const text = Buffer.concat(await chunksOf(journalCsv('generic', pagesOf([movement(1, { kind: 'reseller', amount: 100, transition: 'confirm', reseller: '=HYPERLINK("x")' })])))).toString('utf8')
    expect(text).toContain(`,"'=HYPERLINK(""x"")",`)
  })
})
