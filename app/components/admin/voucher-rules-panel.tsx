import { useEffect, useState } from 'react'
import { formatYen } from '../../../core/money.ts'
import { DEFAULT_VOUCHER_VALIDITY_MONTHS, VOUCHER_AMOUNT_CEILING, VOUCHER_VALIDITY_MONTHS_MAX } from '../../../core/vouchers.ts'
import type { VoucherRules } from '../../../core/schemas/voucher.ts'
import { api, failToast, serverFieldErrors, successToast } from './api.ts'
import { useAdminData } from './use-admin-data.ts'
import { Button } from '../ui/button.tsx'
import { Field, Input } from '../ui/field.tsx'

/**
 * The gift vouchers' settings (docs/decisions/0065): how long a voucher is good for and the
 * amounts a visitor may choose. Longer than 6 months brings the Payment Services Act's prepaid
 * rules into play: the panel says so, and docs/deploy.md says what they oblige.
 */
export function VoucherRulesPanel() {
  const { data, reload } = useAdminData<VoucherRules | null>('/api/admin/voucher-rules', 'Failed to load the voucher settings', null)
  const [values, setValues] = useState({ validityMonths: '', minAmount: '', maxAmount: '' })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    if (data) setValues({ validityMonths: String(data.validityMonths), minAmount: String(data.minAmount), maxAmount: String(data.maxAmount) })
  }, [data])

  async function save(event: React.FormEvent) {
    event.preventDefault()
    setBusy(true)
    setErrors({})
    try {
      const saved = await api<VoucherRules>('PUT', '/api/admin/voucher-rules', { validityMonths: values.validityMonths.trim(), minAmount: values.minAmount.trim(), maxAmount: values.maxAmount.trim() })
      successToast('Voucher settings saved', `New vouchers are good for ${saved.validityMonths} months, from ${formatYen(saved.minAmount)} to ${formatYen(saved.maxAmount)}.`)
      await reload()
    } catch (err) {
      setErrors(serverFieldErrors(err) ?? {})
      failToast('Failed to save the voucher settings', err)
    } finally {
      setBusy(false)
    }
  }

  const longer = Number(values.validityMonths) > DEFAULT_VOUCHER_VALIDITY_MONTHS
  return (
    <section aria-labelledby="voucher-rules-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="voucher-rules-heading" className="text-lg font-semibold text-slate-900">
        Gift vouchers
      </h2>
      <p className="mb-3 text-sm text-slate-700">Applies to vouchers sold from now on; vouchers already sold keep their last day.</p>
      {data === null ? (
        <p className="text-sm text-slate-600">Loading…</p>
      ) : (
        <form className="grid gap-3" onSubmit={save} noValidate>
          <Field
            id="voucher-validity"
            label="Months a voucher is good for"
            hint={`1 to ${VOUCHER_VALIDITY_MONTHS_MAX}. Up to ${DEFAULT_VOUCHER_VALIDITY_MONTHS} keeps vouchers outside Japan's Payment Services Act prepaid rules.`}
            error={errors.validityMonths}
          >
            <Input inputMode="numeric" value={values.validityMonths} onChange={(e) => setValues({ ...values, validityMonths: e.target.value })} className="w-28" />
          </Field>
          {longer ? (
            <p role="note" className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
              Longer than {DEFAULT_VOUCHER_VALIDITY_MONTHS} months makes the vouchers prepaid payment instruments under the Payment Services Act: see “Gift vouchers” in the deployment guide, and ask an advisor.
            </p>
          ) : null}
          <div className="grid grid-cols-2 gap-3">
            <Field id="voucher-min" label="Smallest amount (yen)" error={errors.minAmount}>
              <Input inputMode="numeric" value={values.minAmount} onChange={(e) => setValues({ ...values, minAmount: e.target.value })} />
            </Field>
            <Field id="voucher-max" label="Largest amount (yen)" hint={`At most ${formatYen(VOUCHER_AMOUNT_CEILING)}.`} error={errors.maxAmount}>
              <Input inputMode="numeric" value={values.maxAmount} onChange={(e) => setValues({ ...values, maxAmount: e.target.value })} />
            </Field>
          </div>
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
