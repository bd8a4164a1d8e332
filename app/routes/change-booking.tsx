import { CalledOffNotice } from '../components/booking/called-off-notice.tsx'
import { useState } from 'react'
import { Form, Link, useNavigation, useSearchParams } from 'react-router'
import type { Route } from './+types/change-booking'
import { formatLongDate } from '../../core/dates.ts'
import { formatYen } from '../../core/money.ts'
import { MAX_GROUP } from '../../core/pricing.ts'
import { packageFitsSlot, type TourTime } from '../../core/slots.ts'
import { localeFromPath } from '../../core/i18n/locales.ts'
import { useLocale, useLocalePath, useT } from '../i18n/i18n.tsx'
import { metaTranslator } from '../i18n/translator.ts'
import { PRIVATE_FORM_PAGE_HEADERS } from '../lib/private-page.ts'
import { PageBanner } from '../components/site/page-banner.tsx'
import { slotAtJapanTime } from '../components/site/your-time.tsx'
import { ContactLinks } from '../components/booking/contact-links.tsx'
import { MonthCalendar } from '../components/booking/month-calendar.tsx'
import { SlotPicker } from '../components/booking/slot-picker.tsx'
import { BookingNotFound } from '../components/booking/booking-states.tsx'
import { Field, Select } from '../components/ui/field.tsx'
import { buttonVariants } from '../components/ui/button.tsx'
import { handleChangeAction, loadChangePage, type ChangeOutcome } from '../components/booking/change-page.server.ts'
import type { PublicBooking } from '../components/booking/types.ts'

export const meta: Route.MetaFunction = ({ matches, location }) => [
  { title: `${metaTranslator(localeFromPath(location.pathname), matches)('change.meta.title')} | Joetsu Local Tours` },
  // A guest's booking: never indexed.
  { name: 'robots', content: 'noindex' },
]

export const headers: Route.HeadersFunction = () => PRIVATE_FORM_PAGE_HEADERS

/**
 * /booking-confirmation/{reference}/change (docs/decisions/0055): the guest moves their
 * booking to another date, slot, tour or group size. Every step is a plain form (the calendar and
 * the choice are GET forms, the confirmation a POST to the action), so the page works without
 * JavaScript; the server checks the rules, prices the change and makes it
 * (app/components/booking/change-page.server.ts).
 *
 * ?date=, ?tourTime=, ?tourPackageId=, ?numberOfPeople= carry the choice; ?step=review asks for
 * the review.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  return loadChangePage(request, context, params.reference)
}

export async function action({ params, request, context }: Route.ActionArgs) {
  return handleChangeAction(request, context, params.reference)
}

export default function ChangeBookingPage({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT()
  const outcome = actionData as ChangeOutcome | undefined
  return (
    <main id="main">
      <PageBanner eyebrow={loaderData.booking ? t('change.banner.eyebrow', { reference: loaderData.booking.reference }) : t('change.meta.title')} title={t('change.banner.title')} />
      <div className="mx-auto grid max-w-5xl gap-8 px-4 py-10 sm:py-14">
        {!('refusal' in loaderData) ? (
          <BookingNotFound />
        ) : outcome?.kind === 'changed' ? (
          <Changed reference={loaderData.booking.reference} outcome={outcome} />
        ) : outcome?.kind === 'refunded' ? (
          <Refunded outcome={outcome} />
        ) : (
          <>
            <CurrentBooking booking={loaderData.booking} startTime={loaderData.current.startTime} />
            {loaderData.offer ? <CalledOff tourDate={loaderData.booking.tourDate} offer={loaderData.offer} /> : null}
            {loaderData.chooser ? (
              <Chooser page={loaderData} chooser={loaderData.chooser} refused={outcome?.kind === 'refused' ? outcome.message : null} />
            ) : (
              <Refused reference={loaderData.booking.reference} reason={loaderData.refusal} />
            )}
            <BackLink reference={loaderData.booking.reference} />
          </>
        )}
      </div>
    </main>
  )
}

type Page = Extract<Route.ComponentProps['loaderData'], { refusal: unknown }>
type ChooserData = NonNullable<Page['chooser']>
type Day = ChooserData['dates'][number]

function CurrentBooking({ booking, startTime }: { booking: PublicBooking; startTime: string }) {
  const t = useT()
  const locale = useLocale()
  return (
    <section aria-labelledby="now-title" className="rounded-2xl border border-slate-200 bg-white p-5">
      <h2 id="now-title" className="text-lg font-bold text-brand-900">
        {t('change.now.title')}
      </h2>
      <p className="mt-2 text-slate-800">
        {formatLongDate(booking.tourDate, locale)} · {slotAtJapanTime(t, locale, booking.tourTime, startTime)}
      </p>
      <p className="text-slate-800">
        {booking.tourPackage?.name ?? t('checkout.row.customTour')} · {t('checkout.summary.people', { count: booking.numberOfPeople })} · {formatYen(booking.totalPrice)}
      </p>
    </section>
  )
}

function BackLink({ reference }: { reference: string }) {
  const t = useT()
  const path = useLocalePath()
  return (
    <p>
      <Link to={path(`/booking-confirmation/${reference}`)} className="font-semibold text-brand-700 underline">
        {t('change.back')}
      </Link>
    </p>
  )
}

function ContactUs({ reference }: { reference: string }) {
  const t = useT()
  return <ContactLinks message={t('change.contact.message', { reference })} subject={t('change.contact.subject', { reference })} />
}

/** Why this booking cannot be changed online (too late, too often, cancelled), and how to reach the guide instead. */
function Refused({ reference, reason }: { reference: string; reason: string }) {
  const t = useT()
  return (
    <section aria-labelledby="refused-title" className="rounded-2xl border border-slate-300 bg-slate-50 p-5">
      <h2 id="refused-title" className="text-xl font-bold text-slate-900">
        {t('change.refused.title')}
      </h2>
      <p className="mt-2 text-slate-800">{reason}</p>
      <div className="mt-4">
        <ContactUs reference={reference} />
      </div>
    </section>
  )
}

function Chooser({ page, chooser, refused }: { page: Page; chooser: ChooserData; refused: string | null }) {
  const t = useT()
  const locale = useLocale()
  const [, setParams] = useSearchParams()
  const navigation = useNavigation()
  const days = new Map(chooser.dates.map((day) => [day.date, day]))
  const selectedDay = chooser.choice.date ? days.get(chooser.choice.date) : undefined
  const go = (next: Record<string, string>) => setParams(new URLSearchParams(next), { preventScrollReset: true })
  const problem = refused ?? chooser.problem
  return (
    <>
      {page.offer ? null : <p className="text-slate-800">{t('change.intro', { deadline: formatLongDate(page.deadline, locale), count: page.changesLeft })}</p>}
      {problem ? (
        <div role="alert" className="rounded-lg border border-red-700 bg-white px-4 py-3 text-red-800">
          <p className="font-semibold">{problem}</p>
          <div className="mt-3">
            <ContactUs reference={page.booking.reference} />
          </div>
        </div>
      ) : null}
      {chooser.review ? (
        <Review page={page} chooser={chooser} review={chooser.review} busy={navigation.state === 'submitting'} />
      ) : (
        <section aria-labelledby="date-title" className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
          <div>
            <h2 id="date-title" className="text-2xl font-bold text-brand-900">
              {t('change.date.title')}
            </h2>
            <Form method="get" aria-label={t('change.date.formLabel')} preventScrollReset className="mt-4">
              <MonthCalendar
                month={chooser.month}
                onMonthChange={(month) => go({ month })}
                days={days}
                loading={navigation.state === 'loading'}
                window={chooser.window}
                selectedDate={chooser.choice.date}
                onSelect={(date) => go({ date })}
                calledOff={page.offer?.date ?? null}
              />
            </Form>
          </div>
          {selectedDay ? (
            <ChoiceForm page={page} chooser={chooser} day={selectedDay} key={selectedDay.date} />
          ) : (
            <p className="h-fit rounded-2xl border border-dashed border-slate-400 p-5 text-slate-700">{t('booking.chooseDay')}</p>
          )}
        </section>
      )}
    </>
  )
}

/** The slot, the tour and the group on the chosen date; a GET form to the review. */
function ChoiceForm({ page, chooser, day }: { page: Page; chooser: ChooserData; day: Day }) {
  const t = useT()
  const keepsSlot = day.slots.some((s) => s.tourTime === page.booking.tourTime && s.available)
  const [tourTime, setTourTime] = useState<TourTime | null>(chooser.choice.tourTime ?? (keepsSlot ? page.booking.tourTime : null))
  const [tourPackageId, setTourPackageId] = useState(chooser.choice.tourPackageId)
  const fitting = chooser.packages.filter((p) => !tourTime || packageFitsSlot(p.isHalfDay, tourTime))
  // A tour that does not fit the chosen slot gives way to one that does.
  const packageValue = fitting.some((p) => String(p.id) === tourPackageId) ? tourPackageId : String(fitting[0]?.id ?? '')
  return (
    <Form method="get" preventScrollReset className="grid h-fit gap-4 rounded-2xl border-2 border-brand-800 bg-brand-50 p-5">
      <input type="hidden" name="date" value={day.date} />
      <input type="hidden" name="step" value="review" />
      <SlotPicker day={day} value={tourTime} onChange={setTourTime} />
      <Field tone="public" id="change-tour" name="tourPackageId" label={t('change.choice.tour')} hint={t('change.choice.tourHint')}>
        <Select value={packageValue} onChange={(e) => setTourPackageId(e.target.value)}>
          {fitting.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </Select>
      </Field>
      <Field tone="public" id="change-people" name="numberOfPeople" label={t('change.choice.people')}>
        <Select defaultValue={chooser.choice.numberOfPeople}>
          {Array.from({ length: MAX_GROUP }, (_, i) => i + 1).map((n) => (
            <option key={n} value={n}>
              {t('checkout.summary.people', { count: n })}
            </option>
          ))}
        </Select>
      </Field>
      <button type="submit" className={buttonVariants()}>
        {t('change.choice.review')}
      </button>
    </Form>
  )
}

/** What the change does, and the POST that makes it. */
function Review({ page, chooser, review, busy }: { page: Page; chooser: ChooserData; review: NonNullable<ChooserData['review']>; busy: boolean }) {
  const t = useT()
  const locale = useLocale()
  const choice = chooser.choice as { date: string; tourTime: TourTime; tourPackageId: string; numberOfPeople: string }
  const pkg = chooser.packages.find((p) => String(p.id) === choice.tourPackageId)
  const priceText =
    review.charge > 0
      ? t('change.review.dearer', { amount: formatYen(review.newTotal), difference: formatYen(review.charge), minutes: review.holdMinutes })
      : review.refund > 0
      ? t('change.review.refund', { amount: formatYen(review.newTotal), difference: formatYen(review.refund) })
      : review.newTotal === page.booking.totalPrice
        ? t('change.review.samePrice', { amount: formatYen(review.newTotal) })
        : t('change.review.unpaidPrice', { amount: formatYen(review.newTotal) })
  const again = new URLSearchParams({ date: choice.date, tourTime: choice.tourTime, tourPackageId: choice.tourPackageId, numberOfPeople: choice.numberOfPeople })
  return (
    <section aria-labelledby="review-title" className="grid gap-4">
      <h2 id="review-title" className="text-2xl font-bold text-brand-900">
        {t('change.review.title')}
      </h2>
      <div className="rounded-2xl border-2 border-brand-800 bg-brand-50 p-5">
        <h3 className="text-lg font-bold text-brand-900">{t('change.review.new')}</h3>
        <p className="mt-2 text-slate-800">
          {formatLongDate(choice.date, locale)} · {slotAtJapanTime(t, locale, choice.tourTime, review.start.startTime)}
        </p>
        <p className="text-slate-800">
          {pkg?.name} · {t('checkout.summary.people', { count: Number(choice.numberOfPeople) })}
        </p>
        <p className="mt-3 font-semibold text-brand-900">{priceText}</p>
        {review.voucherBack > 0 ? <p className="mt-1 text-slate-800">{t('change.review.voucherBack', { amount: formatYen(review.voucherBack) })}</p> : null}
      </div>
      <Form method="post" className="flex flex-col gap-3 sm:flex-row">
        <input type="hidden" name="tourDate" value={choice.date} />
        <input type="hidden" name="tourTime" value={choice.tourTime} />
        <input type="hidden" name="tourPackageId" value={choice.tourPackageId} />
        <input type="hidden" name="numberOfPeople" value={choice.numberOfPeople} />
        <button type="submit" className={buttonVariants()} disabled={busy}>
          {review.charge > 0 ? t('change.review.pay', { amount: formatYen(review.charge) }) : t('change.review.confirm')}
        </button>
        <Link to={`?${again}`} preventScrollReset className={buttonVariants({ variant: 'secondary' })}>
          {t('change.review.again')}
        </Link>
      </Form>
    </section>
  )
}

/** A called-off day's notice with its one-tap answer, the full refund; the other answer is the chooser below it. */
function CalledOff({ tourDate, offer }: { tourDate: string; offer: NonNullable<Page['offer']> }) {
  const t = useT()
  const navigation = useNavigation()
  return (
    <CalledOffNotice tourDate={tourDate} calledOff={offer}>
      <Form method="post">
        <input type="hidden" name="intent" value="refund" />
        <button type="submit" className={buttonVariants({ variant: 'secondary' })} disabled={navigation.state === 'submitting'}>
          {t(offer.paid ? 'change.disrupted.refund' : 'change.disrupted.cancel')}
        </button>
      </Form>
    </CalledOffNotice>
  )
}

function Refunded({ outcome }: { outcome: Extract<ChangeOutcome, { kind: 'refunded' }> }) {
  const t = useT()
  const path = useLocalePath()
  return (
    <section aria-labelledby="refunded-title" className="rounded-2xl border border-slate-300 bg-white p-5">
      <h2 id="refunded-title" className="text-2xl font-bold text-brand-900">
        {t('change.refundDone.title')}
      </h2>
      <p className="mt-2 text-slate-800">
        {outcome.refund.status === 'failed'
          ? t('change.done.refundFailed')
          : outcome.refund.amount > 0
            ? t('change.refundDone.text', { amount: formatYen(outcome.refund.amount) })
            : t('change.refundDone.nothing')}
      </p>
      <p className="mt-4">
        <Link to={path('/booking')} className={buttonVariants()}>
          {t('booking.cancelled.bookAgain')}
        </Link>
      </p>
    </section>
  )
}

function Changed({ reference, outcome }: { reference: string; outcome: Extract<ChangeOutcome, { kind: 'changed' }> }) {
  const t = useT()
  const path = useLocalePath()
  const refund =
    outcome.refund.status === 'failed' ? t('change.done.refundFailed') : outcome.refund.amount > 0 ? t('change.done.refund', { amount: formatYen(outcome.refund.amount) }) : null
  return (
    <section aria-labelledby="done-title" className="rounded-2xl border-2 border-field-600 bg-white p-5">
      <h2 id="done-title" className="text-2xl font-bold text-brand-900">
        {t('change.done.title')}
      </h2>
      <p className="mt-2 text-slate-800">{t('change.done.text')}</p>
      {refund ? <p className="mt-2 text-slate-800">{refund}</p> : null}
      {outcome.voucherBack > 0 ? <p className="mt-2 text-slate-800">{t('checkout.voucherBack', { amount: formatYen(outcome.voucherBack) })}</p> : null}
      <p className="mt-4">
        <Link to={path(`/booking-confirmation/${reference}`)} className={buttonVariants()}>
          {t('change.done.view')}
        </Link>
      </p>
    </section>
  )
}
