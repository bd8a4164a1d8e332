import { useEffect, useState } from 'react'
import type { TaxSettings } from '../../../server/for-app.ts'
import { useT } from '../../i18n/i18n.tsx'
import { api, useFailToast, useServerFieldErrors, successToast } from './api.ts'
import { useAdminData } from './use-admin-data.ts'
import { Button } from '../ui/button.tsx'
import { Field, Input, Select } from '../ui/field.tsx'

type Draft = { registered: boolean; issuerType: TaxSettings['issuerType']; registrationNumber: string; legalName: string; address: string; pricesIncludeTax: boolean }

const draftOf = (s: TaxSettings): Draft => ({ ...s, registrationNumber: s.registrationNumber ?? '' })

/**
 * Settings → Receipts (docs/decisions/0080): what every receipt and return invoice prints about
 * the business. A registered qualified invoice issuer prints the invoice wording and its number;
 * otherwise receipts are plain 領収書. Guests can download receipts once a name and address are set.
 */
export function ReceiptSettingsPanel() {
  const failToast = useFailToast()
  const serverFieldErrors = useServerFieldErrors()
  const t = useT()
  const { data, reload } = useAdminData<TaxSettings | null>('/api/admin/tax-settings', t('adminSettings.receipts.loadFailed'), null)
  const [draft, setDraft] = useState<Draft | null>(null)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    if (data) setDraft(draftOf(data))
  }, [data])

  async function save(event: React.FormEvent) {
    event.preventDefault()
    if (!draft) return
    setBusy(true)
    setErrors({})
    try {
      const saved = await api<TaxSettings>('PUT', '/api/admin/tax-settings', draft)
      successToast(
        t('adminSettings.receipts.saved'),
        saved.registered ? t('adminSettings.receipts.savedQualified', { number: saved.registrationNumber ?? '' }) : t('adminSettings.receipts.savedPlain'),
      )
      await reload()
    } catch (err) {
      setErrors(serverFieldErrors(err) ?? {})
      failToast(t('adminSettings.receipts.saveFailed'), err)
    } finally {
      setBusy(false)
    }
  }

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => (d ? { ...d, [key]: value } : d))
  return (
    <section aria-labelledby="receipt-settings-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="receipt-settings-heading" className="text-lg font-semibold text-slate-900">
        {t('adminSettings.receipts.title')}
      </h2>
      <p className="mb-3 text-sm text-slate-700">{t('adminSettings.receipts.lead')}</p>
      {draft === null ? (
        <p className="text-sm text-slate-600">{t('adminSettings.loading')}</p>
      ) : (
        <form className="grid gap-3" onSubmit={save} noValidate>
          <Field id="receipt-legal-name" label={t('adminSettings.receipts.legalName')} error={errors.legalName}>
            <Input value={draft.legalName} onChange={(e) => set('legalName', e.target.value)} autoComplete="organization" />
          </Field>
          <Field id="receipt-address" label={t('adminSettings.receipts.address')} error={errors.address}>
            <Input value={draft.address} onChange={(e) => set('address', e.target.value)} autoComplete="street-address" />
          </Field>
          <div className="flex items-center gap-2">
            <input id="receipt-registered" type="checkbox" checked={draft.registered} onChange={(e) => set('registered', e.target.checked)} className="size-5 accent-brand-700" />
            <label htmlFor="receipt-registered" className="text-sm font-medium text-slate-900">
              {t('adminSettings.receipts.registered')}
            </label>
          </div>
          <Field id="receipt-issuer-type" label={t('adminSettings.receipts.issuerType')} error={errors.issuerType}>
            <Select value={draft.issuerType} onChange={(e) => set('issuerType', e.target.value as Draft['issuerType'])}>
              <option value="sole-proprietor">{t('adminSettings.receipts.soleProprietor')}</option>
              <option value="corporation">{t('adminSettings.receipts.corporation')}</option>
            </Select>
          </Field>
          <Field id="receipt-registration-number" label={t('adminSettings.receipts.registrationNumber')} hint={t('adminSettings.receipts.registrationNumberHint')} error={errors.registrationNumber}>
            <Input value={draft.registrationNumber} onChange={(e) => set('registrationNumber', e.target.value)} placeholder="T1234567890123" className="w-56" />
          </Field>
          <div className="flex items-center gap-2">
            <input id="receipt-tax-included" type="checkbox" checked={draft.pricesIncludeTax} onChange={(e) => set('pricesIncludeTax', e.target.checked)} aria-describedby={errors.pricesIncludeTax ? 'receipt-tax-included-error' : undefined} className="size-5 accent-brand-700" />
            <label htmlFor="receipt-tax-included" className="text-sm font-medium text-slate-900">
              {t('adminSettings.receipts.pricesIncludeTax')}
            </label>
          </div>
          {errors.pricesIncludeTax ? (
            <p id="receipt-tax-included-error" role="alert" className="text-sm text-red-700">
              {errors.pricesIncludeTax}
            </p>
          ) : null}
          <div>
            <Button size="md" variant="brand" type="submit" disabled={busy}>
              {t('adminSettings.save')}
            </Button>
          </div>
        </form>
      )}
    </section>
  )
}
