import type { ReactNode } from 'react'
import { HoneypotField } from './honeypot-field.tsx'

/**
 * A guest's form on a private page (a review, a waitlist place): a card with its heading and
 * lead. Without scripts the browser posts it to the page's action; with them, `onSubmit`
 * gets its fields and sends them itself.
 */
export function GuestFormCard({ titleId, title, lead, onSubmit, children }: { titleId: string; title: ReactNode; lead: ReactNode; onSubmit: (form: FormData) => void; children: ReactNode }) {
  return (
    <form
      method="post"
      className="relative grid gap-5 rounded-2xl border border-slate-200 bg-white p-5 sm:p-6"
      aria-labelledby={titleId}
      onSubmit={(event) => {
        event.preventDefault()
        onSubmit(new FormData(event.currentTarget))
      }}
    >
      <div>
        <h2 id={titleId} className="text-xl font-bold text-brand-900">
          {title}
        </h2>
        <p className="mt-2 text-slate-800">{lead}</p>
      </div>
      <HoneypotField />
      {children}
    </form>
  )
}
