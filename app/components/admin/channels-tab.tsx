import { useEffect, useRef, useState } from 'react'
import { Link, useActionData, useLocation, useNavigate } from 'react-router'
import type { ChannelCalendarView, ResellerView, ResellerWithKey, WebhookAdminView } from '../../../server/for-app.ts'
import { COMMISSION_MAX_PERCENT, MIN_LEAD_HOURS_MAX } from '../../../core/schemas/reseller.ts'
import type { MessageId } from '../../../core/i18n/message-id.ts'
import { T, useLocale, useT } from '../../i18n/i18n.tsx'
import type { Locale } from '../../../core/i18n/locales.ts'
import type { Translate } from '../../i18n/translator.ts'
import { AdminForm, ConfirmedRowAction, useAdminSubmit } from './admin-form.tsx'
import type { AdminActionData } from '../../lib/admin-form.ts'
import { formatDateTime } from './email-and-time.ts'
import { ChannelCalendarsPanel } from './channel-calendars-panel.tsx'
import { useAddressWith } from './use-address-with.ts'
import { ScrollBox } from '../ui/scroll-box.tsx'
import { Badge } from '../ui/badge.tsx'
import { Button, buttonVariants } from '../ui/button.tsx'
import { Field, Input, Textarea } from '../ui/field.tsx'
import { toast } from '../ui/use-toast.ts'
import { useHydrated } from '../../lib/use-hydrated.ts'
import { ColumnHeads } from '../ui/column-heads.tsx'

/** The address's parameter naming the reseller whose form is open. */
export const RESELLER_PARAM = 'reseller'

type Reseller = ResellerView & { webhooks: WebhookAdminView[] }
type Hook = WebhookAdminView
type Tour = { id: number; name: string }

/** The form's fields as stored; an empty lead time means none. */
type Draft = {
  name: string
  note: string
  commissionPercent: string
  minLeadHours: string
  tourPackageIds: number[]
  testMode: boolean
}

const EMPTY: Draft = { name: '', note: '', commissionPercent: '', minLeadHours: '', tourPackageIds: [], testMode: false }

const draftOf = (r: Reseller): Draft => ({
  name: r.name,
  note: r.note ?? '',
  commissionPercent: String(r.commissionPercent),
  minLeadHours: r.minLeadHours === 0 ? '' : String(r.minLeadHours),
  tourPackageIds: r.tourPackageIds,
  testMode: r.testMode,
})

function limitsText(t: Translate, r: Reseller, tours: Tour[]): string {
  const names = r.tourPackageIds.map((id) => tours.find((tour) => tour.id === id)?.name ?? t('adminChannels.resellers.tourNumber', { id }))
  return [
    r.minLeadHours > 0 ? t('adminChannels.resellers.leadLimit', { hours: r.minLeadHours }) : null,
    names.length > 0 ? t('adminChannels.resellers.toursOnly', { tours: names.join(t('adminChannels.listSeparator')) }) : t('adminChannels.resellers.everyTour'),
  ]
    .filter(Boolean)
    .join(t('adminChannels.limitSeparator'))
}

/** A key just made, shown once (docs/decisions/0074): nothing shows it again. */
type ShownKey = { name: string; apiKey: string }

const hasKey = (result: unknown): result is ResellerWithKey => typeof result === 'object' && result !== null && 'apiKey' in result

/**
 * Channels (docs/decisions/0074, 0076): the resellers that sell the tours through OCTO, each with
 * its commission, its limits and its API key. A new reseller or a new key shows the key once,
 * with the OCTO base URL to give the reseller; revoking stops the reseller's calls at once. The
 * data comes with the page and every save goes through the Channels route's action (docs/decisions/0088).
 */
export function ChannelsTab({
  resellers,
  octoEndpoint,
  tours,
  calendars,
  editing,
}: {
  resellers: Reseller[]
  octoEndpoint: string
  tours: Tour[]
  calendars: ChannelCalendarView[]
  editing: string | null
}) {
  const t = useT()
  const locale = useLocale()
  const addressWith = useAddressWith()
  // A script-free post that made a key comes back as the page with it (docs/decisions/0088).
  const posted = useActionData<AdminActionData>()
  // Known by what it carries: only a new reseller's or a new key's answer holds a key.
  const postedKey = posted?.ok && hasKey(posted.result) ? posted.result : null
  const [shownKey, setShownKey] = useState<ShownKey | null>(postedKey ? { name: postedKey.name, apiKey: postedKey.apiKey } : null)
  const showKey = (made: ResellerWithKey) => setShownKey({ name: made.name, apiKey: made.apiKey })
  // The dialogs' saves, told here rather than in a row: the toasts' words come from the answers.
  const replaceKey = useAdminSubmit<ResellerWithKey>({
    successTitle: t('adminChannels.resellers.newKeyMade'),
    successText: (r) => t('adminChannels.resellers.newKeyMadeText', { name: r.name }),
    failTitle: t('adminChannels.resellers.newKeyFailed'),
    onSaved: showKey,
  })
  const edited = resellers.find((r) => String(r.id) === editing)

  return (
    <div className="grid gap-6">
      {shownKey ? <KeyPanel shown={shownKey} octoEndpoint={octoEndpoint} onDone={() => setShownKey(null)} /> : null}
      {/* minmax(0, …): a grid column otherwise grows to its widest table and the page scrolls sideways on a phone (docs/decisions/0075). */}
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <section aria-labelledby="resellers-heading" className="rounded-lg border border-slate-200 bg-white p-4">
          <h2 id="resellers-heading" className="text-lg font-semibold text-slate-900">
            {t('adminChannels.resellers.title')}
          </h2>
          <p className="mb-3 text-sm text-slate-700">{t('adminChannels.resellers.lead')}</p>
          {resellers.length === 0 ? (
            <p className="text-sm text-slate-600">{t('adminChannels.resellers.none')}</p>
          ) : (
            <ScrollBox label={t('adminChannels.resellers.table')}>
              <table className="w-full text-left text-sm">
                <ColumnHeads
                  labels={[
                    t('adminChannels.resellers.name'),
                    t('adminChannels.resellers.commission'),
                    t('adminChannels.resellers.limits'),
                    t('adminChannels.resellers.mode'),
                    t('adminChannels.resellers.key'),
                    t('adminChannels.resellers.lastUsed'),
                    t('adminChannels.resellers.status'),
                    <span className="sr-only">{t('adminChannels.resellers.actions')}</span>,
                  ]}
                />
                <tbody>
                  {resellers.map((r) => (
                    <tr key={r.id} className="border-b border-slate-100 align-top">
                      <th scope="row" className="px-2 py-2 font-semibold">
                        {r.name}
                        {r.note ? <span className="block max-w-60 text-xs font-normal text-slate-600">{r.note}</span> : null}
                      </th>
                      <td className="px-2 py-2">{r.commissionPercent}%</td>
                      <td className="px-2 py-2">{limitsText(t, r, tours)}</td>
                      <td className="px-2 py-2">{t(r.testMode ? 'adminChannels.resellers.modeTest' : 'adminChannels.resellers.modeLive')}</td>
                      <td className="px-2 py-2 font-mono">{r.keyPrefix}…</td>
                      <td className="px-2 py-2">{r.lastUsedAt ? formatDateTime(r.lastUsedAt, locale) : t('adminChannels.resellers.never')}</td>
                      <td className="px-2 py-2">
                        <Badge tone={r.revokedAt ? 'cancelled' : 'paid'}>{t(r.revokedAt ? 'adminChannels.resellers.statusRevoked' : 'adminChannels.resellers.statusActive')}</Badge>
                      </td>
                      <td className="px-2 py-2">
                        <div className="flex gap-2">
                          <Link to={addressWith(RESELLER_PARAM, String(r.id))} preventScrollReset className={buttonVariants({ size: 'sm', variant: 'secondary' })} aria-label={t('adminChannels.resellers.editNamed', { name: r.name })}>
                            {t('adminChannels.resellers.edit')}
                          </Link>
                          <ConfirmedRowAction<ResellerWithKey>
                            intent="replaceResellerKey"
                            rowId={r.id}
                            trigger={{ label: t('adminChannels.resellers.newKey'), size: 'sm', variant: 'plain', 'aria-label': t('adminChannels.resellers.newKeyNamed', { name: r.name }) }}
                            title={t('adminChannels.resellers.newKeyTitle', { name: r.name })}
                            description={t(r.revokedAt ? 'adminChannels.resellers.newKeyTextRevoked' : 'adminChannels.resellers.newKeyText', { name: r.name })}
                            confirmLabel={t('adminChannels.resellers.newKeyConfirm')}
                            sentBy={replaceKey.submit}
                            failTitle={t('adminChannels.resellers.newKeyFailed')}
                          />
                          {r.revokedAt ? null : (
                            <ConfirmedRowAction<ResellerView>
                              intent="revokeReseller"
                              rowId={r.id}
                              trigger={{ label: t('adminChannels.resellers.revoke'), size: 'sm', variant: 'quietDanger', 'aria-label': t('adminChannels.resellers.revokeNamed', { name: r.name }) }}
                              title={t('adminChannels.resellers.revokeTitle', { name: r.name })}
                              description={t('adminChannels.resellers.revokeText', { name: r.name })}
                              confirmLabel={t('adminChannels.resellers.revoke')}
                              successTitle={t('adminChannels.resellers.revoked')}
                              successText={(revoked) => t('adminChannels.resellers.revokedText', { name: revoked.name })}
                              failTitle={t('adminChannels.resellers.revokeFailed')}
                            />
                          )}
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </ScrollBox>
          )}
          <WebhooksList resellers={resellers} />
        </section>

        <section aria-labelledby="reseller-form-heading" className="h-fit rounded-lg border border-slate-200 bg-white p-4">
          <h2 id="reseller-form-heading" className="text-lg font-semibold text-slate-900">
            {edited ? t('adminChannels.resellers.editNamed', { name: edited.name }) : t('adminChannels.form.add')}
          </h2>
          {/* One form per reseller: the one being edited is told its own save's answer. */}
          <ResellerForm key={edited?.id ?? 'new'} reseller={edited} tours={tours} onAdded={showKey} />
        </section>
      </div>
      {/* Platforms without an API close slots through their calendars (docs/decisions/0077). */}
      <ChannelCalendarsPanel calendars={calendars} />
    </div>
  )
}

/**
 * A reseller added or edited. An edit saves without script too. A new reseller needs the script:
 * its key is in the action's answer alone, and a plain form post is answered with a redirect, so
 * the button waits for the script rather than make a reseller whose key nobody saw (docs/decisions/0074).
 */
function ResellerForm({ reseller, tours, onAdded }: { reseller?: Reseller; tours: Tour[]; onAdded: (made: ResellerWithKey) => void }) {
  const t = useT()
  const navigate = useNavigate()
  const addressWith = useAddressWith()
  const close = addressWith(RESELLER_PARAM, null)
  // A new reseller's fields start empty again after each one added; an edited one's from its saved version.
  const [added, setAdded] = useState(0)
  const draft = reseller ? draftOf(reseller) : EMPTY
  return (
    <AdminForm<ResellerWithKey>
      intent={reseller ? 'updateReseller' : 'addReseller'}
      formId={reseller ? `reseller-${reseller.id}` : 'addReseller'}
      successTitle={t(reseller ? 'adminChannels.resellers.saved' : 'adminChannels.resellers.added')}
      // From the answer, not from the row: the toast may be told after the page has reloaded it.
      successText={(saved) => (reseller ? t('adminChannels.resellers.savedText', { name: saved.name, percent: saved.commissionPercent }) : t('adminChannels.resellers.addedText', { name: saved.name }))}
      failTitle={t('adminChannels.resellers.saveFailed')}
      onSaved={(saved) => {
        if (reseller) {
          void navigate(close, { replace: true, preventScrollReset: true })
        } else {
          setAdded((n) => n + 1)
          onAdded(saved)
        }
      }}
      className="mt-3 grid gap-3"
    >
      {({ errors, busy }) => (
        <div key={reseller ? JSON.stringify(draft) : added} className="grid gap-3">
          {reseller ? <input type="hidden" name="id" value={reseller.id} /> : null}
          <Field id="reseller-name" name="name" label={t('adminChannels.form.name')} error={errors.name}>
            <Input defaultValue={draft.name} maxLength={80} />
          </Field>
          <Field id="reseller-note" name="note" label={t('adminChannels.form.terms')} hint={t('adminChannels.form.termsHint')} error={errors.note}>
            <Textarea defaultValue={draft.note} rows={3} maxLength={500} />
          </Field>
          <Field id="reseller-commission" name="commissionPercent" label={t('adminChannels.form.commission')} hint={t('adminChannels.form.commissionHint', { max: COMMISSION_MAX_PERCENT })} error={errors.commissionPercent}>
            <Input inputMode="numeric" defaultValue={draft.commissionPercent} className="w-32" />
          </Field>
          <Field id="reseller-lead" name="minLeadHours" label={t('adminChannels.form.lead')} hint={t('adminChannels.form.leadHint', { max: MIN_LEAD_HOURS_MAX })} error={errors.minLeadHours}>
            <Input inputMode="numeric" defaultValue={draft.minLeadHours} className="w-32" />
          </Field>
          <fieldset className="grid gap-1" aria-describedby={errors.tourPackageIds ? 'reseller-tours-hint reseller-tours-error' : 'reseller-tours-hint'}>
            <legend className="text-sm font-medium text-slate-900">{t('adminChannels.form.tours')}</legend>
            <p id="reseller-tours-hint" className="text-xs text-slate-600">
              {t('adminChannels.form.toursHint')}
            </p>
            {tours.map((tour) => (
              <label key={tour.id} className="flex items-center gap-2 text-sm text-slate-800">
                <input type="checkbox" name="tourPackageIds" value={tour.id} defaultChecked={draft.tourPackageIds.includes(tour.id)} className="size-5 accent-brand-700" />
                {tour.name}
              </label>
            ))}
            {errors.tourPackageIds ? (
              <p id="reseller-tours-error" className="text-sm text-red-700" role="alert">
                {errors.tourPackageIds}
              </p>
            ) : null}
          </fieldset>
          <div className="grid gap-1">
            <label className="flex items-center gap-2 text-sm text-slate-800">
              <input type="checkbox" name="testMode" defaultChecked={draft.testMode} aria-describedby="reseller-test-hint" className="size-5 accent-brand-700" />
              {t('adminChannels.form.testMode')}
            </label>
            <p id="reseller-test-hint" className="text-xs text-slate-600">
              {t('adminChannels.form.testModeHint')}
            </p>
          </div>
          <div className="flex gap-2">
            <Button size="md" variant="brand" type="submit" disabled={busy}>
              {reseller ? t('adminChannels.form.save') : t('adminChannels.form.add')}
            </Button>
            {reseller ? (
              <Link to={close} preventScrollReset className={buttonVariants({ size: 'md', variant: 'secondary' })}>
                {t('adminChannels.form.cancel')}
              </Link>
            ) : null}
          </div>
        </div>
      )}
    </AdminForm>
  )
}

/** OCTO's booking statuses (core/octo.ts) in the dashboard's language; another shows in OCTO's own word. */
const OCTO_STATUS_NAMES: Record<string, MessageId> = {
  ON_HOLD: 'adminChannels.webhooks.bookingOnHold',
  CONFIRMED: 'adminChannels.webhooks.bookingConfirmed',
  CANCELLED: 'adminChannels.webhooks.bookingCancelled',
  EXPIRED: 'adminChannels.webhooks.bookingExpired',
}

/** What the last delivery of a webhook did, in the guide's words. */
function lastDeliveryText(t: Translate, locale: Locale, h: Hook): string {
  if (!h.last) return t('adminChannels.webhooks.nothingSent')
  const known = OCTO_STATUS_NAMES[h.last.bookingStatus]
  const what = known ? t(known) : t('adminChannels.webhooks.bookingOther', { status: h.last.bookingStatus.toLowerCase().replace('_', ' ') })
  const at = formatDateTime(h.last.at, locale)
  if (h.last.status === 'delivered') return t('adminChannels.webhooks.deliveredText', { what, at })
  const why = h.last.error ?? t('adminChannels.webhooks.noAnswer')
  return t(h.last.status === 'failed' ? 'adminChannels.webhooks.failedText' : 'adminChannels.webhooks.retryingText', { what, at, why })
}

/**
 * Each reseller's OCTO webhooks (docs/decisions/0081): where its booking changes are sent, and
 * whether they arrived, so the guide sees who was told and who still has to be.
 */
function WebhooksList({ resellers }: { resellers: Reseller[] }) {
  const t = useT()
  const locale = useLocale()
  const rows = resellers.flatMap((r) => r.webhooks.map((h) => ({ reseller: r, hook: h })))
  return (
    <div className="mt-4 grid gap-2">
      <h3 className="text-base font-semibold text-slate-900">{t('adminChannels.webhooks.title')}</h3>
      <p className="text-sm text-slate-700">{t('adminChannels.webhooks.lead')}</p>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600">{t('adminChannels.webhooks.none')}</p>
      ) : (
        <ScrollBox label={t('adminChannels.webhooks.table')}>
          <table className="w-full text-left text-sm">
            <ColumnHeads
              labels={[
                t('adminChannels.webhooks.reseller'),
                t('adminChannels.webhooks.address'),
                t('adminChannels.webhooks.lastDelivery'),
                t('adminChannels.webhooks.delivered'),
                t('adminChannels.webhooks.waiting'),
                t('adminChannels.webhooks.failed'),
              ]}
            />
            <tbody>
              {rows.map(({ reseller, hook }) => (
                <tr key={hook.id} className="border-b border-slate-100 align-top">
                  <th scope="row" className="px-2 py-2 font-semibold">
                    {reseller.name}
                  </th>
                  <td className="max-w-72 px-2 py-2 font-mono text-xs break-all">{hook.url}</td>
                  <td className="max-w-80 px-2 py-2">
                    {hook.last ? <Badge tone={hook.last.status === 'delivered' ? 'paid' : hook.last.status === 'failed' ? 'cancelled' : 'pending'}>{t(hook.last.status === 'delivered' ? 'adminChannels.webhooks.statusDelivered' : hook.last.status === 'failed' ? 'adminChannels.webhooks.statusFailed' : 'adminChannels.webhooks.statusRetrying')}</Badge> : null}
                    <span className="block text-xs text-slate-700">{lastDeliveryText(t, locale, hook)}</span>
                  </td>
                  <td className="px-2 py-2">{hook.delivered}</td>
                  <td className="px-2 py-2">{hook.pending}</td>
                  <td className={hook.failed > 0 ? 'px-2 py-2 font-semibold text-red-700' : 'px-2 py-2'}>{hook.failed}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollBox>
      )}
    </div>
  )
}

/** The key, once: the guide copies it with the OCTO base URL and gives both to the reseller. */
function KeyPanel({ shown, octoEndpoint, onDone }: { shown: ShownKey; octoEndpoint: string; onDone: () => void }) {
  const t = useT()
  const hydrated = useHydrated()
  const location = useLocation()
  const heading = useRef<HTMLHeadingElement>(null)
  // Where the guide's (and a screen reader's) attention goes next: the key is there only now.
  useEffect(() => heading.current?.focus(), [shown])

  async function copy(text: string, what: 'key' | 'url') {
    try {
      await navigator.clipboard.writeText(text)
      toast(
        what === 'key'
          ? { title: t('adminChannels.key.keyCopied'), description: t('adminChannels.key.keyCopiedText') }
          : { title: t('adminChannels.key.urlCopied'), description: t('adminChannels.key.urlCopiedText') },
      )
    } catch {
      toast({ title: t('adminChannels.key.copyFailed'), description: t(what === 'key' ? 'adminChannels.key.keyCopyFailedText' : 'adminChannels.key.urlCopyFailedText'), variant: 'destructive' })
    }
  }

  return (
    <section aria-labelledby="reseller-key-heading" className="grid gap-3 rounded-lg border-2 border-amber-400 bg-amber-50 p-4">
      <h2 id="reseller-key-heading" ref={heading} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-700">
        {t('adminChannels.key.title', { name: shown.name })}
      </h2>
      <p className="text-sm text-slate-800">
        <T id="adminChannels.key.warning" values={{ name: shown.name }} components={{ 0: <strong /> }} />
      </p>
      <Field id="reseller-key" label={t('adminChannels.key.apiKey')}>
        <Input readOnly value={shown.apiKey} onFocus={(e) => e.currentTarget.select()} className="bg-white font-mono text-sm" />
      </Field>
      <Field id="reseller-octo-url" label={t('adminChannels.key.octoUrl')}>
        <Input readOnly value={octoEndpoint} onFocus={(e) => e.currentTarget.select()} className="bg-white font-mono text-sm" />
      </Field>
      {/* Copying needs script; without it the fields are selected to copy by hand, and Done loads the page again, without the key. */}
      <div className="flex flex-wrap gap-2">
        {hydrated ? (
          <>
            <Button size="md" variant="brand" onClick={() => copy(shown.apiKey, 'key')}>
              {t('adminChannels.key.copyKey')}
            </Button>
            <Button size="md" variant="plain" onClick={() => copy(octoEndpoint, 'url')}>
              {t('adminChannels.key.copyUrl')}
            </Button>
            <Button size="md" variant="plain" onClick={onDone}>
              {t('adminChannels.key.done')}
            </Button>
          </>
        ) : (
          <Link to={location.pathname + location.search} className={buttonVariants({ size: 'md', variant: 'plain' })}>
            {t('adminChannels.key.done')}
          </Link>
        )}
      </div>
    </section>
  )
}
