import { useState } from 'react'
import { formatLongDate } from '../../../core/dates.ts'
import { formatYen } from '../../../core/money.ts'
import { PERCENT_MAX, type PromoCodeView, type PromoKind, type PromoTourKind } from '../../../core/promo-codes.ts'
import { api, failToast, serverFieldErrors, successToast } from './api.ts'
import { useAdminData } from './use-admin-data.ts'
import { ScrollBox } from '../ui/scroll-box.tsx'
import { Badge } from '../ui/badge.tsx'
import { Button } from '../ui/button.tsx'
import { Field, Input, Select } from '../ui/field.tsx'

/** The form's fields as typed; empty limits mean "no limit". */
type Draft = {
  code: string
  kind: PromoKind
  value: string
  validFrom: string
  validTo: string
  maxUses: string
  onePerEmail: boolean
  tourKind: '' | PromoTourKind
  minGroup: string
  active: boolean
}

const EMPTY: Draft = { code: '', kind: 'percent', value: '', validFrom: '', validTo: '', maxUses: '', onePerEmail: false, tourKind: '', minGroup: '', active: true }

const draftOf = (c: PromoCodeView): Draft => ({
  code: c.code,
  kind: c.kind,
  value: String(c.value),
  validFrom: c.validFrom ?? '',
  validTo: c.validTo ?? '',
  maxUses: c.maxUses === null ? '' : String(c.maxUses),
  onePerEmail: c.onePerEmail,
  tourKind: c.tourKind ?? '',
  minGroup: c.minGroup === null ? '' : String(c.minGroup),
  active: c.active,
})

const offerOf = (c: Pick<PromoCodeView, 'kind' | 'value'>) => (c.kind === 'percent' ? `${c.value}% off` : `${formatYen(c.value)} off`)

function validText(c: PromoCodeView): string {
  if (c.validFrom && c.validTo) return `${formatLongDate(c.validFrom)} – ${formatLongDate(c.validTo)}`
  if (c.validFrom) return `From ${formatLongDate(c.validFrom)}`
  if (c.validTo) return `Until ${formatLongDate(c.validTo)}`
  return 'Always'
}

function limitsText(c: PromoCodeView): string {
  const limits = [
    c.tourKind ? `${c.tourKind} tours only` : null,
    c.minGroup ? `groups of ${c.minGroup}+` : null,
    c.onePerEmail ? 'once per e-mail' : null,
  ].filter(Boolean)
  return limits.length > 0 ? limits.join(', ') : 'None'
}

/**
 * Promo codes (issue 20 point 2, docs/decisions/0062): the guide's codes with their uses, a form
 * to create one or edit one (switching it off is an edit). Uses count live holds and paid
 * bookings; an unpaid booking that ends gives its use back.
 */
export function PromoCodesTab() {
  const { data, reload } = useAdminData<{ promoCodes: PromoCodeView[] } | null>('/api/admin/promo-codes', 'Failed to load the promo codes', null)
  const [editing, setEditing] = useState<number | null>(null)
  const [draft, setDraft] = useState<Draft>(EMPTY)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const set = <K extends keyof Draft>(field: K, value: Draft[K]) => setDraft((d) => ({ ...d, [field]: value }))

  function edit(c: PromoCodeView) {
    setEditing(c.id)
    setDraft(draftOf(c))
    setErrors({})
  }

  function startNew() {
    setEditing(null)
    setDraft(EMPTY)
    setErrors({})
  }

  async function save(event: React.FormEvent) {
    event.preventDefault()
    setBusy(true)
    setErrors({})
    try {
      const saved = editing === null ? await api<PromoCodeView>('POST', '/api/admin/promo-codes', draft) : await api<PromoCodeView>('PUT', `/api/admin/promo-codes/${editing}`, draft)
      successToast(editing === null ? 'Promo code created' : 'Promo code saved', `${saved.code}: ${offerOf(saved)}${saved.active ? '' : ' (switched off)'}`)
      startNew()
      await reload()
    } catch (err) {
      setErrors(serverFieldErrors(err) ?? {})
      failToast('Failed to save the promo code', err)
    } finally {
      setBusy(false)
    }
  }

  const codes = data?.promoCodes ?? []
  return (
    // minmax(0, …): a grid column otherwise grows to its widest table and the page scrolls sideways on a phone.
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <section aria-labelledby="promo-codes-heading" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="promo-codes-heading" className="text-lg font-semibold text-slate-900">
          Promo codes
        </h2>
        <p className="mb-3 text-sm text-slate-700">
          Guests type a code on the booking form (any letter case). Uses count unpaid holds and paid bookings; a hold that lapses or is cancelled before payment gives its use back, a paid booking keeps it.
        </p>
        {data === null ? (
          <p className="text-sm text-slate-600">Loading…</p>
        ) : codes.length === 0 ? (
          <p className="text-sm text-slate-600">No promo codes yet.</p>
        ) : (
          <ScrollBox label="Promo codes table">
            <table className="w-full text-left text-sm">
              <thead className="border-b border-slate-200 text-slate-600">
                <tr>
                  <th scope="col" className="px-2 py-2">Code</th>
                  <th scope="col" className="px-2 py-2">Offer</th>
                  <th scope="col" className="px-2 py-2">Valid (Japan dates)</th>
                  <th scope="col" className="px-2 py-2">Limits</th>
                  <th scope="col" className="px-2 py-2">Uses</th>
                  <th scope="col" className="px-2 py-2">Status</th>
                  <th scope="col" className="px-2 py-2"><span className="sr-only">Actions</span></th>
                </tr>
              </thead>
              <tbody>
                {codes.map((c) => (
                  <tr key={c.id} className="border-b border-slate-100">
                    <th scope="row" className="px-2 py-2 font-mono font-semibold">{c.code}</th>
                    <td className="px-2 py-2">{offerOf(c)}</td>
                    <td className="px-2 py-2">{validText(c)}</td>
                    <td className="px-2 py-2">{limitsText(c)}</td>
                    <td className="px-2 py-2">{c.maxUses === null ? c.uses : `${c.uses} of ${c.maxUses}`}</td>
                    <td className="px-2 py-2">
                      <Badge tone={c.active ? 'paid' : 'cancelled'}>{c.active ? 'Active' : 'Off'}</Badge>
                    </td>
                    <td className="px-2 py-2">
                      <Button size="sm" variant="secondary" onClick={() => edit(c)} aria-label={`Edit ${c.code}`}>
                        Edit
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ScrollBox>
        )}
      </section>

      <section aria-labelledby="promo-form-heading" className="h-fit rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="promo-form-heading" className="text-lg font-semibold text-slate-900">
          {editing === null ? 'New promo code' : `Edit ${draft.code}`}
        </h2>
        <form className="mt-3 grid gap-3" onSubmit={save} noValidate>
          <Field id="promo-code" label="Code" hint="3 to 24 letters, digits or hyphens; stored in capitals." error={errors.code}>
            <Input value={draft.code} onChange={(e) => set('code', e.target.value)} autoCapitalize="characters" spellCheck={false} maxLength={24} />
          </Field>
          <Field id="promo-kind" label="Discount" error={errors.kind}>
            <Select value={draft.kind} onChange={(e) => set('kind', e.target.value as PromoKind)}>
              <option value="percent">Percent off</option>
              <option value="amount">Yen off</option>
            </Select>
          </Field>
          <Field id="promo-value" label={draft.kind === 'percent' ? 'Percent off' : 'Yen off'} hint={draft.kind === 'percent' ? `1 to ${PERCENT_MAX}; ${PERCENT_MAX} makes the tour free (no payment).` : 'Never more than the tour’s price.'} error={errors.value}>
            <Input inputMode="numeric" value={draft.value} onChange={(e) => set('value', e.target.value)} className="w-32" />
          </Field>
          <div className="grid grid-cols-2 gap-3">
            <Field id="promo-valid-from" label="First day" error={errors.validFrom}>
              <Input type="date" value={draft.validFrom} onChange={(e) => set('validFrom', e.target.value)} />
            </Field>
            <Field id="promo-valid-to" label="Last day" error={errors.validTo}>
              <Input type="date" value={draft.validTo} onChange={(e) => set('validTo', e.target.value)} />
            </Field>
          </div>
          <Field id="promo-max-uses" label="Total uses" hint="Empty: no limit." error={errors.maxUses}>
            <Input inputMode="numeric" value={draft.maxUses} onChange={(e) => set('maxUses', e.target.value)} className="w-32" />
          </Field>
          <Field id="promo-tour-kind" label="Tours" error={errors.tourKind}>
            <Select value={draft.tourKind} onChange={(e) => set('tourKind', e.target.value as Draft['tourKind'])}>
              <option value="">Any tour</option>
              <option value="half-day">Half-day tours only</option>
              <option value="full-day">Full-day tours only</option>
            </Select>
          </Field>
          <Field id="promo-min-group" label="Smallest group" hint="Empty: any group." error={errors.minGroup}>
            <Input inputMode="numeric" value={draft.minGroup} onChange={(e) => set('minGroup', e.target.value)} className="w-32" />
          </Field>
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" checked={draft.onePerEmail} onChange={(e) => set('onePerEmail', e.target.checked)} className="size-5 accent-brand-700" />
            Once per guest e-mail address
          </label>
          <label className="flex items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" checked={draft.active} onChange={(e) => set('active', e.target.checked)} className="size-5 accent-brand-700" />
            Active
          </label>
          <div className="flex gap-2">
            <Button size="md" variant="brand" type="submit" disabled={busy}>
              {editing === null ? 'Create code' : 'Save'}
            </Button>
            {editing === null ? null : (
              <Button size="md" variant="secondary" onClick={startNew}>
                Cancel
              </Button>
            )}
          </div>
        </form>
      </section>
    </div>
  )
}
