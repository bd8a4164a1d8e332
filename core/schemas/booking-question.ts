import './zod-config.ts'
import { z } from 'zod'
import { CHOICE_TYPES, NUMBER_LIMIT, QUESTION_TYPES, type TextTranslations } from '../booking-questions.ts'
import type { TranslatedLocale } from './translations.ts'
import { translationsSchema } from './translations.ts'
import { refusalMessage } from '../i18n/refusal.ts'
import { alongsideFieldErrors, checkbox, isSingleLine, optionalText } from './fields.ts'

/**
 * The guide's edit of one booking question (docs/decisions/0053): the English question and hint,
 * their translations, the type, whether it must be answered, the options of a choice question
 * and the bounds of a number. Checked by the Settings form and again by the admin API.
 */
export const QUESTION_LABEL_MAX = 200
export const QUESTION_HELP_MAX = 300
export const OPTION_LABEL_MAX = 100
export const MAX_OPTIONS = 20

export const OPTIONS_NEEDED_MESSAGE = refusalMessage('adminErrors.questionOptionsNeeded')
export const OPTIONS_UNIQUE_MESSAGE = refusalMessage('adminErrors.questionOptionsUnique')
export const BOUNDS_ORDER_MESSAGE = refusalMessage('adminErrors.questionBoundsOrder')

const LABEL_REQUIRED = refusalMessage('adminErrors.questionLabelRequired')
const LABEL_TOO_LONG = refusalMessage('adminErrors.questionLabelTooLong', { max: QUESTION_LABEL_MAX })
const LABEL_ONE_LINE = refusalMessage('adminErrors.questionLabelOneLine')
const OPTION_REQUIRED = refusalMessage('adminErrors.questionOptionRequired')
const OPTION_TOO_LONG = refusalMessage('adminErrors.questionOptionTooLong', { max: OPTION_LABEL_MAX })
const OPTION_ONE_LINE = refusalMessage('adminErrors.questionOptionOneLine')
const BOUND_WHOLE = refusalMessage('adminErrors.questionBoundWhole')

const label = z.string({ error: LABEL_REQUIRED }).trim().min(1, LABEL_REQUIRED).max(QUESTION_LABEL_MAX, LABEL_TOO_LONG).refine(isSingleLine, LABEL_ONE_LINE)
const help = optionalText(QUESTION_HELP_MAX, refusalMessage('adminErrors.questionHintTooLong', { max: QUESTION_HELP_MAX }), { oneLine: refusalMessage('adminErrors.questionHintOneLine') })

const questionTranslation = z.object({
  label: optionalText(QUESTION_LABEL_MAX, LABEL_TOO_LONG, { oneLine: LABEL_ONE_LINE }),
  help,
})
const optionText = optionalText(OPTION_LABEL_MAX, OPTION_TOO_LONG, { oneLine: OPTION_ONE_LINE })

const option = z.object({
  id: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/, 'An option id is lower-case letters, digits and dashes')
    .optional(),
  label: z.string({ error: OPTION_REQUIRED }).trim().min(1, OPTION_REQUIRED).max(OPTION_LABEL_MAX, OPTION_TOO_LONG).refine(isSingleLine, OPTION_ONE_LINE),
  translations: translationsSchema(optionText, (v) => Boolean(v))
    .optional()
    .transform((t): TextTranslations => (t ?? {}) as TextTranslations),
  describe: checkbox.optional().transform((v) => v ?? false),
})

const bound = z.preprocess(
  (v) => (v === '' || v === null ? undefined : typeof v === 'string' && /^[-+]?\d+$/.test(v.trim()) ? Number(v.trim()) : v),
  z
    .number({ error: BOUND_WHOLE })
    .int(BOUND_WHOLE)
    .min(-NUMBER_LIMIT, refusalMessage('adminErrors.questionBoundMin', { min: -NUMBER_LIMIT }))
    .max(NUMBER_LIMIT, refusalMessage('adminErrors.questionBoundMax', { max: NUMBER_LIMIT }))
    .optional(),
)

export const bookingQuestionInputSchema = z
  .strictObject(
    {
      type: z.enum(QUESTION_TYPES, { error: refusalMessage('adminErrors.questionType') }),
      required: checkbox.optional().transform((v) => v ?? false),
      label,
      help: help.transform((v) => v ?? ''),
      translations: translationsSchema(questionTranslation, (t) => Boolean(t.label || t.help))
        .optional()
        .transform((t) => (t ?? {}) as Partial<Record<TranslatedLocale, { label?: string; help?: string }>>),
      options: z.array(option).max(MAX_OPTIONS, refusalMessage('adminErrors.questionOptionsMax', { max: MAX_OPTIONS })).optional(),
      min: bound,
      max: bound,
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? 'Only a question’s own settings can be sent' : undefined) },
  )
  .superRefine((q, ctx) => {
    const options = q.options ?? []
    if (CHOICE_TYPES.includes(q.type)) {
      if (options.length < 2) ctx.addIssue({ code: 'custom', path: ['options'], message: OPTIONS_NEEDED_MESSAGE })
      const labels = options.map((o) => o.label.toLowerCase())
      if (new Set(labels).size !== labels.length) ctx.addIssue({ code: 'custom', path: ['options'], message: OPTIONS_UNIQUE_MESSAGE })
      const ids = options.flatMap((o) => (o.id ? [o.id] : []))
      if (new Set(ids).size !== ids.length) ctx.addIssue({ code: 'custom', path: ['options'], message: OPTIONS_UNIQUE_MESSAGE })
    }
    if (q.type === 'number' && q.min !== undefined && q.max !== undefined && q.min > q.max) {
      ctx.addIssue({ code: 'custom', path: ['max'], message: BOUNDS_ORDER_MESSAGE })
    }
  }, alongsideFieldErrors('type', 'options', 'min', 'max'))
  .transform((q) => ({
    ...q,
    // Only a choice question has options and only a number has bounds: what the others were sent is dropped.
    options: CHOICE_TYPES.includes(q.type) ? (q.options ?? []) : [],
    min: q.type === 'number' ? (q.min ?? null) : null,
    max: q.type === 'number' ? (q.max ?? null) : null,
  }))

export type BookingQuestionInput = z.input<typeof bookingQuestionInputSchema>
export type BookingQuestionEdit = z.output<typeof bookingQuestionInputSchema>

export const moveQuestionSchema = z.strictObject({ direction: z.enum(['up', 'down'], { error: 'Move up or down' }) })

