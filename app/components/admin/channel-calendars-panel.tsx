import { useState } from 'react'
import type { ChannelCalendarView } from '../../../server/for-app.ts'
import { formatLongDate } from '../../../core/dates.ts'
import type { MessageId } from '../../../core/i18n/message-id.ts'
import { useLocale, useT } from '../../i18n/i18n.tsx'
import { AdminForm, ConfirmedRowAction, useAdminSubmit } from './admin-form.tsx'
import { formatDateTime } from './email-and-time.ts'
import { Badge } from '../ui/badge.tsx'
import { Button } from '../ui/button.tsx'
import { Field, Input } from '../ui/field.tsx'
import { toast } from '../ui/use-toast.ts'
import { SLOT_VALUES } from './slot-names.ts'

/**
 * Calendars of platforms that publish no API, only an iCalendar link of the guide's listing
 * (docs/decisions/0077): each event closes the slots it overlaps, labelled with the channel in
 * the calendar. The server fetches each on a schedule; a failed fetch shows its error and the
 * last good fetch, and closes or opens nothing. They come with the Channels page and save through
 * its action (docs/decisions/0088): adding, "Fetch now" and removing (which asks first) work
 * without script too.
 */
export function ChannelCalendarsPanel({ calendars }: { calendars: ChannelCalendarView[] }) {
  const t = useT()
  const locale = useLocale()
  // A new calendar's fields start empty again after each one added.
  const [added, setAdded] = useState(0)
  // A removal is told here, since its row goes; the calendar being removed names the refusal.
  const [removing, setRemoving] = useState('')
  const removal = {
    successTitle: (removed: { name: string }) => t('adminChannels.calendars.removed', { name: removed.name }),
    successText: t('adminChannels.calendars.removedText'),
    failTitle: t('adminChannels.calendars.removeFailed', { name: removing }),
  }
  const remove = useAdminSubmit<{ name: string }>(removal)

  /** What a fetch found, from the answer: the slots it closed, or why the calendar could not be read. */
  function told(calendar: ChannelCalendarView, done: MessageId, unread: MessageId) {
    if (calendar.lastError) toast({ title: t(unread, { name: calendar.name }), description: calendar.lastError, variant: 'destructive' })
    else toast({ title: t(done, { name: calendar.name }), description: t('adminChannels.calendars.closedByCalendar', { count: calendar.closed }) })
  }
  const fetched = (calendar: ChannelCalendarView) => told(calendar, 'adminChannels.calendars.fetched', 'adminChannels.calendars.fetchedUnread')

  return (
    <section aria-labelledby="channel-calendars-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="channel-calendars-heading" className="text-lg font-semibold text-slate-900">
        {t('adminChannels.calendars.title')}
      </h2>
      <p className="mb-3 text-sm text-slate-700">{t('adminChannels.calendars.lead')}</p>
      {calendars.length === 0 ? (
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
                <AdminForm<ChannelCalendarView> intent="fetchCalendar" formId={`fetchCalendar-${c.id}`} failTitle={t('adminChannels.calendars.fetchFailed', { name: c.name })} onSaved={fetched} className="contents">
                  {({ busy }) => (
                    <>
                      <input type="hidden" name="id" value={c.id} />
                      <Button type="submit" size="sm" variant="plain" disabled={busy}>
                        {busy ? t('adminChannels.calendars.fetching') : t('adminChannels.calendars.fetchNow')}
                      </Button>
                    </>
                  )}
                </AdminForm>
                <ConfirmedRowAction<{ name: string }>
                  intent="removeCalendar"
                  rowId={c.id}
                  trigger={{ label: t('adminChannels.calendars.remove'), size: 'sm', variant: 'danger', 'aria-label': t('adminChannels.calendars.removeNamed', { name: c.name }) }}
                  title={t('adminChannels.calendars.removeTitle', { name: c.name })}
                  description={t('adminChannels.calendars.removeText')}
                  confirmLabel={t('adminChannels.calendars.remove')}
                  sentBy={(intent, fields) => {
                    setRemoving(c.name)
                    return remove.submit(intent, fields)
                  }}
                  {...removal}
                />
              </div>
            </li>
          ))}
        </ul>
      )}
      <AdminForm<ChannelCalendarView>
        intent="addCalendar"
        failTitle={t('adminChannels.calendars.addFailed')}
        onSaved={(calendar) => {
          setAdded((n) => n + 1)
          told(calendar, 'adminChannels.calendars.added', 'adminChannels.calendars.addedUnread')
        }}
        className="mt-4 grid gap-3"
      >
        {({ errors, busy }) => (
          <div key={added} className="grid gap-3">
            <h3 className="font-semibold text-slate-900">{t('adminChannels.calendars.addTitle')}</h3>
            <Field name="name" label={t('adminChannels.calendars.name')} error={errors.name} hint={t('adminChannels.calendars.nameHint')}>
              <Input maxLength={80} required />
            </Field>
            <Field name="url" label={t('adminChannels.calendars.url')} error={errors.url} hint={t('adminChannels.calendars.urlHint')}>
              <Input type="url" inputMode="url" required />
            </Field>
            <div>
              <Button type="submit" size="md" variant="brand" disabled={busy}>
                {busy ? t('adminChannels.calendars.adding') : t('adminChannels.calendars.add')}
              </Button>
            </div>
          </div>
        )}
      </AdminForm>
    </section>
  )
}
