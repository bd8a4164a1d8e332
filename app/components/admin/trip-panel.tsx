import { Link } from 'react-router'
import { offeredPoints, type MeetingPoint, type MeetingSettings } from '../../../core/meeting-points.ts'
import { TRIP_SEASONS, WHAT_TO_BRING_MAX, type TripSeason, type WhatToBring } from '../../../core/what-to-bring.ts'
import { shownWhatToBring } from '../../../core/what-to-bring-edit.ts'
import type { Locale } from '../../../core/i18n/locales.ts'
import { TRANSLATED_LOCALES } from '../../../core/schemas/translations.ts'
import { TOUR_TIMES } from '../../../core/slots.ts'
import type { MessageId } from '../../../core/i18n/message-id.ts'
import { useLocale, useT } from '../../i18n/i18n.tsx'
import { AdminForm, RowAction } from './admin-form.tsx'
import { MoveButtons } from './move-buttons.tsx'
import { LanguageChooser } from './language-chooser.tsx'
import { useAddressWith, useOpenedByAddress } from './use-address-with.ts'
import { Badge } from '../ui/badge.tsx'
import { Button, buttonVariants } from '../ui/button.tsx'
import { Field, Input, Select, Textarea } from '../ui/field.tsx'
import { SLOT_LABELS } from './slot-names.ts'

/** The address's parameters: which language's seasonal texts the form edits, and which meeting point's form is open. */
export const WHAT_TO_BRING_LANGUAGE_PARAM = 'bring'
export const MEETING_POINT_PARAM = 'point'

type PhotoChoice = { id: number; alt: string }

/** What the Settings loader sends for the trip's panels. */
export type TripData = {
  points: MeetingPoint[]
  settings: MeetingSettings & { whatToBring: WhatToBring }
  bringLocale: Locale
  shippedWhatToBring: Record<TripSeason, string>
  photos: PhotoChoice[]
  editing: string | null
}

const panel = 'rounded-lg border border-slate-200 bg-white p-4'

const SEASON_NAMES: Record<TripSeason, MessageId> = {
  winter: 'adminSettings.trip.seasonWinter',
  spring: 'adminSettings.trip.seasonSpring',
  rainy: 'adminSettings.trip.seasonRainy',
  summer: 'adminSettings.trip.seasonSummer',
  autumn: 'adminSettings.trip.seasonAutumn',
}

/**
 * Settings → the trip (docs/decisions/0052): where guests meet the guide, whether the guide picks
 * them up at their hotel, each slot's usual place, and what to bring in each season. Everything
 * saves through the Settings action (docs/decisions/0088, app/components/admin/trip-actions.server.ts),
 * with script or without: a meeting point's form opens by a link, and the seasonal texts are
 * edited in the language the address names.
 */
export function TripPanels({ data }: { data: TripData }) {
  const t = useT()
  return (
    <>
      <section aria-labelledby="meeting-points-heading" className={panel}>
        <h2 id="meeting-points-heading" className="text-lg font-semibold text-slate-900">
          {t('adminSettings.trip.meetingPoints')}
        </h2>
        <p className="mb-3 text-sm text-slate-700">{t('adminSettings.trip.meetingPointsLead')}</p>
        <MeetingPointList points={data.points} photos={data.photos} editing={data.editing} />
      </section>
      <section aria-labelledby="pickup-heading" className={panel}>
        <h2 id="pickup-heading" className="text-lg font-semibold text-slate-900">
          {t('adminSettings.trip.settingsTitle')}
        </h2>
        <TripSettingsForm data={data} />
      </section>
    </>
  )
}

function MeetingPointList({ points, photos, editing }: { points: MeetingPoint[]; photos: PhotoChoice[]; editing: string | null }) {
  const t = useT()
  const addressWith = useAddressWith()
  const linkClass = buttonVariants({ size: 'sm', variant: 'plain' })

  return (
    <div className="grid gap-3">
      <ul className="grid gap-2">
        {points.map((point, index) => (
          <li key={point.id} className="rounded-md border border-slate-200 p-3">
            {editing === String(point.id) ? (
              <MeetingPointForm point={point} photos={photos} />
            ) : (
              <div className="grid gap-2">
                <p className="font-medium text-slate-900">
                  {point.name} {point.active ? null : <Badge tone="cancelled">{t('adminSettings.trip.notOffered')}</Badge>}
                </p>
                <p className="text-sm text-slate-700">
                  {point.address} · <span lang="ja">{point.addressJa}</span>
                </p>
                <div className="flex flex-wrap gap-2">
                  <Link to={addressWith(MEETING_POINT_PARAM, String(point.id))} preventScrollReset className={linkClass} aria-label={t('adminSettings.trip.editNamed', { name: point.name })}>
                    {t('adminSettings.trip.edit')}
                  </Link>
                  <MoveButtons
                    intent="movePoint"
                    rowId={point.id}
                    index={index}
                    count={points.length}
                    failTitle={t('adminSettings.trip.moveFailed')}
                    words={{
                      up: t('adminSettings.trip.up'),
                      down: t('adminSettings.trip.down'),
                      upNamed: t('adminSettings.trip.moveUpNamed', { name: point.name }),
                      downNamed: t('adminSettings.trip.moveDownNamed', { name: point.name }),
                    }}
                  />
                  <RowAction<MeetingPoint>
                    intent="pointOffered"
                    rowId={point.id}
                    fields={{ active: String(!point.active) }}
                    // From the answer, not from the row: the toast may be told after the page has reloaded it.
                    successTitle={(saved) => t(saved.active ? 'adminSettings.trip.offeredAgain' : 'adminSettings.trip.noLongerOffered')}
                    successText={(saved) => t(saved.active ? 'adminSettings.trip.offeredAgainText' : 'adminSettings.trip.noLongerOfferedText', { name: saved.name })}
                    failTitle={t(point.active ? 'adminSettings.trip.stopOfferingFailed' : 'adminSettings.trip.offerFailed')}
                    size="sm"
                    variant={point.active ? 'quietDanger' : 'plain'}
                  >
                    {t(point.active ? 'adminSettings.trip.stopOffering' : 'adminSettings.trip.offerAgain', { name: point.name })}
                  </RowAction>
                </div>
              </div>
            )}
          </li>
        ))}
      </ul>
      {editing === 'new' ? (
        <div className="rounded-md border border-slate-200 p-3">
          <MeetingPointForm photos={photos} />
        </div>
      ) : (
        <Link to={addressWith(MEETING_POINT_PARAM, 'new')} preventScrollReset className={`${buttonVariants({ size: 'md', variant: 'brand' })} justify-self-start`}>
          {t('adminSettings.trip.addPoint')}
        </Link>
      )}
    </div>
  )
}

const TEXT_FIELDS = [
  ['name', 'adminSettings.trip.pointName', 'adminSettings.trip.pointNameHint'],
  ['address', 'adminSettings.trip.pointAddress', 'adminSettings.trip.pointAddressHint'],
  ['addressJa', 'adminSettings.trip.pointAddressJa', 'adminSettings.trip.pointAddressJaHint'],
  ['latitude', 'adminSettings.trip.pointLatitude', 'adminSettings.trip.pointLatitudeHint'],
  ['longitude', 'adminSettings.trip.pointLongitude', 'adminSettings.trip.pointLongitudeHint'],
] as const satisfies readonly (readonly [string, MessageId, MessageId])[]

function MeetingPointForm({ point, photos }: { point?: MeetingPoint; photos: PhotoChoice[] }) {
  const t = useT()
  const adminLocale = useLocale()
  const prefix = `meeting-point-${point?.id ?? 'new'}`
  const { close, closeAfterSave } = useOpenedByAddress(MEETING_POINT_PARAM)

  return (
    <AdminForm
      intent={point ? 'updatePoint' : 'addPoint'}
      formId={prefix}
      successTitle={t(point ? 'adminSettings.trip.pointSaved' : 'adminSettings.trip.pointAdded')}
      successText={t('adminSettings.trip.pointSavedText')}
      failTitle={t('adminSettings.trip.pointSaveFailed')}
      onSaved={closeAfterSave}
      className="grid gap-3"
      aria-label={point ? t('adminSettings.trip.editNamed', { name: point.name }) : t('adminSettings.trip.newPoint')}
    >
      {({ errors, busy }) => (
        <>
          {point ? <input type="hidden" name="id" value={point.id} /> : null}
          {TEXT_FIELDS.map(([key, label, hint]) => (
            <Field key={key} id={`${prefix}-${key}`} name={key} label={t(label)} hint={t(hint)} error={errors[key]}>
              <Input defaultValue={point ? String(point[key]) : ''} inputMode={key === 'latitude' || key === 'longitude' ? 'decimal' : undefined} lang={key === 'addressJa' ? 'ja' : undefined} />
            </Field>
          ))}
          <Field id={`${prefix}-instructions`} name="instructions" label={t('adminSettings.trip.directions')} hint={t('adminSettings.trip.directionsHint')} error={errors.instructions}>
            <Textarea defaultValue={point?.instructions ?? ''} rows={3} maxLength={600} />
          </Field>
          <Field id={`${prefix}-photo`} name="photoMediaId" label={t('adminSettings.trip.photo')} hint={t('adminSettings.trip.photoHint')} error={errors.photoMediaId}>
            <Select defaultValue={point?.photoMediaId ? String(point.photoMediaId) : ''}>
              <option value="">{t('adminSettings.trip.noPhoto')}</option>
              {photos.map((photo) => (
                <option key={photo.id} value={String(photo.id)}>
                  {photo.alt}
                </option>
              ))}
            </Select>
          </Field>
          <details className="rounded-md border border-slate-200 p-3">
            <summary className="cursor-pointer text-sm font-medium text-slate-900">{t('adminSettings.trip.otherLanguages')}</summary>
            <p className="mt-2 text-xs text-slate-600">{t('adminSettings.trip.otherLanguagesLead')}</p>
            <div className="mt-2 grid gap-3">
              {TRANSLATED_LOCALES.map(({ code, nativeName }) => (
                <fieldset key={code} className="grid gap-2" lang={code}>
                  <legend className="text-sm font-medium text-slate-900" lang={adminLocale}>
                    {t('adminSettings.trip.languageHeading', { language: nativeName, code })}
                  </legend>
                  <Field id={`${prefix}-name-${code}`} name={`name-${code}`} label={<span lang={adminLocale}>{t('adminSettings.trip.nameIn', { code })}</span>} error={errors[`translations.${code}.name`]}>
                    <Input defaultValue={point?.translations[code]?.name ?? ''} />
                  </Field>
                  {code === 'ja' ? null : (
                    <Field id={`${prefix}-address-${code}`} name={`address-${code}`} label={<span lang={adminLocale}>{t('adminSettings.trip.addressIn', { code })}</span>} hint={<span lang={adminLocale}>{t('adminSettings.trip.addressInHint')}</span>} error={errors[`translations.${code}.address`]}>
                      <Input defaultValue={point?.translations[code]?.address ?? ''} />
                    </Field>
                  )}
                  <Field id={`${prefix}-instructions-${code}`} name={`instructions-${code}`} label={<span lang={adminLocale}>{t('adminSettings.trip.directionsIn', { code })}</span>} error={errors[`translations.${code}.instructions`]}>
                    <Textarea defaultValue={point?.translations[code]?.instructions ?? ''} rows={2} />
                  </Field>
                </fieldset>
              ))}
            </div>
          </details>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="md" variant="brand" disabled={busy}>
              {t(point ? 'adminSettings.trip.savePoint' : 'adminSettings.trip.addPointSubmit')}
            </Button>
            <Link to={close} preventScrollReset className={buttonVariants({ size: 'md', variant: 'plain' })}>
              {t('adminSettings.cancel')}
            </Link>
          </div>
        </>
      )}
    </AdminForm>
  )
}

function TripSettingsForm({ data }: { data: TripData }) {
  const t = useT()
  const { settings, points, bringLocale: locale, shippedWhatToBring } = data
  const offered = offeredPoints(points)

  return (
    <div className="grid gap-4">
      <LanguageChooser id="trip-bring-language" param={WHAT_TO_BRING_LANGUAGE_PARAM} value={locale} label={t('adminSettings.trip.language')} hint={t('adminSettings.trip.languageHint')} />
      <AdminForm intent="tripSettings" successTitle={t('adminSettings.trip.settingsSaved')} successText={t('adminSettings.trip.settingsSavedText')} failTitle={t('adminSettings.trip.settingsSaveFailed')}>
        {({ errors, busy }) => (
          // The fields start again from each language and each saved version; the form stays, so its answer is told.
          <div key={`${locale}-${JSON.stringify(settings)}`} className="grid gap-4">
            <input type="hidden" name="locale" value={locale} />
            <div className="flex items-start gap-3">
              <input id="trip-pickup" name="pickupEnabled" type="checkbox" defaultChecked={settings.pickupEnabled} className="mt-0.5 size-5 accent-brand-700" />
              <label htmlFor="trip-pickup" className="text-sm text-slate-900">
                {t('adminSettings.trip.pickup')}
              </label>
            </div>
            <fieldset className="grid gap-2">
              <legend className="text-sm font-medium text-slate-900">{t('adminSettings.trip.usualPoints')}</legend>
              {TOUR_TIMES.map((time) => (
                <Field key={time} id={`trip-default-${time}`} name={`default-${time}`} label={t(SLOT_LABELS[time])} error={errors[`defaults.${time}`] ?? (time === 'morning' ? errors.defaults : undefined)}>
                  <Select defaultValue={String(settings.defaults[time] ?? '')}>
                    <option value="">{t('adminSettings.trip.firstInList')}</option>
                    {offered.map((p) => (
                      <option key={p.id} value={String(p.id)}>
                        {p.name}
                      </option>
                    ))}
                  </Select>
                </Field>
              ))}
            </fieldset>
            <fieldset className="grid gap-2">
              <legend className="text-sm font-medium text-slate-900">{t('adminSettings.trip.whatToBring')}</legend>
              {TRIP_SEASONS.map((season) => (
                <Field key={season} id={`trip-bring-${season}`} name={`bring-${season}`} label={t(SEASON_NAMES[season])} error={errors[`${season}.${locale}`]}>
                  <Textarea lang={locale} defaultValue={shownWhatToBring(settings.whatToBring, locale, season, shippedWhatToBring)} rows={3} maxLength={WHAT_TO_BRING_MAX} />
                </Field>
              ))}
            </fieldset>
            <Button type="submit" size="md" variant="brand" disabled={busy} className="justify-self-start">
              {t('adminSettings.trip.saveSettings')}
            </Button>
          </div>
        )}
      </AdminForm>
    </div>
  )
}
