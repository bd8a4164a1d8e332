import { clsx } from 'clsx'
import { useCallback, useEffect, useRef, useState } from 'react'
import { createSearchParams, Link, useFetcher } from 'react-router'
import type { Route } from './+types/booking'
import { formatJapanDateTime, formatLongDate, isCalendarDate, isMonth, monthRange } from '../../core/dates.ts'
import { MAX_GROUP } from '../../core/pricing.ts'
import { SLOT_MESSAGE_IDS, isTourTime, packagesForSlot, type TourTime } from '../../core/slots.ts'
import { dayOffersSomething } from '../../core/waitlist.ts'
import { T, useLocale, useLocalePath, useT } from '../i18n/i18n.tsx'
import { formPageMessages, requestLocale } from '../i18n/messages.server.ts'
import { loaderMeta } from '../lib/seo.ts'
import { seo } from '../lib/seo.server.ts'
import { toast } from '../components/ui/use-toast.ts'
import { PageBanner } from '../components/site/page-banner.tsx'
import { ClockIcon } from '../components/site/icons.tsx'
import { ContactLinks } from '../components/booking/contact-links.tsx'
import { MonthCalendar } from '../components/booking/month-calendar.tsx'
import { SlotPicker } from '../components/booking/slot-picker.tsx'
import { EMPTY_FORM, splitAnswerValues, type FormValues } from '../components/booking/form-values.ts'
import { DetailsStep, loadDetailsForm } from '../components/booking/details-step.tsx'
import type { BookingOutcome, BookingRefusal, DateSlots, PublicBooking } from '../components/booking/types.ts'
import { retryAfterOf, VIA_SCRIPT, VIA_SCRIPT_FIELD } from '../lib/form-post.ts'
import { useFetcherAnswer } from '../lib/use-fetcher-answer.ts'
import { PRIVATE_FORM_PAGE_HEADERS } from '../lib/private-page.ts'
import { handleBookingAction } from '../components/booking/booking-action.server.ts'
import { buttonVariants } from '../components/ui/button.tsx'
import { ChosenSlotTime } from '../components/site/your-time.tsx'
import { contentPageHandle } from '../lib/deferred-scripts.tsx'
import { formatYen } from '../../core/money.ts'

export const meta = loaderMeta

/**
 * The month shown first: the chosen date's month, else ?month=yyyy-MM when it lies in the
 * booking window, else the month in which booking opens. Availability comes from the same
 * service as GET /api/time-slots, which the page calls when the visitor changes month.
 *
 * ?date=, ?tourTime= and ?step=details carry the choice of a visitor without JavaScript (the
 * calendar and the slot choice are GET forms); ?created={reference} shows step 3 after the
 * script-free form was posted to the action below.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const { services } = context
  const window = services.availability.window()
  const params = new URL(request.url).searchParams
  const inWindowMonth = (m: string | null): m is string => isMonth(m) && m >= window.first.slice(0, 7) && m <= window.last.slice(0, 7)
  const askedDate = params.get('date')
  const dateMonth = isCalendarDate(askedDate) ? askedDate.slice(0, 7) : null
  const askedMonth = params.get('month')
  const month = inWindowMonth(dateMonth) ? dateMonth : inWindowMonth(askedMonth) ? askedMonth : window.first.slice(0, 7)
  const { from, to } = monthRange(month)
  const createdRef = params.get('created')
  // Where to meet (docs/decisions/0052) and the guide's booking questions (0053), in the page's language.
  const [slots, catalogue, meeting, questions, created] = await Promise.all([
    services.availability.timeSlots(from, to),
    services.catalogue.bookableForGuests(requestLocale(request)),
    services.trip.options(requestLocale(request)),
    services.bookingQuestions.forGuests(requestLocale(request)),
    createdRef ? services.bookings.findByReference(createdRef, requestLocale(request)) : Promise.resolve(null),
  ])
  // A fully booked day opens too, for its slots' waitlist links (docs/decisions/0070).
  const day = slots.dates.find((d) => d.date === askedDate && dayOffersSomething(d.slots))
  const askedTime = params.get('tourTime')
  const time = day && isTourTime(askedTime) && day.slots.some((s) => s.tourTime === askedTime && s.available) ? askedTime : null
  const step: Step = created ? 'created' : day && time && params.get('step') === 'details' ? 'details' : 'calendar'
  return {
    month,
    window: slots.window,
    dates: slots.dates,
    packages: catalogue,
    meeting,
    selectedDate: day?.date ?? null,
    selectedTime: time,
    step,
    created,
    questions,
    meta: seo(request, { title: 'booking.meta.title', description: 'booking.meta.description', path: '/booking' }),
    ...formPageMessages(request, 'booking', 'forms', 'trip'),
  }
}

/** Every booking made on the page: app/components/booking/booking-action.server.ts. */
export async function action({ context, request }: Route.ActionArgs) {
  return handleBookingAction(request, context)
}

/**
 * In the browser, around the server action: a post that never reached the server (the phone
 * lost its signal) or failed there is told as a failed booking, so the guest keeps the form
 * and what they typed, instead of the page giving way to the error page.
 */
export async function clientAction({ serverAction }: Route.ClientActionArgs): Promise<BookingOutcome> {
  try {
    return (await serverAction()) as BookingOutcome
  } catch (error) {
    // The page words it (failedMessage below): a client action has no translator of its own.
    return { kind: 'failed', message: error instanceof TypeError ? OFFLINE : FAILED_NOW }
  }
}

const OFFLINE = 'booking.offline'
const FAILED_NOW = 'booking.failedNow'

/**
 * Step 3 (?created=) shows the new booking and a refused script-free post echoes what the
 * guest typed: the whole page is kept out of caches and other sites' Referers, like the checkout
 * (same-origin rather than no-referrer: its script-free form must post with its real Origin).
 * A refused post's Retry-After (429) reaches the document response too, not only the data request's.
 */
/**
 * Its scripts load once the page has painted, like the content pages' (docs/decisions/0023,
 * 0047): until then the calendar, the slots and the details form work as plain forms.
 */
export const handle = contentPageHandle

export const headers: Route.HeadersFunction = ({ actionHeaders }) => ({ ...PRIVATE_FORM_PAGE_HEADERS, ...retryAfterOf(actionHeaders) })

type Step = 'calendar' | 'details' | 'created'

/** The tour preselected when only one fits the chosen slot. */
function initialPackage(d: { packages: { id: number; isHalfDay: boolean }[]; selectedTime: TourTime | null }): Partial<FormValues> {
  if (!d.selectedTime) return {}
  const fitting = packagesForSlot(d.packages, d.selectedTime)
  return fitting.length === 1 ? { tourPackageId: String(fitting[0]!.id) } : {}
}

export default function BookingPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const locale = useLocale()
  const path = useLocalePath()
  // A refusal's message comes translated from the action; a failure in the browser as its id.
  const outcomeMessage = (message: string) => (message === OFFLINE || message === FAILED_NOW ? t(message) : message)
  const { window, packages } = loaderData
  // A script-free submission that failed: back to the form with its errors, or to the
  // calendar when the slot was taken meanwhile.
  const failed = actionData && actionData.kind !== 'created' ? (actionData as BookingRefusal) : null
  const slotTaken = failed?.kind === 'conflict'
  const [step, setStep] = useState<Step>(slotTaken ? 'calendar' : loaderData.step)
  const [month, setMonth] = useState(loaderData.month)
  const [byMonth, setByMonth] = useState<Record<string, DateSlots[]>>({
    [loaderData.month]: loaderData.dates,
  })
  const [loadingMonth, setLoadingMonth] = useState<string | null>(null)
  const [selectedDate, setSelectedDate] = useState<string | null>(loaderData.selectedDate)
  const [selectedTime, setSelectedTime] = useState<TourTime | null>(slotTaken ? null : loaderData.selectedTime)
  const [values, setValues] = useState<FormValues>(() => ({
    ...EMPTY_FORM,
    ...initialPackage(loaderData),
    ...splitAnswerValues(failed?.values).fields,
  }))
  const [answers, setAnswers] = useState(() => splitAnswerValues(failed?.values).answers)
  const [created, setCreated] = useState<PublicBooking | null>(loaderData.created)
  const headingRef = useRef<HTMLHeadingElement>(null)

  const loadMonth = useCallback(
    async (m: string, force = false) => {
      if (!force && byMonth[m]) return
      setLoadingMonth(m)
      try {
        const res = await fetch(`/api/time-slots?month=${m}`, {
          headers: { accept: 'application/json' },
        })
        if (!res.ok) throw new Error(`${res.status}`)
        const body = (await res.json()) as { dates: DateSlots[] }
        setByMonth((prev) => ({ ...prev, [m]: body.dates }))
      } catch {
        toast({
          title: t('booking.toast.availabilityTitle'),
          description: t('booking.toast.tryAgain'),
          variant: 'destructive',
        })
      } finally {
        setLoadingMonth((current) => (current === m ? null : current))
      }
    },
    [byMonth],
  )

  useEffect(() => {
    void loadMonth(month)
  }, [month, loadMonth])

  // Move focus to the new step's heading so keyboard and screen-reader users follow along.
  const firstRender = useRef(true)
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false
      return
    }
    headingRef.current?.focus()
  }, [step])

  const days = new Map((byMonth[month] ?? []).map((d) => [d.date, d]))
  const selectedDay = selectedDate ? (byMonth[selectedDate.slice(0, 7)] ?? []).find((d) => d.date === selectedDate) : undefined
  const selectedSlot = selectedDay?.slots.find((s) => s.tourTime === selectedTime && s.available)

  function chooseDate(date: string) {
    setSelectedDate(date)
    const day = days.get(date)
    // Keep the chosen time when it is still open on the new date.
    if (!day?.slots.some((s) => s.tourTime === selectedTime && s.available)) setSelectedTime(null)
  }

  // The details form's code is fetched when a slot is chosen (docs/decisions/0054), so it is
  // usually there by the time the guest continues.
  useEffect(() => {
    if (step === 'calendar' && selectedTime) loadDetailsForm().catch(() => {})
  }, [step, selectedTime])

  function continueToDetails() {
    if (!selectedDate || !selectedTime) return
    const fitting = packagesForSlot(packages, selectedTime)
    if (!fitting.some((p) => String(p.id) === values.tourPackageId)) {
      setValues((v) => ({
        ...v,
        tourPackageId: fitting.length === 1 ? String(fitting[0]!.id) : '',
      }))
    }
    // Step 2 shows once its form is here, never an empty step. If its file cannot be fetched
    // (a new release replaced it, the connection dropped), the slot form's own request loads
    // step 2 from the server, as without JavaScript.
    const query = new URLSearchParams({ date: selectedDate, tourTime: selectedTime, step: 'details' })
    loadDetailsForm().then(
      () => setStep('details'),
      () => location.assign(`${location.pathname}?${query}`),
    )
  }

  // The details form goes to the route action through a fetcher (docs/decisions/0043).
  const fetcher = useFetcher<typeof clientAction>()
  // Field errors of the latest refusal: the script-free post's, then each answer to the fetcher.
  const [serverErrors, setServerErrors] = useState<Record<string, string>>(() =>
    failed && !slotTaken ? (failed.kind === 'invalid' ? failed.errors : { _form: failed.message }) : {},
  )
  function submit(payload: Record<string, string | string[]>) {
    // Search params, so several choices go as repeated fields, as the form itself posts them.
    void fetcher.submit(createSearchParams({ ...payload, [VIA_SCRIPT_FIELD]: VIA_SCRIPT }), { method: 'post' })
  }

  useFetcherAnswer(fetcher, (outcome) => {
    if (outcome.kind === 'created') {
      setCreated(outcome.booking)
      setStep('created')
      toast({ title: t('booking.toast.createdTitle'), description: t('booking.toast.createdText') })
      void loadMonth(month, true)
      return
    }
    toast({ title: t('booking.toast.failedTitle'), description: outcomeMessage(outcome.message), variant: 'destructive' })
    if (outcome.kind === 'invalid') setServerErrors(outcome.errors)
    if (outcome.kind === 'conflict' && selectedDate) {
      // Somebody else took the slot: show the calendar again with fresh availability.
      void loadMonth(selectedDate.slice(0, 7), true).then(() => {
        setSelectedTime(null)
        setStep('calendar')
      })
    }
  })

  return (
    <main id="main">
      <PageBanner eyebrow={t('booking.banner.eyebrow')} title={t('booking.banner.title')}>
        <p>{t('booking.banner.lead')}</p>
      </PageBanner>

      <div className="mx-auto max-w-5xl px-4 py-10 sm:py-14">
        <ol className="mb-8 flex flex-wrap gap-x-4 gap-y-2 text-sm font-semibold sm:gap-x-6" aria-label={t('booking.steps.label')}>
          {(['calendar', 'details', 'created'] as const).map((s, i) => (
            <li key={s} aria-current={step === s ? 'step' : undefined} className={`whitespace-nowrap ${step === s ? 'text-blossom-700' : 'text-slate-600'}`}>
              {i + 1}. {t(s === 'calendar' ? 'booking.steps.calendar' : s === 'details' ? 'booking.steps.details' : 'booking.steps.payment')}
            </li>
          ))}
        </ol>

        {step === 'calendar' ? (
          <section aria-labelledby="step-title">
            <h2 id="step-title" ref={headingRef} tabIndex={-1} className="text-2xl font-bold text-brand-900 sm:text-3xl">
              {t('booking.calendar.title')}
            </h2>
            {slotTaken ? (
              <p role="alert" className="mt-3 rounded-lg border border-red-700 bg-white px-4 py-3 font-semibold text-red-800">
                {failed.message}
              </p>
            ) : null}
            <p className="mt-3 rounded-lg bg-blossom-100 px-4 py-3 font-semibold text-blossom-700">
              {t('booking.calendar.rules', { max: MAX_GROUP })}
            </p>
            <noscript>
              <p className="mt-4 rounded-lg border border-slate-400 bg-white px-4 py-3 text-slate-800">
                {t('booking.calendar.noscript')}
              </p>
            </noscript>
            <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem]">
              <div>
                <form method="get" aria-label={t('booking.calendar.formLabel')}>
                  <MonthCalendar
                    month={month}
                    onMonthChange={setMonth}
                    days={days}
                    loading={loadingMonth === month && !byMonth[month]}
                    window={window}
                    selectedDate={selectedDate}
                    onSelect={chooseDate}
                    waitlist
                  />
                </form>
                {selectedDay ? (
                  <form
                    method="get"
                    onSubmit={(e) => {
                      e.preventDefault()
                      continueToDetails()
                    }}
                  >
                    <input type="hidden" name="date" value={selectedDay.date} />
                    <input type="hidden" name="step" value="details" />
                    <SlotPicker day={selectedDay} value={selectedTime} onChange={setSelectedTime} waitlist />
                    <noscript>
                      <button
                        type="submit"
                        className={clsx(buttonVariants(), 'mt-4')}
                      >
                        {t('booking.continue')}
                      </button>
                    </noscript>
                  </form>
                ) : null}
              </div>
              <div className="grid h-fit gap-6">
                {selectedDate && selectedSlot ? (
                  <div className="rounded-2xl border-2 border-brand-800 bg-brand-50 p-5" aria-live="polite">
                    <h3 className="text-lg font-bold text-brand-900">{t('booking.selected')}</h3>
                    <p className="mt-2 text-slate-800">{formatLongDate(selectedDate, locale)}</p>
                    <p className="text-slate-800">
                      <ChosenSlotTime {...selectedSlot} />
                    </p>
                    <button
                      type="button"
                      onClick={continueToDetails}
                      className={clsx(buttonVariants(), 'mt-4 w-full')}
                    >
                      {t('booking.continue')}
                    </button>
                  </div>
                ) : (
                  <p className="rounded-2xl border border-dashed border-slate-400 p-5 text-slate-700" aria-live="polite">
                    {t(selectedDate ? 'booking.chooseTime' : 'booking.chooseDay')}
                  </p>
                )}
                <div>
                  <h3 className="font-bold text-brand-900">{t('booking.questions.title')}</h3>
                  <p className="mt-1 text-slate-700">{t('booking.questions.text')}</p>
                  <div className="mt-3">
                    <ContactLinks message={t('booking.questions.message')} subject={t('booking.questions.subject')} />
                  </div>
                </div>
              </div>
            </div>
          </section>
        ) : null}

        {step === 'details' && selectedDate && selectedTime ? (
          <section aria-labelledby="step-title">
            <h2 id="step-title" ref={headingRef} tabIndex={-1} className="mb-6 text-2xl font-bold text-brand-900 sm:text-3xl">
              {t('booking.details.title')}
            </h2>
            <DetailsStep
              tourDate={selectedDate}
              tourTime={selectedTime}
              startTime={selectedSlot?.startTime ?? ''}
              startsAt={selectedSlot?.startsAt ?? ''}
              packages={packages}
              values={values}
              onValuesChange={setValues}
              onBack={() => setStep('calendar')}
              onSubmit={submit}
              pending={fetcher.state !== 'idle'}
              serverErrors={serverErrors}
              meeting={loaderData.meeting}
              questions={loaderData.questions}
              answers={answers}
              onAnswersChange={setAnswers}
            />
          </section>
        ) : null}

        {step === 'created' && created ? (
          <section aria-labelledby="step-title" className="mx-auto max-w-2xl text-center">
            {/* A hold, not yet a booking (docs/decisions/0072): no success mark until it is paid. */}
            <span className="mx-auto flex size-16 items-center justify-center rounded-full bg-amber-100 text-amber-800">
              <ClockIcon className="size-9" />
            </span>
            <h2 id="step-title" ref={headingRef} tabIndex={-1} className="mt-4 text-2xl font-bold text-brand-900 sm:text-3xl">
              {t('booking.created.title')}
            </h2>
            <p className="mt-3 text-slate-800">
              <T
                id="booking.created.text"
                values={{
                  reference: created.reference,
                  date: formatLongDate(created.tourDate, locale),
                  slot: locale === 'en' ? t(SLOT_MESSAGE_IDS[created.tourTime]).toLowerCase() : t(SLOT_MESSAGE_IDS[created.tourTime]),
                  deadline: created.holdExpiresAt ? formatJapanDateTime(new Date(created.holdExpiresAt), locale) : '',
                }}
                components={{ 0: <strong className="font-mono" /> }}
              />
            </p>
            {created.voucherAmount > 0 ? (
              <p className="mt-3 font-semibold text-brand-900">{t('booking.created.voucher', { voucher: formatYen(created.voucherAmount), total: formatYen(created.totalPrice) })}</p>
            ) : null}
            {created.promoCode && created.discount > 0 ? (
              <p className="mt-3 font-semibold text-brand-900">
                {t('booking.created.discount', { code: created.promoCode, discount: formatYen(created.discount), total: formatYen(created.totalPrice) })}
              </p>
            ) : null}
            <div className="mt-6 flex flex-col items-center gap-3 sm:flex-row sm:justify-center">
              <Link to={path(`/checkout/${created.reference}`)} className={buttonVariants()}>
                {t('booking.created.pay')}
              </Link>
              <Link to={path(`/booking-confirmation/${created.reference}`)} className={buttonVariants({ variant: 'secondary' })}>
                {t('booking.created.view')}
              </Link>
            </div>
            <p className="mt-6">
              <Link to={path('/')} className="font-semibold text-brand-700 underline">
                {t('booking.created.home')}
              </Link>
            </p>
          </section>
        ) : null}
      </div>
    </main>
  )
}
