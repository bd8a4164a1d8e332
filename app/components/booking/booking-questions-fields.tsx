import type { ReactNode } from 'react'
import { answerField, detailField, LONG_TEXT_MAX, SHORT_TEXT_MAX, type GuestQuestion } from '../../../core/booking-questions.ts'
import type { Locale } from '../../../core/i18n/locales.ts'
import { useLocale, useT } from '../../i18n/i18n.tsx'
import { Field } from '../ui/field.tsx'
import type { AnswerValues } from './form-values.ts'

/** The answers as the shared check reads them ("12", "12.detail"). */
export function rawAnswers(values: AnswerValues): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).map(([key, value]) => [key.slice('answer.'.length), value]))
}

/** The form fields of the questions, in order: where the first error is looked for. */
export const answerFieldOrder = (questions: GuestQuestion[]) => questions.flatMap((q) => [answerField(q.id), detailField(q.id)])

/** Words in the guide's English on a page in another language are marked as English (docs/decisions/0049). */
const inLang = (text: string, lang: Locale, page: Locale): ReactNode => (lang === page ? text : <span lang={lang}>{text}</span>)

const CONTROL = 'mt-0.5 size-6 shrink-0 accent-brand-700'

/**
 * The guide's booking questions on the booking form (docs/decisions/0053), after the fixed fields
 * and before the consent: a text, a number, or a group of radios or checkboxes in a fieldset with
 * its legend. Plain form fields (answer.<id>, repeated for several choices), so the form works
 * before its script has loaded too. Each error is tied to its field by aria-describedby.
 */
export function BookingQuestionsFields({
  questions,
  values,
  errors,
  onChange,
}: {
  questions: GuestQuestion[]
  values: AnswerValues
  errors: Record<string, string>
  onChange: (field: string, value: string | string[]) => void
}) {
  const t = useT()
  const locale = useLocale()
  if (questions.length === 0) return null

  const text = (field: string) => {
    const v = values[field]
    return Array.isArray(v) ? (v[0] ?? '') : (v ?? '')
  }
  const list = (field: string) => {
    const v = values[field]
    return Array.isArray(v) ? v : v ? [v] : []
  }
  const labelOf = (q: GuestQuestion) => {
    const words = inLang(q.label, q.lang, locale)
    return q.required ? words : around(t('booking.answers.optional', { label: MARK }), words)
  }
  const numberHint = (q: GuestQuestion) =>
    q.min !== null && q.max !== null
      ? t('booking.answers.between', { min: q.min, max: q.max })
      : q.min !== null
        ? t('booking.answers.atLeast', { min: q.min })
        : q.max !== null
          ? t('booking.answers.atMost', { max: q.max })
          : null
  const hintOf = (q: GuestQuestion, extra?: string | null): ReactNode =>
    q.help || extra ? (
      <>
        {q.help ? inLang(q.help, q.helpLang, locale) : null}
        {q.help && extra ? ' ' : null}
        {extra ?? null}
      </>
    ) : undefined

  return (
    <section aria-labelledby="booking-questions-title" className="grid gap-5 border-t border-brand-100 pt-5">
      <h3 id="booking-questions-title" className="text-lg font-bold text-brand-900">
        {t('booking.answers.title')}
      </h3>
      {questions.map((q) => {
        const field = answerField(q.id)
        const error = errors[field]
        if (q.type === 'short-text' || q.type === 'long-text' || q.type === 'number') {
          return (
            <Field key={q.id} tone="public" id={`q-${q.id}`} name={field} label={labelOf(q)} hint={hintOf(q, q.type === 'number' ? numberHint(q) : null)} error={error}>
              {(props) =>
                q.type === 'long-text' ? (
                  <textarea {...props} rows={3} maxLength={LONG_TEXT_MAX} value={text(field)} onChange={(e) => onChange(field, e.target.value)} />
                ) : q.type === 'number' ? (
                  <input
                    {...props}
                    type="number"
                    inputMode="numeric"
                    step={1}
                    min={q.min ?? undefined}
                    max={q.max ?? undefined}
                    aria-required={q.required || undefined}
                    value={text(field)}
                    onChange={(e) => onChange(field, e.target.value)}
                  />
                ) : (
                  <input {...props} type="text" maxLength={SHORT_TEXT_MAX} aria-required={q.required || undefined} value={text(field)} onChange={(e) => onChange(field, e.target.value)} />
                )
              }
            </Field>
          )
        }
        const several = q.type === 'several-choices'
        const options = q.type === 'yes-no' ? [{ id: 'yes', label: t('booking.answers.yes'), describe: false, lang: locale }, { id: 'no', label: t('booking.answers.no'), describe: false, lang: locale }] : q.options.map((o) => ({ ...o, lang: q.lang }))
        const chosen = list(field)
        const hintId = q.help ? `q-${q.id}-hint` : undefined
        const errorId = error ? `q-${q.id}-error` : undefined
        const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined
        const detail = detailField(q.id)
        const detailError = errors[detail]
        return (
          // A group of radios is a radiogroup, which may say it is required and in error; a checkbox says so itself.
          <fieldset
            key={q.id}
            className="grid gap-2"
            role={several ? undefined : 'radiogroup'}
            aria-describedby={describedBy}
            aria-invalid={!several && error ? true : undefined}
            aria-required={!several && q.required ? true : undefined}
          >
            <legend className="font-semibold text-brand-900">{labelOf(q)}</legend>
            {q.help ? (
              <p id={hintId} className="text-sm text-slate-700">
                {inLang(q.help, q.helpLang, locale)}
              </p>
            ) : null}
            <div className={q.type === 'yes-no' ? 'flex flex-wrap gap-x-6 gap-y-2' : 'grid gap-2 sm:grid-cols-2'}>
              {options.map((o) => {
                const id = `q-${q.id}-${o.id}`
                const checked = chosen.includes(o.id)
                return (
                  <div key={o.id} className="flex items-start gap-3">
                    <input
                      id={id}
                      name={field}
                      type={several ? 'checkbox' : 'radio'}
                      value={o.id}
                      className={CONTROL}
                      checked={checked}
                      aria-invalid={several && error ? true : undefined}
                      onChange={(e) => onChange(field, several ? (e.target.checked ? [...chosen, o.id] : chosen.filter((c) => c !== o.id)) : o.id)}
                    />
                    <label htmlFor={id} className="text-slate-800">
                      {inLang(o.label, o.lang, locale)}
                    </label>
                  </div>
                )
              })}
            </div>
            {error ? (
              <p id={errorId} className="text-sm font-semibold text-red-800">
                {error}
              </p>
            ) : null}
            {options
              .filter((o) => o.describe)
              .map((o) => (
                <Field key={o.id} tone="public" id={`q-${q.id}-detail`} name={detail} label={around(t('booking.answers.describe', { option: MARK }), inLang(o.label, o.lang, locale))} error={detailError}>
                  {(props) => <input {...props} type="text" maxLength={SHORT_TEXT_MAX} value={text(detail)} onChange={(e) => onChange(detail, e.target.value)} />}
                </Field>
              ))}
          </fieldset>
        )
      })}
    </section>
  )
}

/** Where a piece of markup goes in a message formatted around it. */
const MARK = '\u0000'

/** A message around a piece of markup (a label marked as English inside a Japanese sentence). */
function around(message: string, inner: ReactNode): ReactNode {
  const [before = '', after = ''] = message.split(MARK)
  return (
    <>
      {before}
      {inner}
      {after}
    </>
  )
}
