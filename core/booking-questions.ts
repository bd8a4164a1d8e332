import { refusalMessage } from './i18n/refusal.ts'
import type { Locale } from './i18n/locales.ts'
import type { TranslatedLocale } from './schemas/translations.ts'

/**
 * The guide's booking questions (docs/decisions/0053): what the booking form
 * asks after the fixed fields, and the one check of a guest's answers, run by the form (for
 * comfort) and by the booking service (the guarantee) on every way in. Pure: no framework, no
 * database, no zod (the booking page loads it with the form).
 */

export const QUESTION_TYPES = ['short-text', 'long-text', 'one-choice', 'several-choices', 'yes-no', 'number'] as const
export type QuestionType = (typeof QUESTION_TYPES)[number]
export const isQuestionType = (v: unknown): v is QuestionType => typeof v === 'string' && (QUESTION_TYPES as readonly string[]).includes(v)
export const CHOICE_TYPES: readonly QuestionType[] = ['one-choice', 'several-choices']

/** Limits of an answer. A short text is one line; a description of a chosen option ("allergies: …") is a short text. */
export const SHORT_TEXT_MAX = 200
export const LONG_TEXT_MAX = 2000
/** Numbers stay far inside PostgreSQL's integer and JSON's exact range. */
export const NUMBER_LIMIT = 1_000_000
/** More answer keys than this in one request is not a form: refused without looking further. */
export const MAX_ANSWER_KEYS = 100

/** The guide's text in the other languages; a language left out shows the English. */
export type TextTranslations = Partial<Record<TranslatedLocale, string>>

export type QuestionOption = {
  /** Stable within the question: what a form posts. */
  id: string
  /** English. */
  label: string
  translations: TextTranslations
  /** Choosing it asks the guest to describe (e.g. "Allergies": which ones). */
  describe: boolean
}

/** A question as the guide configures it (one row of booking_questions). */
export type BookingQuestion = {
  id: number
  /** The seed's name for a question it made ('dietary'); null for the guide's own. */
  key: string | null
  type: QuestionType
  required: boolean
  /** The question and its hint, in English, the fallback of every language. */
  label: string
  help: string
  translations: Partial<Record<TranslatedLocale, { label?: string; help?: string }>>
  options: QuestionOption[]
  /** Bounds of a number question, both optional. */
  min: number | null
  max: number | null
  position: number
  /** Archived questions are no longer asked; old bookings keep their answers (a snapshot). */
  archived: boolean
}

/** A question as a guest's form shows it: in one language (English where the guide wrote none). */
export type GuestQuestion = {
  id: number
  type: QuestionType
  required: boolean
  label: string
  help: string
  /** The language the label is in, and the hint: 'en' where the guide's English stands in. */
  lang: Locale
  helpLang: Locale
  options: { id: string; label: string; describe: boolean }[]
  min: number | null
  max: number | null
}

export function guestQuestion(q: BookingQuestion, locale: Locale): GuestQuestion {
  const own = locale === 'en' ? undefined : q.translations[locale]
  const label = own?.label?.trim()
  const help = own?.help?.trim()
  return {
    id: q.id,
    type: q.type,
    required: q.required,
    label: label || q.label,
    help: help || q.help,
    lang: label ? locale : 'en',
    helpLang: help ? locale : 'en',
    options: q.options.map((o) => ({ id: o.id, label: (locale === 'en' ? undefined : o.translations[locale]?.trim()) || o.label, describe: o.describe })),
    min: q.min,
    max: q.max,
  }
}

// ---------------------------------------------------------------------------------------
// The messages: refusals (docs/decisions/0087), each naming the question as the guest read it.
// ---------------------------------------------------------------------------------------

export const answerMessages = {
  required: (question: string) => refusalMessage('errors.answerRequired', { question }),
  choice: (question: string) => refusalMessage('errors.answerChoice', { question }),
  tooLong: (question: string, max: number) => refusalMessage('errors.answerTooLong', { question, max }),
  oneLine: (question: string) => refusalMessage('errors.answerOneLine', { question }),
  control: (question: string) => refusalMessage('errors.answerControl', { question }),
  whole: (question: string) => refusalMessage('errors.answerWhole', { question }),
  min: (question: string, min: number) => refusalMessage('errors.answerMin', { question, min }),
  max: (question: string, max: number) => refusalMessage('errors.answerMax', { question, max }),
  yesNo: (question: string) => refusalMessage('errors.answerYesNo', { question }),
  describe: (question: string) => refusalMessage('errors.answerDescribe', { question }),
  retired: (question: string) => refusalMessage('errors.answerRetired', { question }),
  // Only a client that builds its own request meets these: the form cannot send them.
  text: (q: string) => `Your answer to "${q}" must be text`,
  unknown: (key: string) => `There is no booking question "${key}"`,
  shape: 'Answers must be sent as { "question id": answer }',
  tooMany: `At most ${MAX_ANSWER_KEYS} answers can be sent`,
}

// ---------------------------------------------------------------------------------------
// Reading the answers of a request
// ---------------------------------------------------------------------------------------

/** The form field of a question's answer, and of the description of a chosen option. */
export const answerField = (questionId: number) => `answer.${questionId}`
export const detailField = (questionId: number) => `answer.${questionId}.detail`
/** The key of an answer in the JSON `answers` object ("12", "12.detail"): the field without "answer.". */
const ANSWER_KEY = /^(\d{1,9})(\.detail)?$/

export type RawAnswers = Record<string, unknown>

const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * A request's answers, keyed "12" and "12.detail": the JSON API's `answers` object, and the
 * form's `answer.12` / `answer.12.detail` fields (several choices repeat the field). Returns
 * the refusal of a malformed `answers` instead.
 */
export function readAnswers(body: Record<string, unknown>): { raw: RawAnswers } | { error: string } {
  const raw: RawAnswers = {}
  if (body.answers !== undefined && body.answers !== null) {
    if (!isPlainObject(body.answers)) return { error: answerMessages.shape }
    Object.assign(raw, body.answers)
  }
  for (const [field, value] of Object.entries(body)) {
    if (field.startsWith('answer.')) raw[field.slice('answer.'.length)] = value
  }
  if (Object.keys(raw).length > MAX_ANSWER_KEYS) return { error: answerMessages.tooMany }
  return { raw }
}

/** What a guest answered to one question, normalised: the value a booking stores. */
export type AnswerValue = string | string[] | boolean | number
export type CheckedAnswer = { questionId: number; value: AnswerValue; detail?: string }

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '') || (Array.isArray(v) && v.every((x) => typeof x === 'string' && x.trim() === ''))

/**
 * The control characters of docs/decisions/0027, as core/schemas/fields.ts refuses them (not
 * imported from there: that module brings zod, which the booking page loads only with its form).
 * A one-line answer holds none; a long text keeps line breaks and tabs.
 */
const isSingleLine = (s: string) => !/[\u0000-\u001f\u007f-\u009f]/.test(s)
const hasOnlyTextControls = (s: string) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/.test(s)

/** Line breaks as browsers send them (CRLF) become LF; spaces at the ends go. */
const cleanText = (v: string) => v.replace(/\r\n?/g, '\n').trim()

type One = { value?: AnswerValue; detail?: string; error?: string; detailError?: string }

function checkText(q: GuestQuestion, v: unknown, max: number, oneLine: boolean): { value?: string; error?: string } {
  if (typeof v !== 'string') return { error: answerMessages.text(q.label) }
  const text = cleanText(v)
  if (text.length > max) return { error: answerMessages.tooLong(q.label, max) }
  if (oneLine ? !isSingleLine(text) : !hasOnlyTextControls(text)) return { error: oneLine ? answerMessages.oneLine(q.label) : answerMessages.control(q.label) }
  return { value: text }
}

function checkOne(q: GuestQuestion, v: unknown, detail: unknown): One {
  switch (q.type) {
    case 'short-text':
      return checkText(q, v, SHORT_TEXT_MAX, true)
    case 'long-text':
      return checkText(q, v, LONG_TEXT_MAX, false)
    case 'yes-no': {
      const yes = v === true || v === 'yes' || v === 'true'
      const no = v === false || v === 'no' || v === 'false'
      return yes || no ? { value: yes } : { error: answerMessages.yesNo(q.label) }
    }
    case 'number': {
      const n = typeof v === 'number' ? v : typeof v === 'string' && /^[-+]?\d{1,9}$/.test(v.trim()) ? Number(v.trim()) : Number.NaN
      if (!Number.isInteger(n)) return { error: answerMessages.whole(q.label) }
      const min = q.min ?? -NUMBER_LIMIT
      const max = q.max ?? NUMBER_LIMIT
      if (n < min) return { error: answerMessages.min(q.label, min) }
      if (n > max) return { error: answerMessages.max(q.label, max) }
      return { value: n }
    }
    case 'one-choice':
    case 'several-choices': {
      const list = Array.isArray(v) ? v : [v]
      if (q.type === 'one-choice' && list.length !== 1) return { error: answerMessages.choice(q.label) }
      if (!list.every((x): x is string => typeof x === 'string')) return { error: answerMessages.choice(q.label) }
      const chosen = [...new Set(list.map((x) => x.trim()).filter(Boolean))]
      const options = chosen.map((id) => q.options.find((o) => o.id === id))
      if (options.some((o) => !o)) return { error: answerMessages.choice(q.label) }
      // Kept in the question's order, whatever order the form sent them in.
      const ordered = q.options.filter((o) => chosen.includes(o.id))
      const value = q.type === 'one-choice' ? ordered[0]!.id : ordered.map((o) => o.id)
      if (!ordered.some((o) => o.describe)) return { value }
      if (blank(detail)) return { value, detailError: answerMessages.describe(q.label) }
      const described = checkText(q, detail, SHORT_TEXT_MAX, true)
      return described.error ? { value, detailError: described.error } : { value, detail: described.value! }
    }
  }
}

/**
 * A guest's answers against the questions their form showed: every question's answer is checked
 * against its type, a required one must be answered, a description is asked for where a chosen
 * option wants one (and ignored where none does). A non-blank answer to a question that is not
 * asked is refused: an archived one by name (the form was older than the change), any other key
 * as unknown. Blank answers to questions not asked are ignored (an old form posts empty fields).
 * Errors are keyed by the form field (answer.12, answer.12.detail), in the questions' order.
 */
export function checkAnswers(
  questions: GuestQuestion[],
  raw: RawAnswers,
  retired: { id: number; label: string }[] = [],
): { answers: CheckedAnswer[]; errors: Record<string, string> } {
  const answers: CheckedAnswer[] = []
  const errors: Record<string, string> = {}
  for (const q of questions) {
    const v = raw[String(q.id)]
    if (blank(v)) {
      if (q.required) errors[answerField(q.id)] = answerMessages.required(q.label)
      continue
    }
    const one = checkOne(q, v, raw[`${q.id}.detail`])
    if (one.error) errors[answerField(q.id)] = one.error
    else if (one.detailError) errors[detailField(q.id)] = one.detailError
    else answers.push({ questionId: q.id, value: one.value!, ...(one.detail !== undefined ? { detail: one.detail } : {}) })
  }
  const asked = new Set(questions.map((q) => String(q.id)))
  for (const [key, v] of Object.entries(raw)) {
    const match = ANSWER_KEY.exec(key)
    if (match && asked.has(match[1]!)) continue
    if (blank(v)) continue
    const old = match ? retired.find((r) => String(r.id) === match[1]) : undefined
    if (old) errors[answerField(old.id)] ??= answerMessages.retired(old.label)
    else errors[`answer.${key}`] = answerMessages.unknown(key)
  }
  return { answers, errors }
}

// ---------------------------------------------------------------------------------------
// What a booking keeps
// ---------------------------------------------------------------------------------------

/**
 * One answer as the booking keeps it: the question as the guest read it and in English for the
 * guide, with the chosen options' words, so editing or archiving the question later changes
 * nothing in the bookings made before.
 */
export type AnswerSnapshot = {
  questionId: number
  type: QuestionType
  /** The question in English (the guide's dashboard, e-mails and export). */
  label: string
  /** The question as the guest's form showed it. */
  guestLabel: string
  value: AnswerValue
  /** The chosen options of a choice question, in English and as the guest read them. */
  choices?: { id: string; label: string; guestLabel: string }[]
  /** The guest's description of a chosen option that asks for one. */
  detail?: string
}

/** The booking's snapshot of checked answers, in the questions' order. */
export function snapshotAnswers(questions: BookingQuestion[], checked: CheckedAnswer[], locale: Locale): AnswerSnapshot[] {
  return questions.flatMap((q) => {
    const a = checked.find((c) => c.questionId === q.id)
    if (!a) return []
    const guest = guestQuestion(q, locale)
    const chosen = Array.isArray(a.value) ? a.value : typeof a.value === 'string' && CHOICE_TYPES.includes(q.type) ? [a.value] : null
    const choices = chosen?.map((id) => ({ id, label: q.options.find((o) => o.id === id)?.label ?? id, guestLabel: guest.options.find((o) => o.id === id)?.label ?? id }))
    return [{ questionId: q.id, type: q.type, label: q.label, guestLabel: guest.label, value: a.value, ...(choices ? { choices } : {}), ...(a.detail !== undefined ? { detail: a.detail } : {}) }]
  })
}

/** Words for yes and no in the reader's language. */
export type YesNoWords = { yes: string; no: string }
export const ENGLISH_YES_NO: YesNoWords = { yes: 'Yes', no: 'No' }

/**
 * An answer as text: for the guide (English: the options' English words) or for the guest (the
 * words they chose from). "Allergies: peanuts", "Vegan, No pork", "Yes", "2".
 */
export function answerText(a: AnswerSnapshot, reader: 'guide' | 'guest', yesNo: YesNoWords = ENGLISH_YES_NO): string {
  let text: string
  if (a.choices) text = a.choices.map((c) => (reader === 'guide' ? c.label : c.guestLabel)).join(', ')
  else if (typeof a.value === 'boolean') text = a.value ? yesNo.yes : yesNo.no
  else text = Array.isArray(a.value) ? a.value.join(', ') : String(a.value)
  return a.detail ? `${text}: ${a.detail}` : text
}

/** "Dietary needs: Allergies: peanuts" lines for the guide, one per answer. */
export function answersForGuide(answers: readonly AnswerSnapshot[] | null | undefined): [label: string, text: string][] {
  return (answers ?? []).map((a) => [a.label, answerText(a, 'guide')])
}

// ---------------------------------------------------------------------------------------
// The guide's options
// ---------------------------------------------------------------------------------------

/**
 * Ids for a question's options: an option keeps the id it had (given, or that of the stored
 * option with the same English words), a new one gets one made from its English words, unique
 * within the question.
 */
export function assignOptionIds<T extends { id?: string | undefined; label: string }>(options: T[], stored: { id: string; label: string }[] = []): (T & { id: string })[] {
  const used = new Set<string>()
  const result = options.map((o) => {
    const kept = o.id && !used.has(o.id) ? o.id : stored.find((s) => s.label === o.label && !used.has(s.id))?.id
    if (kept) used.add(kept)
    return { ...o, id: kept ?? '' }
  })
  return result.map((o) => {
    if (o.id) return o
    const base =
      o.label
        .toLowerCase()
        .normalize('NFKD')
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-+|-+$/g, '')
        .slice(0, 30) || 'option'
    let id = base
    for (let n = 2; used.has(id); n++) id = `${base}-${n}`
    used.add(id)
    return { ...o, id }
  })
}
