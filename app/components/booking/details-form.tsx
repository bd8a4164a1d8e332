import { useEffect, useRef, useState, type FormEvent } from 'react'
import { formatLongDate } from '../../../core/dates.ts'
import { formatYen } from '../../../core/money.ts'
import { MAX_GROUP, MIN_GROUP, quote } from '../../../core/pricing.ts'
import { packagesForSlot, type TourTime } from '../../../core/slots.ts'
import { THEMES } from '../../../core/themes.ts'
import { PICKUP } from '../../../core/meeting-points.ts'
import { useLocale, useT } from '../../i18n/i18n.tsx'
import { useSayRefusal } from '../../i18n/refusals.ts'
import { REFUSAL_IDS_HEADER, isRefusal } from '../../../core/i18n/refusal.ts'
import { THEME_NAMES, quoteLineText } from './labels.ts'
import { fieldErrors } from '../../../core/schemas/field-errors.ts'
import type { PublicTourPackage } from './types.ts'
import { PrivacyLine } from '../forms/privacy-line.tsx'
import { PolicyConsentBox } from '../forms/policy-consent-box.tsx'
import { Button } from '../ui/button.tsx'
import { Field } from '../ui/field.tsx'
import { ChosenSlotTime } from '../site/your-time.tsx'
import { HoneypotField } from '../forms/honeypot-field.tsx'
import { MeetingPointFields, usualPointId, type MeetingOffer } from './meeting-point-fields.tsx'
import { checkAnswers, type GuestQuestion } from '../../../core/booking-questions.ts'
import { BookingQuestionsFields, answerFieldOrder, rawAnswers } from './booking-questions-fields.tsx'
import type { AnswerValues, FormValues } from './form-values.ts'

const FIELD_ORDER = [
  'name',
  'email',
  'phone',
  'numberOfPeople',
  'tourPackageId',
  'interestTheme',
  'specialRequests',
  'meetingPoint',
  'pickupHotel',
  'promoCode',
  'voucherCode',
  'tourDate',
  'tourTime',
  'acceptPolicy',
]

/**
 * The booking schema and zod with it (about 25 KB gzip) are fetched when the form shows,
 * not with the page: the calendar and slots work without them, and the guest cannot
 * submit before typing their details. One promise, shared by every form on the page.
 */
let schemaModule: Promise<typeof import('../../../core/schemas/booking.ts')> | undefined
const loadBookingSchema = () => (schemaModule ??= import('../../../core/schemas/booking.ts'))

/**
 * Step 2 (docs/decisions/0040): the guest's details, validated with the same zod schema as the server,
 * a live summary priced with the same quote() as the server, and the honeypot.
 */
export function DetailsForm({
  tourDate,
  tourTime,
  startTime,
  startsAt,
  packages,
  values,
  onValuesChange,
  onBack,
  onSubmit: send,
  pending,
  serverErrors,
  meeting,
  questions = [],
  answers = {},
  onAnswersChange = () => {},
}: {
  tourDate: string
  tourTime: TourTime
  startTime: string
  /** The same start as an instant, for the visitor's own time. */
  startsAt: string
  packages: PublicTourPackage[]
  values: FormValues
  onValuesChange: (v: FormValues) => void
  onBack: () => void
  /** Sends the checked details to the route action. */
  onSubmit: (payload: Record<string, string | string[]>) => void
  /** The details are on their way. */
  pending: boolean
  /** The route action's field errors: of a script-free post at first, then of each refusal. */
  serverErrors: Record<string, string>
  /** The meeting points and pickup the guide offers. */
  meeting: MeetingOffer
  /** The guide's booking questions and the guest's answers (docs/decisions/0053). */
  questions?: GuestQuestion[]
  answers?: AnswerValues
  onAnswersChange?: (answers: AnswerValues) => void
}) {
  const t = useT()
  const locale = useLocale()
  const say = useSayRefusal()
  const [errors, setErrors] = useState<Record<string, string>>(serverErrors)
  const [checking, setChecking] = useState(false)
  const formRef = useRef<HTMLFormElement>(null)
  const shownServerErrors = useRef(serverErrors)
  useEffect(() => {
    if (shownServerErrors.current === serverErrors) return
    shownServerErrors.current = serverErrors
    setErrors(serverErrors)
    focusFirstError(serverErrors)
  }, [serverErrors])
  useEffect(() => {
    // Warm the validation module while the guest types; a failed fetch is retried on submit.
    loadBookingSchema().catch(() => {
      schemaModule = undefined
    })
  }, [])
  const fitting = packagesForSlot(packages, tourTime)
  const chosen = fitting.find((p) => String(p.id) === values.tourPackageId)
  const people = Number(values.numberOfPeople)
  const price = chosen ? quote(chosen, people, tourDate) : null
  // What the guest's promo code takes off this choice, as the server said (docs/decisions/0062); the booking is priced again.
  const [promo, setPromo] = useState<{ choice: string; code: string; discount: number } | null>(null)
  const promoChoice = [values.promoCode.trim().toUpperCase(), values.tourPackageId, values.numberOfPeople].join('|')
  const applied = promo?.choice === promoChoice ? promo : null
  const chosenPlace = values.meetingPoint || usualPointId(meeting, tourTime)
  const meetingName = chosenPlace === PICKUP ? t('booking.form.meeting.pickup') : meeting.points.find((p) => String(p.id) === chosenPlace)?.name

  const set = (field: keyof FormValues) => (value: string) => {
    onValuesChange({ ...values, [field]: value })
    if (errors[field]) setErrors(({ [field]: _, ...rest }) => rest)
  }

  /** Asks the server what the code takes off the current choice, when the guest leaves the code field. */
  async function checkPromoCode() {
    const promoCode = values.promoCode.trim()
    if (!promoCode || !price?.ok) return setPromo(null)
    const query = new URLSearchParams({ promoCode, tourPackageId: values.tourPackageId, numberOfPeople: values.numberOfPeople, tourDate, tourTime, email: values.email })
    try {
      const res = await fetch(`/api/promo-codes/check?${query}`, { headers: { [REFUSAL_IDS_HEADER]: '1' } })
      const body = (await res.json()) as { promoCode: string; discount: number; errors?: Record<string, string>; refusals?: Record<string, unknown> }
      setPromo(res.ok ? { choice: promoChoice, code: body.promoCode, discount: body.discount } : null)
      const refusal = body.refusals?.promoCode
      const refused = isRefusal(refusal) ? refusal : body.errors?.promoCode
      if (refused) setErrors((e) => ({ ...e, promoCode: say(refused) }))
    } catch {
      // Offline or refused for too many attempts: the booking itself says what is wrong with the code.
      setPromo(null)
    }
  }

  function focusFirstError(errs: Record<string, string>) {
    // The questions come after the fixed fields, before the consent.
    const order = [...FIELD_ORDER.slice(0, -1), ...answerFieldOrder(questions), ...FIELD_ORDER.slice(-1)]
    const first = order.find((f) => errs[f])
    if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus()
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (pending || checking) return
    // The radio shows the usual place as chosen: send what the guest sees.
    const payload = { ...values, meetingPoint: values.meetingPoint || usualPointId(meeting, tourTime), tourDate, tourTime }
    setChecking(true)
    try {
      // Offline or mid-deployment the module may not load: then the server checks alone (it always checks).
      const schema = await loadBookingSchema().then(
        (module) => module.bookingRequestSchema,
        () => {
          schemaModule = undefined
          return undefined
        },
      )
      const parsed = schema?.safeParse(payload)
      // The answers by the same check as the server's (core/booking-questions.ts).
      const answerErrors = checkAnswers(questions, rawAnswers(answers)).errors
      if ((parsed && !parsed.success) || Object.keys(answerErrors).length > 0) {
        const found = { ...(parsed && !parsed.success ? fieldErrors(parsed.error) : {}), ...answerErrors }
        const errs = Object.fromEntries(Object.entries(found).map(([field, said]) => [field, say(said)]))
        setErrors(errs)
        focusFirstError(errs)
        return
      }
      send({ ...payload, ...answers })
    } finally {
      setChecking(false)
    }
  }

  const priceLabel = (p: PublicTourPackage) => {
    const q = quote(p, Number.isInteger(people) && people >= MIN_GROUP && people <= MAX_GROUP ? people : 2, tourDate)
    return `${p.name} (${q.ok ? formatYen(q.total) : formatYen(p.basePrice)})`
  }

  return (
    // Posted to the route action when JavaScript is off.
    <form
      ref={formRef}
      method="post"
      noValidate
      onSubmit={onSubmit}
      className="grid gap-8 lg:grid-cols-[1fr_20rem]"
      aria-describedby="details-help"
    >
      <div className="grid gap-5">
        <input type="hidden" name="tourDate" value={tourDate} />
        <input type="hidden" name="tourTime" value={tourTime} />
        <p id="details-help" className="text-slate-700">
          {t('booking.form.help')}
        </p>
        <Field tone="public" label={t('booking.form.name')} name="name" error={errors.name}>
          {(props) => (
            <input {...props} type="text" autoComplete="name" value={values.name} onChange={(e) => set('name')(e.target.value)} />
          )}
        </Field>
        <Field tone="public" label={t('booking.form.email')} name="email" error={errors.email}>
          {(props) => (
            <input {...props} type="email" autoComplete="email" value={values.email} onChange={(e) => set('email')(e.target.value)} />
          )}
        </Field>
        <Field
          tone="public"
          label={t('booking.form.phone')}
          name="phone"
          error={errors.phone}
          hint={t('booking.form.phoneHint')}
        >
          {(props) => (
            <input {...props} type="tel" autoComplete="tel" value={values.phone} onChange={(e) => set('phone')(e.target.value)} />
          )}
        </Field>
        <Field
          tone="public"
          label={t('booking.form.people')}
          name="numberOfPeople"
          error={errors.numberOfPeople}
          hint={t('booking.form.peopleHint', { min: MIN_GROUP, max: MAX_GROUP })}
        >
          {(props) => (
            <input
              {...props}
              type="number"
              inputMode="numeric"
              min={MIN_GROUP}
              max={MAX_GROUP}
              step={1}
              value={values.numberOfPeople}
              onChange={(e) => set('numberOfPeople')(e.target.value)}
            />
          )}
        </Field>
        <Field tone="public" label={t('booking.form.package')} name="tourPackageId" error={errors.tourPackageId}>
          {(props) => (
            <select {...props} value={values.tourPackageId} onChange={(e) => set('tourPackageId')(e.target.value)}>
              <option value="">{t('booking.form.selectTour')}</option>
              {fitting.map((p) => (
                <option key={p.id} value={String(p.id)}>
                  {priceLabel(p)}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field tone="public" label={t('booking.form.theme')} name="interestTheme" error={errors.interestTheme}>
          {(props) => (
            <select {...props} value={values.interestTheme} onChange={(e) => set('interestTheme')(e.target.value)}>
              <option value="">{t('booking.form.noPreference')}</option>
              {THEMES.map((theme) => (
                <option key={theme} value={theme}>
                  {t(THEME_NAMES[theme])}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field tone="public" label={t('booking.form.requests')} name="specialRequests" error={errors.specialRequests}>
          {(props) => (
            <textarea {...props} rows={4} value={values.specialRequests} onChange={(e) => set('specialRequests')(e.target.value)} />
          )}
        </Field>
        <MeetingPointFields
          offer={meeting}
          tourTime={tourTime}
          value={values.meetingPoint}
          hotel={values.pickupHotel}
          onChange={set('meetingPoint')}
          onHotelChange={set('pickupHotel')}
          errors={{ meetingPoint: errors.meetingPoint, pickupHotel: errors.pickupHotel }}
        />
        <BookingQuestionsFields
          questions={questions}
          values={answers}
          errors={errors}
          onChange={(field, value) => {
            onAnswersChange({ ...answers, [field]: value })
            if (errors[field]) setErrors(({ [field]: _, ...rest }) => rest)
          }}
        />
        <Field tone="public" label={t('booking.form.promoCode')} name="promoCode" error={errors.promoCode} hint={t('booking.form.promoCodeHint')}>
          {(props) => (
            <input
              {...props}
              type="text"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={40}
              value={values.promoCode}
              onChange={(e) => set('promoCode')(e.target.value)}
              onBlur={() => void checkPromoCode()}
            />
          )}
        </Field>
        {/* A gift voucher pays from what the promo code leaves (docs/decisions/0065); the server spends it when the booking is made. */}
        <Field tone="public" label={t('booking.form.voucherCode')} name="voucherCode" error={errors.voucherCode} hint={t('booking.form.voucherCodeHint')}>
          {(props) => (
            <input
              {...props}
              type="text"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={40}
              value={values.voucherCode}
              onChange={(e) => set('voucherCode')(e.target.value)}
            />
          )}
        </Field>
        {/* Consent (docs/decisions/0050): the server refuses a booking without it and records when and which version. */}
        <PolicyConsentBox checked={values.acceptPolicy === 'on'} onChange={(ticked) => set('acceptPolicy')(ticked ? 'on' : '')} error={errors.acceptPolicy} />
        <HoneypotField value={values.website} onChange={(e) => set('website')(e.target.value)} />
        {errors.tourDate || errors.tourTime || errors._form ? (
          <p role="alert" className="font-semibold text-red-800">
            {errors.tourDate ?? errors.tourTime ?? errors._form}
          </p>
        ) : null}
        <PrivacyLine />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
          <Button variant="secondary" onClick={onBack}>
            {t('booking.form.back')}
          </Button>
          <Button type="submit" disabled={pending || checking} aria-disabled={pending || checking} className="disabled:cursor-wait disabled:opacity-80">
            {pending || checking ? t('booking.form.creating') : t('booking.form.create')}
          </Button>
        </div>
      </div>

      <aside aria-labelledby="summary-title" className="order-first h-fit rounded-2xl border border-brand-100 bg-brand-50 p-5 lg:order-none lg:sticky lg:top-24">
        <h3 id="summary-title" className="text-lg font-bold text-brand-900">
          {t('booking.summary.title')}
        </h3>
        <dl className="mt-3 grid gap-2 text-slate-800">
          <div>
            <dt className="text-sm font-semibold text-slate-600">{t('booking.summary.date')}</dt>
            <dd>{formatLongDate(tourDate, locale)}</dd>
          </div>
          <div>
            <dt className="text-sm font-semibold text-slate-600">{t('booking.summary.time')}</dt>
            <dd>
              <ChosenSlotTime tourTime={tourTime} startTime={startTime} startsAt={startsAt} />
            </dd>
          </div>
          <div>
            <dt className="text-sm font-semibold text-slate-600">{t('booking.summary.tour')}</dt>
            <dd>{chosen ? chosen.name : t('booking.summary.chooseTour')}</dd>
          </div>
          <div>
            <dt className="text-sm font-semibold text-slate-600">{t('booking.summary.guests')}</dt>
            <dd>{values.numberOfPeople || '–'}</dd>
          </div>
          {meetingName ? (
            <div>
              <dt className="text-sm font-semibold text-slate-600">{t('booking.summary.meeting')}</dt>
              <dd>{meetingName}</dd>
            </div>
          ) : null}
          {price?.ok
            ? price.lines.map((line) => (
                <div key={line.label} className="flex justify-between gap-3 text-sm">
                  <dt>{quoteLineText(line, t)}</dt>
                  <dd>{formatYen(line.amount)}</dd>
                </div>
              ))
            : null}
          {values.promoCode.trim() ? (
            <div className="flex justify-between gap-3 text-sm">
              <dt>{t('booking.summary.promoCode', { code: applied?.code ?? values.promoCode.trim().toUpperCase() })}</dt>
              <dd>{applied ? `−${formatYen(applied.discount)}` : t('booking.summary.promoCodeLater')}</dd>
            </div>
          ) : null}
          {values.voucherCode.trim() ? (
            <div className="flex justify-between gap-3 text-sm">
              <dt>{t('booking.summary.voucher')}</dt>
              <dd>{t('booking.summary.promoCodeLater')}</dd>
            </div>
          ) : null}
        </dl>
        <p className="mt-4 border-t border-brand-100 pt-3 text-lg font-bold text-brand-900" aria-live="polite">
          {t('booking.summary.total', { total: price?.ok ? formatYen(price.total - (applied?.discount ?? 0)) : '–' })}
          <span className="block text-sm font-normal text-slate-700">{t('booking.summary.taxIncluded')}</span>
        </p>
        {price && !price.ok ? <p className="mt-2 text-sm text-red-800">{say(price.message)}</p> : null}
      </aside>
    </form>
  )
}
