import { useEffect, useState } from 'react'
import type { TaxSettings } from '../../../server/for-app.ts'
import { api, failToast, serverFieldErrors, successToast } from './api.ts'
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
  const { data, reload } = useAdminData<TaxSettings | null>('/api/admin/tax-settings', 'Failed to load the receipt settings', null)
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
      successToast('Receipt settings saved', saved.registered ? `Receipts are qualified invoices under ${saved.registrationNumber}.` : 'Receipts are plain receipts, without the invoice wording.')
      await reload()
    } catch (err) {
      setErrors(serverFieldErrors(err) ?? {})
      failToast('Failed to save the receipt settings', err)
    } finally {
      setBusy(false)
    }
  }

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => (d ? { ...d, [key]: value } : d))
  return (
    <section aria-labelledby="receipt-settings-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="receipt-settings-heading" className="text-lg font-semibold text-slate-900">
        Receipts
      </h2>
      <p className="mb-3 text-sm text-slate-700">
        Guests download a receipt for every payment and a return invoice for every refund from their booking’s page, in their language with the Japanese legal wording beside it. They can once the name and address below are set.
      </p>
      {draft === null ? (
        <p className="text-sm text-slate-600">Loading…</p>
      ) : (
        <form className="grid gap-3" onSubmit={save} noValidate>
          <Field id="receipt-legal-name" label="Name to print (legal name or business name)" error={errors.legalName}>
            <Input value={draft.legalName} onChange={(e) => set('legalName', e.target.value)} autoComplete="organization" />
          </Field>
          <Field id="receipt-address" label="Address to print" error={errors.address}>
            <Input value={draft.address} onChange={(e) => set('address', e.target.value)} autoComplete="street-address" />
          </Field>
          <div className="flex items-center gap-2">
            <input id="receipt-registered" type="checkbox" checked={draft.registered} onChange={(e) => set('registered', e.target.checked)} className="size-5 accent-brand-700" />
            <label htmlFor="receipt-registered" className="text-sm font-medium text-slate-900">
              Registered qualified invoice issuer (適格請求書発行事業者)
            </label>
          </div>
          <Field id="receipt-issuer-type" label="The business is" error={errors.issuerType}>
            <Select value={draft.issuerType} onChange={(e) => set('issuerType', e.target.value as Draft['issuerType'])}>
              <option value="sole-proprietor">A sole proprietor (個人事業者)</option>
              <option value="corporation">A corporation (法人)</option>
            </Select>
          </Field>
          <Field id="receipt-registration-number" label="Registration number" hint="T and 13 digits. A corporation’s is its corporate number, whose check digit is checked." error={errors.registrationNumber}>
            <Input value={draft.registrationNumber} onChange={(e) => set('registrationNumber', e.target.value)} placeholder="T1234567890123" className="w-56" />
          </Field>
          <div className="flex items-center gap-2">
            <input id="receipt-tax-included" type="checkbox" checked={draft.pricesIncludeTax} onChange={(e) => set('pricesIncludeTax', e.target.checked)} aria-describedby={errors.pricesIncludeTax ? 'receipt-tax-included-error' : undefined} className="size-5 accent-brand-700" />
            <label htmlFor="receipt-tax-included" className="text-sm font-medium text-slate-900">
              Tour prices include 10 % consumption tax
            </label>
          </div>
          {errors.pricesIncludeTax ? (
            <p id="receipt-tax-included-error" role="alert" className="text-sm text-red-700">
              {errors.pricesIncludeTax}
            </p>
          ) : null}
          <div>
            <Button size="md" variant="brand" type="submit" disabled={busy}>
              Save
            </Button>
          </div>
        </form>
      )}
    </section>
  )
}
