import { type FormEvent, useState } from 'react'
import { CHOICE_TYPES, QUESTION_TYPES, type BookingQuestion, type QuestionType } from '../../../core/booking-questions.ts'
import { bookingQuestionInputSchema } from '../../../core/schemas/booking-question.ts'
import type { MessageId } from '../../../core/i18n/message-id.ts'
import { useT } from '../../i18n/i18n.tsx'
import { TRANSLATED_LOCALES } from '../../../core/schemas/translations.ts'
import { useFieldErrors } from '../../i18n/refusals.ts'
import { api, useFailToast, useServerFieldErrors, successToast } from './api.ts'
import { useAdminData } from './use-admin-data.ts'
import { Badge } from '../ui/badge.tsx'
import { Button } from '../ui/button.tsx'
import { ConfirmDialog } from '../ui/dialog.tsx'
import { Field, Input, Select, Textarea } from '../ui/field.tsx'

/** Written after an option to ask the guest to describe it: "Allergies [describe]". */
const DESCRIBE_MARK = '[describe]'

/** Each kind of answer's name in the dashboard's language (docs/decisions/0086). */
const QUESTION_TYPE_NAMES: Record<QuestionType, MessageId> = {
  'short-text': 'adminSettings.questions.typeShortText',
  'long-text': 'adminSettings.questions.typeLongText',
  'one-choice': 'adminSettings.questions.typeOneChoice',
  'several-choices': 'adminSettings.questions.typeSeveralChoices',
  'yes-no': 'adminSettings.questions.typeYesNo',
  number: 'adminSettings.questions.typeNumber',
}

/**
 * Settings → Booking questions (issue 18, point 2; docs/decisions/0053): what the booking form
 * asks after the fixed fields, in this order. Editing or archiving a question never changes the
 * answers of bookings already made: each booking keeps the question as it was asked.
 */
export function BookingQuestionsPanel() {
  const failToast = useFailToast()
  const t = useT()
  const { data, reload } = useAdminData<{ questions: BookingQuestion[] } | null>('/api/admin/booking-questions', t('adminSettings.questions.loadFailed'), null)
  const [editing, setEditing] = useState<number | 'new' | null>(null)
  const questions = data?.questions ?? []
  const asked = questions.filter((q) => !q.archived)
  const archived = questions.filter((q) => q.archived)

  async function act(label: string, method: string, url: string, body?: unknown) {
    try {
      await api(method, url, body)
      await reload()
    } catch (error) {
      failToast(label, error)
    }
  }

  return (
    <section aria-labelledby="booking-questions-heading" className="rounded-lg border border-slate-200 bg-white p-4 lg:col-span-2">
      <h2 id="booking-questions-heading" className="text-lg font-semibold text-slate-900">
        {t('adminSettings.questions.title')}
      </h2>
      <p className="mb-3 text-sm text-slate-700">{t('adminSettings.questions.lead')}</p>
      {data === null ? <p className="text-slate-700">{t('adminSettings.loading')}</p> : null}
      <ol className="grid gap-2" aria-label={t('adminSettings.questions.asked')}>
        {asked.map((q, i) => (
          <li key={q.id} className="rounded-md border border-slate-200 p-3">
            {editing === q.id ? (
              <QuestionForm question={q} onDone={async () => { setEditing(null); await reload() }} onCancel={() => setEditing(null)} />
            ) : (
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium text-slate-900">
                  {i + 1}. {q.label}
                </span>
                <Badge tone="confirmed">{t(QUESTION_TYPE_NAMES[q.type])}</Badge>
                {q.required ? <Badge tone="pending">{t('adminSettings.questions.required')}</Badge> : <span className="text-sm text-slate-600">{t('adminSettings.questions.optional')}</span>}
                <div className="ml-auto flex flex-wrap gap-1">
                  <Button size="sm" variant="plain" aria-label={t('adminSettings.questions.moveUpNamed', { label: q.label })} disabled={i === 0} onClick={() => act(t('adminSettings.questions.moveFailed'), 'POST', `/api/admin/booking-questions/${q.id}/move`, { direction: 'up' })}>
                    {t('adminSettings.questions.up')}
                  </Button>
                  <Button size="sm" variant="plain" aria-label={t('adminSettings.questions.moveDownNamed', { label: q.label })} disabled={i === asked.length - 1} onClick={() => act(t('adminSettings.questions.moveFailed'), 'POST', `/api/admin/booking-questions/${q.id}/move`, { direction: 'down' })}>
                    {t('adminSettings.questions.down')}
                  </Button>
                  <Button size="sm" variant="plain" aria-label={t('adminSettings.questions.editNamed', { label: q.label })} onClick={() => setEditing(q.id)}>
                    {t('adminSettings.questions.edit')}
                  </Button>
                  <ConfirmDialog
                    trigger={<Button size="sm" variant="danger" aria-label={t('adminSettings.questions.archiveNamed', { label: q.label })}>{t('adminSettings.questions.archive')}</Button>}
                    title={t('adminSettings.questions.archiveTitle')}
                    description={t('adminSettings.questions.archiveText')}
                    confirmLabel={t('adminSettings.questions.archive')}
                    onConfirm={() => act(t('adminSettings.questions.archiveFailed'), 'POST', `/api/admin/booking-questions/${q.id}/archive`)}
                  />
                </div>
              </div>
            )}
          </li>
        ))}
      </ol>
      <div className="mt-3">
        {editing === 'new' ? (
          <div className="rounded-md border border-slate-200 p-3">
            <QuestionForm onDone={async () => { setEditing(null); await reload() }} onCancel={() => setEditing(null)} />
          </div>
        ) : (
          <Button size="md" variant="brand" onClick={() => setEditing('new')}>
            {t('adminSettings.questions.add')}
          </Button>
        )}
      </div>
      {archived.length > 0 ? (
        <div className="mt-4">
          <h3 className="text-sm font-semibold text-slate-900">{t('adminSettings.questions.archived')}</h3>
          <ul className="mt-1 grid gap-1">
            {archived.map((q) => (
              <li key={q.id} className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
                <span>{q.label}</span>
                <Button size="sm" variant="plain" aria-label={t('adminSettings.questions.restoreNamed', { label: q.label })} onClick={() => act(t('adminSettings.questions.restoreFailed'), 'POST', `/api/admin/booking-questions/${q.id}/restore`)}>
                  {t('adminSettings.questions.restore')}
                </Button>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  )
}

/** The options as the guide edits them: one per line, "[describe]" after one that asks for a description. */
function optionLines(q: BookingQuestion | undefined, locale?: string): string {
  return (q?.options ?? []).map((o) => (locale ? (o.translations[locale as keyof typeof o.translations] ?? '') : `${o.label}${o.describe ? ` ${DESCRIBE_MARK}` : ''}`)).join('\n')
}

const lines = (text: string) => text.split(/\r?\n/).map((l) => l.trim())

function QuestionForm({ question, onDone, onCancel }: { question?: BookingQuestion; onDone: () => Promise<void>; onCancel: () => void }) {
  const failToast = useFailToast()
  const serverFieldErrors = useServerFieldErrors()
  const t = useT()
  const fieldErrors = useFieldErrors()
  const [type, setType] = useState<QuestionType>(question?.type ?? 'short-text')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const prefix = `question-${question?.id ?? 'new'}`
  const id = (field: string) => `${prefix}-${field}`
  const choice = CHOICE_TYPES.includes(type)

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const f = new FormData(event.currentTarget)
    const get = (field: string) => String(f.get(id(field)) ?? '')
    const english = lines(get('options')).filter(Boolean)
    const translated = Object.fromEntries(TRANSLATED_LOCALES.map(({ code }) => [code, lines(get(`${code}-options`))]))
    const payload = {
      type,
      required: f.get(id('required')) === 'on',
      label: get('label'),
      help: get('help'),
      translations: Object.fromEntries(TRANSLATED_LOCALES.map(({ code }) => [code, { label: get(`${code}-label`), help: get(`${code}-help`) }])),
      ...(choice
        ? {
            options: english.map((line, i) => {
              const describe = line.endsWith(DESCRIBE_MARK)
              const label = describe ? line.slice(0, -DESCRIBE_MARK.length).trim() : line
              const kept = question?.options.find((o) => o.label === label)
              return {
                ...(kept ? { id: kept.id } : {}),
                label,
                describe,
                translations: Object.fromEntries(TRANSLATED_LOCALES.map(({ code }) => [code, translated[code]?.[i] ?? ''])),
              }
            }),
          }
        : {}),
      ...(type === 'number' ? { min: get('min'), max: get('max') } : {}),
    }
    const parsed = bookingQuestionInputSchema.safeParse(payload)
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error))
      return
    }
    setErrors({})
    setBusy(true)
    try {
      if (question) await api('PUT', `/api/admin/booking-questions/${question.id}`, payload)
      else await api('POST', '/api/admin/booking-questions', payload)
      successToast(t(question ? 'adminSettings.questions.saved' : 'adminSettings.questions.added'), t('adminSettings.questions.savedText'))
      await onDone()
    } catch (error) {
      setErrors(serverFieldErrors(error) ?? {})
      failToast(t('adminSettings.questions.saveFailed'), error)
    } finally {
      setBusy(false)
    }
  }

  const optionError = Object.entries(errors).find(([key]) => key.startsWith('options'))?.[1]
  return (
    <form className="grid gap-3" noValidate onSubmit={save} aria-label={question ? t('adminSettings.questions.editNamed', { label: question.label }) : t('adminSettings.questions.new')}>
      <Field id={id('label')} label={t('adminSettings.questions.label')} error={errors.label}>
        <Input defaultValue={question?.label ?? ''} maxLength={200} />
      </Field>
      <Field id={id('help')} label={t('adminSettings.questions.help')} error={errors.help}>
        <Input defaultValue={question?.help ?? ''} maxLength={300} />
      </Field>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id={id('type')} label={t('adminSettings.questions.type')} error={errors.type}>
          <Select value={type} onChange={(e) => setType(e.target.value as QuestionType)}>
            {QUESTION_TYPES.map((kind) => (
              <option key={kind} value={kind}>
                {t(QUESTION_TYPE_NAMES[kind])}
              </option>
            ))}
          </Select>
        </Field>
        <div className="flex items-center gap-2 sm:pt-6">
          <input id={id('required')} name={id('required')} type="checkbox" defaultChecked={question?.required ?? false} className="size-5 accent-brand-700" />
          <label htmlFor={id('required')} className="text-sm font-medium">
            {t('adminSettings.questions.mustAnswer')}
          </label>
        </div>
      </div>
      {choice ? (
        <Field id={id('options')} label={t('adminSettings.questions.options')} hint={t('adminSettings.questions.optionsHint', { mark: DESCRIBE_MARK })} error={optionError}>
          <Textarea rows={6} defaultValue={optionLines(question)} />
        </Field>
      ) : null}
      {type === 'number' ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <Field id={id('min')} label={t('adminSettings.questions.min')} error={errors.min}>
            <Input inputMode="numeric" defaultValue={question?.min ?? ''} />
          </Field>
          <Field id={id('max')} label={t('adminSettings.questions.max')} error={errors.max}>
            <Input inputMode="numeric" defaultValue={question?.max ?? ''} />
          </Field>
        </div>
      ) : null}
      <fieldset className="grid gap-2">
        <legend className="text-sm font-semibold text-slate-900">{t('adminSettings.questions.otherLanguages')}</legend>
        {TRANSLATED_LOCALES.map(({ code, nativeName }) => {
          const own = question?.translations[code] ?? {}
          const hasError = Object.keys(errors).some((key) => key.startsWith(`translations.${code}`))
          return (
            <details key={code} open={hasError || undefined} className="rounded-md border border-slate-200 px-3 py-2">
              <summary className="cursor-pointer text-sm font-medium text-slate-900">
                {t(own.label ? 'adminSettings.questions.languageHeading' : 'adminSettings.questions.languageHeadingEnglish', { language: nativeName, code })}
              </summary>
              <div className="mt-2 grid gap-3" lang={code}>
                <Field id={id(`${code}-label`)} label={t('adminSettings.questions.labelIn', { language: nativeName })} error={errors[`translations.${code}.label`]}>
                  <Input defaultValue={own.label ?? ''} maxLength={200} />
                </Field>
                <Field id={id(`${code}-help`)} label={t('adminSettings.questions.helpIn', { language: nativeName })} error={errors[`translations.${code}.help`]}>
                  <Input defaultValue={own.help ?? ''} maxLength={300} />
                </Field>
                {choice ? (
                  <Field id={id(`${code}-options`)} label={t('adminSettings.questions.optionsIn', { language: nativeName })}>
                    <Textarea rows={6} defaultValue={optionLines(question, code)} />
                  </Field>
                ) : null}
              </div>
            </details>
          )
        })}
      </fieldset>
      <div className="flex flex-wrap gap-2">
        <Button size="md" variant="brand" type="submit" disabled={busy}>
          {busy ? t('adminSettings.saving') : t(question ? 'adminSettings.questions.save' : 'adminSettings.questions.addSubmit')}
        </Button>
        <Button size="md" variant="plain" onClick={onCancel}>
          {t('adminSettings.cancel')}
        </Button>
      </div>
    </form>
  )
}
