import { useEffect, useRef, useState } from 'react'
import type { AsJson, ResellerView, ResellerWithKey, TourPackage, WebhookAdminView } from '../../../server/for-app.ts'
import { COMMISSION_MAX_PERCENT, MIN_LEAD_HOURS_MAX } from '../../../core/schemas/reseller.ts'
import { api, failToast, formatDateTime, serverFieldErrors, successToast } from './api.ts'
import { useAdminData } from './use-admin-data.ts'
import { ChannelCalendarsPanel } from './channel-calendars-panel.tsx'
import { ScrollBox } from '../ui/scroll-box.tsx'
import { Badge } from '../ui/badge.tsx'
import { Button } from '../ui/button.tsx'
import { ConfirmDialog } from '../ui/dialog.tsx'
import { Field, Input, Textarea } from '../ui/field.tsx'
import { toast } from '../ui/use-toast.ts'

type Reseller = AsJson<ResellerView & { webhooks: WebhookAdminView[] }>
type Hook = AsJson<WebhookAdminView>

/** The form's fields as typed; an empty lead time means none. */
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

function limitsText(r: Reseller, tours: Pick<TourPackage, 'id' | 'name'>[]): string {
  const names = r.tourPackageIds.map((id) => tours.find((t) => t.id === id)?.name ?? `Tour #${id}`)
  return [r.minLeadHours > 0 ? `No bookings within ${r.minLeadHours} h` : null, names.length > 0 ? `${names.join(', ')} only` : 'Every tour'].filter(Boolean).join('; ')
}

/** A key just made, shown once (docs/decisions/0074): nothing shows it again. */
type ShownKey = { name: string; apiKey: string }

/**
 * Channels (docs/decisions/0074, 0076): the resellers that sell the tours through OCTO, each with
 * its commission, its limits and its API key. A new reseller or a new key shows the key once,
 * with the OCTO base URL to give the reseller; revoking stops the reseller's calls at once.
 */
export function ChannelsTab() {
  const { data, reload } = useAdminData<{ resellers: Reseller[]; octoEndpoint: string } | null>('/api/admin/resellers', 'Failed to load the resellers', null)
  const { data: tours } = useAdminData<AsJson<TourPackage>[]>('/api/admin/tour-packages', 'Failed to fetch tour packages', [])
  const [editing, setEditing] = useState<number | null>(null)
  const [draft, setDraft] = useState<Draft>(EMPTY)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const [shownKey, setShownKey] = useState<ShownKey | null>(null)
  const set = <K extends keyof Draft>(field: K, value: Draft[K]) => setDraft((d) => ({ ...d, [field]: value }))
  const toggleTour = (id: number, on: boolean) => set('tourPackageIds', on ? [...draft.tourPackageIds, id].sort((a, b) => a - b) : draft.tourPackageIds.filter((t) => t !== id))

  function edit(r: Reseller) {
    setEditing(r.id)
    setDraft(draftOf(r))
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
      if (editing === null) {
        const made = await api<AsJson<ResellerWithKey>>('POST', '/api/admin/resellers', draft)
        setShownKey({ name: made.name, apiKey: made.apiKey })
        successToast('Reseller added', `${made.name}: copy its API key now, it is shown once`)
      } else {
        const saved = await api<Reseller>('PUT', `/api/admin/resellers/${editing}`, draft)
        successToast('Reseller saved', `${saved.name}: ${saved.commissionPercent}% commission`)
      }
      startNew()
      await reload()
    } catch (err) {
      setErrors(serverFieldErrors(err) ?? {})
      failToast('Failed to save the reseller', err)
    } finally {
      setBusy(false)
    }
  }

  async function revoke(r: Reseller) {
    try {
      await api('POST', `/api/admin/resellers/${r.id}/revoke`)
      successToast('Key revoked', `${r.name}'s calls are refused from now on`)
      await reload()
    } catch (err) {
      failToast('Failed to revoke the key', err)
    }
  }

  async function replaceKey(r: Reseller) {
    try {
      const made = await api<AsJson<ResellerWithKey>>('POST', `/api/admin/resellers/${r.id}/key`)
      setShownKey({ name: made.name, apiKey: made.apiKey })
      successToast('New key made', `${made.name}'s old key no longer works`)
      await reload()
    } catch (err) {
      failToast('Failed to make a new key', err)
    }
  }

  const resellers = data?.resellers ?? []
  const tourList = tours ?? []
  return (
    <div className="grid gap-6">
      {shownKey && data ? <KeyPanel shown={shownKey} octoEndpoint={data.octoEndpoint} onDone={() => setShownKey(null)} /> : null}
      {/* minmax(0, …): a grid column otherwise grows to its widest table and the page scrolls sideways on a phone (docs/decisions/0075). */}
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <section aria-labelledby="resellers-heading" className="rounded-lg border border-slate-200 bg-white p-4">
          <h2 id="resellers-heading" className="text-lg font-semibold text-slate-900">
            Resellers
          </h2>
          <p className="mb-3 text-sm text-slate-700">
            Resellers and channel managers book your free slots through OCTO with their own API key; a sale anywhere closes the slot everywhere. The reseller collects the guest’s payment and owes you the price less its commission: the Revenue tab shows it by channel.
          </p>
          {data === null ? (
            <p className="text-sm text-slate-600">Loading…</p>
          ) : resellers.length === 0 ? (
            <p className="text-sm text-slate-600">No resellers yet.</p>
          ) : (
            <ScrollBox label="Resellers table">
              <table className="w-full text-left text-sm">
                <thead className="border-b border-slate-200 text-slate-600">
                  <tr>
                    <th scope="col" className="px-2 py-2">Name</th>
                    <th scope="col" className="px-2 py-2">Commission</th>
                    <th scope="col" className="px-2 py-2">Limits</th>
                    <th scope="col" className="px-2 py-2">Mode</th>
                    <th scope="col" className="px-2 py-2">Key</th>
                    <th scope="col" className="px-2 py-2">Last used</th>
                    <th scope="col" className="px-2 py-2">Status</th>
                    <th scope="col" className="px-2 py-2"><span className="sr-only">Actions</span></th>
                  </tr>
                </thead>
                <tbody>
                  {resellers.map((r) => (
                    <tr key={r.id} className="border-b border-slate-100 align-top">
                      <th scope="row" className="px-2 py-2 font-semibold">
                        {r.name}
                        {r.note ? <span className="block max-w-60 text-xs font-normal text-slate-600">{r.note}</span> : null}
                      </th>
                      <td className="px-2 py-2">{r.commissionPercent}%</td>
                      <td className="px-2 py-2">{limitsText(r, tourList)}</td>
                      <td className="px-2 py-2">{r.testMode ? 'Test' : 'Live'}</td>
                      <td className="px-2 py-2 font-mono">{r.keyPrefix}…</td>
                      <td className="px-2 py-2">{r.lastUsedAt ? formatDateTime(r.lastUsedAt) : 'Never'}</td>
                      <td className="px-2 py-2">
                        <Badge tone={r.revokedAt ? 'cancelled' : 'paid'}>{r.revokedAt ? 'Revoked' : 'Active'}</Badge>
                      </td>
                      <td className="px-2 py-2">
                        <div className="flex gap-2">
                          <Button size="sm" variant="secondary" onClick={() => edit(r)} aria-label={`Edit ${r.name}`}>
                            Edit
                          </Button>
                          <ConfirmDialog
                            trigger={
                              <Button size="sm" variant="plain" aria-label={`New key for ${r.name}`}>
                                New key
                              </Button>
                            }
                            title={`Make a new key for ${r.name}?`}
                            description={`The old key stops at once: ${r.name}'s calls are refused until it uses the new key, which is shown once.${r.revokedAt ? ' The reseller is active again with the new key.' : ''}`}
                            confirmLabel="Make new key"
                            onConfirm={() => replaceKey(r)}
                          />
                          {r.revokedAt ? null : (
                            <ConfirmDialog
                              trigger={
                                <Button size="sm" variant="quietDanger" aria-label={`Revoke ${r.name}`}>
                                  Revoke
                                </Button>
                              }
                              title={`Revoke ${r.name}'s key?`}
                              description={`${r.name}'s calls stop at once: every request with its key is refused from now on. Its bookings stay as they are. A new key makes it active again.`}
                              confirmLabel="Revoke"
                              onConfirm={() => revoke(r)}
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
          {data === null ? null : <WebhooksList resellers={resellers} />}
        </section>

        <section aria-labelledby="reseller-form-heading" className="h-fit rounded-lg border border-slate-200 bg-white p-4">
          <h2 id="reseller-form-heading" className="text-lg font-semibold text-slate-900">
            {editing === null ? 'Add reseller' : `Edit ${draft.name}`}
          </h2>
          <form className="mt-3 grid gap-3" onSubmit={save} noValidate>
            <Field id="reseller-name" label="Name" error={errors.name}>
              <Input value={draft.name} onChange={(e) => set('name', e.target.value)} maxLength={80} />
            </Field>
            <Field id="reseller-note" label="Terms" hint="In your words: net rate, when it pays, a contact." error={errors.note}>
              <Textarea value={draft.note} onChange={(e) => set('note', e.target.value)} rows={3} maxLength={500} />
            </Field>
            <Field id="reseller-commission" label="Commission (%)" hint={`The share of the price the reseller keeps, 0 to ${COMMISSION_MAX_PERCENT}.`} error={errors.commissionPercent}>
              <Input inputMode="numeric" value={draft.commissionPercent} onChange={(e) => set('commissionPercent', e.target.value)} className="w-32" />
            </Field>
            <Field id="reseller-lead" label="No bookings within N hours of the tour" hint={`Empty: the site's own lead time only. Up to ${MIN_LEAD_HOURS_MAX}.`} error={errors.minLeadHours}>
              <Input inputMode="numeric" value={draft.minLeadHours} onChange={(e) => set('minLeadHours', e.target.value)} className="w-32" />
            </Field>
            <fieldset className="grid gap-1" aria-describedby={errors.tourPackageIds ? 'reseller-tours-hint reseller-tours-error' : 'reseller-tours-hint'}>
              <legend className="text-sm font-medium text-slate-900">Tours it may sell</legend>
              <p id="reseller-tours-hint" className="text-xs text-slate-600">
                None ticked: every tour.
              </p>
              {tourList.map((t) => (
                <label key={t.id} className="flex items-center gap-2 text-sm text-slate-800">
                  <input type="checkbox" checked={draft.tourPackageIds.includes(t.id)} onChange={(e) => toggleTour(t.id, e.target.checked)} className="size-5 accent-brand-700" />
                  {t.name}
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
                <input type="checkbox" checked={draft.testMode} onChange={(e) => set('testMode', e.target.checked)} aria-describedby="reseller-test-hint" className="size-5 accent-brand-700" />
                Test mode
              </label>
              <p id="reseller-test-hint" className="text-xs text-slate-600">
                For the reseller’s test system: the bookings it makes are practice and count in no revenue. Switching it changes only the bookings made after: each booking stays as it was made.
              </p>
            </div>
            <div className="flex gap-2">
              <Button size="md" variant="brand" type="submit" disabled={busy}>
                {editing === null ? 'Add reseller' : 'Save'}
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
      {/* Platforms without an API close slots through their calendars (docs/decisions/0077). */}
      <ChannelCalendarsPanel />
    </div>
  )
}

/** What the last delivery of a webhook did, in the guide's words. */
function lastDeliveryText(h: Hook): string {
  if (!h.last) return 'Nothing sent yet'
  const what = `${h.last.bookingStatus.toLowerCase().replace('_', ' ')} booking`
  if (h.last.status === 'delivered') return `Delivered (${what}), ${formatDateTime(h.last.at)}`
  const why = h.last.error ?? 'no answer'
  return h.last.status === 'failed' ? `Failed for good (${what}), ${formatDateTime(h.last.at)}: ${why}` : `Not delivered yet, retrying (${what}), ${formatDateTime(h.last.at)}: ${why}`
}

/**
 * Each reseller's OCTO webhooks (docs/decisions/0081): where its booking changes are sent, and
 * whether they arrived, so the guide sees who was told and who still has to be.
 */
function WebhooksList({ resellers }: { resellers: Reseller[] }) {
  const rows = resellers.flatMap((r) => r.webhooks.map((h) => ({ reseller: r, hook: h })))
  return (
    <div className="mt-4 grid gap-2">
      <h3 className="text-base font-semibold text-slate-900">Webhooks</h3>
      <p className="text-sm text-slate-700">
        A reseller may register webhooks through OCTO: each confirmation, change, cancellation and expiry of its bookings is then sent to it, including the days you call off. A failed delivery is retried for about six hours; after that, tell the reseller yourself.
      </p>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600">No reseller has a webhook: tell them of changes yourself.</p>
      ) : (
        <ScrollBox label="Webhooks table">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-slate-200 text-slate-600">
              <tr>
                <th scope="col" className="px-2 py-2">Reseller</th>
                <th scope="col" className="px-2 py-2">Address</th>
                <th scope="col" className="px-2 py-2">Last delivery</th>
                <th scope="col" className="px-2 py-2">Delivered</th>
                <th scope="col" className="px-2 py-2">Waiting</th>
                <th scope="col" className="px-2 py-2">Failed</th>
              </tr>
            </thead>
            <tbody>
              {rows.map(({ reseller, hook }) => (
                <tr key={hook.id} className="border-b border-slate-100 align-top">
                  <th scope="row" className="px-2 py-2 font-semibold">
                    {reseller.name}
                  </th>
                  <td className="max-w-72 px-2 py-2 font-mono text-xs break-all">{hook.url}</td>
                  <td className="max-w-80 px-2 py-2">
                    {hook.last ? <Badge tone={hook.last.status === 'delivered' ? 'paid' : hook.last.status === 'failed' ? 'cancelled' : 'pending'}>{hook.last.status === 'delivered' ? 'Delivered' : hook.last.status === 'failed' ? 'Failed' : 'Retrying'}</Badge> : null}
                    <span className="block text-xs text-slate-700">{lastDeliveryText(hook)}</span>
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
  const heading = useRef<HTMLHeadingElement>(null)
  // Where the guide's (and a screen reader's) attention goes next: the key is there only now.
  useEffect(() => heading.current?.focus(), [shown])

  async function copy(text: string, what: string) {
    try {
      await navigator.clipboard.writeText(text)
      toast({ title: `${what} copied`, description: `The ${what.toLowerCase()} is on the clipboard` })
    } catch {
      toast({ title: 'Failed to Copy', description: `Select the ${what.toLowerCase()} and copy it by hand`, variant: 'destructive' })
    }
  }

  return (
    <section aria-labelledby="reseller-key-heading" className="grid gap-3 rounded-lg border-2 border-amber-400 bg-amber-50 p-4">
      <h2 id="reseller-key-heading" ref={heading} tabIndex={-1} className="text-lg font-semibold text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-700">
        API key for {shown.name}
      </h2>
      <p className="text-sm text-slate-800">
        <strong>This key will not be shown again.</strong> Copy it now and give it to {shown.name} with the OCTO base URL. Anyone who has it can book your tours as {shown.name}; if it is lost or leaked, make a new key.
      </p>
      <Field id="reseller-key" label="API key">
        <Input readOnly value={shown.apiKey} onFocus={(e) => e.currentTarget.select()} className="bg-white font-mono text-sm" />
      </Field>
      <Field id="reseller-octo-url" label="OCTO base URL">
        <Input readOnly value={octoEndpoint} onFocus={(e) => e.currentTarget.select()} className="bg-white font-mono text-sm" />
      </Field>
      <div className="flex flex-wrap gap-2">
        <Button size="md" variant="brand" onClick={() => copy(shown.apiKey, 'Key')}>
          Copy key
        </Button>
        <Button size="md" variant="plain" onClick={() => copy(octoEndpoint, 'URL')}>
          Copy URL
        </Button>
        <Button size="md" variant="plain" onClick={onDone}>
          Done: I copied it
        </Button>
      </div>
    </section>
  )
}
