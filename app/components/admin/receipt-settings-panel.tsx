import type { TaxSettings } from '../../../server/for-app.ts'
import { useT } from '../../i18n/i18n.tsx'
import { AdminForm } from './admin-form.tsx'
import { Button } from '../ui/button.tsx'
import { Field, Input, Select } from '../ui/field.tsx'

/**
 * Settings → Receipts (docs/decisions/0080): what every receipt and return invoice prints about
 * the business. A registered qualified invoice issuer prints the invoice wording and its number;
 * otherwise receipts are plain 領収書. Guests can download receipts once a name and address are set.
 * Saved through the Settings route's action (docs/decisions/0088), with script or without.
 */
export function ReceiptSettingsPanel({ settings }: { settings: TaxSettings }) {
  const t = useT()
  return (
    <section aria-labelledby="receipt-settings-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="receipt-settings-heading" className="text-lg font-semibold text-slate-900">
        {t('adminSettings.receipts.title')}
      </h2>
      <p className="mb-3 text-sm text-slate-700">{t('adminSettings.receipts.lead')}</p>
      <AdminForm<TaxSettings>
        intent="receipts"
        successTitle={t('adminSettings.receipts.saved')}
        successText={(saved) => (saved.registered ? t('adminSettings.receipts.savedQualified', { number: saved.registrationNumber ?? '' }) : t('adminSettings.receipts.savedPlain'))}
        failTitle={t('adminSettings.receipts.saveFailed')}
        className="grid gap-3"
      >
        {({ errors, busy }) => (
          // The fields start again from each saved version (the number as stored, normalised); the form stays.
          <div key={JSON.stringify(settings)} className="grid gap-3">
            <Field id="receipt-legal-name" name="legalName" label={t('adminSettings.receipts.legalName')} error={errors.legalName}>
              <Input defaultValue={settings.legalName} autoComplete="organization" />
            </Field>
            <Field id="receipt-address" name="address" label={t('adminSettings.receipts.address')} error={errors.address}>
              <Input defaultValue={settings.address} autoComplete="street-address" />
            </Field>
            <div className="flex items-center gap-2">
              <input id="receipt-registered" name="registered" type="checkbox" defaultChecked={settings.registered} className="size-5 accent-brand-700" />
              <label htmlFor="receipt-registered" className="text-sm font-medium text-slate-900">
                {t('adminSettings.receipts.registered')}
              </label>
            </div>
            <Field id="receipt-issuer-type" name="issuerType" label={t('adminSettings.receipts.issuerType')} error={errors.issuerType}>
              <Select defaultValue={settings.issuerType}>
                <option value="sole-proprietor">{t('adminSettings.receipts.soleProprietor')}</option>
                <option value="corporation">{t('adminSettings.receipts.corporation')}</option>
              </Select>
            </Field>
            <Field
              id="receipt-registration-number"
              name="registrationNumber"
              label={t('adminSettings.receipts.registrationNumber')}
              hint={t('adminSettings.receipts.registrationNumberHint')}
              error={errors.registrationNumber}
            >
              <Input defaultValue={settings.registrationNumber ?? ''} placeholder="T1234567890123" className="w-56" />
            </Field>
            <div className="flex items-center gap-2">
              <input
                id="receipt-tax-included"
                name="pricesIncludeTax"
                type="checkbox"
                defaultChecked={settings.pricesIncludeTax}
                aria-describedby={errors.pricesIncludeTax ? 'receipt-tax-included-error' : undefined}
                aria-invalid={errors.pricesIncludeTax ? true : undefined}
                className="size-5 accent-brand-700"
              />
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
          </div>
        )}
      </AdminForm>
    </section>
  )
}
