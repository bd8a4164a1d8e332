import { type FormEvent, useState } from 'react'
import { useFieldErrors } from '../../i18n/refusals.ts'
import { GUIDE_WORD_FIELDS, GUIDE_WORD_KEYS, type GuideWordField, type GuideWords, type GuideWordsByLocale, guideWordsSchema, untranslatedFields } from '../../../core/guide-words.ts'
import { LOCALES, type Locale } from '../../../core/i18n/locales.ts'
import type { MessageId } from '../../../core/i18n/message-id.ts'
import { T, useT } from '../../i18n/i18n.tsx'
import { api, useFailToast, useServerFieldErrors, successToast } from './api.ts'
import { useAdminData } from './use-admin-data.ts'
import { Button } from '../ui/button.tsx'
import { Field, Input, Select, Textarea } from '../ui/field.tsx'

type Loaded = { words: GuideWordsByLocale; shipped: Record<Locale, Required<GuideWords>> }

/** Each field's label and hint in the dashboard's language (docs/decisions/0086). */
const FIELD_LABELS: Record<GuideWordField, MessageId> = {
  biography: 'adminSettings.guideWords.biography',
  signature: 'adminSettings.guideWords.signature',
  loves: 'adminSettings.guideWords.loves',
  spring: 'adminSettings.guideWords.spring',
  summer: 'adminSettings.guideWords.summer',
  autumn: 'adminSettings.guideWords.autumn',
  winter: 'adminSettings.guideWords.winter',
}
const FIELD_HINTS: Partial<Record<GuideWordField, MessageId>> = {
  biography: 'adminSettings.guideWords.biographyHint',
  signature: 'adminSettings.guideWords.signatureHint',
  loves: 'adminSettings.guideWords.lovesHint',
}

/**
 * The guide's words on the About page (docs/decisions/0049, 0075), one language at a time. Each
 * field starts from what that language's page shows now: the guide's words in it, else the site's
 * text in it. A save changes that language only; a field left as the site ships it keeps following
 * the site's text. Beside the form, each language says what still shows the site's text where the
 * English is the guide's own.
 */
export function GuideWordsPanel() {
  const t = useT()
  const { data, reload } = useAdminData<Loaded | null>('/api/admin/guide-words', t('adminSettings.guideWords.loadFailed'), null)
  const [locale, setLocale] = useState<Locale>('en')
  return (
    <section aria-labelledby="guide-words-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="guide-words-heading" className="text-lg font-semibold text-slate-900">
        {t('adminSettings.guideWords.title')}
      </h2>
      <p className="mb-3 text-sm text-slate-700">{t('adminSettings.guideWords.lead')}</p>
      {data === null ? null : <LanguageStatus words={data.words} />}
      <Field id="guide-words-language" label={t('adminSettings.guideWords.language')}>
        <Select value={locale} onChange={(e) => setLocale(e.target.value as Locale)}>
          {LOCALES.map(({ code, nativeName }) => (
            <option key={code} value={code}>
              {nativeName} ({code})
            </option>
          ))}
        </Select>
      </Field>
      {data === null ? <p className="mt-3 text-slate-700">{t('adminSettings.loading')}</p> : <WordsForm key={`${locale}-${JSON.stringify(data.words[locale] ?? {})}`} locale={locale} loaded={data} onSaved={reload} />}
    </section>
  )
}

function WordsForm({ locale, loaded, onSaved }: { locale: Locale; loaded: Loaded; onSaved: () => Promise<void> }) {
  const failToast = useFailToast()
  const serverFieldErrors = useServerFieldErrors()
  const t = useT()
  const fieldErrors = useFieldErrors()
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const own = loaded.words[locale] ?? {}
  // What the page shows now in this language, so the guide edits it in place: never another language's words.
  const shown = (key: (typeof GUIDE_WORD_KEYS)[number]) => own[key] ?? loaded.shipped[locale][key]

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const f = new FormData(event.currentTarget)
    const parsed = guideWordsSchema.safeParse(Object.fromEntries(GUIDE_WORD_KEYS.map((key) => [key, String(f.get(key) ?? '')])))
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error))
      return
    }
    setErrors({})
    setBusy(true)
    try {
      await api('PUT', `/api/admin/guide-words/${locale}`, parsed.data)
      successToast(t('adminSettings.guideWords.saved'), t('adminSettings.guideWords.savedText'))
      await onSaved()
    } catch (error) {
      setErrors(serverFieldErrors(error) ?? {})
      failToast(t('adminSettings.guideWords.saveFailed'), error)
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="mt-3 grid gap-3" noValidate onSubmit={save} lang={locale}>
      {GUIDE_WORD_KEYS.map((key) => {
        const { lines, max } = GUIDE_WORD_FIELDS[key]
        const hint = FIELD_HINTS[key]
        const control = lines === 'one' ? <Input defaultValue={shown(key)} maxLength={max} /> : <Textarea defaultValue={shown(key)} rows={key === 'biography' ? 10 : 4} maxLength={max} />
        return (
          <Field key={key} id={`guide-words-${key}`} name={key} label={t(FIELD_LABELS[key])} hint={hint ? t(hint) : undefined} error={errors[key]}>
            {control}
          </Field>
        )
      })}
      <div>
        <Button size="md" variant="brand" type="submit" disabled={busy}>
          {busy ? t('adminSettings.saving') : t('adminSettings.guideWords.save')}
        </Button>
      </div>
    </form>
  )
}

/** Per language: whether it is the guide's own, and which fields still show the site's text where the English is the guide's. */
function LanguageStatus({ words }: { words: GuideWordsByLocale }) {
  const t = useT()
  const labels = (keys: GuideWordField[]) => keys.map((key) => t(FIELD_LABELS[key])).join(t('adminSettings.guideWords.listSeparator'))
  return (
    <ul className="mb-3 grid gap-1 text-sm text-slate-800" aria-label={t('adminSettings.guideWords.status')}>
      {LOCALES.map(({ code, nativeName }) => {
        const written = GUIDE_WORD_KEYS.filter((key) => words[code]?.[key])
        const missing = untranslatedFields(words, code)
        return (
          <li key={code}>
            <T
              id={written.length === 0 ? 'adminSettings.guideWords.statusSite' : 'adminSettings.guideWords.statusOwn'}
              values={{ language: nativeName, fields: labels(written) }}
              components={{ 0: <span className="font-medium" lang={code} /> }}
            />
            {missing.length > 0 ? t('adminSettings.guideWords.statusMissing', { fields: labels(missing) }) : ''}
          </li>
        )
      })}
    </ul>
  )
}
