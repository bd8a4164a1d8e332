import { useState } from 'react'
import type { ChannelCalendarView } from '../../../server/for-app.ts'
import { channelCalendarInputSchema } from '../../../core/schemas/channel-calendar.ts'
import { useFieldErrors } from '../../i18n/refusals.ts'
import { formatLongDate } from '../../../core/dates.ts'
import { useLocale, useT } from '../../i18n/i18n.tsx'
import { api, useFailToast, formatDateTime, useServerFieldErrors, successToast } from './api.ts'
import { useAdminData } from './use-admin-data.ts'
import { Badge } from '../ui/badge.tsx'
import { Button } from '../ui/button.tsx'
import { ConfirmDialog } from '../ui/dialog.tsx'
import { Field, Input } from '../ui/field.tsx'
import { SLOT_VALUES } from './slot-names.ts'

/**
 * Calendars of platforms that publish no API, only an iCalendar link of the guide's listing
 * (docs/decisions/0077): each event closes the slots it overlaps, labelled with the channel in
 * the calendar. The server fetches each on a schedule; a failed fetch shows its error and the
 * last good fetch, and closes or opens nothing.
 */

export function ChannelCalendarsPanel() {
  const failToast = useFailToast()
  const serverFieldErrors = useServerFieldErrors()
  const t = useT()
  const fieldErrors = useFieldErrors()
  const locale = useLocale()
  const { data, reload } = useAdminData<{ calendars: ChannelCalendarView[] } | null>('/api/admin/channel-calendars', t('adminChannels.calendars.loadFailed'), null)
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
      if (added.lastError) failToast(t('adminChannels.calendars.addedUnread', { name: added.name }), new Error(added.lastError))
      else successToast(t('adminChannels.calendars.added', { name: added.name }), t('adminChannels.calendars.closedByCalendar', { count: added.closed }))
      await reload()
    } catch (error) {
      setErrors(serverFieldErrors(error) ?? {})
      failToast(t('adminChannels.calendars.addFailed'), error)
    } finally {
      setBusy(null)
    }
  }

  async function fetchNow(calendar: ChannelCalendarView) {
    setBusy(`fetch-${calendar.id}`)
    try {
      const fetched = await api<ChannelCalendarView>('POST', `/api/admin/channel-calendars/${calendar.id}/fetch`)
      if (fetched.lastError) failToast(t('adminChannels.calendars.fetchedUnread', { name: fetched.name }), new Error(fetched.lastError))
      else successToast(t('adminChannels.calendars.fetched', { name: fetched.name }), t('adminChannels.calendars.closedByCalendar', { count: fetched.closed }))
      await reload()
    } catch (error) {
      failToast(t('adminChannels.calendars.fetchFailed', { name: calendar.name }), error)
    } finally {
      setBusy(null)
    }
  }

  async function remove(calendar: ChannelCalendarView) {
    try {
      await api('DELETE', `/api/admin/channel-calendars/${calendar.id}`)
      successToast(t('adminChannels.calendars.removed', { name: calendar.name }), t('adminChannels.calendars.removedText'))
      await reload()
    } catch (error) {
      failToast(t('adminChannels.calendars.removeFailed', { name: calendar.name }), error)
    }
  }

  const calendars = data?.calendars ?? []
  return (
    <section aria-labelledby="channel-calendars-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="channel-calendars-heading" className="text-lg font-semibold text-slate-900">
        {t('adminChannels.calendars.title')}
      </h2>
      <p className="mb-3 text-sm text-slate-700">{t('adminChannels.calendars.lead')}</p>
      {data === null ? (
        <p className="text-sm text-slate-600">{t('adminChannels.loading')}</p>
      ) : calendars.length === 0 ? (
        <p className="text-sm text-slate-600">{t('adminChannels.calendars.none')}</p>
      ) : (
        <ul className="grid gap-3" aria-label={t('adminChannels.calendars.title')}>
          {calendars.map((c) => (
            <li key={c.id} className="grid gap-1 rounded border border-slate-200 p-3 text-sm">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h3 className="font-semibold text-slate-900">{c.name}</h3>
                {c.lastError ? <Badge tone="pending">{t('adminChannels.calendars.lastFetchFailed')}</Badge> : c.lastGoodFetchAt ? <Badge tone="paid">{t('adminChannels.calendars.upToDate')}</Badge> : <Badge>{t('adminChannels.calendars.notFetched')}</Badge>}
              </div>
              <p className="break-all font-mono text-xs text-slate-700">{c.url}</p>
              <p className="text-slate-700">
                {t('adminChannels.calendars.counts', { events: c.eventsCount, closed: c.closed })}
                {c.lastGoodFetchAt ? t('adminChannels.calendars.lastGoodFetch', { at: formatDateTime(c.lastGoodFetchAt, locale) }) : t('adminChannels.calendars.noGoodFetch')}
              </p>
              {c.lastError ? (
                <p role="status" className="rounded bg-amber-50 px-2 py-1 text-amber-900">
                  {c.lastFetchAt ? t('adminChannels.calendars.failedAt', { at: formatDateTime(c.lastFetchAt, locale) }) : ''}
                  {t('adminChannels.calendars.failedText', { error: c.lastError })}
                </p>
              ) : null}
              {c.conflicts.length > 0 ? (
                <ul className="grid gap-1" aria-label={t('adminChannels.calendars.conflicts', { name: c.name })}>
                  {c.conflicts.map((k) => (
                    <li key={`${k.tourDate}-${k.part}-${k.bookingId}`} className="rounded bg-red-100 px-2 py-1 font-semibold text-red-900">
                      {t('adminChannels.calendars.conflict', { date: formatLongDate(k.tourDate, locale), slot: t(SLOT_VALUES[k.part]), reference: k.reference })}
                      {k.summary ? t('adminChannels.calendars.conflictSummary', { summary: k.summary }) : ''}
                    </li>
                  ))}
                </ul>
              ) : null}
              <div className="flex flex-wrap gap-2">
                <Button size="sm" variant="plain" disabled={busy !== null} onClick={() => fetchNow(c)}>
                  {busy === `fetch-${c.id}` ? t('adminChannels.calendars.fetching') : t('adminChannels.calendars.fetchNow')}
                </Button>
                <ConfirmDialog
                  trigger={
                    <Button size="sm" variant="danger" disabled={busy !== null}>
                      {t('adminChannels.calendars.remove')}
                    </Button>
                  }
                  title={t('adminChannels.calendars.removeTitle', { name: c.name })}
                  description={t('adminChannels.calendars.removeText')}
                  confirmLabel={t('adminChannels.calendars.remove')}
                  onConfirm={() => remove(c)}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={add} className="mt-4 grid gap-3" noValidate>
        <h3 className="font-semibold text-slate-900">{t('adminChannels.calendars.addTitle')}</h3>
        <Field label={t('adminChannels.calendars.name')} error={errors.name} hint={t('adminChannels.calendars.nameHint')}>
          <Input value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} maxLength={80} required />
        </Field>
        <Field label={t('adminChannels.calendars.url')} error={errors.url} hint={t('adminChannels.calendars.urlHint')}>
          <Input type="url" inputMode="url" value={draft.url} onChange={(e) => setDraft({ ...draft, url: e.target.value })} required />
        </Field>
        <div>
          <Button type="submit" size="md" variant="brand" disabled={busy !== null}>
            {busy === 'add' ? t('adminChannels.calendars.adding') : t('adminChannels.calendars.add')}
          </Button>
        </div>
      </form>
    </section>
  )
}
