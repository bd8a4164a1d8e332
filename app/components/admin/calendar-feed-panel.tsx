import { useId } from 'react'
import type { CalendarFeedInfo } from '../../../server/for-app.ts'
import { useLocale, useT } from '../../i18n/i18n.tsx'
import { AdminForm, ConfirmedSubmit } from './admin-form.tsx'
import { formatDateTime } from './email-and-time.ts'
import { Button } from '../ui/button.tsx'
import { toast } from '../ui/use-toast.ts'
import { useHydrated } from '../../lib/use-hydrated.ts'

/**
 * The guide's calendar subscription (docs/decisions/0050): a private URL a
 * phone or desktop calendar subscribes to, listing every live booking. Anyone with the URL can
 * read the bookings, so it can be replaced: the old one stops working at once. Made through the
 * Settings route's action (docs/decisions/0088), without script too (copying needs it).
 */
export function CalendarFeedPanel({ feed }: { feed: CalendarFeedInfo }) {
  const t = useT()
  const locale = useLocale()
  const urlId = useId()
  const formId = useId()
  const hydrated = useHydrated()

  async function copy(url: string) {
    try {
      await navigator.clipboard.writeText(url)
      toast({ title: t('adminSettings.calendarFeed.copied'), description: t('adminSettings.calendarFeed.copiedText') })
    } catch {
      toast({ title: t('adminSettings.calendarFeed.copyFailed'), description: t('adminSettings.calendarFeed.copyFailedText'), variant: 'destructive' })
    }
  }

  return (
    <section aria-labelledby="calendar-feed-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="calendar-feed-heading" className="text-lg font-semibold text-slate-900">
        {t('adminSettings.calendarFeed.title')}
      </h2>
      <p className="mb-3 text-sm text-slate-700">{t('adminSettings.calendarFeed.lead')}</p>
      {/* One form for both: it outlives the first link's creation, so that save's answer is still told. */}
      <AdminForm<{ replaced: boolean }>
        id={formId}
        intent="calendarFeed"
        successTitle={(r) => t(r.replaced ? 'adminSettings.calendarFeed.replaced' : 'adminSettings.calendarFeed.created')}
        successText={(r) => t(r.replaced ? 'adminSettings.calendarFeed.replacedText' : 'adminSettings.calendarFeed.createdText')}
        failTitle={t('adminSettings.calendarFeed.changeFailed')}
      >
        {({ busy }) =>
          feed.url ? (
            <div className="grid gap-3">
              <label htmlFor={urlId} className="text-sm font-medium text-slate-900">
                {t('adminSettings.calendarFeed.link')}
              </label>
              <input
                id={urlId}
                readOnly
                value={feed.url}
                onFocus={(e) => e.currentTarget.select()}
                className="block w-full min-h-11 rounded-md border border-slate-400 bg-slate-50 px-3 py-2 font-mono text-sm text-slate-900"
              />
              <p className="text-xs text-slate-600">{t('adminSettings.calendarFeed.made', { at: formatDateTime(feed.createdAt, locale) })}</p>
              <div className="flex flex-wrap gap-2">
                {hydrated ? (
                  <Button size="md" variant="brand" onClick={() => copy(feed.url)}>
                    {t('adminSettings.calendarFeed.copy')}
                  </Button>
                ) : null}
                <ConfirmedSubmit
                  form={formId}
                  trigger={{ label: t('adminSettings.calendarFeed.replace'), size: 'md', variant: 'danger', disabled: busy }}
                  title={t('adminSettings.calendarFeed.replaceTitle')}
                  description={t('adminSettings.calendarFeed.replaceText')}
                  confirmLabel={t('adminSettings.calendarFeed.replace')}
                />
              </div>
            </div>
          ) : (
            <div className="grid gap-3">
              <p className="text-sm text-slate-700">{t('adminSettings.calendarFeed.none')}</p>
              <div>
                <Button size="md" variant="brand" type="submit" disabled={busy}>
                  {t('adminSettings.calendarFeed.create')}
                </Button>
              </div>
            </div>
          )
        }
      </AdminForm>
    </section>
  )
}
