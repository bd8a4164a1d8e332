import { PICKUP, type MeetingPlace } from '../../../core/meeting-points.ts'
import type { TourTime } from '../../../core/slots.ts'
import { useT } from '../../i18n/i18n.tsx'
import { Field } from '../ui/field.tsx'
import { MapLinks } from './map-links.tsx'

/** What the booking page's loader offers (server/services/trip.ts MeetingOptions). */
export type MeetingOffer = { points: MeetingPlace[]; pickupEnabled: boolean; defaults: Record<TourTime, number | null> }

/** The slot's usual place: the guide's default while it is offered, else the first listed (core/meeting-points.ts). */
export function usualPointId(offer: MeetingOffer, tourTime: TourTime): string {
  const id = offer.defaults[tourTime]
  return String(offer.points.find((p) => p.id === id)?.id ?? offer.points[0]?.id ?? '')
}

/**
 * "Where shall we meet?" (docs/decisions/0052): the guide's places, the slot's usual one chosen
 * at first, and "pick me up at my hotel" with the hotel's name while the guide offers pickup.
 * The hotel field shows while pickup is ticked by CSS alone (.meeting-choices in app.css), so the
 * script-free form works the same.
 */
export function MeetingPointFields({
  offer,
  tourTime,
  value,
  hotel,
  onChange,
  onHotelChange,
  errors,
}: {
  offer: MeetingOffer
  tourTime: TourTime
  /** The chosen point's id or 'pickup'; '' means the usual place. */
  value: string
  hotel: string
  onChange: (value: string) => void
  onHotelChange: (hotel: string) => void
  errors: { meetingPoint?: string; pickupHotel?: string }
}) {
  const t = useT()
  if (offer.points.length === 0 && !offer.pickupEnabled) return null
  const usual = usualPointId(offer, tourTime)
  const chosen = value || usual
  return (
    <fieldset className="meeting-choices grid gap-3" aria-describedby={errors.meetingPoint ? 'meetingPoint-error meeting-hint' : 'meeting-hint'}>
      <legend className="font-semibold text-brand-900">{t('booking.form.meeting.legend')}</legend>
      <p id="meeting-hint" className="-mt-1 text-sm text-slate-700">
        {t('booking.form.meeting.hint')}
      </p>
      {offer.points.map((point) => {
        const id = `meeting-${point.id}`
        return (
          <div key={point.id} className="rounded-lg border border-slate-300 bg-white p-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50">
            <div className="flex items-start gap-3">
              <input
                id={id}
                type="radio"
                name="meetingPoint"
                value={String(point.id)}
                checked={chosen === String(point.id)}
                onChange={() => onChange(String(point.id))}
                className="mt-1 size-5 shrink-0 accent-brand-700"
                aria-describedby={`${id}-where`}
              />
              <label htmlFor={id} className="grid gap-0.5">
                <span className="font-semibold text-slate-900">
                  <span lang={point.nameLang}>{point.name}</span>
                  {String(point.id) === usual ? <span className="ml-2 text-sm font-normal text-slate-700">{t('common.aside', { text: t('booking.form.meeting.usual') })}</span> : null}
                </span>
                <span id={`${id}-where`} className="text-sm text-slate-700">
                  <span lang={point.addressLang}>{point.address}</span>
                  {point.instructions ? (
                    <>
                      {' · '}
                      <span lang={point.instructionsLang}>{point.instructions}</span>
                    </>
                  ) : null}
                </span>
              </label>
            </div>
            <MapLinks place={point} className="mt-2 pl-8 text-sm" />
          </div>
        )
      })}
      {offer.pickupEnabled ? (
        <div className="rounded-lg border border-slate-300 bg-white p-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50">
          <div className="flex items-start gap-3">
            <input
              id="meeting-pickup"
              type="radio"
              name="meetingPoint"
              value={PICKUP}
              checked={chosen === PICKUP}
              onChange={() => onChange(PICKUP)}
              className="mt-1 size-5 shrink-0 accent-brand-700"
            />
            <label htmlFor="meeting-pickup" className="font-semibold text-slate-900">
              {t('booking.form.meeting.pickup')}
            </label>
          </div>
          <div className="meeting-hotel mt-3 pl-8">
            <Field tone="public" label={t('booking.form.meeting.hotel')} name="pickupHotel" error={errors.pickupHotel} hint={t('booking.form.meeting.hotelHint')}>
              {(props) => <input {...props} type="text" autoComplete="off" value={hotel} onChange={(e) => onHotelChange(e.target.value)} />}
            </Field>
          </div>
        </div>
      ) : null}
      {errors.meetingPoint ? (
        <p id="meetingPoint-error" className="text-sm font-semibold text-red-800">
          {errors.meetingPoint}
        </p>
      ) : null}
    </fieldset>
  )
}
