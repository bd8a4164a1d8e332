import { useId } from 'react'
import type { CalendarFeedInfo } from '../../../server/for-app.ts'
import { api, failToast, formatDateTime, successToast } from './api.ts'
import { useAdminData } from './use-admin-data.ts'
import { Button } from '../ui/button.tsx'
import { ConfirmDialog } from '../ui/dialog.tsx'
import { toast } from '../ui/use-toast.ts'

/**
 * The guide's calendar subscription (issue 18, point 6; docs/decisions/0050): a private URL a
 * phone or desktop calendar subscribes to, listing every live booking. Anyone with the URL can
 * read the bookings, so it can be replaced: the old one stops working at once.
 */
export function CalendarFeedPanel() {
  const { data, reload } = useAdminData<CalendarFeedInfo | null>('/api/admin/calendar-feed', 'Failed to load the calendar link', null)
  const urlId = useId()

  async function replace() {
    try {
      await api('POST', '/api/admin/calendar-feed')
      await reload()
      successToast(data?.url ? 'Calendar link replaced' : 'Calendar link created', data?.url ? 'The old link no longer works. Subscribe again with the new one.' : 'Add it to your calendar app as a subscription.')
    } catch (error) {
      failToast('Failed to change the calendar link', error)
    }
  }

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url)
      toast({ title: 'Link Copied', description: 'The calendar link is on the clipboard' })
    } catch {
      toast({ title: 'Failed to Copy', description: 'Select the link and copy it by hand', variant: 'destructive' })
    }
  }

  return (
    <section aria-labelledby="calendar-feed-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="calendar-feed-heading" className="text-lg font-semibold text-slate-900">
        Calendar subscription
      </h2>
      <p className="mb-3 text-sm text-slate-700">
        Subscribe to this private link in Google Calendar, Apple Calendar or Outlook to see every paid, confirmed and held booking (holds are marked “HOLD – unpaid”), from 30 days back to the end of the booking window. Calendars refresh it about every hour. Anyone with the link can read the bookings: keep it to yourself, and replace it if it was shared.
      </p>
      {data === null ? (
        <p className="text-sm text-slate-600">Loading…</p>
      ) : data.url ? (
        <div className="grid gap-3">
          <label htmlFor={urlId} className="text-sm font-medium text-slate-900">
            Calendar link
          </label>
          <input
            id={urlId}
            readOnly
            value={data.url}
            onFocus={(e) => e.currentTarget.select()}
            className="block w-full min-h-11 rounded-md border border-slate-400 bg-slate-50 px-3 py-2 font-mono text-sm text-slate-900"
          />
          <p className="text-xs text-slate-600">Made {formatDateTime(data.createdAt)}</p>
          <div className="flex flex-wrap gap-2">
            <Button size="md" variant="brand" onClick={() => copy(data.url)}>
              Copy Link
            </Button>
            <ConfirmDialog
              trigger={<Button size="md" variant="danger">Replace Link</Button>}
              title="Replace the calendar link?"
              description="The current link stops working at once: calendars subscribed to it stop showing bookings. Subscribe again with the new link."
              confirmLabel="Replace Link"
              onConfirm={replace}
            />
          </div>
        </div>
      ) : (
        <div className="grid gap-3">
          <p className="text-sm text-slate-700">No calendar link yet.</p>
          <div>
            <Button size="md" variant="brand" onClick={replace}>
              Create Calendar Link
            </Button>
          </div>
        </div>
      )}
    </section>
  )
}
