import { useState } from 'react'
import { useFetcher } from 'react-router'
import { useT } from '../../i18n/i18n.tsx'
import { VIA_SCRIPT, VIA_SCRIPT_FIELD } from '../../lib/form-post.ts'
import { PolicyConsentBox } from '../forms/policy-consent-box.tsx'
import { Button } from '../ui/button.tsx'

/** The checkout action's answer (consent-action.server.ts). */
export type ConsentOutcome = { kind: 'accepted' } | { kind: 'refused'; message: string; errors: Record<string, string> }

/**
 * Before the guest pays a booking the guide made (docs/decisions/0073): the booking form's box on
 * the policy and terms, posted to the checkout's action, which records it. With a script the
 * answer comes back as data and the page's loader, run again, lets the payment start; without
 * one the browser posts the form and lands on the checkout again.
 */
export function ConsentStep({ refused }: { refused: ConsentOutcome | undefined }) {
  const t = useT()
  const fetcher = useFetcher<ConsentOutcome>()
  const [ticked, setTicked] = useState(false)
  const answer = fetcher.data ?? refused
  const error = answer?.kind === 'refused' ? (answer.errors.acceptPolicy ?? answer.message) : undefined
  const pending = fetcher.state !== 'idle'
  return (
    <section aria-labelledby="consent-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id="consent-title" className="text-xl font-bold text-brand-900">
        {t('checkout.consent.title')}
      </h2>
      <p className="mt-2 text-slate-800">{t('checkout.consent.lead')}</p>
      <form
        method="post"
        className="mt-4 grid gap-4"
        onSubmit={(event) => {
          event.preventDefault()
          const form = new FormData(event.currentTarget)
          form.set(VIA_SCRIPT_FIELD, VIA_SCRIPT)
          void fetcher.submit(form, { method: 'post' })
        }}
      >
        <PolicyConsentBox checked={ticked} onChange={setTicked} error={error} />
        <Button type="submit" size="pillLarge" disabled={pending} className="w-full disabled:cursor-wait disabled:opacity-80">
          {t('checkout.consent.continue')}
        </Button>
      </form>
    </section>
  )
}
