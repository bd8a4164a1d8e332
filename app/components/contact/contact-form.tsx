import { useEffect, useId, useRef, useState } from 'react'
import { useFetcher } from 'react-router'
import { VIA_SCRIPT, VIA_SCRIPT_FIELD } from '../../lib/form-post.ts'
import { useFetcherAnswer } from '../../lib/use-fetcher-answer.ts'
import { CONTACT_PACKAGE_OPTIONS, GROUP_SIZE_OPTIONS } from '../../../core/contact-options.ts'
import { toast } from '../ui/use-toast.ts'
import { HoneypotField } from '../forms/honeypot-field.tsx'
import { PrivacyLine } from '../forms/privacy-line.tsx'
import { Button } from '../ui/button.tsx'
import { Field, Input, Select, Textarea } from '../ui/field.tsx'
import type { MessageId } from '../../../core/i18n/message-id.ts'
import type { Theme } from '../../../core/themes.ts'
import { T, useLocalePath, useT } from '../../i18n/i18n.tsx'
import { useHydrated } from '../../lib/use-hydrated.ts'

const PACKAGE_NAMES: Record<Theme, MessageId> = {
  homemaker: 'contact.package.homemaker',
  hobbyist: 'contact.package.hobbyist',
  kiddo: 'contact.package.kiddo',
  explorer: 'contact.package.explorer',
  custom: 'contact.package.custom',
}

/** The message of a failure the service did not explain (the action's 500), as the page words it. */
export const CONTACT_FAILED = 'contact.error.text'

/** What the route action answers a script (the no-JS path gets a redirect instead). */
export type ContactActionData =
  | { ok: true }
  | { ok: false; message: string; errors?: Record<string, string>; values?: Record<string, string> }


/**
 * The inquiry form (docs/decisions/0010). With JavaScript it submits through a fetcher (no
 * reload): 'Sending...' with the button disabled, then a toast; success clears the
 * fields, failure keeps them. Without JavaScript it is a plain POST to the same action,
 * which redirects to /contact?sent=1, so no inquiry is lost to a script error.
 */
export function ContactForm({ initialPackage, serverErrors }: { initialPackage: string; serverErrors?: ContactActionData | null }) {
  const fetcher = useFetcher<ContactActionData>()
  const t = useT()
  const path = useLocalePath()
  const formRef = useRef<HTMLFormElement>(null)
  // After a failed no-JS POST the page re-renders from the server: keep what was typed.
  const kept = serverErrors && !serverErrors.ok ? (serverErrors.values ?? {}) : {}
  const [pkg, setPkg] = useState(kept.package ?? initialPackage)
  const hydrated = useHydrated()
  const id = useId()
  const busy = fetcher.state !== 'idle'

  // Following another ?package= link while on the page presets the select again.
  const firstPackage = useRef(true)
  useEffect(() => {
    if (firstPackage.current) {
      firstPackage.current = false
      return
    }
    setPkg(initialPackage)
  }, [initialPackage])

  useFetcherAnswer(fetcher, (answer) => {
    if (answer.ok) {
      formRef.current?.reset()
      setPkg('')
      toast({ title: t('contact.success.title'), description: t('contact.success.text') })
    } else {
      toast({ title: t('contact.error.title'), description: t('contact.error.text'), variant: 'destructive' })
    }
  })

  const result = fetcher.data ?? serverErrors ?? null
  const errors = result && !result.ok ? (result.errors ?? {}) : {}
  const formMessage = result && !result.ok && Object.keys(errors).length === 0 ? (result.message === CONTACT_FAILED ? t(CONTACT_FAILED) : result.message) : null

  return (
    <fetcher.Form ref={formRef} method="post" action={path('/contact')} className="space-y-5" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="text-2xl font-bold text-brand-900">
        {t('contact.form.title')}
      </h2>
      <p className="text-slate-700">
        <T id="contact.form.required" components={{ 0: <span className="font-semibold" /> }} />
      </p>
      {hydrated ? <input type="hidden" name={VIA_SCRIPT_FIELD} value={VIA_SCRIPT} /> : null}

      <div className="grid gap-5 sm:grid-cols-2">
        <Field tone="public" id={`${id}-name`} name="name" label={<>{t('contact.form.name')} <span aria-hidden="true">*</span></>} error={errors.name}>
          <Input defaultValue={kept.name} type="text" required autoComplete="name" maxLength={100} />
        </Field>
        <Field tone="public" id={`${id}-email`} name="email" label={<>{t('contact.form.email')} <span aria-hidden="true">*</span></>} error={errors.email}>
          <Input defaultValue={kept.email} type="email" required autoComplete="email" maxLength={254} />
        </Field>
        <Field tone="public" id={`${id}-phone`} name="phone" label={<>{t('contact.form.phone')} <span className="font-normal text-slate-600">{t('contact.form.optional')}</span></>} error={errors.phone}>
          <Input defaultValue={kept.phone} type="tel" autoComplete="tel" maxLength={30} />
        </Field>
        <Field tone="public" id={`${id}-visitDate`} name="visitDate" label={<>{t('contact.form.visitDate')} <span className="font-normal text-slate-600">{t('contact.form.optional')}</span></>} error={errors.visitDate}>
          <Input defaultValue={kept.visitDate} type="date" />
        </Field>
        <Field tone="public" id={`${id}-groupSize`} name="groupSize" label={<>{t('contact.form.groupSize')} <span className="font-normal text-slate-600">{t('contact.form.optional')}</span></>} error={errors.groupSize}>
          <Select defaultValue={kept.groupSize ?? ''}>
            <option value="">{t('contact.form.selectGroup')}</option>
            {GROUP_SIZE_OPTIONS.map((size) => (
              <option key={size} value={size}>
                {t('contact.form.people', { size })}
              </option>
            ))}
          </Select>
        </Field>
        <Field tone="public" id={`${id}-package`} name="package" label={<>{t('contact.form.package')} <span className="font-normal text-slate-600">{t('contact.form.optional')}</span></>} error={errors.package}>
          <Select value={pkg} onChange={(e) => setPkg(e.target.value)}>
            <option value="">{t('contact.form.selectPackage')}</option>
            {CONTACT_PACKAGE_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {t(PACKAGE_NAMES[option.value])}
              </option>
            ))}
          </Select>
        </Field>
      </div>

      <Field tone="public" id={`${id}-message`} name="message" label={<>{t('contact.form.message')} <span aria-hidden="true">*</span></>} error={errors.message}>
        <Textarea
          defaultValue={kept.message}
          required
          rows={6}
          maxLength={5000}
          placeholder={t('contact.form.placeholder')}
        />
      </Field>

      <HoneypotField id={`${id}-website`} />

      {formMessage ? (
        <p role="alert" className="rounded-lg border border-blossom-700 bg-blossom-100 px-4 py-3 font-medium text-blossom-700">
          {formMessage}
        </p>
      ) : null}

      <Button type="submit" disabled={busy} className="w-full disabled:cursor-not-allowed disabled:opacity-70 sm:w-auto">
        {busy ? t('contact.form.sending') : t('contact.form.send')}
      </Button>

      <PrivacyLine />
    </fetcher.Form>
  )
}
