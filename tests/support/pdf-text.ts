import { create } from 'fontkit'
import { getDocument, OPS, type PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs'

/**
 * What a reader gets from a PDF, for tests (docs/decisions/0083). pdf.js's legacy build runs in
 * Node without a browser.
 */
async function open(bytes: Uint8Array, fontData = false): Promise<PDFDocumentProxy> {
  // pdf.js takes the buffer over (it detaches it): give it a copy.
  return getDocument({ data: new Uint8Array(bytes), disableFontFace: true, fontExtraProperties: fontData, isEvalSupported: false, verbosity: 0 }).promise
}

/**
 * The text as copy and paste gets it, through the fonts' ToUnicode maps: page by page (a form
 * feed between pages), line by line.
 */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  const pdf = await open(bytes)
  try {
    const pages: string[] = []
    for (let n = 1; n <= pdf.numPages; n++) {
      const content = await (await pdf.getPage(n)).getTextContent()
      pages.push(content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join(''))
    }
    return pages.join('\n\f')
  } finally {
    await pdf.destroy()
  }
}

/** How far above the page's bottom edge the lowest line of text sits, in points (first page). */
export async function pdfLowestBaseline(bytes: Uint8Array): Promise<number> {
  const pdf = await open(bytes)
  try {
    const content = await (await pdf.getPage(1)).getTextContent()
    return Math.min(...content.items.flatMap((item) => ('transform' in item && item.str.trim() ? [item.transform[5] as number] : [])))
  } finally {
    await pdf.destroy()
  }
}

/** A glyph as pdf.js's operator list gives it. */
type ShownGlyph = { unicode: string; fontChar: string } | number | null

/**
 * The characters the PDF draws with a glyph that has no outline: what prints as a blank although
 * the text extracts well (a font subset that lost its glyphs). Spaces are left out.
 */
export async function pdfBlankGlyphs(bytes: Uint8Array): Promise<string> {
  const pdf = await open(bytes, true)
  try {
    let blanks = ''
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n)
      const { fnArray, argsArray } = await page.getOperatorList()
      // The fonts as pdf.js rebuilt them from the embedded subsets, parsed once each.
      const fonts = new Map<string, ReturnType<typeof create>>()
      let fontName = ''
      fnArray.forEach((fn, i) => {
        const args = argsArray[i] as unknown[]
        if (fn === OPS.setFont) fontName = args[0] as string
        if (fn !== OPS.showText) return
        let font = fonts.get(fontName)
        if (!font) {
          font = create(Buffer.from((page.commonObjs.get(fontName) as { data: Uint8Array }).data))
          fonts.set(fontName, font)
        }
        if (!('glyphForCodePoint' in font)) throw new Error(`${fontName} is a font collection`)
        for (const glyph of args[0] as ShownGlyph[]) {
          if (!glyph || typeof glyph !== 'object' || /^\s*$/.test(glyph.unicode)) continue
          if (font.glyphForCodePoint(glyph.fontChar.codePointAt(0)!).path.commands.length === 0) blanks += glyph.unicode
        }
      })
    }
    return blanks
  } finally {
    await pdf.destroy()
  }
}
