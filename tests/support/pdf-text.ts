import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'

/**
 * The text of a PDF as a reader's copy and paste gets it (docs/decisions/0083), through the fonts'
 * ToUnicode maps, page by page and line by line: what proves a document says what it should and
 * that its text is extractable. pdf.js's legacy build runs in Node without a browser.
 */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  // pdf.js takes the buffer over (it detaches it): give it a copy.
  const pdf = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, disableFontFace: true, isEvalSupported: false }).promise
  try {
    const pages: string[] = []
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n)
      const content = await page.getTextContent()
      pages.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join(''))
    }
    return pages.join('\n\f')
  } finally {
    await pdf.destroy()
  }
}
