import { useState } from 'react'
import { Link } from 'react-router'
import { CHOICE_TYPES, QUESTION_TYPES, type BookingQuestion, type QuestionType } from '../../../core/booking-questions.ts'
import { DESCRIBE_MARK, optionLines } from '../../../core/booking-question-form.ts'
import type { MessageId } from '../../../core/i18n/message-id.ts'
import { useT } from '../../i18n/i18n.tsx'
import { TRANSLATED_LOCALES } from '../../../core/schemas/translations.ts'
import { AdminForm, ConfirmedRowAction, RowAction, useAdminSubmit } from './admin-form.tsx'
import { MoveButtons } from './move-buttons.tsx'
import { useAddressWith, useOpenedByAddress } from './use-address-with.ts'
import { Badge } from '../ui/badge.tsx'
import { Button, buttonVariants } from '../ui/button.tsx'
import { Field, Input, Select, Textarea } from '../ui/field.tsx'
import { useHydrated } from '../../lib/use-hydrated.ts'

/** Each kind of answer's name in the dashboard's language (docs/decisions/0086). */
const QUESTION_TYPE_NAMES: Record<QuestionType, MessageId> = {
  'short-text': 'adminSettings.questions.typeShortText',
  'long-text': 'adminSettings.questions.typeLongText',
  'one-choice': 'adminSettings.questions.typeOneChoice',
  'several-choices': 'adminSettings.questions.typeSeveralChoices',
  'yes-no': 'adminSettings.questions.typeYesNo',
  number: 'adminSettings.questions.typeNumber',
}

/** The address's parameter naming the question whose form is open ('new' for a new one). */
export const QUESTION_PARAM = 'question'

/** What the Settings loader sends: every question, archived ones too, and the form open. */
export type QuestionsData = { questions: BookingQuestion[]; editing: string | null }

/**
 * Settings → Booking questions (docs/decisions/0053): what the booking form asks after the fixed
 * fields, in this order. Editing or archiving a question never changes the answers of bookings
 * already made: each booking keeps the question as it was asked. Everything saves through the
 * Settings action (docs/decisions/0088), with script or without; archiving asks first.
 */
export function BookingQuestionsPanel({ data }: { data: QuestionsData }) {
  const t = useT()
  const addressWith = useAddressWith()
  const { questions, editing } = data
  const asked = questions.filter((q) => !q.archived)
  const archived = questions.filter((q) => q.archived)
  const { submit: archive } = useAdminSubmit({ failTitle: t('adminSettings.questions.archiveFailed') })

  return (
    <section aria-labelledby="booking-questions-heading" className="rounded-lg border border-slate-200 bg-white p-4 lg:col-span-2">
      <h2 id="booking-questions-heading" className="text-lg font-semibold text-slate-900">
        {t('adminSettings.questions.title')}
      </h2>
      <p className="mb-3 text-sm text-slate-700">{t('adminSettings.questions.lead')}</p>
      <ol className="grid gap-2" aria-label={t('adminSettings.questions.asked')}>
        {asked.map((q, i) => (
          <li key={q.id} className="rounded-md border border-slate-200 p-3">
            {editing === String(q.id) ? (
              <QuestionForm question={q} />
            ) : (
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium text-slate-900">
                  {i + 1}. {q.label}
                </span>
                <Badge tone="confirmed">{t(QUESTION_TYPE_NAMES[q.type])}</Badge>
                {q.required ? <Badge tone="pending">{t('adminSettings.questions.required')}</Badge> : <span className="text-sm text-slate-600">{t('adminSettings.questions.optional')}</span>}
                <div className="ml-auto flex flex-wrap gap-1">
                  <MoveButtons
                    intent="moveQuestion"
                    rowId={q.id}
                    index={i}
                    count={asked.length}
                    failTitle={t('adminSettings.questions.moveFailed')}
                    words={{
                      up: t('adminSettings.questions.up'),
                      down: t('adminSettings.questions.down'),
                      upNamed: t('adminSettings.questions.moveUpNamed', { label: q.label }),
                      downNamed: t('adminSettings.questions.moveDownNamed', { label: q.label }),
                    }}
                  />
                  <Link to={addressWith(QUESTION_PARAM, String(q.id))} preventScrollReset className={buttonVariants({ size: 'sm', variant: 'plain' })} aria-label={t('adminSettings.questions.editNamed', { label: q.label })}>
                    {t('adminSettings.questions.edit')}
                  </Link>
                  <ConfirmedRowAction
                    intent="archiveQuestion"
                    rowId={q.id}
                    trigger={{ label: t('adminSettings.questions.archive'), size: 'sm', variant: 'danger', 'aria-label': t('adminSettings.questions.archiveNamed', { label: q.label }) }}
                    title={t('adminSettings.questions.archiveTitle')}
                    description={t('adminSettings.questions.archiveText')}
                    confirmLabel={t('adminSettings.questions.archive')}
                    sentBy={archive}
                    failTitle={t('adminSettings.questions.archiveFailed')}
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
            <QuestionForm />
          </div>
        ) : (
          <Link to={addressWith(QUESTION_PARAM, 'new')} preventScrollReset className={buttonVariants({ size: 'md', variant: 'brand' })}>
            {t('adminSettings.questions.add')}
          </Link>
        )}
      </div>
      {archived.length > 0 ? (
        <div className="mt-4">
          <h3 className="text-sm font-semibold text-slate-900">{t('adminSettings.questions.archived')}</h3>
          <ul className="mt-1 grid gap-1">
            {archived.map((q) => (
              <li key={q.id} className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
                <span>{q.label}</span>
                <RowAction intent="restoreQuestion" rowId={q.id} failTitle={t('adminSettings.questions.restoreFailed')} size="sm" variant="plain" aria-label={t('adminSettings.questions.restoreNamed', { label: q.label })}>
                  {t('adminSettings.questions.restore')}
                </RowAction>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  )
}

function QuestionForm({ question }: { question?: BookingQuestion }) {
  const t = useT()
  const [type, setType] = useState<QuestionType>(question?.type ?? 'short-text')
  // Without script the kind of answer cannot show and hide its fields: every field shows, and the action reads those of the kind chosen.
  const hydrated = useHydrated()
  const prefix = `question-${question?.id ?? 'new'}`
  const id = (field: string) => `${prefix}-${field}`
  const choice = !hydrated || CHOICE_TYPES.includes(type)
  const number = !hydrated || type === 'number'
  const { close, closeAfterSave } = useOpenedByAddress(QUESTION_PARAM)

  return (
    <AdminForm
      intent={question ? 'updateQuestion' : 'addQuestion'}
      formId={prefix}
      successTitle={t(question ? 'adminSettings.questions.saved' : 'adminSettings.questions.added')}
      successText={t('adminSettings.questions.savedText')}
      failTitle={t('adminSettings.questions.saveFailed')}
      onSaved={closeAfterSave}
      className="grid gap-3"
      aria-label={question ? t('adminSettings.questions.editNamed', { label: question.label }) : t('adminSettings.questions.new')}
    >
      {({ errors, busy }) => {
        const optionError = Object.entries(errors).find(([key]) => key.startsWith('options'))?.[1]
        return (
          <>
            {question ? <input type="hidden" name="id" value={question.id} /> : null}
            <Field id={id('label')} name="label" label={t('adminSettings.questions.label')} error={errors.label}>
              <Input defaultValue={question?.label ?? ''} maxLength={200} />
            </Field>
            <Field id={id('help')} name="help" label={t('adminSettings.questions.help')} error={errors.help}>
              <Input defaultValue={question?.help ?? ''} maxLength={300} />
            </Field>
            <div className="grid gap-3 sm:grid-cols-2">
              <Field id={id('type')} name="type" label={t('adminSettings.questions.type')} error={errors.type}>
                <Select value={type} onChange={(e) => setType(e.target.value as QuestionType)}>
                  {QUESTION_TYPES.map((kind) => (
                    <option key={kind} value={kind}>
                      {t(QUESTION_TYPE_NAMES[kind])}
                    </option>
                  ))}
                </Select>
              </Field>
              <div className="flex items-center gap-2 sm:pt-6">
                <input id={id('required')} name="required" type="checkbox" defaultChecked={question?.required ?? false} className="size-5 accent-brand-700" />
                <label htmlFor={id('required')} className="text-sm font-medium">
                  {t('adminSettings.questions.mustAnswer')}
                </label>
              </div>
            </div>
            {choice ? (
              <Field id={id('options')} name="options" label={t('adminSettings.questions.options')} hint={t('adminSettings.questions.optionsHint', { mark: DESCRIBE_MARK })} error={optionError}>
                <Textarea rows={6} defaultValue={optionLines(question)} />
              </Field>
            ) : null}
            {number ? (
              <div className="grid gap-3 sm:grid-cols-2">
                <Field id={id('min')} name="min" label={t('adminSettings.questions.min')} error={errors.min}>
                  <Input inputMode="numeric" defaultValue={question?.min ?? ''} />
                </Field>
                <Field id={id('max')} name="max" label={t('adminSettings.questions.max')} error={errors.max}>
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
                      <Field id={id(`${code}-label`)} name={`${code}-label`} label={t('adminSettings.questions.labelIn', { language: nativeName })} error={errors[`translations.${code}.label`]}>
                        <Input defaultValue={own.label ?? ''} maxLength={200} />
                      </Field>
                      <Field id={id(`${code}-help`)} name={`${code}-help`} label={t('adminSettings.questions.helpIn', { language: nativeName })} error={errors[`translations.${code}.help`]}>
                        <Input defaultValue={own.help ?? ''} maxLength={300} />
                      </Field>
                      {choice ? (
                        <Field id={id(`${code}-options`)} name={`${code}-options`} label={t('adminSettings.questions.optionsIn', { language: nativeName })}>
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
              <Link to={close} preventScrollReset className={buttonVariants({ size: 'md', variant: 'plain' })}>
                {t('adminSettings.cancel')}
              </Link>
            </div>
          </>
        )
      }}
    </AdminForm>
  )
}
