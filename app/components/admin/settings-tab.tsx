import { useState } from 'react'
import { useNavigate } from 'react-router'
import type { AsJson, TourPackage as CatalogueRow } from '../../../server/for-app.ts'
import { useFieldErrors } from '../../i18n/refusals.ts'
import { testEmailSchema } from '../../../core/schemas/test-email.ts'
import { TOUR_TEXT_LIMITS, tourPackageUpdateSchema } from '../../../core/schemas/tour-package-update.ts'
import { TRANSLATED_LOCALES } from '../../../core/schemas/translations.ts'
import { TOUR_TEXT_FIELDS, type TourTextField } from '../../../core/i18n/tour-text.ts'
import { formatYen } from '../../../core/money.ts'
import type { MessageId } from '../../../core/i18n/message-id.ts'
import { useLocale, useT } from '../../i18n/i18n.tsx'
import { toast } from '../ui/use-toast.ts'
import { api, failToast, serverFieldErrors, successToast, useCopyEmail } from './api.ts'
import { useAdminData } from './use-admin-data.ts'
import { Badge } from '../ui/badge.tsx'
import { Button } from '../ui/button.tsx'
import { ConfirmDialog } from '../ui/dialog.tsx'
import { Field, Input, Textarea } from '../ui/field.tsx'
import { GuestDataPanel } from './guest-data-panel.tsx'
import { GuideWordsPanel } from './guide-words-panel.tsx'
import { CalendarFeedPanel } from './calendar-feed-panel.tsx'
import { TripPanels } from './trip-panel.tsx'
import { BookingQuestionsPanel } from './booking-questions-panel.tsx'
import { BookingRulesPanel, GuideBookingRulesPanel, VoucherRulesPanel } from './booking-rules-panel.tsx'
import { ReceiptSettingsPanel } from './receipt-settings-panel.tsx'

type TourPackage = AsJson<CatalogueRow>

export function SettingsTab() {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <TestEmail />
      <CalendarFeedPanel />
      <TripPanels />
      <Catalogue />
      <BookingQuestionsPanel />
      <BookingRulesPanel />
      <GuideBookingRulesPanel />
      <VoucherRulesPanel />
      <ReceiptSettingsPanel />
      <GuideWordsPanel />
      <GuestDataPanel />
      <Sessions />
    </div>
  )
}

/**
 * Issue 13, point 3: end every session of this account, this device's too, e.g. after a phone
 * was lost or a shared computer was left signed in. The admin then signs in again here.
 */
function Sessions() {
  const t = useT()
  const navigate = useNavigate()
  async function logOutEverywhere() {
    try {
      await api('POST', '/api/logout-everywhere', undefined, { announceChange: false })
      navigate('/admin/login', { replace: true })
    } catch (error) {
      failToast(t('adminSettings.sessions.failed'), error)
    }
  }
  return (
    <section aria-labelledby="sessions-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="sessions-heading" className="text-lg font-semibold text-slate-900">
        {t('adminSettings.sessions.title')}
      </h2>
      <p className="mb-3 text-sm text-slate-700">
        {t('adminSettings.sessions.lead')}
      </p>
      <ConfirmDialog
        trigger={<Button size="md" variant="danger">{t('adminSettings.sessions.logOutEverywhere')}</Button>}
        title={t('adminSettings.sessions.confirmTitle')}
        description={t('adminSettings.sessions.confirmText')}
        confirmLabel={t('adminSettings.sessions.logOutEverywhere')}
        onConfirm={logOutEverywhere}
      />
    </section>
  )
}

/** Test e-mail: send one to check delivery (SMTP or the outbox, docs/decisions/0008). */
function TestEmail() {
  const t = useT()
  const fieldErrors = useFieldErrors()
  const copyEmail = useCopyEmail()
  const [email, setEmail] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [busy, setBusy] = useState(false)

  async function send(event: React.FormEvent) {
    event.preventDefault()
    if (email.trim() === '') {
      toast({ title: t('adminSettings.testEmail.requiredTitle'), description: t('adminSettings.testEmail.required'), variant: 'destructive' })
      setError(t('adminSettings.testEmail.required'))
      return
    }
    const parsed = testEmailSchema.safeParse({ email })
    if (!parsed.success) {
      setError(fieldErrors(parsed.error).email)
      return
    }
    setError(undefined)
    setBusy(true)
    try {
      const res = await api<{ message?: string }>('POST', '/api/admin/test-email', parsed.data)
      successToast(t('adminSettings.testEmail.sent'), res?.message ?? t('adminSettings.testEmail.sentTo', { email: parsed.data.email }))
    } catch (err) {
      failToast(t('adminSettings.testEmail.failed'), err)
    } finally {
      setBusy(false)
    }
  }

  const requireEmail = () => {
    if (email.trim() !== '') return true
    toast({ title: t('adminSettings.testEmail.requiredTitle'), description: t('adminSettings.testEmail.required'), variant: 'destructive' })
    return false
  }

  return (
    <section aria-labelledby="test-email-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="test-email-heading" className="text-lg font-semibold text-slate-900">
        {t('adminSettings.testEmail.title')}
      </h2>
      <p className="mb-3 text-sm text-slate-700">{t('adminSettings.testEmail.lead')}</p>
      <form className="grid gap-3" noValidate onSubmit={send}>
        <Field id="test-email-address" label={t('adminSettings.testEmail.address')} error={error}>
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
      </form>
    </section>
  )
}

/** The price catalogue (docs/decisions/0019): every page reads these figures, so editing here changes the site. */
function Catalogue() {
  const t = useT()
  const { data: packages, reload: load } = useAdminData<TourPackage[]>('/api/admin/tour-packages', t('adminSettings.tours.loadFailed'), [])

  return (
    <section aria-labelledby="catalogue-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="catalogue-heading" className="text-lg font-semibold text-slate-900">
        {t('adminSettings.tours.title')}
      </h2>
      <p className="mb-3 text-sm text-slate-700">
        {t('adminSettings.tours.lead')}
      </p>
      {packages === null ? <p className="text-slate-700">{t('adminSettings.tours.loading')}</p> : null}
      <div className="grid gap-4">
        {packages?.map((p) => <PackageForm key={`${p.id}-${p.updatedAt}`} pkg={p} onSaved={load} />)}
      </div>
    </section>
  )
}

function PackageForm({ pkg, onSaved }: { pkg: TourPackage; onSaved: () => Promise<void> }) {
  const t = useT()
  const fieldErrors = useFieldErrors()
  const locale = useLocale()
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const id = (field: string) => `pkg-${pkg.id}-${field}`

  async function save(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const f = new FormData(event.currentTarget)
    const payload = {
      basePrice: String(f.get(id('basePrice')) ?? ''),
      extraGuestPrice: String(f.get(id('extraGuestPrice')) ?? ''),
      soloPrice: String(f.get(id('soloPrice')) ?? ''),
      soloPromoStart: String(f.get(id('soloPromoStart')) ?? ''),
      soloPromoEnd: String(f.get(id('soloPromoEnd')) ?? ''),
      duration: String(f.get(id('duration')) ?? ''),
      available: f.get(id('available')) === 'on',
      translations: Object.fromEntries(
        TRANSLATED_LOCALES.map(({ code }) => [code, Object.fromEntries(TOUR_TEXT_FIELDS.map((field) => [field, String(f.get(id(`${code}-${field}`)) ?? '')]))]),
      ),
    }
    const parsed = tourPackageUpdateSchema.safeParse(payload)
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error))
      return
    }
    setErrors({})
    setBusy(true)
    try {
      await api('PATCH', `/api/admin/tour-packages/${pkg.id}`, parsed.data)
      successToast(t('adminSettings.tours.saved'), t('adminSettings.tours.savedText', { name: pkg.name }))
      await onSaved()
    } catch (error) {
      setErrors(serverFieldErrors(error) ?? {})
      failToast(t('adminSettings.tours.saveFailed'), error)
    } finally {
      setBusy(false)
    }
  }

  const num = (field: 'basePrice' | 'extraGuestPrice' | 'soloPrice', label: string) => (
    <Field id={id(field)} label={label} error={errors[field]}>
      <Input inputMode="numeric" defaultValue={pkg[field] ?? ''} />
    </Field>
  )

  return (
    <form onSubmit={save} noValidate className="grid gap-3 rounded-md border border-slate-200 p-3" aria-labelledby={id('title')}>
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={id('title')} className="font-semibold text-slate-900">
          {pkg.name}
        </h3>
        {pkg.available ? <Badge tone="paid">{t('adminSettings.tours.bookable')}</Badge> : <Badge tone="cancelled">{t('adminSettings.tours.notBookable')}</Badge>}
        <span className="text-sm text-slate-700">{t('adminSettings.tours.basePriceFor', { price: formatYen(pkg.basePrice, locale) })}</span>
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        {num('basePrice', t('adminSettings.tours.basePrice'))}
        {num('extraGuestPrice', t('adminSettings.tours.extraGuestPrice'))}
        {num('soloPrice', t('adminSettings.tours.soloPrice'))}
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id={id('soloPromoStart')} label={t('adminSettings.tours.promoStart')} error={errors.soloPromoStart}>
          <Input type="date" defaultValue={pkg.soloPromoStart ?? ''} />
        </Field>
        <Field id={id('soloPromoEnd')} label={t('adminSettings.tours.promoEnd')} error={errors.soloPromoEnd}>
          <Input type="date" defaultValue={pkg.soloPromoEnd ?? ''} />
        </Field>
      </div>
      <Field id={id('duration')} label={t('adminSettings.tours.duration')} error={errors.duration}>
        <Input defaultValue={pkg.duration} />
      </Field>
      <TourTranslationsFields pkg={pkg} errors={errors} id={id} />
      <div className="flex items-center gap-2">
        <input id={id('available')} name={id('available')} type="checkbox" defaultChecked={pkg.available} className="size-5 accent-brand-700" />
        <label htmlFor={id('available')} className="text-sm font-medium">
          {t('adminSettings.tours.available')}
        </label>
      </div>
      <div>
        <Button size="md" variant="brand" type="submit" disabled={busy}>
          {t(pkg.isHalfDay ? 'adminSettings.tours.saveHalfDay' : 'adminSettings.tours.saveFullDay')}
        </Button>
      </div>
    </form>
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
                <Field key={field} id={id(`${code}-${field}`)} label={t(TEXT_LABELS[field], { language: nativeName })} error={errors[`translations.${code}.${field}`]}>
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
