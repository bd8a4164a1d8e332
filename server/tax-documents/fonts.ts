import fs from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { create, type Font } from 'fontkit'
import type { Locale } from '../../core/i18n/locales.ts'

/**
 * The fonts of the receipt PDF (docs/decisions/0083): Noto Sans CJK in its four regional cuts,
 * shipped by npm packages (nothing is fetched at run time). Each cut also draws Latin, so every
 * language has one face of its own, and a character its face lacks (a Korean name on a Japanese
 * receipt) is drawn by the first other face that has it. The renderer embeds only the glyphs a
 * document uses.
 */
export type FontFace = 'jp' | 'kr' | 'tc' | 'sc'

const FILES: Record<FontFace, { pkg: string; file: string }> = {
  jp: { pkg: '@embedpdf/fonts-jp', file: 'NotoSansJP-Regular.otf' },
  kr: { pkg: '@embedpdf/fonts-kr', file: 'NotoSansKR-Regular.otf' },
  tc: { pkg: '@embedpdf/fonts-tc', file: 'NotoSansHant-Regular.otf' },
  sc: { pkg: '@embedpdf/fonts-sc', file: 'NotoSansHans-Regular.otf' },
}

const FACE_OF_LOCALE: Record<Locale, FontFace> = { en: 'jp', ja: 'jp', ko: 'kr', 'zh-Hant': 'tc', 'zh-Hans': 'sc' }

/** The faces to try for a text, best first: the language's own, then Japanese, then the rest. */
export function facesFor(locale: Locale): FontFace[] {
  return [...new Set<FontFace>([FACE_OF_LOCALE[locale], 'jp', 'tc', 'sc', 'kr'])]
}

const require = createRequire(import.meta.url)
const loaded = new Map<FontFace, Font>()

/**
 * A face, read and parsed on first use and kept for the life of the process (about 4.5 MB each;
 * a Latin-only document never loads the Korean or Chinese ones). The packages export only an
 * index of their files, so the file is found beside the package's entry.
 */
export function loadFace(face: FontFace): Font {
  let font = loaded.get(face)
  if (!font) {
    const { pkg, file } = FILES[face]
    const fontPath = path.join(path.dirname(require.resolve(pkg)), '..', 'fonts', file)
    const parsed = create(fs.readFileSync(fontPath))
    if (!('hasGlyphForCodePoint' in parsed)) throw new Error(`${fontPath} is a font collection, not a font`)
    font = parsed
    loaded.set(face, font)
  }
  return font
}

export type TextRun = { face: FontFace; text: string }

/**
 * A text cut into runs, each drawn by the first face (in `faces`' order) that has its characters.
 * A character no face has stays with the first face. A space keeps the run it is in, so a name
 * written in one script is one run.
 */
export function textRuns(text: string, faces: readonly FontFace[]): TextRun[] {
  const runs: TextRun[] = []
  for (const char of text) {
    const codePoint = char.codePointAt(0)!
    const previous = runs.at(-1)
    const face =
      previous && /\s/.test(char) ? previous.face : (faces.find((f) => loadFace(f).hasGlyphForCodePoint(codePoint)) ?? faces[0]!)
    if (previous?.face === face) previous.text += char
    else runs.push({ face, text: char })
  }
  return runs
}
