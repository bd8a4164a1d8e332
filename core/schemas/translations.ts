import './zod-config.ts'
import { z } from 'zod'
import { LOCALES, type Locale } from '../i18n/locales.ts'

/** The languages the guide translates into: every one of the site's but English, which is the text itself. */
export const TRANSLATED_LOCALES = LOCALES.filter((l) => l.code !== 'en')
export type TranslatedLocale = Exclude<Locale, 'en'>
const translatedCodes = TRANSLATED_LOCALES.map((l) => l.code) as [TranslatedLocale, ...TranslatedLocale[]]

/**
 * The guide's translations of some text, by language (docs/decisions/0045): only the site's
 * languages, each optional, and a language with nothing written in it is not stored.
 */
export function translationsSchema<T extends z.ZodType>(value: T, hasText: (v: z.output<T>) => boolean) {
  const shape = Object.fromEntries(translatedCodes.map((code) => [code, value.optional()])) as { [code in TranslatedLocale]: z.ZodOptional<T> }
  return z
    .strictObject(shape, { error: (issue) => (issue.code === 'unrecognized_keys' ? 'Translations are only for the site’s languages' : undefined) })
    .transform((all) => Object.fromEntries(Object.entries(all).filter(([, v]) => v !== undefined && hasText(v as z.output<T>))) as Partial<Record<TranslatedLocale, z.output<T>>>)
}
