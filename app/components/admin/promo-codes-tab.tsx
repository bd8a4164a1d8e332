import { useState } from 'react'
import { formatLongDate } from '../../../core/dates.ts'
import { formatYen } from '../../../core/money.ts'
import { PERCENT_MAX, type PromoCodeView, type PromoKind, type PromoTourKind } from '../../../core/promo-codes.ts'
import type { Locale } from '../../../core/i18n/locales.ts'
import { useLocale, useT } from '../../i18n/i18n.tsx'
import type { Translate } from '../../i18n/translator.ts'
import { AdminForm } from './admin-form.tsx'
import { ScrollBox } from '../ui/scroll-box.tsx'
import { Badge } from '../ui/badge.tsx'
import { Button } from '../ui/button.tsx'
import { Field, Input, Select } from '../ui/field.tsx'
import { ColumnHeads } from '../ui/column-heads.tsx'

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

const offerOf = (c: Pick<PromoCodeView, 'kind' | 'value'>, t: Translate, locale: Locale) =>
  c.kind === 'percent' ? t('adminMoney.promo.percentOffValue', { value: c.value }) : t('adminMoney.promo.yenOffValue', { amount: formatYen(c.value, locale) })

function validText(c: PromoCodeView, t: Translate, locale: Locale): string {
  if (c.validFrom && c.validTo) return t('adminMoney.promo.validBetween', { from: formatLongDate(c.validFrom, locale), to: formatLongDate(c.validTo, locale) })
  if (c.validFrom) return t('adminMoney.promo.validFrom', { date: formatLongDate(c.validFrom, locale) })
  if (c.validTo) return t('adminMoney.promo.validUntil', { date: formatLongDate(c.validTo, locale) })
  return t('adminMoney.promo.validAlways')
}

function limitsText(c: PromoCodeView, t: Translate, locale: Locale): string {
  const limits = [
    c.tourKind ? t(c.tourKind === 'half-day' ? 'adminMoney.promo.limitHalfDay' : 'adminMoney.promo.limitFullDay') : null,
    c.minGroup ? t('adminMoney.promo.limitGroup', { count: c.minGroup }) : null,
    c.onePerEmail ? t('adminMoney.promo.limitOncePerEmail') : null,
  ].filter(Boolean)
  return limits.length > 0 ? limits.join(locale === 'ja' ? '、' : ', ') : t('admin.common.none')
}

/**
 * Promo codes (docs/decisions/0062): the guide's codes with their uses, a form
 * to create one or edit one (switching it off is an edit). Uses count live holds and paid
 * bookings; an unpaid booking that ends gives its use back.
 */
export function PromoCodesTab({ codes }: { codes: PromoCodeView[] }) {
  const t = useT()
  const locale = useLocale()
  const [editing, setEditing] = useState<number | null>(null)
  const [draft, setDraft] = useState<Draft>(EMPTY)
  const set = <K extends keyof Draft>(field: K, value: Draft[K]) => setDraft((d) => ({ ...d, [field]: value }))
  // A new form (and so no errors left from another code) for each code edited, and after each save.
  const [formKey, setFormKey] = useState(0)

  function edit(c: PromoCodeView) {
    setEditing(c.id)
    setDraft(draftOf(c))
    setFormKey((k) => k + 1)
  }

  function startNew() {
    setEditing(null)
    setDraft(EMPTY)
    setFormKey((k) => k + 1)
  }

  return (
    // minmax(0, …): a grid column otherwise grows to its widest table and the page scrolls sideways on a phone.
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <section aria-labelledby="promo-codes-heading" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="promo-codes-heading" className="text-lg font-semibold text-slate-900">
          {t('adminMoney.promo.title')}
        </h2>
        <p className="mb-3 text-sm text-slate-700">
          {t('adminMoney.promo.intro')}
        </p>
        {codes.length === 0 ? (
          <p className="text-sm text-slate-600">{t('adminMoney.promo.empty')}</p>
        ) : (
          <ScrollBox label={t('adminMoney.promo.tableLabel')}>
            <table className="w-full text-left text-sm">
              <ColumnHeads
                labels={[
                  t('adminMoney.promo.code'),
                  t('adminMoney.promo.offer'),
                  t('adminMoney.promo.valid'),
                  t('adminMoney.promo.limits'),
                  t('adminMoney.promo.uses'),
                  t('adminMoney.promo.status'),
                  <span className="sr-only">{t('admin.common.actions')}</span>,
                ]}
              />
              <tbody>
                {codes.map((c) => (
                  <tr key={c.id} className="border-b border-slate-100">
                    <th scope="row" className="px-2 py-2 font-mono font-semibold">{c.code}</th>
                    <td className="px-2 py-2">{offerOf(c, t, locale)}</td>
                    <td className="px-2 py-2">{validText(c, t, locale)}</td>
                    <td className="px-2 py-2">{limitsText(c, t, locale)}</td>
                    <td className="px-2 py-2">{c.maxUses === null ? c.uses : t('adminMoney.promo.usesOf', { uses: c.uses, max: c.maxUses })}</td>
                    <td className="px-2 py-2">
                      <Badge tone={c.active ? 'paid' : 'cancelled'}>{t(c.active ? 'adminMoney.promo.active' : 'adminMoney.promo.off')}</Badge>
                    </td>
                    <td className="px-2 py-2">
                      <Button size="sm" variant="secondary" onClick={() => edit(c)} aria-label={t('adminMoney.promo.editLabel', { code: c.code })}>
                        {t('admin.common.edit')}
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
          {editing === null ? t('adminMoney.promo.new') : t('adminMoney.promo.editLabel', { code: draft.code })}
        </h2>
        <AdminForm<PromoCodeView>
          key={formKey}
          intent={editing === null ? 'create' : 'update'}
          successTitle={t(editing === null ? 'adminMoney.promo.created' : 'adminMoney.promo.saved')}
          successText={(saved) => t(saved.active ? 'adminMoney.promo.savedDescription' : 'adminMoney.promo.savedOffDescription', { code: saved.code, offer: offerOf(saved, t, locale) })}
          failTitle={t('adminMoney.promo.saveFailed')}
          onSaved={startNew}
          className="mt-3 grid gap-3"
        >
          {({ errors, busy }) => (
            <>
              {editing === null ? null : <input type="hidden" name="id" value={editing} />}
              <Field id="promo-code" name="code" label={t('adminMoney.promo.code')} hint={t('adminMoney.promo.codeHint')} error={errors.code}>
                <Input value={draft.code} onChange={(e) => set('code', e.target.value)} autoCapitalize="characters" spellCheck={false} maxLength={24} />
              </Field>
              <Field id="promo-kind" name="kind" label={t('adminMoney.promo.discount')} error={errors.kind}>
                <Select value={draft.kind} onChange={(e) => set('kind', e.target.value as PromoKind)}>
                  <option value="percent">{t('adminMoney.promo.percentOff')}</option>
                  <option value="amount">{t('adminMoney.promo.yenOff')}</option>
                </Select>
              </Field>
              <Field id="promo-value" name="value" label={t(draft.kind === 'percent' ? 'adminMoney.promo.percentOff' : 'adminMoney.promo.yenOff')}
                hint={draft.kind === 'percent' ? t('adminMoney.promo.percentHint', { max: PERCENT_MAX }) : t('adminMoney.promo.yenHint')} error={errors.value}>
                <Input inputMode="numeric" value={draft.value} onChange={(e) => set('value', e.target.value)} className="w-32" />
              </Field>
              <div className="grid grid-cols-2 gap-3">
                <Field id="promo-valid-from" name="validFrom" label={t('adminMoney.promo.firstDay')} error={errors.validFrom}>
                  <Input type="date" value={draft.validFrom} onChange={(e) => set('validFrom', e.target.value)} />
                </Field>
                <Field id="promo-valid-to" name="validTo" label={t('adminMoney.promo.lastDay')} error={errors.validTo}>
                  <Input type="date" value={draft.validTo} onChange={(e) => set('validTo', e.target.value)} />
                </Field>
              </div>
              <Field id="promo-max-uses" name="maxUses" label={t('adminMoney.promo.maxUses')} hint={t('adminMoney.promo.maxUsesHint')} error={errors.maxUses}>
                <Input inputMode="numeric" value={draft.maxUses} onChange={(e) => set('maxUses', e.target.value)} className="w-32" />
              </Field>
              <Field id="promo-tour-kind" name="tourKind" label={t('adminMoney.promo.tours')} error={errors.tourKind}>
                <Select value={draft.tourKind} onChange={(e) => set('tourKind', e.target.value as Draft['tourKind'])}>
                  <option value="">{t('adminMoney.promo.anyTour')}</option>
                  <option value="half-day">{t('adminMoney.promo.halfDayOnly')}</option>
                  <option value="full-day">{t('adminMoney.promo.fullDayOnly')}</option>
                </Select>
              </Field>
              <Field id="promo-min-group" name="minGroup" label={t('adminMoney.promo.minGroup')} hint={t('adminMoney.promo.minGroupHint')} error={errors.minGroup}>
                <Input inputMode="numeric" value={draft.minGroup} onChange={(e) => set('minGroup', e.target.value)} className="w-32" />
              </Field>
              <label className="flex items-center gap-2 text-sm text-slate-800">
                <input type="checkbox" name="onePerEmail" checked={draft.onePerEmail} onChange={(e) => set('onePerEmail', e.target.checked)} className="size-5 accent-brand-700" />
                {t('adminMoney.promo.onePerEmail')}
              </label>
              <label className="flex items-center gap-2 text-sm text-slate-800">
                <input type="checkbox" name="active" checked={draft.active} onChange={(e) => set('active', e.target.checked)} className="size-5 accent-brand-700" />
                {t('adminMoney.promo.active')}
              </label>
              <div className="flex gap-2">
                <Button size="md" variant="brand" type="submit" disabled={busy}>
                  {t(editing === null ? 'adminMoney.promo.create' : 'admin.common.save')}
                </Button>
                {editing === null ? null : (
                  <Button size="md" variant="secondary" onClick={startNew}>
                    {t('admin.common.cancel')}
                  </Button>
                )}
              </div>
            </>
          )}
        </AdminForm>
      </section>
    </div>
  )
}
