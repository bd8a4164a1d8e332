import { CHOICE_TYPES, type BookingQuestion, type QuestionType } from './booking-questions.ts'
import { TRANSLATED_LOCALES } from './schemas/translations.ts'

/** Written after an option to ask the guest to describe it: "Allergies [describe]". */
export const DESCRIBE_MARK = '[describe]'

/**
 * A question's options as the guide edits them (docs/decisions/0053): one per line, "[describe]"
 * after one that asks for a description; in another language, that language's words line by line.
 */
export function optionLines(question: BookingQuestion | undefined, locale?: string): string {
  return (question?.options ?? []).map((o) => (locale ? (o.translations[locale as keyof typeof o.translations] ?? '') : `${o.label}${o.describe ? ` ${DESCRIBE_MARK}` : ''}`)).join('\n')
}

const lines = (text: string) => text.split(/\r?\n/).map((l) => l.trim())

/**
 * The Settings form's fields (`field(name)`) as the JSON API's body of a question: the options and
 * bounds only for a kind of answer that has them.
 */
export function questionFromForm(field: (name: string) => string) {
  const type = field('type') as QuestionType
  const english = lines(field('options')).filter(Boolean)
  const translated = Object.fromEntries(TRANSLATED_LOCALES.map(({ code }) => [code, lines(field(`${code}-options`))]))
  return {
    type,
    required: field('required') === 'on',
    label: field('label'),
    help: field('help'),
    translations: Object.fromEntries(TRANSLATED_LOCALES.map(({ code }) => [code, { label: field(`${code}-label`), help: field(`${code}-help`) }])),
    ...(CHOICE_TYPES.includes(type)
      ? {
          options: english.map((line, i) => {
            const describe = line.endsWith(DESCRIBE_MARK)
            const label = describe ? line.slice(0, -DESCRIBE_MARK.length).trim() : line
            return { label, describe, translations: Object.fromEntries(TRANSLATED_LOCALES.map(({ code }) => [code, translated[code]?.[i] ?? ''])) }
          }),
        }
      : {}),
    ...(type === 'number' ? { min: field('min'), max: field('max') } : {}),
  }
}

/** An edited question's options, each keeping the id of the stored option of the same English words, and so its answers' meaning. */
export function withKeptOptionIds<O extends { id?: string; label: string }>(options: O[], stored: BookingQuestion): O[] {
  return options.map((option) => {
    const kept = stored.options.find((o) => o.label === option.label)
    return kept ? { ...option, id: kept.id } : option
  })
}
