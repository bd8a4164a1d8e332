import { GUIDE_WORD_FIELDS, GUIDE_WORD_KEYS, type GuideWordField, type GuideWords, type GuideWordsByLocale, untranslatedFields } from '../../../core/guide-words.ts'
import { LOCALES, type Locale } from '../../../core/i18n/locales.ts'
import type { MessageId } from '../../../core/i18n/message-id.ts'
import { T, useT } from '../../i18n/i18n.tsx'
import { AdminForm } from './admin-form.tsx'
import { LanguageChooser } from './language-chooser.tsx'
import { Button } from '../ui/button.tsx'
import { Field, Input, Textarea } from '../ui/field.tsx'

/** The address's parameter naming the language whose words the form edits. */
export const GUIDE_WORDS_LANGUAGE_PARAM = 'words'

/** What the Settings loader sends: every language's own words (for the status), and the site's text in the one edited. */
export type GuideWordsData = { locale: Locale; words: GuideWordsByLocale; shipped: Required<GuideWords> }

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
 * The guide's words on the About page (docs/decisions/0049, 0075), one language at a time: the one
 * the address names, so a link or a script-free form chooses it. Each field starts from what that
 * language's page shows now: the guide's words in it, else the site's text in it. A save, through
 * the Settings action (docs/decisions/0088), changes that language only; a field left as the site
 * ships it keeps following the site's text. Beside the form, each language says what still shows
 * the site's text where the English is the guide's own.
 */
export function GuideWordsPanel({ data }: { data: GuideWordsData }) {
  const t = useT()
  const { locale, words, shipped } = data
  const own = words[locale] ?? {}
  // What the page shows now in this language, so the guide edits it in place: never another language's words.
  const shown = (key: GuideWordField) => own[key] ?? shipped[key]

  return (
    <section aria-labelledby="guide-words-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="guide-words-heading" className="text-lg font-semibold text-slate-900">
        {t('adminSettings.guideWords.title')}
      </h2>
      <p className="mb-3 text-sm text-slate-700">{t('adminSettings.guideWords.lead')}</p>
      <LanguageStatus words={words} />
      <LanguageChooser id="guide-words-language" param={GUIDE_WORDS_LANGUAGE_PARAM} value={locale} label={t('adminSettings.guideWords.language')} />
      <AdminForm intent="guideWords" successTitle={t('adminSettings.guideWords.saved')} successText={t('adminSettings.guideWords.savedText')} failTitle={t('adminSettings.guideWords.saveFailed')} className="mt-3" lang={locale}>
        {({ errors, busy }) => (
          // The fields start again from each language and each saved version; the form stays, so its answer is told.
          <div key={`${locale}-${JSON.stringify(own)}`} className="grid gap-3">
            <input type="hidden" name="locale" value={locale} />
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
          </div>
        )}
      </AdminForm>
    </section>
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
