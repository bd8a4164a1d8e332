import { Link } from 'react-router'
import type { AsJson, ContactMessageView } from '../../../server/for-app.ts'
import { matchesText } from '../../../core/booking-search.ts'
import { contactPackageLabel } from '../../../core/schemas/contact.ts'
import { useLocale, useT } from '../../i18n/i18n.tsx'
import { formatDateTime, mailtoHref, useCopyEmail } from './email-and-time.ts'
import { RowAction } from './admin-form.tsx'
import { Badge } from '../ui/badge.tsx'
import { Button, buttonVariants } from '../ui/button.tsx'
import { EmptyState } from '../ui/empty-state.tsx'
import { DIALOG_PARAMS } from './bookings/dialog-address.ts'

export type ContactMessage = AsJson<ContactMessageView>

/**
 * Contact messages, newest first, with a New badge until read (read cannot be undone). Marking one
 * read is the route action's (docs/decisions/0088); the list and its badge come again after it.
 */
export function MessagesTab({ messages, search }: { messages: ContactMessage[]; search: string }) {
  const t = useT()
  const locale = useLocale()
  const copyEmail = useCopyEmail()

  const shown = [...messages]
    .filter((m) => matchesText([m.name, m.email, m.phone, m.message], search))
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt) || b.id - a.id)

  return (
    <section aria-labelledby="messages-heading" className="grid gap-4">
      <h2 id="messages-heading" className="text-lg font-semibold text-slate-900">
        {t('adminInbox.messages.title')}
      </h2>
      {shown.length === 0 ? (
        <EmptyState>{t(search ? 'adminInbox.messages.emptySearch' : 'adminInbox.messages.empty')}</EmptyState>
      ) : (
        <ul className="grid gap-3" aria-label={t('adminInbox.messages.listLabel')}>
          {shown.map((m) => (
            <li key={m.id} className={`rounded-lg border bg-white p-4 ${m.read ? 'border-slate-200' : 'border-blossom-600'}`}>
              <article aria-labelledby={`message-${m.id}-from`}>
                <div className="flex flex-wrap items-center gap-2">
                  <h3 id={`message-${m.id}-from`} className="font-semibold text-slate-900">
                    {m.name}
                  </h3>
                  {!m.read ? <Badge tone="new">{t('admin.common.new')}</Badge> : null}
                  <span className="text-xs text-slate-600">{formatDateTime(m.createdAt, locale)}</span>
                </div>
                <p className="break-all text-sm text-slate-700">
                  {m.email}
                  {m.phone ? ` · ${m.phone}` : ''}
                  {` · ${t('adminInbox.messages.wroteIn', { language: m.language })}`}
                </p>
                {m.visitDate || m.groupSize || m.package ? (
                  <p className="text-sm text-slate-700">
                    {[
                      m.visitDate && t('adminInbox.messages.visit', { date: m.visitDate }),
                      m.groupSize && t('adminInbox.messages.group', { size: m.groupSize }),
                      m.package && t('adminInbox.messages.package', { name: contactPackageLabel(m.package) }),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </p>
                ) : null}
                <p className="mt-2 whitespace-pre-wrap text-slate-900">{m.message}</p>
                <div className="mt-3 flex flex-wrap gap-2">
                  {!m.read ? (
                    <RowAction intent="markRead" rowId={m.id} failTitle={t('adminInbox.messages.markReadFailed')} variant="brand" size="sm" aria-label={t('adminInbox.messages.markReadLabel', { name: m.name })}>
                      {t('adminInbox.markRead')}
                    </RowAction>
                  ) : null}
                  {/* "Create booking" on a message (docs/decisions/0059): the Bookings section's dialog, starting from the guest's details (docs/decisions/0088). */}
                  <Link
                    to={`/admin/bookings?${new URLSearchParams({ [DIALOG_PARAMS.create]: '1', [DIALOG_PARAMS.message]: String(m.id) })}`}
                    className={buttonVariants({ size: 'sm', variant: 'brand' })}
                    aria-label={t('adminInbox.messages.createBookingLabel', { name: m.name })}
                  >
                    {t('adminInbox.messages.createBooking')}
                  </Link>
                  <Button size="sm" variant="plain" onClick={() => copyEmail(m.email)}>
                    {t('adminInbox.messages.copyEmail')}
                  </Button>
                  <a
                    href={mailtoHref(m.email, m.reply.subject, `${m.reply.greeting}\n\n`)}
                    className="inline-flex min-h-9 items-center rounded-md border border-slate-400 bg-white px-3 text-sm font-medium text-slate-900 hover:bg-slate-100"
                  >
                    {t('adminInbox.messages.openEmailApp')}
                  </a>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
