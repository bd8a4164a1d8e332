import { useState } from 'react'
import type { AsJson, AuditEntry as AuditRow, ErasureBlocker, GuestDataSummary } from '../../../server/for-app.ts'
import { formatYen } from '../../../core/money.ts'
import { formatLongDate } from '../../../core/dates.ts'
import type { MessageId } from '../../../core/i18n/message-id.ts'
import { T, useLocale, useT } from '../../i18n/i18n.tsx'
import { useSayRefusal } from '../../i18n/refusals.ts'
import { useActionData } from 'react-router'
import type { AdminActionData } from '../../lib/admin-form.ts'
import { formatDateTime } from './email-and-time.ts'
import { AdminForm, ConfirmedSubmit, useAdminSubmit } from './admin-form.tsx'
import { useHydrated } from '../../lib/use-hydrated.ts'
import { Badge } from '../ui/badge.tsx'
import { Button, buttonVariants } from '../ui/button.tsx'
import { Field, Input } from '../ui/field.tsx'
import { SLOT_VALUES } from './slot-names.ts'

type Summary = AsJson<GuestDataSummary & { erasureBlockers: ErasureBlocker[] }>
type Erased = { erased: Record<string, number>; summary: Summary }

type AuditEntry = AsJson<AuditRow>

/** The erasure's own form, beside the look-up's: its button and the reviews' choice belong to it by this id. */
const ERASE_FORM = 'erase-guest'

const ACTION_LABELS: Record<string, MessageId> = {
  'guest-data.lookup': 'adminSettings.guestData.actionLookup',
  'guest-data.export': 'adminSettings.guestData.actionExport',
  'guest-data.erase': 'adminSettings.guestData.actionErase',
  'guest-data.erase-refused': 'adminSettings.guestData.actionEraseRefused',
  'calendar-feed.replace': 'adminSettings.guestData.actionCalendarFeed',
}

/**
 * The stored codes of slots and statuses in the dashboard's language (docs/decisions/0086); a code
 * not listed shows as stored.
 */
const BOOKING_STATUS_NAMES: Record<string, MessageId> = {
  pending: 'adminSettings.guestData.bookingPending',
  confirmed: 'adminSettings.guestData.bookingConfirmed',
  cancelled: 'adminSettings.guestData.bookingCancelled',
  paid: 'adminSettings.guestData.bookingPaid',
}
const VOUCHER_STATUS_NAMES: Record<string, MessageId> = {
  pending: 'adminSettings.guestData.voucherPending',
  active: 'adminSettings.guestData.voucherActive',
  cancelled: 'adminSettings.guestData.voucherCancelled',
  refunded: 'adminSettings.guestData.voucherRefunded',
}
const REVIEW_STATUS_NAMES: Record<string, MessageId> = {
  new: 'adminSettings.guestData.reviewNew',
  approved: 'adminSettings.guestData.reviewApproved',
  hidden: 'adminSettings.guestData.reviewHidden',
}
const EMAIL_STATUS_NAMES: Record<string, MessageId> = {
  pending: 'adminSettings.guestData.emailPending',
  sent: 'adminSettings.guestData.emailSent',
  failed: 'adminSettings.guestData.emailFailed',
}

/**
 * A guest's request about their personal data (APPI): find everything stored for an
 * e-mail address, download it as JSON, erase it. Every action lands in the audit log below.
 */
export function GuestDataPanel({ audit }: { audit: AuditEntry[] }) {
  const say = useSayRefusal()
  const t = useT()
  const locale = useLocale()
  const named = (names: Record<string, MessageId>, code: string) => (names[code] ? t(names[code]) : code)
  // A script-free look-up comes back as the page with its answer (docs/decisions/0088).
  const posted = useActionData<AdminActionData>()
  // And so does a script-free erasure, with what is left.
  const erasedHere = posted?.ok && posted.formId === 'eraseGuest' ? (posted.result as Erased) : null
  const eraseRefused = posted && !posted.ok && posted.formId === 'eraseGuest' ? posted.message : null
  const [summary, setSummary] = useState<Summary | null>(posted?.ok && posted.formId === 'lookUpGuest' ? (posted.result as Summary) : (erasedHere?.summary ?? null))
  const [email, setEmail] = useState(summary?.email ?? '')
  const [reviewChoice, setReviewChoice] = useState<'remove' | 'anonymise'>('remove')
  // Without script the button cannot follow the field: it stays on, and the action refuses an empty address.
  const hydrated = useHydrated()
  const { submit: erase } = useAdminSubmit<Erased>({
    successTitle: t('adminSettings.guestData.erased'),
    successText: ({ erased }) => t('adminSettings.guestData.erasedText', erased),
    failTitle: t('adminSettings.guestData.eraseFailed'),
    onSaved: (answer) => setSummary(answer.summary),
  })

  const exportHref = summary ? `/api/admin/guest-data/export?email=${encodeURIComponent(summary.email)}` : undefined
  const nothingFound = summary && summary.bookings.length + summary.messages.length + summary.emails.length + summary.waitlist.length + summary.vouchers.length === 0

  return (
    // Addresses, references and the audit log's subjects are long words: they may break anywhere rather than widen the tab past a phone.
    <section aria-labelledby="guest-data-title" className="rounded-lg border border-slate-300 bg-white p-4 wrap-anywhere sm:p-6 lg:col-span-2">
      <h2 id="guest-data-title" className="text-lg font-semibold text-slate-900">
        {t('adminSettings.guestData.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t('adminSettings.guestData.lead')}</p>
      <AdminForm<Summary> intent="lookUpGuest" failTitle={t('adminSettings.guestData.lookUpFailed')} onSaved={setSummary} className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
        {({ errors, busy }) => (
          <>
            <div className="grow">
              <Field id="guest-email" name="email" label={t('adminSettings.guestData.email')} error={errors.email}>
                <Input type="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} required />
              </Field>
            </div>
            <Button size="md" variant="brand" type="submit" disabled={busy || (hydrated && email.trim() === '')}>
              {busy ? t('adminSettings.guestData.lookingUp') : t('adminSettings.guestData.lookUp')}
            </Button>
          </>
        )}
      </AdminForm>

      {erasedHere ? (
        <p role="status" className="mt-4 text-sm text-slate-800">
          <strong>{t('adminSettings.guestData.erased')}</strong> {t('adminSettings.guestData.erasedText', erasedHere.erased)}
        </p>
      ) : null}
      {eraseRefused ? (
        <p role="alert" className="mt-4 text-sm text-red-700">
          {eraseRefused}
        </p>
      ) : null}
      {summary ? (
        <div className="mt-6 grid gap-4" aria-live="polite">
          {nothingFound ? (
            <p className="text-slate-700">{t('adminSettings.guestData.nothingStored', { email: summary.email })}</p>
          ) : (
            <>
              <h3 className="font-semibold text-slate-900">{t('adminSettings.guestData.storedFor', { email: summary.email })}</h3>
              <div>
                <h4 className="text-sm font-semibold text-slate-800">{t('adminSettings.guestData.bookings', { count: summary.bookings.length })}</h4>
                <ul className="mt-1 grid gap-1 text-sm text-slate-800">
                  {summary.bookings.map((b) => (
                    <li key={b.id}>
                      <T
                        id="adminSettings.guestData.bookingLine"
                        values={{ reference: b.reference, date: formatLongDate(b.tourDate, locale), slot: named(SLOT_VALUES, b.tourTime), amount: formatYen(b.totalPrice, locale), status: named(BOOKING_STATUS_NAMES, b.status), name: b.name }}
                        components={{ 0: <Badge /> }}
                      />
                    </li>
                  ))}
                </ul>
              </div>
              <div>
                <h4 className="text-sm font-semibold text-slate-800">{t('adminSettings.guestData.messages', { count: summary.messages.length })}</h4>
                <ul className="mt-1 grid gap-1 text-sm text-slate-800">
                  {summary.messages.map((m) => (
                    <li key={m.id}>
                      {t('adminSettings.guestData.messageLine', { at: formatDateTime(m.createdAt, locale), name: m.name, message: m.message.length > 80 ? `${m.message.slice(0, 80)}…` : m.message })}
                    </li>
                  ))}
                </ul>
              </div>
              {summary.waitlist.length > 0 ? (
                <div>
                  <h4 className="text-sm font-semibold text-slate-800">{t('adminSettings.guestData.waitlist', { count: summary.waitlist.length })}</h4>
                  <ul className="mt-1 grid gap-1 text-sm text-slate-800">
                    {summary.waitlist.map((w) => (
                      <li key={w.id}>
                        {t('adminSettings.guestData.waitlistLine', { date: formatLongDate(w.tourDate, locale), slot: named(SLOT_VALUES, w.tourTime), count: w.numberOfPeople, since: formatDateTime(w.createdAt, locale) })}{' '}
                        {/* Only a confirmed address is ever told (docs/decisions/0070). */}
                        {w.addressConfirmedAt ? t('adminSettings.guestData.addressConfirmed', { at: formatDateTime(w.addressConfirmedAt, locale) }) : t('adminSettings.guestData.addressNotConfirmed')}
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
              {summary.vouchers.length > 0 ? (
                <div>
                  <h4 className="text-sm font-semibold text-slate-800">{t('adminSettings.guestData.vouchers', { count: summary.vouchers.length })}</h4>
                  <ul className="mt-1 grid gap-1 text-sm text-slate-800">
                    {summary.vouchers.map((v) => (
                      <li key={v.id}>
                        <span className="font-mono">{v.code}</span>{' '}
                        {t('adminSettings.guestData.voucherLine', { amount: formatYen(v.amount, locale), balance: formatYen(v.balance, locale), status: named(VOUCHER_STATUS_NAMES, v.status) })}
                        {v.recipientName ? t('adminSettings.guestData.voucherFor', { name: v.recipientName }) : ''}
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
              {summary.reviews.length > 0 ? (
                <div>
                  <h4 className="text-sm font-semibold text-slate-800">{t('adminSettings.guestData.reviews', { count: summary.reviews.length })}</h4>
                  <ul className="mt-1 grid gap-1 text-sm text-slate-800">
                    {summary.reviews.map((r) => (
                      <li key={r.id}>
                        {t('adminSettings.guestData.reviewLine', { rating: r.rating, title: r.title, name: r.displayName, status: named(REVIEW_STATUS_NAMES, r.status) })}
                      </li>
                    ))}
                  </ul>
                  <fieldset className="mt-2 text-sm text-slate-800">
                    <legend className="font-semibold">{t('adminSettings.guestData.reviewErasure')}</legend>
                    <label className="mr-4 inline-flex min-h-9 items-center gap-2">
                      <input type="radio" form={ERASE_FORM} name="reviews" value="remove" checked={reviewChoice === 'remove'} onChange={() => setReviewChoice('remove')} />
                      {t('adminSettings.guestData.reviewRemoved')}
                    </label>
                    <label className="inline-flex min-h-9 items-center gap-2">
                      <input type="radio" form={ERASE_FORM} name="reviews" value="anonymise" checked={reviewChoice === 'anonymise'} onChange={() => setReviewChoice('anonymise')} />
                      {t('adminSettings.guestData.reviewAnonymised')}
                    </label>
                  </fieldset>
                </div>
              ) : null}
              <div>
                <h4 className="text-sm font-semibold text-slate-800">{t('adminSettings.guestData.emails', { count: summary.emails.length })}</h4>
                <ul className="mt-1 grid gap-1 text-sm text-slate-800">
                  {summary.emails.map((m) => (
                    <li key={m.id}>
                      {t('adminSettings.guestData.emailLine', { at: formatDateTime(m.createdAt, locale), subject: m.subject, status: named(EMAIL_STATUS_NAMES, m.status) })}
                    </li>
                  ))}
                </ul>
              </div>
              {summary.erasureBlockers.length > 0 ? (
                <div role="note" className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
                  <p className="font-semibold">{t('adminSettings.guestData.blocked')}</p>
                  <ul className="mt-1 list-disc pl-5">
                    {summary.erasureBlockers.map((b) => (
                      <li key={b.reference}>
                        {t('adminSettings.guestData.blockerLine', { reference: b.reference, date: formatLongDate(b.tourDate, locale), reason: say(b.refusal) })}
                      </li>
                    ))}
                  </ul>
                </div>
              ) : null}
              <div className="flex flex-wrap gap-3">
                <a href={exportHref} download className={buttonVariants({ variant: 'plain', size: 'md' })}>
                  {t('adminSettings.guestData.export')}
                </a>
                <AdminForm intent="eraseGuest" id={ERASE_FORM} failTitle={t('adminSettings.guestData.eraseFailed')} className="contents">
                  {() => (
                    <>
                      <input type="hidden" name="email" value={summary.email} />
                      <ConfirmedSubmit
                        form={ERASE_FORM}
                        // With script, sent from the panel, which outlives what the erasure removes.
                        onConfirm={() => void erase('eraseGuest', { email: summary.email, reviews: reviewChoice })}
                        trigger={{ label: t('adminSettings.guestData.erase'), size: 'md', variant: 'danger', disabled: summary.erasureBlockers.length > 0 }}
                        title={t('adminSettings.guestData.eraseTitle')}
                        description={t('adminSettings.guestData.eraseText', { email: summary.email })}
                        confirmLabel={t('adminSettings.guestData.eraseConfirm')}
                      />
                    </>
                  )}
                </AdminForm>
              </div>
            </>
          )}
        </div>
      ) : null}

      <div className="mt-8">
        <h3 className="font-semibold text-slate-900">{t('adminSettings.guestData.audit')}</h3>
        {audit.length === 0 ? (
          <p className="mt-1 text-sm text-slate-700">{t('adminSettings.guestData.auditEmpty')}</p>
        ) : (
          <ul className="mt-2 grid gap-1 text-sm text-slate-800">
            {audit.slice(0, 50).map((entry) => (
              <li key={entry.id}>
                {formatDateTime(entry.createdAt, locale)} · {entry.actorUsername ?? t('adminSettings.guestData.unknownActor')} · {named(ACTION_LABELS, entry.action)} · {entry.subject}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  )
}
