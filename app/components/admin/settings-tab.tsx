import { useState } from 'react'
import { useNavigate } from 'react-router'
import type { AsJson, TourPackage as CatalogueRow } from '../../../server/for-app.ts'
import { fieldErrors } from '../../../core/schemas/field-errors.ts'
import { EMAIL_REQUIRED_MESSAGE, EMAIL_REQUIRED_TITLE, testEmailSchema } from '../../../core/schemas/test-email.ts'
import { TOUR_TEXT_LIMITS, tourPackageUpdateSchema } from '../../../core/schemas/tour-package-update.ts'
import { TRANSLATED_LOCALES } from '../../../core/schemas/translations.ts'
import { TOUR_TEXT_FIELDS, type TourTextField } from '../../../core/i18n/tour-text.ts'
import { formatYen } from '../../../core/money.ts'
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
  const navigate = useNavigate()
  async function logOutEverywhere() {
    try {
      await api('POST', '/api/logout-everywhere', undefined, { announceChange: false })
      navigate('/admin/login', { replace: true })
    } catch (error) {
      failToast('Failed to log out everywhere', error)
    }
  }
  return (
    <section aria-labelledby="sessions-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="sessions-heading" className="text-lg font-semibold text-slate-900">
        Sessions
      </h2>
      <p className="mb-3 text-sm text-slate-700">
        Sign this account out on every phone and computer, this one included. Changing your password signs out your other devices too.
      </p>
      <ConfirmDialog
        trigger={<Button size="md" variant="danger">Log out everywhere</Button>}
        title="Log out everywhere?"
        description="Every session of your account ends, on this device too. You will need your password to sign in again."
        confirmLabel="Log out everywhere"
        onConfirm={logOutEverywhere}
      />
    </section>
  )
}

/** Test e-mail: send one to check delivery (SMTP or the outbox, docs/decisions/0008). */
function TestEmail() {
  const copyEmail = useCopyEmail()
  const [email, setEmail] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [busy, setBusy] = useState(false)

  async function send(event: React.FormEvent) {
    event.preventDefault()
    if (email.trim() === '') {
      toast({ title: EMAIL_REQUIRED_TITLE, description: EMAIL_REQUIRED_MESSAGE, variant: 'destructive' })
      setError(EMAIL_REQUIRED_MESSAGE)
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
      successToast('Test Email Sent', res?.message ?? `A test email was sent to ${parsed.data.email}`)
    } catch (err) {
      failToast('Failed to send test email', err)
    } finally {
      setBusy(false)
    }
  }

  const requireEmail = () => {
    if (email.trim() !== '') return true
    toast({ title: EMAIL_REQUIRED_TITLE, description: EMAIL_REQUIRED_MESSAGE, variant: 'destructive' })
    return false
  }

  return (
    <section aria-labelledby="test-email-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="test-email-heading" className="text-lg font-semibold text-slate-900">
        Email Test
      </h2>
      <p className="mb-3 text-sm text-slate-700">Check that the site's e-mails reach an inbox.</p>
      <form className="grid gap-3" noValidate onSubmit={send}>
        <Field id="test-email-address" label="Test email address" error={error}>
          <Input type="email" value={email} onChange={(e) => setEmail(e.target.value)} autoComplete="email" />
        </Field>
        <div className="flex flex-wrap gap-2">
          <Button size="md" variant="brand" type="submit" disabled={busy}>
            {busy ? 'Sending...' : 'Send Test Email'}
          </Button>
          <Button size="md" variant="plain" onClick={() => requireEmail() && copyEmail(email.trim())}>
            Copy Email
          </Button>
        </div>
      </form>
    </section>
  )
}

/** The price catalogue (docs/decisions/0019): every page reads these figures, so editing here changes the site. */
function Catalogue() {
  const { data: packages, reload: load } = useAdminData<TourPackage[]>('/api/admin/tour-packages', 'Failed to fetch tour packages', [])

  return (
    <section aria-labelledby="catalogue-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="catalogue-heading" className="text-lg font-semibold text-slate-900">
        Tours and Prices
      </h2>
      <p className="mb-3 text-sm text-slate-700">
        Tax-included yen. Existing bookings keep the price they were made at. Each tour’s name and descriptions can be written in the site’s other languages.
      </p>
      {packages === null ? <p className="text-slate-700">Loading tour packages…</p> : null}
      <div className="grid gap-4">
        {packages?.map((p) => <PackageForm key={`${p.id}-${p.updatedAt}`} pkg={p} onSaved={load} />)}
      </div>
    </section>
  )
}

function PackageForm({ pkg, onSaved }: { pkg: TourPackage; onSaved: () => Promise<void> }) {
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
      successToast('Tour saved', `${pkg.name} was updated.`)
      await onSaved()
    } catch (error) {
      setErrors(serverFieldErrors(error) ?? {})
      failToast('Failed to update tour package', error)
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
        {pkg.available ? <Badge tone="paid">Bookable</Badge> : <Badge tone="cancelled">Not bookable</Badge>}
        <span className="text-sm text-slate-700">
          {formatYen(pkg.basePrice)} for 1–2 guests
        </span>
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        {num('basePrice', 'Base price (1–2 guests)')}
        {num('extraGuestPrice', 'Extra guest price')}
        {num('soloPrice', 'Solo price')}
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id={id('soloPromoStart')} label="Promotion start" error={errors.soloPromoStart}>
          <Input type="date" defaultValue={pkg.soloPromoStart ?? ''} />
        </Field>
        <Field id={id('soloPromoEnd')} label="Promotion end" error={errors.soloPromoEnd}>
          <Input type="date" defaultValue={pkg.soloPromoEnd ?? ''} />
        </Field>
      </div>
      <Field id={id('duration')} label="Duration" error={errors.duration}>
        <Input defaultValue={pkg.duration} />
      </Field>
      <TourTranslationsFields pkg={pkg} errors={errors} id={id} />
      <div className="flex items-center gap-2">
        <input id={id('available')} name={id('available')} type="checkbox" defaultChecked={pkg.available} className="size-5 accent-brand-700" />
        <label htmlFor={id('available')} className="text-sm font-medium">
          Available for booking
        </label>
      </div>
      <div>
        <Button size="md" variant="brand" type="submit" disabled={busy}>
          Save {pkg.isHalfDay ? 'Half-Day' : 'Full-Day'} Tour
        </Button>
      </div>
    </form>
  )
}

const TEXT_LABELS: Record<TourTextField, string> = { name: 'Name', shortDescription: 'Short description', description: 'Description', duration: 'Duration' }

/**
 * The tour's words in the other languages (docs/decisions/0045), one fold per language. Each field
 * shows the English text as its placeholder; a blank field shows the English text to guests.
 */
function TourTranslationsFields({ pkg, errors, id }: { pkg: TourPackage; errors: Record<string, string>; id: (field: string) => string }) {
  return (
    <fieldset className="grid gap-2">
      <legend className="text-sm font-semibold text-slate-900">Tour text in other languages</legend>
      <p className="text-sm text-slate-700">Guests reading another language see these. A blank field shows the English text.</p>
      {TRANSLATED_LOCALES.map(({ code, nativeName }) => {
        const own = pkg.translations[code] ?? {}
        const written = TOUR_TEXT_FIELDS.filter((field) => own[field]).length
        const hasError = Object.keys(errors).some((key) => key.startsWith(`translations.${code}`))
        return (
          <details key={code} open={hasError || undefined} className="rounded-md border border-slate-200 px-3 py-2">
            <summary className="cursor-pointer text-sm font-medium text-slate-900">
              {nativeName} ({code}) · {written} of {TOUR_TEXT_FIELDS.length} written
            </summary>
            <div className="mt-2 grid gap-3">
              {TOUR_TEXT_FIELDS.map((field) => (
                <Field key={field} id={id(`${code}-${field}`)} label={`${TEXT_LABELS[field]} (${nativeName})`} error={errors[`translations.${code}.${field}`]}>
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
