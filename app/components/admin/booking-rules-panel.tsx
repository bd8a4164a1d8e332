import { GUEST_MOVE_LIMIT_MAX } from '../../../core/booking-changes.ts'
import { GUIDE_GROUP_CEILING, GUIDE_HOLD_HOURS_MAX } from '../../../core/guide-bookings.ts'
import { MAX_GROUP } from '../../../core/pricing.ts'
import type { GuideBookingRules } from '../../../core/schemas/booking-move.ts'
import { formatYen } from '../../../core/money.ts'
import { DEFAULT_VOUCHER_VALIDITY_MONTHS, VOUCHER_AMOUNT_CEILING, VOUCHER_VALIDITY_MONTHS_MAX } from '../../../core/vouchers.ts'
import type { VoucherRules } from '../../../core/schemas/voucher.ts'
import { useLocale, useT } from '../../i18n/i18n.tsx'
import { AdminForm } from './admin-form.tsx'
import { Button } from '../ui/button.tsx'
import { Field, Input } from '../ui/field.tsx'

type RuleField<T> = { name: keyof T & string; id: string; label: string; hint: string }

/**
 * A few whole-number rules of one Settings form (docs/decisions/0088): the guide types them, the
 * server checks them (its messages go under their fields) and says what was saved.
 */
function RulesPanel<T extends Record<string, number>>({
  intent,
  saved,
  headingId,
  title,
  lead,
  fields,
  savedText,
}: {
  /** The Settings action's form that saves them (app/components/admin/settings-actions.server.ts). */
  intent: string
  /** The rules as stored. */
  saved: T
  headingId: string
  title: string
  lead: string
  fields: RuleField<T>[]
  savedText: (saved: T) => string
}) {
  const t = useT()
  return (
    <section aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <p className="mb-3 text-sm text-slate-700">{lead}</p>
      <AdminForm<T> intent={intent} successTitle={t('adminSettings.rules.saved')} successText={savedText} failTitle={t('adminSettings.rules.saveFailed')} className="grid gap-3">
        {({ errors, busy }) => (
          // The fields start again from each saved version; the form stays, so its answer is told.
          <div key={JSON.stringify(saved)} className="grid gap-3">
            {fields.map((f) => (
              <Field key={f.name} id={f.id} name={f.name} label={f.label} hint={f.hint} error={errors[f.name]}>
                <Input inputMode="numeric" defaultValue={String(saved[f.name])} className="w-28" />
              </Field>
            ))}
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

/**
 * How often a guest may change a booking themselves (docs/decisions/0055): free until 7
 * days before the tour, at most this many times; 0 turns the guests' own changes off. The guide's
 * own moves and a guest's answer to a called-off day are never limited.
 */
export function BookingRulesPanel({ saved }: { saved: { guestMoveLimit: number } }) {
  const t = useT()
  return (
    <RulesPanel<{ guestMoveLimit: number }>
      intent="bookingRules"
      saved={saved}
      headingId="booking-rules-heading"
      title={t('adminSettings.rules.changesTitle')}
      lead={t('adminSettings.rules.changesLead')}
      fields={[{ name: 'guestMoveLimit', id: 'guest-move-limit', label: t('adminSettings.rules.guestMoveLimit'), hint: t('adminSettings.rules.guestMoveLimitHint', { max: GUEST_MOVE_LIMIT_MAX }) }]}
      savedText={({ guestMoveLimit }) =>
        guestMoveLimit === 0 ? t('adminSettings.rules.changesOff') : t('adminSettings.rules.changesSaved', { count: guestMoveLimit })
      }
    />
  )
}

/**
 * The bookings the guide makes (docs/decisions/0059): the largest group, for the
 * contact form's '5+' groups, and how many hours such a booking waits for its payment.
 */
export function GuideBookingRulesPanel({ saved }: { saved: GuideBookingRules }) {
  const t = useT()
  return (
    <RulesPanel<GuideBookingRules>
      intent="guideBookingRules"
      saved={saved}
      headingId="guide-booking-rules-heading"
      title={t('adminSettings.rules.guideTitle')}
      lead={t('adminSettings.rules.guideLead', { max: MAX_GROUP })}
      fields={[
        { name: 'groupLimit', id: 'guide-group-limit', label: t('adminSettings.rules.groupLimit'), hint: t('adminSettings.rules.groupLimitHint', { max: GUIDE_GROUP_CEILING }) },
        { name: 'holdHours', id: 'guide-hold-hours', label: t('adminSettings.rules.holdHours'), hint: t('adminSettings.rules.holdHoursHint', { max: GUIDE_HOLD_HOURS_MAX }) },
      ]}
      savedText={(saved) => t('adminSettings.rules.guideSaved', { groupLimit: saved.groupLimit, holdHours: saved.holdHours })}
    />
  )
}

/**
 * Gift vouchers (docs/decisions/0065): how long a voucher sold from now on is good for, and the
 * amounts a visitor may choose. More than 6 months brings the Payment Services Act's prepaid
 * rules into play: the lead says so, and docs/deploy.md says what they oblige.
 */
export function VoucherRulesPanel({ saved }: { saved: VoucherRules }) {
  const t = useT()
  const locale = useLocale()
  return (
    <RulesPanel<VoucherRules>
      intent="voucherRules"
      saved={saved}
      headingId="voucher-rules-heading"
      title={t('adminSettings.rules.voucherTitle')}
      lead={t('adminSettings.rules.voucherLead', { months: DEFAULT_VOUCHER_VALIDITY_MONTHS })}
      fields={[
        { name: 'validityMonths', id: 'voucher-validity', label: t('adminSettings.rules.validityMonths'), hint: t('adminSettings.rules.validityMonthsHint', { max: VOUCHER_VALIDITY_MONTHS_MAX }) },
        { name: 'minAmount', id: 'voucher-min', label: t('adminSettings.rules.minAmount'), hint: t('adminSettings.rules.minAmountHint') },
        { name: 'maxAmount', id: 'voucher-max', label: t('adminSettings.rules.maxAmount'), hint: t('adminSettings.rules.maxAmountHint', { max: formatYen(VOUCHER_AMOUNT_CEILING, locale) }) },
      ]}
      savedText={(saved) => t('adminSettings.rules.voucherSaved', { months: saved.validityMonths, min: formatYen(saved.minAmount, locale), max: formatYen(saved.maxAmount, locale) })}
    />
  )
}
