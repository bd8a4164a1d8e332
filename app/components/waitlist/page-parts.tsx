import { clsx } from 'clsx'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import type { MessageId } from '../../../core/i18n/message-id.ts'
import { localeFromPath } from '../../../core/i18n/locales.ts'
import { useLocalePath, useT } from '../../i18n/i18n.tsx'
import { metaTranslator } from '../../i18n/translator.ts'
import { buttonVariants } from '../ui/button.tsx'

/**
 * What the waitlist's pages share (docs/decisions/0057, 0070): their head, the box a page ends
 * in, and the one-button form of a page reached by an e-mail's link.
 */

/** The head of a waitlist page: its title, and noindex (its URL is reached from a slot or holds a secret, never a search). */
export const waitlistPageMeta =
  (title: MessageId) =>
  ({ matches, location }: { matches: Parameters<typeof metaTranslator>[1]; location: { pathname: string } }) => [
    { title: `${metaTranslator(localeFromPath(location.pathname), matches)(title)} | Joetsu Local Tours` },
    { name: 'robots', content: 'noindex' },
  ]

/**
 * The box a waitlist page ends in: `done` says what happened (joined, left, confirmed, free) to
 * screen readers at once; `plain` that there is nothing to do here (a dead link, a slot that cannot
 * be booked). One way on, by default back to the booking calendar.
 */
export function WaitlistNotice({ tone, title, text, action }: { tone: 'done' | 'plain'; title: string; text: string; action?: { to: string; label: string } }) {
  const t = useT()
  const path = useLocalePath()
  return (
    <div role={tone === 'done' ? 'status' : undefined} className={clsx('rounded-xl border bg-white p-5', tone === 'done' ? 'border-field-600' : 'border-slate-400')}>
      <h2 className={clsx('text-lg font-bold', tone === 'done' ? 'text-field-600' : 'text-brand-900')}>{title}</h2>
      <p className="mt-2 text-slate-800">{text}</p>
      <Link to={action?.to ?? path('/booking')} className={clsx(buttonVariants(action ? {} : { variant: 'secondary' }), 'mt-4')}>
        {action?.label ?? t('waitlist.backToCalendar')}
      </Link>
    </div>
  )
}

/**
 * The page of an e-mail's link asks before it acts (mail scanners open every link): a question,
 * what it is about, and one button that posts to the route's action, through the page's fetcher
 * with JavaScript (`onPost`) or as a plain form post without it.
 */
export function ButtonForm({ question, submit, pending, onPost, children }: { question: string; submit: string; pending: boolean; onPost: () => void; children: ReactNode }) {
  return (
    <form
      method="post"
      className="grid gap-4 rounded-2xl border border-slate-200 bg-white p-5 sm:p-6"
      onSubmit={(event) => {
        event.preventDefault()
        onPost()
      }}
    >
      <h2 className="text-xl font-bold text-brand-900">{question}</h2>
      {children}
      <button type="submit" className={buttonVariants()} disabled={pending}>
        {submit}
      </button>
    </form>
  )
}
