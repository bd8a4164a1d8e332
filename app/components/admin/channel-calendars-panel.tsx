import { useState } from 'react'
import type { ChannelCalendarView } from '../../../server/for-app.ts'
import { channelCalendarInputSchema } from '../../../core/schemas/channel-calendar.ts'
import { fieldErrors } from '../../../core/schemas/field-errors.ts'
import { formatLongDate } from '../../../core/dates.ts'
import { slotLabel } from '../../../core/slots.ts'
import { api, failToast, formatDateTime, serverFieldErrors, successToast } from './api.ts'
import { useAdminData } from './use-admin-data.ts'
import { Badge } from '../ui/badge.tsx'
import { Button } from '../ui/button.tsx'
import { ConfirmDialog } from '../ui/dialog.tsx'
import { Field, Input } from '../ui/field.tsx'

/**
 * Calendars of platforms that publish no API, only an iCalendar link of the guide's listing
 * (docs/decisions/0077): each event closes the slots it overlaps, labelled with the channel in
 * the calendar. The server fetches each on a schedule; a failed fetch shows its error and the
 * last good fetch, and closes or opens nothing.
 */
export function ChannelCalendarsPanel() {
  const { data, reload } = useAdminData<{ calendars: ChannelCalendarView[] } | null>('/api/admin/channel-calendars', 'Failed to load the imported calendars', null)
  const [draft, setDraft] = useState({ name: '', url: '' })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState<string | null>(null)

  async function add(event: React.FormEvent) {
    event.preventDefault()
    const parsed = channelCalendarInputSchema.safeParse(draft)
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error))
      return
    }
    setErrors({})
    setBusy('add')
    try {
      const added = await api<ChannelCalendarView>('POST', '/api/admin/channel-calendars', parsed.data)
      setDraft({ name: '', url: '' })
      if (added.lastError) failToast(`${added.name} added, but its calendar could not be read`, new Error(added.lastError))
      else successToast(`${added.name} added`, `${added.closed} ${added.closed === 1 ? 'slot' : 'slots'} closed by its calendar`)
      await reload()
    } catch (error) {
      setErrors(serverFieldErrors(error) ?? {})
      failToast('Failed to add the calendar', error)
    } finally {
      setBusy(null)
    }
  }

  async function fetchNow(calendar: ChannelCalendarView) {
    setBusy(`fetch-${calendar.id}`)
    try {
      const fetched = await api<ChannelCalendarView>('POST', `/api/admin/channel-calendars/${calendar.id}/fetch`)
      if (fetched.lastError) failToast(`${fetched.name}: the calendar could not be read`, new Error(fetched.lastError))
      else successToast(`${fetched.name} fetched`, `${fetched.closed} ${fetched.closed === 1 ? 'slot' : 'slots'} closed by its calendar`)
      await reload()
    } catch (error) {
      failToast(`Failed to fetch ${calendar.name}`, error)
    } finally {
      setBusy(null)
    }
  }

  async function remove(calendar: ChannelCalendarView) {
    try {
      await api('DELETE', `/api/admin/channel-calendars/${calendar.id}`)
      successToast(`${calendar.name} removed`, 'The slots its calendar closed are open again')
      await reload()
    } catch (error) {
      failToast(`Failed to remove ${calendar.name}`, error)
    }
  }

  const calendars = data?.calendars ?? []
  return (
    <section aria-labelledby="channel-calendars-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="channel-calendars-heading" className="text-lg font-semibold text-slate-900">
        Imported calendars
      </h2>
      <p className="mb-3 text-sm text-slate-700">
        For platforms without a connection (a hotel desk, a platform that only offers a calendar link): paste the iCalendar link of your listing there. Each event closes the slots it overlaps on this site, and opens them again when it is gone. Calendars are fetched every few minutes.
      </p>
      {data === null ? (
        <p className="text-sm text-slate-600">Loading…</p>
      ) : calendars.length === 0 ? (
        <p className="text-sm text-slate-600">No imported calendars yet.</p>
      ) : (
        <ul className="grid gap-3" aria-label="Imported calendars">
          {calendars.map((c) => (
            <li key={c.id} className="grid gap-1 rounded border border-slate-200 p-3 text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="font-semibold text-slate-900">{c.name}</h3>
                {c.lastError ? <Badge tone="pending">Last fetch failed</Badge> : c.lastGoodFetchAt ? <Badge tone="paid">Up to date</Badge> : <Badge>Not fetched yet</Badge>}
              </div>
              <p className="break-all font-mono text-xs text-slate-700">{c.url}</p>
              <p className="text-slate-700">
                {c.eventsCount} {c.eventsCount === 1 ? 'event' : 'events'}; {c.closed} {c.closed === 1 ? 'slot' : 'slots'} closed
                {c.lastGoodFetchAt ? `; last good fetch ${formatDateTime(c.lastGoodFetchAt)}` : '; no good fetch yet'}
              </p>
              {c.lastError ? (
                <p role="status" className="rounded bg-amber-50 px-2 py-1 text-amber-900">
                  {c.lastFetchAt ? `${formatDateTime(c.lastFetchAt)}: ` : ''}
                  {c.lastError}. Nothing was opened or closed; the slots stay as the last good fetch left them.
                </p>
              ) : null}
              {c.conflicts.length > 0 ? (
                <ul className="grid gap-1" aria-label={`Conflicts of ${c.name}`}>
                  {c.conflicts.map((k) => (
                    <li key={`${k.tourDate}-${k.part}-${k.bookingId}`} className="rounded bg-red-100 px-2 py-1 font-semibold text-red-900">
                      {formatLongDate(k.tourDate)}, {slotLabel(k.part).toLowerCase()}: conflict with booking {k.reference}
                      {k.summary ? ` (“${k.summary}”)` : ''}
                    </li>
                  ))}
                </ul>
              ) : null}
              <div className="flex flex-wrap gap-2">
                <Button size="sm" variant="plain" disabled={busy !== null} onClick={() => fetchNow(c)}>
                  {busy === `fetch-${c.id}` ? 'Fetching…' : 'Fetch Now'}
                </Button>
                <ConfirmDialog
                  trigger={
                    <Button size="sm" variant="danger" disabled={busy !== null}>
                      Remove
                    </Button>
                  }
                  title={`Remove ${c.name}'s calendar?`}
                  description="The slots its events closed open again on this site at once."
                  confirmLabel="Remove"
                  onConfirm={() => remove(c)}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={add} className="mt-4 grid gap-3" noValidate>
        <h3 className="font-semibold text-slate-900">Add a calendar</h3>
        <Field label="Channel name" error={errors.name} hint="Shown on the slots its events close, e.g. Viator">
          <Input value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} maxLength={80} required />
        </Field>
        <Field label="Calendar link (iCalendar)" error={errors.url} hint="Starts with https://, http:// or webcal://">
          <Input type="url" inputMode="url" value={draft.url} onChange={(e) => setDraft({ ...draft, url: e.target.value })} required />
        </Field>
        <div>
          <Button type="submit" size="md" variant="brand" disabled={busy !== null}>
            {busy === 'add' ? 'Adding…' : 'Add Calendar'}
          </Button>
        </div>
      </form>
    </section>
  )
}
