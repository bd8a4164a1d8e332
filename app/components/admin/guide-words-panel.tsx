import { type FormEvent, useState } from 'react'
import { fieldErrors } from '../../../core/schemas/field-errors.ts'
import { GUIDE_WORD_FIELDS, GUIDE_WORD_KEYS, type GuideWords, type GuideWordsByLocale, guideWordsSchema, untranslatedFields } from '../../../core/guide-words.ts'
import { LOCALES, type Locale } from '../../../core/i18n/locales.ts'
import { api, failToast, serverFieldErrors, successToast } from './api.ts'
import { useAdminData } from './use-admin-data.ts'
import { Button } from '../ui/button.tsx'
import { Field, Input, Select, Textarea } from '../ui/field.tsx'

type Loaded = { words: GuideWordsByLocale; shipped: Record<Locale, Required<GuideWords>> }

/**
 * The guide's words on the About page (docs/decisions/0049, 0075), one language at a time. Each
 * field starts from what that language's page shows now: the guide's words in it, else the site's
 * text in it. A save changes that language only; a field left as the site ships it keeps following
 * the site's text. Beside the form, each language says what still shows the site's text where the
 * English is the guide's own.
 */
export function GuideWordsPanel() {
  const { data, reload } = useAdminData<Loaded | null>('/api/admin/guide-words', 'Failed to load the About page texts', null)
  const [locale, setLocale] = useState<Locale>('en')
  return (
    <section aria-labelledby="guide-words-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="guide-words-heading" className="text-lg font-semibold text-slate-900">
        Your words on the About page
      </h2>
      <p className="mb-3 text-sm text-slate-700">
        Your story, signature, favourite things and the four seasons, in your own words. Each language is saved on its own: saving one never changes another. Where you have not written a language, its page shows the site’s own text in that language.
      </p>
      {data === null ? null : <LanguageStatus words={data.words} />}
      <Field id="guide-words-language" label="Language">
        <Select value={locale} onChange={(e) => setLocale(e.target.value as Locale)}>
          {LOCALES.map(({ code, nativeName }) => (
            <option key={code} value={code}>
              {nativeName} ({code})
            </option>
          ))}
        </Select>
      </Field>
      {data === null ? <p className="mt-3 text-slate-700">Loading…</p> : <WordsForm key={`${locale}-${JSON.stringify(data.words[locale] ?? {})}`} locale={locale} loaded={data} onSaved={reload} />}
    </section>
  )
}

function WordsForm({ locale, loaded, onSaved }: { locale: Locale; loaded: Loaded; onSaved: () => Promise<void> }) {
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
      successToast('About page saved', 'The page shows your words now.')
      await onSaved()
    } catch (error) {
      setErrors(serverFieldErrors(error) ?? {})
      failToast('Failed to save the About page', error)
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="mt-3 grid gap-3" noValidate onSubmit={save} lang={locale}>
      {GUIDE_WORD_KEYS.map((key) => {
        const { label, lines, hint, max } = GUIDE_WORD_FIELDS[key]
        const control = lines === 'one' ? <Input defaultValue={shown(key)} maxLength={max} /> : <Textarea defaultValue={shown(key)} rows={key === 'biography' ? 10 : 4} maxLength={max} />
        return (
          <Field key={key} id={`guide-words-${key}`} name={key} label={label} hint={hint} error={errors[key]}>
            {control}
          </Field>
        )
      })}
      <div>
        <Button size="md" variant="brand" type="submit" disabled={busy}>
          {busy ? 'Saving…' : 'Save About page'}
        </Button>
      </div>
    </form>
  )
}

/** Per language: whether it is the guide's own, and which fields still show the site's text where the English is the guide's. */
function LanguageStatus({ words }: { words: GuideWordsByLocale }) {
  return (
    <ul className="mb-3 grid gap-1 text-sm text-slate-800" aria-label="What each language shows">
      {LOCALES.map(({ code, nativeName }) => {
        const written = GUIDE_WORD_KEYS.filter((key) => words[code]?.[key])
        const missing = untranslatedFields(words, code)
        return (
          <li key={code}>
            <span className="font-medium" lang={code}>
              {nativeName}
            </span>
            : {written.length === 0 ? 'the site’s text' : `your words in ${written.map((key) => GUIDE_WORD_FIELDS[key].label).join(', ')}`}
            {missing.length > 0 ? `; not yet written in this language: ${missing.map((key) => GUIDE_WORD_FIELDS[key].label).join(', ')} (shows the site’s text)` : ''}
          </li>
        )
      })}
    </ul>
  )
}
