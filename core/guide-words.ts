import './schemas/zod-config.ts'
import { z } from 'zod'
import type { Locale } from './i18n/locales.ts'
import { refusalMessage, type AdminErrorMessageId } from './i18n/refusal.ts'
import { hasOnlyTextControls, isSingleLine } from './schemas/fields.ts'

/**
 * The guide's own words on the About page (docs/decisions/0049): the biography, the
 * signature, the "Things I love to share" list and the four seasons, each per language. A field
 * the guide has not written in the reader's language shows the site's own text in that language
 * (docs/decisions/0075), so a page is never empty and a save touches only its own language.
 */
export const GUIDE_WORD_FIELDS = {
  biography: { label: 'Biography', max: 4000, lines: 'paragraphs' },
  signature: { label: 'Signature', max: 120, lines: 'one' },
  loves: { label: 'Things I love to share', max: 1200, lines: 'list' },
  spring: { label: 'Spring', max: 600, lines: 'paragraphs' },
  summer: { label: 'Summer', max: 600, lines: 'paragraphs' },
  autumn: { label: 'Autumn', max: 600, lines: 'paragraphs' },
  winter: { label: 'Winter', max: 600, lines: 'paragraphs' },
} as const

export type GuideWordField = keyof typeof GUIDE_WORD_FIELDS
export const GUIDE_WORD_KEYS = Object.keys(GUIDE_WORD_FIELDS) as GuideWordField[]
export const SEASONS = ['spring', 'summer', 'autumn', 'winter'] as const
export const MAX_LOVES = 10

/** One language's words as the guide wrote them: plain text, blank fields left out. */
export type GuideWords = Partial<Record<GuideWordField, string>>
export type GuideWordsByLocale = Partial<Record<Locale, GuideWords>>

/** Line breaks as the browser sends them (CRLF) become LF; spaces at the ends of the text go. */
const normalize = (v: unknown) => (typeof v === 'string' ? v.replace(/\r\n?/g, '\n').trim() : v)

/** Each field's refusals (docs/decisions/0087): too long, and a control character (a line break in the one-line signature). */
const REFUSALS: Record<GuideWordField, { tooLong: AdminErrorMessageId; control: AdminErrorMessageId }> = {
  biography: { tooLong: 'adminErrors.aboutBiographyTooLong', control: 'adminErrors.aboutBiographyControl' },
  signature: { tooLong: 'adminErrors.aboutSignatureTooLong', control: 'adminErrors.aboutSignatureOneLine' },
  loves: { tooLong: 'adminErrors.aboutLovesTooLong', control: 'adminErrors.aboutLovesControl' },
  spring: { tooLong: 'adminErrors.aboutSpringTooLong', control: 'adminErrors.aboutSpringControl' },
  summer: { tooLong: 'adminErrors.aboutSummerTooLong', control: 'adminErrors.aboutSummerControl' },
  autumn: { tooLong: 'adminErrors.aboutAutumnTooLong', control: 'adminErrors.aboutAutumnControl' },
  winter: { tooLong: 'adminErrors.aboutWinterTooLong', control: 'adminErrors.aboutWinterControl' },
}
const LOVE_MAX = 120

function wordField(field: GuideWordField) {
  const { label, max, lines } = GUIDE_WORD_FIELDS[field]
  const { tooLong, control } = REFUSALS[field]
  const text = z.string({ error: `${label} must be text` }).max(max, refusalMessage(tooLong, { max }))
  const checked = text.refine(lines === 'one' ? isSingleLine : hasOnlyTextControls, refusalMessage(control))
  const bounded =
    lines === 'list'
      ? checked
          .refine((v) => listItems(v).length <= MAX_LOVES, refusalMessage('adminErrors.aboutLovesLines', { max: MAX_LOVES }))
          .refine((v) => listItems(v).every((item) => item.length <= LOVE_MAX), refusalMessage('adminErrors.aboutLovesLineTooLong', { max: LOVE_MAX }))
      : checked
  return z.preprocess(normalize, bounded.optional())
}

/** One language's form: every field optional; blank means "not written". */
export const guideWordsSchema = z
  .strictObject(Object.fromEntries(GUIDE_WORD_KEYS.map((key) => [key, wordField(key)])) as Record<GuideWordField, ReturnType<typeof wordField>>, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? 'Only the About page’s texts can be written here' : undefined),
  })
  .transform((words): GuideWords => Object.fromEntries(Object.entries(words).filter(([, v]) => typeof v === 'string' && v !== '')))

export function paragraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean)
}

export function listItems(text: string): string[] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
}

/**
 * What the About page shows of the guide's words in one language; absent fields keep the site's
 * own text in that language. Only the reader's language counts (docs/decisions/0075): the guide's
 * English never stands in for a language the site ships, so saving one language changes no other.
 */
export type AboutWords = {
  biography?: string[]
  signature?: string
  loves?: string[]
  seasons: Partial<Record<(typeof SEASONS)[number], string[]>>
}

export function aboutWords(stored: GuideWordsByLocale, locale: Locale): AboutWords {
  const own = stored[locale] ?? {}
  const seasons = Object.fromEntries(SEASONS.flatMap((season) => {
    const text = own[season]
    return text ? [[season, paragraphs(text)]] : []
  }))
  return {
    ...(own.biography ? { biography: paragraphs(own.biography) } : {}),
    ...(own.signature ? { signature: own.signature } : {}),
    ...(own.loves ? { loves: listItems(own.loves) } : {}),
    seasons,
  }
}

/**
 * The fields of one language that still show the site's text while the guide has written their
 * own in English: what is left to write in that language, as the dashboard lists it.
 */
export function untranslatedFields(stored: GuideWordsByLocale, locale: Locale): GuideWordField[] {
  if (locale === 'en') return []
  return GUIDE_WORD_KEYS.filter((key) => stored.en?.[key] && !stored[locale]?.[key])
}
