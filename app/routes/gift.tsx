import { useState } from 'react'
import { useFetcher, useNavigate } from 'react-router'
import type { Route } from './+types/gift'
import { formatYen } from '../../core/money.ts'
import { VOUCHER_PRESETS, VOUCHER_TEXT_LIMITS, type VoucherPreset } from '../../core/vouchers.ts'
import { useLocalePath, useT } from '../i18n/i18n.tsx'
import { formPageMessages } from '../i18n/messages.server.ts'
import { loaderMeta } from '../lib/seo.ts'
import { seo } from '../lib/seo.server.ts'
import { contentPageHandle } from '../lib/deferred-scripts.tsx'
import { retryAfterOf, VIA_SCRIPT, VIA_SCRIPT_FIELD } from '../lib/form-post.ts'
import { useFetcherAnswer } from '../lib/use-fetcher-answer.ts'
import { PageBanner } from '../components/site/page-banner.tsx'
import { Field, Input, Textarea } from '../components/ui/field.tsx'
import { Button } from '../components/ui/button.tsx'
import { HoneypotField } from '../components/forms/honeypot-field.tsx'
import { handleGiftAction } from '../components/vouchers/gift-action.server.ts'
import { GIFT_FIELDS, type GiftOutcome } from '../components/vouchers/types.ts'

export const handle = contentPageHandle

export const meta = loaderMeta

/** /gift (docs/decisions/0065): the presets priced from today's catalogue, and the guide's limits. */
export async function loader({ request, context }: Route.LoaderArgs) {
  return {
    offer: await context.services.vouchers.offer(),
    meta: seo(request, { title: 'gift.meta.title', description: 'gift.meta.description', path: '/gift' }),
    ...formPageMessages(request, 'gift', 'forms'),
  }
}

/** A refused plain post over the rate limit tells the browser when to try again, as the API does. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => retryAfterOf(actionHeaders)

/** Both the fetcher (JavaScript) and a plain POST (no JavaScript) land here. */
export function action({ request, context }: Route.ActionArgs) {
  return handleGiftAction(request, context.services, context.clientAddress)
}

const PRESET_LABELS: Record<VoucherPreset, 'gift.form.halfDay' | 'gift.form.fullDay'> = { 'half-day': 'gift.form.halfDay', 'full-day': 'gift.form.fullDay' }

export default function GiftPage({ loaderData, actionData }: Route.ComponentProps) {
  const { offer } = loaderData
  const t = useT()
  const path = useLocalePath()
  const navigate = useNavigate()
  const fetcher = useFetcher<GiftOutcome>()
  const [outcome, setOutcome] = useState<GiftOutcome | undefined>(actionData as GiftOutcome | undefined)
  useFetcherAnswer(fetcher, (answer) => {
    if (answer.kind === 'created') void navigate(path(`/voucher/${answer.token}`))
    else setOutcome(answer)
  })
  const refused = outcome?.kind === 'refused' ? outcome : null
  const errors = refused?.errors ?? {}
  const typed = refused?.values ?? {}
  const presets = VOUCHER_PRESETS.flatMap((preset) => (offer.presets[preset] === undefined ? [] : [[preset, offer.presets[preset]] as const]))
  const [choice, setChoice] = useState(typed.choice ?? presets[0]?.[0] ?? 'custom')
  const listed = GIFT_FIELDS.filter((field) => errors[field])
  const formError = refused && listed.length === 0 ? refused.message : null

  return (
    <main id="main">
      <PageBanner eyebrow={t('gift.banner.eyebrow')} title={t('gift.banner.title')}>
        <p>{t('gift.banner.lead')}</p>
      </PageBanner>
      <div className="mx-auto grid max-w-5xl gap-10 px-4 py-10 sm:py-14 lg:grid-cols-[3fr_2fr]">
        <form
          method="post"
          noValidate
          aria-labelledby="gift-form-title"
          className="relative grid min-w-0 gap-5 rounded-2xl border border-slate-200 bg-white p-5 sm:p-6"
          onSubmit={(event) => {
            event.preventDefault()
            const form = new FormData(event.currentTarget)
            form.set(VIA_SCRIPT_FIELD, VIA_SCRIPT)
            void fetcher.submit(form, { method: 'post' })
          }}
        >
          <h2 id="gift-form-title" className="text-xl font-bold text-brand-900">
            {t('gift.form.title')}
          </h2>
          {listed.length > 0 ? (
            <div role="alert" className="rounded-lg border border-red-700 bg-red-50 px-4 py-3 text-red-800">
              <p className="font-semibold">{t('gift.form.fix')}</p>
              <ul className="mt-1 list-disc pl-5">
                {listed.map((field) => (
                  <li key={field}>
                    <a href={`#gift-${field}`} className="underline">
                      {errors[field]}
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {formError ? (
            <p role="alert" className="rounded-lg border border-red-700 bg-red-50 px-4 py-3 font-medium text-red-800">
              {formError}
            </p>
          ) : null}

          <fieldset aria-describedby={errors.choice ? 'gift-choice-error' : undefined}>
            <legend className="font-semibold text-brand-900">{t('gift.form.choice')}</legend>
            <div className="mt-2 grid gap-2" id="gift-choice">
              {presets.map(([preset, amount]) => (
                <label key={preset} className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-400 px-3 py-2 has-checked:border-brand-800 has-checked:bg-brand-50">
                  <input type="radio" name="choice" value={preset} checked={choice === preset} onChange={() => setChoice(preset)} className="size-5 shrink-0 accent-brand-800" />
                  <span className="text-slate-900">
                    {t(PRESET_LABELS[preset])} <strong className="whitespace-nowrap">{formatYen(amount)}</strong>
                  </span>
                </label>
              ))}
              <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-400 px-3 py-2 has-checked:border-brand-800 has-checked:bg-brand-50">
                <input type="radio" name="choice" value="custom" checked={choice === 'custom'} onChange={() => setChoice('custom')} className="size-5 shrink-0 accent-brand-800" />
                <span className="text-slate-900">{t('gift.form.custom')}</span>
              </label>
            </div>
            {errors.choice ? (
              <p id="gift-choice-error" className="mt-1 text-sm font-semibold text-red-800">
                {errors.choice}
              </p>
            ) : null}
          </fieldset>
          {choice === 'custom' ? (
            <Field
              tone="public"
              id="gift-amount"
              name="amount"
              label={t('gift.form.amount')}
              hint={t('gift.form.amountHint', { min: formatYen(offer.limits.minAmount), max: formatYen(offer.limits.maxAmount) })}
              error={errors.amount}
            >
              <Input inputMode="numeric" autoComplete="off" defaultValue={typed.amount ?? ''} />
            </Field>
          ) : null}
          <Field tone="public" id="gift-buyerName" name="buyerName" label={t('gift.form.buyerName')} error={errors.buyerName}>
            <Input required autoComplete="name" maxLength={VOUCHER_TEXT_LIMITS.name} defaultValue={typed.buyerName ?? ''} />
          </Field>
          <Field tone="public" id="gift-buyerEmail" name="buyerEmail" label={t('gift.form.buyerEmail')} hint={t('gift.form.buyerEmailHint')} error={errors.buyerEmail}>
            <Input required type="email" autoComplete="email" defaultValue={typed.buyerEmail ?? ''} />
          </Field>
          <Field tone="public" id="gift-recipientName" name="recipientName" label={t('gift.form.recipientName')} error={errors.recipientName}>
            <Input maxLength={VOUCHER_TEXT_LIMITS.name} defaultValue={typed.recipientName ?? ''} />
          </Field>
          <Field tone="public" id="gift-message" name="message" label={t('gift.form.message')} hint={t('gift.form.messageHint', { max: VOUCHER_TEXT_LIMITS.message })} error={errors.message}>
            <Textarea rows={4} maxLength={VOUCHER_TEXT_LIMITS.message} defaultValue={typed.message ?? ''} />
          </Field>
          <HoneypotField id="gift-website" />
          <Button type="submit" size="pillLarge" disabled={fetcher.state !== 'idle'} className="w-full disabled:opacity-70">
            {fetcher.state !== 'idle' ? t('gift.form.sending') : t('gift.form.submit')}
          </Button>
        </form>
        <aside aria-labelledby="gift-how-title" className="h-fit rounded-2xl bg-brand-50 p-5 text-slate-800 sm:p-6">
          <h2 id="gift-how-title" className="text-lg font-bold text-brand-900">
            {t('gift.how.title')}
          </h2>
          <ul className="mt-3 list-disc space-y-2 pl-5">
            <li>{t('gift.how.pay')}</li>
            <li>{t('gift.how.code')}</li>
            <li>{t('gift.how.use')}</li>
            <li>{t('gift.how.valid', { months: offer.validityMonths })}</li>
            <li>{t('gift.how.terms')}</li>
          </ul>
        </aside>
      </div>
    </main>
  )
}
