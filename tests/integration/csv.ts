import { expect } from 'vitest'

/**
 * RFC 4180 read back the way a spreadsheet reads it (quoted fields, doubled quotes, CRLF),
 * written here rather than taken from the code under test; rows as objects by header.
 */
export function parseCsv(text: string): Record<string, string>[] {
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') (field += '"'), i++
      else if (ch === '"') quoted = false
      else field += ch
    } else if (ch === '"') quoted = true
    else if (ch === ',') row.push(field), (field = '')
    else if (ch === '\r' && text[i + 1] === '\n') row.push(field), rows.push(row), (row = []), (field = ''), i++
    else field += ch
  }
  expect(field).toBe('')
  expect(row).toEqual([])
  const [header, ...body] = rows
  return body.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i]!])))
}
