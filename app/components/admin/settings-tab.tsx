import { Fragment, useId, useState } from 'react'
import type { AsJson, AuditEntry, CalendarFeedInfo, TaxSettings, TourPackage as CatalogueRow } from '../../../server/for-app.ts'
import { TOUR_TEXT_LIMITS } from '../../../core/schemas/tour-package-update.ts'
import { TRANSLATED_LOCALES } from '../../../core/schemas/translations.ts'
import { TOUR_TEXT_FIELDS, type TourTextField } from '../../../core/i18n/tour-text.ts'
import { formatYen } from '../../../core/money.ts'
import type { MessageId } from '../../../core/i18n/message-id.ts'
import { useLocale, useT } from '../../i18n/i18n.tsx'
import { toast } from '../ui/use-toast.ts'
import { useCopyEmail } from './email-and-time.ts'
import { AdminForm, ConfirmedSubmit } from './admin-form.tsx'
import { Badge } from '../ui/badge.tsx'
import { Button } from '../ui/button.tsx'
import { Field, Input, Textarea } from '../ui/field.tsx'
import { GuestDataPanel } from './guest-data-panel.tsx'
import { GuideWordsPanel, type GuideWordsData } from './guide-words-panel.tsx'
import { CalendarFeedPanel } from './calendar-feed-panel.tsx'
import { TripPanels, type TripData } from './trip-panel.tsx'
import { BookingQuestionsPanel, type QuestionsData } from './booking-questions-panel.tsx'
import { BookingRulesPanel, GuideBookingRulesPanel, VoucherRulesPanel } from './booking-rules-panel.tsx'
import { ReceiptSettingsPanel } from './receipt-settings-panel.tsx'
import type { GuideBookingRules } from '../../../core/schemas/booking-move.ts'
import type { VoucherRules } from '../../../core/schemas/voucher.ts'

type TourPackage = AsJson<CatalogueRow>

/** What the Settings route's loader sends: what the panels on its action show (the others still load their own). */
type SettingsData = {
  tours: TourPackage[]
  taxSettings: TaxSettings
  calendarFeed: CalendarFeedInfo
  rules: { changes: { guestMoveLimit: number }; guideBookings: GuideBookingRules; vouchers: VoucherRules }
  guideWords: GuideWordsData
  trip: TripData
  questions: QuestionsData
  audit: AsJson<AuditEntry>[]
}

export function SettingsTab({ tours, taxSettings, calendarFeed, rules, guideWords, trip, questions, audit }: SettingsData) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <TestEmail />
      <CalendarFeedPanel feed={calendarFeed} />
      <TripPanels data={trip} />
      <Catalogue packages={tours} />
      <BookingQuestionsPanel data={questions} />
      <BookingRulesPanel saved={rules.changes} />
      <GuideBookingRulesPanel saved={rules.guideBookings} />
      <VoucherRulesPanel saved={rules.vouchers} />
      <ReceiptSettingsPanel settings={taxSettings} />
      <GuideWordsPanel data={guideWords} />
      <GuestDataPanel audit={audit} />
      <Sessions />
    </div>
  )
}

/**
 * End every session of this account, this device's too, e.g. after a phone
 * was lost or a shared computer was left signed in. The admin then signs in again here.
 */
function Sessions() {
  const t = useT()
  // A plain form posted to the JSON API's own route, which clears the cookie and goes on to the login page.
  const formId = useId()
  return (
    <section aria-labelledby="sessions-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="sessions-heading" className="text-lg font-semibold text-slate-900">
        {t('adminSettings.sessions.title')}
      </h2>
      <p className="mb-3 text-sm text-slate-700">
        {t('adminSettings.sessions.lead')}
      </p>
      <ConfirmedSubmit
        form={formId}
        trigger={{ label: t('adminSettings.sessions.logOutEverywhere'), size: 'md', variant: 'danger' }}
        title={t('adminSettings.sessions.confirmTitle')}
        description={t('adminSettings.sessions.confirmText')}
        confirmLabel={t('adminSettings.sessions.logOutEverywhere')}
      />
      <form id={formId} method="post" action="/api/logout-everywhere" hidden />
    </section>
  )
}

/** Test e-mail: send one to check delivery (SMTP or the outbox, docs/decisions/0008). */
function TestEmail() {
  const t = useT()
  const copyEmail = useCopyEmail()
  const [email, setEmail] = useState('')
  const [missing, setMissing] = useState(false)

  // The action refuses an empty address too; this says it at once, in the words the spec gives it.
  const requireEmail = () => {
    const given = email.trim() !== ''
    setMissing(!given)
    if (!given) toast({ title: t('adminSettings.testEmail.requiredTitle'), description: t('adminSettings.testEmail.required'), variant: 'destructive' })
    return given
  }

  return (
    <section aria-labelledby="test-email-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="test-email-heading" className="text-lg font-semibold text-slate-900">
        {t('adminSettings.testEmail.title')}
      </h2>
      <p className="mb-3 text-sm text-slate-700">{t('adminSettings.testEmail.lead')}</p>
      <AdminForm<{ to: string; transport: 'smtp' | 'folder' }>
        intent="testEmail"
        successTitle={t('adminSettings.testEmail.sent')}
        successText={(sent) => t(sent.transport === 'smtp' ? 'adminSettings.testEmail.sentTo' : 'adminSettings.testEmail.sentToFolder', { email: sent.to })}
        failTitle={t('adminSettings.testEmail.failed')}
        className="grid gap-3"
        onSubmit={(event) => {
          if (!requireEmail()) event.preventDefault()
        }}
      >
        {({ errors, busy }) => (
          <>
            <Field id="test-email-address" name="email" label={t('adminSettings.testEmail.address')} error={missing ? t('adminSettings.testEmail.required') : errors.email}>
              <Input type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="email" />
            </Field>
            <div className="flex flex-wrap gap-2">
              <Button size="md" variant="brand" type="submit" disabled={busy}>
                {busy ? t('adminSettings.testEmail.sending') : t('adminSettings.testEmail.send')}
              </Button>
              <Button size="md" variant="plain" onClick={() => requireEmail() && copyEmail(email.trim())}>
                {t('adminSettings.testEmail.copy')}
              </Button>
            </div>
          </>
        )}
      </AdminForm>
    </section>
  )
}

/**
 * The price catalogue (docs/decisions/0019): every page reads these figures, so editing here changes
 * the site. The tours come with the page (the Settings route's loader); each form saves through the
 * route's action, with or without script (docs/decisions/0088).
 */
function Catalogue({ packages }: { packages: TourPackage[] }) {
  const t = useT()
  return (
    <section aria-labelledby="catalogue-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="catalogue-heading" className="text-lg font-semibold text-slate-900">
        {t('adminSettings.tours.title')}
      </h2>
      <p className="mb-3 text-sm text-slate-700">
        {t('adminSettings.tours.lead')}
      </p>
      <div className="grid gap-4">
        {packages.map((p) => (
          <PackageForm key={p.id} pkg={p} />
        ))}
      </div>
    </section>
  )
}

function PackageForm({ pkg }: { pkg: TourPackage }) {
  const t = useT()
  const locale = useLocale()
  const id = (field: string) => `pkg-${pkg.id}-${field}`

  const num = (field: 'basePrice' | 'extraGuestPrice' | 'soloPrice', label: string, errors: Record<string, string>) => (
    <Field id={id(field)} name={field} label={label} error={errors[field]}>
      <Input inputMode="numeric" defaultValue={pkg[field] ?? ''} />
    </Field>
  )

  return (
    <AdminForm
      intent="tour"
      formId={`tour-${pkg.id}`}
      successTitle={t('adminSettings.tours.saved')}
      successText={t('adminSettings.tours.savedText', { name: pkg.name })}
      failTitle={t('adminSettings.tours.saveFailed')}
      className="grid gap-3 rounded-md border border-slate-200 p-3"
      aria-labelledby={id('title')}
    >
      {({ errors, busy }) => (
        // The fields, not the form, start again from each saved version (their values are the inputs' own):
        // the form and its fetcher stay, so the answer of the save that made this version is still told.
        <Fragment key={pkg.updatedAt}>
          <input type="hidden" name="id" value={pkg.id} />
          <div className="flex flex-wrap items-center gap-2">
            <h3 id={id('title')} className="font-semibold text-slate-900">
              {pkg.name}
            </h3>
            {pkg.available ? <Badge tone="paid">{t('adminSettings.tours.bookable')}</Badge> : <Badge tone="cancelled">{t('adminSettings.tours.notBookable')}</Badge>}
            <span className="text-sm text-slate-700">{t('adminSettings.tours.basePriceFor', { price: formatYen(pkg.basePrice, locale) })}</span>
          </div>
          <div className="grid gap-3 sm:grid-cols-3">
            {num('basePrice', t('adminSettings.tours.basePrice'), errors)}
            {num('extraGuestPrice', t('adminSettings.tours.extraGuestPrice'), errors)}
            {num('soloPrice', t('adminSettings.tours.soloPrice'), errors)}
          </div>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field id={id('soloPromoStart')} name="soloPromoStart" label={t('adminSettings.tours.promoStart')} error={errors.soloPromoStart}>
              <Input type="date" defaultValue={pkg.soloPromoStart ?? ''} />
            </Field>
            <Field id={id('soloPromoEnd')} name="soloPromoEnd" label={t('adminSettings.tours.promoEnd')} error={errors.soloPromoEnd}>
              <Input type="date" defaultValue={pkg.soloPromoEnd ?? ''} />
            </Field>
          </div>
          <Field id={id('duration')} name="duration" label={t('adminSettings.tours.duration')} error={errors.duration}>
            <Input defaultValue={pkg.duration} />
          </Field>
          <TourTranslationsFields pkg={pkg} errors={errors} id={id} />
          <div className="flex items-center gap-2">
            <input id={id('available')} name="available" type="checkbox" defaultChecked={pkg.available} className="size-5 accent-brand-700" />
            <label htmlFor={id('available')} className="text-sm font-medium">
              {t('adminSettings.tours.available')}
            </label>
          </div>
          <div>
            <Button size="md" variant="brand" type="submit" disabled={busy}>
              {t(pkg.isHalfDay ? 'adminSettings.tours.saveHalfDay' : 'adminSettings.tours.saveFullDay')}
            </Button>
          </div>
        </Fragment>
      )}
    </AdminForm>
  )
}

/** Each tour text's field label, with the language's name (docs/decisions/0086). */
const TEXT_LABELS: Record<TourTextField, MessageId> = {
  name: 'adminSettings.tours.textName',
  shortDescription: 'adminSettings.tours.textShortDescription',
  description: 'adminSettings.tours.textDescription',
  duration: 'adminSettings.tours.textDuration',
}

/**
 * The tour's words in the other languages (docs/decisions/0045), one fold per language. Each field
 * shows the English text as its placeholder; a blank field shows the English text to guests.
 */
function TourTranslationsFields({ pkg, errors, id }: { pkg: TourPackage; errors: Record<string, string>; id: (field: string) => string }) {
  const t = useT()
  return (
    <fieldset className="grid gap-2">
      <legend className="text-sm font-semibold text-slate-900">{t('adminSettings.tours.otherLanguages')}</legend>
      <p className="text-sm text-slate-700">{t('adminSettings.tours.otherLanguagesLead')}</p>
      {TRANSLATED_LOCALES.map(({ code, nativeName }) => {
        const own = pkg.translations[code] ?? {}
        const written = TOUR_TEXT_FIELDS.filter((field) => own[field]).length
        const hasError = Object.keys(errors).some((key) => key.startsWith(`translations.${code}`))
        return (
          <details key={code} open={hasError || undefined} className="rounded-md border border-slate-200 px-3 py-2">
            <summary className="cursor-pointer text-sm font-medium text-slate-900">
              {t('adminSettings.tours.languageWritten', { language: nativeName, code, written, total: TOUR_TEXT_FIELDS.length })}
            </summary>
            <div className="mt-2 grid gap-3">
              {TOUR_TEXT_FIELDS.map((field) => (
                <Field key={field} id={id(`${code}-${field}`)} name={`translations.${code}.${field}`} label={t(TEXT_LABELS[field], { language: nativeName })} error={errors[`translations.${code}.${field}`]}>
                  {field === 'description' ? (
                    <Textarea lang={code} rows={3} maxLength={TOUR_TEXT_LIMITS[field]} defaultValue={own[field] ?? ''} placeholder={pkg[field]} />
                  ) : (
                    <Input lang={code} maxLength={TOUR_TEXT_LIMITS[field]} defaultValue={own[field] ?? ''} placeholder={pkg[field]} />
                  )}
                </Field>
              ))}
            </div>
          </details>
        )
      })}
      {errors.translations ? <p className="text-sm text-red-700">{errors.translations}</p> : null}
    </fieldset>
  )
}
