import { type FormEvent, useState } from 'react'
import type { AsJson, LibraryPhoto } from '../../../server/for-app.ts'
import { useFieldErrors } from '../../i18n/refusals.ts'
import { offeredPoints, type MeetingPoint, type MeetingSettings } from '../../../core/meeting-points.ts'
import { meetingPointSchema } from '../../../core/schemas/meeting-point.ts'
import { TRIP_SEASONS, WHAT_TO_BRING_MAX, whatToBringSchema, type TripSeason, type WhatToBring } from '../../../core/what-to-bring.ts'
import { LOCALES, type Locale } from '../../../core/i18n/locales.ts'
import { TRANSLATED_LOCALES } from '../../../core/schemas/translations.ts'
import { TOUR_TIMES, type TourTime } from '../../../core/slots.ts'
import type { MessageId } from '../../../core/i18n/message-id.ts'
import { useLocale, useT } from '../../i18n/i18n.tsx'
import { api, useFailToast, useServerFieldErrors, successToast } from './api.ts'
import { useAdminData } from './use-admin-data.ts'
import { Badge } from '../ui/badge.tsx'
import { Button } from '../ui/button.tsx'
import { Field, Input, Select, Textarea } from '../ui/field.tsx'
import { SLOT_LABELS } from './slot-names.ts'

type LibraryPhotoJson = AsJson<LibraryPhoto>

type Loaded = {
  points: MeetingPoint[]
  settings: MeetingSettings & { whatToBring: WhatToBring }
  shippedWhatToBring: Record<Locale, Record<TripSeason, string>>
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
 * Settings → the trip (issue 18, docs/decisions/0052): where guests meet the guide, whether the
 * guide picks them up at their hotel, each slot's usual place, and what to bring in each season.
 */
export function TripPanels() {
  const t = useT()
  const { data, reload } = useAdminData<Loaded | null>('/api/admin/trip', t('adminSettings.trip.loadFailed'), null)
  const photos = useAdminData<LibraryPhotoJson[]>('/api/admin/media', t('adminSettings.trip.photosFailed'), []).data ?? []
  return (
    <>
      <section aria-labelledby="meeting-points-heading" className={panel}>
        <h2 id="meeting-points-heading" className="text-lg font-semibold text-slate-900">
          {t('adminSettings.trip.meetingPoints')}
        </h2>
        <p className="mb-3 text-sm text-slate-700">{t('adminSettings.trip.meetingPointsLead')}</p>
        {data === null ? <p className="text-slate-700">{t('adminSettings.loading')}</p> : <MeetingPointList points={data.points} photos={photos} onChanged={reload} />}
      </section>
      <section aria-labelledby="pickup-heading" className={panel}>
        <h2 id="pickup-heading" className="text-lg font-semibold text-slate-900">
          {t('adminSettings.trip.settingsTitle')}
        </h2>
        {data === null ? (
          <p className="text-slate-700">{t('adminSettings.loading')}</p>
        ) : (
          <TripSettingsForm key={JSON.stringify(data.settings)} loaded={data} onSaved={reload} />
        )}
      </section>
    </>
  )
}

function MeetingPointList({ points, photos, onChanged }: { points: MeetingPoint[]; photos: LibraryPhotoJson[]; onChanged: () => Promise<void> }) {
  const failToast = useFailToast()
  const t = useT()
  const [editing, setEditing] = useState<number | 'new' | null>(null)

  async function call(title: string, run: () => Promise<unknown>) {
    try {
      await run()
      await onChanged()
    } catch (error) {
      failToast(title, error)
    }
  }

  return (
    <div className="grid gap-3">
      <ul className="grid gap-2">
        {points.map((point, index) => (
          <li key={point.id} className="rounded-md border border-slate-200 p-3">
            {editing === point.id ? (
              <MeetingPointForm point={point} photos={photos} onDone={() => setEditing(null)} onSaved={onChanged} />
            ) : (
              <div className="grid gap-2">
                <p className="font-medium text-slate-900">
                  {point.name} {point.active ? null : <Badge tone="cancelled">{t('adminSettings.trip.notOffered')}</Badge>}
                </p>
                <p className="text-sm text-slate-700">
                  {point.address} · <span lang="ja">{point.addressJa}</span>
                </p>
                <div className="flex flex-wrap gap-2">
                  <Button size="sm" variant="plain" onClick={() => setEditing(point.id)} aria-label={t('adminSettings.trip.editNamed', { name: point.name })}>
                    {t('adminSettings.trip.edit')}
                  </Button>
                  <Button size="sm" variant="plain" disabled={index === 0} onClick={() => call(t('adminSettings.trip.moveFailed'), () => api('POST', `/api/admin/meeting-points/${point.id}/move`, { direction: 'up' }))} aria-label={t('adminSettings.trip.moveUpNamed', { name: point.name })}>
                    {t('adminSettings.trip.up')}
                  </Button>
                  <Button size="sm" variant="plain" disabled={index === points.length - 1} onClick={() => call(t('adminSettings.trip.moveFailed'), () => api('POST', `/api/admin/meeting-points/${point.id}/move`, { direction: 'down' }))} aria-label={t('adminSettings.trip.moveDownNamed', { name: point.name })}>
                    {t('adminSettings.trip.down')}
                  </Button>
                  <Button
                    size="sm"
                    variant={point.active ? 'quietDanger' : 'plain'}
                    onClick={() =>
                      call(t(point.active ? 'adminSettings.trip.stopOfferingFailed' : 'adminSettings.trip.offerFailed'), async () => {
                        await api('PUT', `/api/admin/meeting-points/${point.id}/active`, { active: !point.active })
                        successToast(
                          t(point.active ? 'adminSettings.trip.noLongerOffered' : 'adminSettings.trip.offeredAgain'),
                          t(point.active ? 'adminSettings.trip.noLongerOfferedText' : 'adminSettings.trip.offeredAgainText', { name: point.name }),
                        )
                      })
                    }
                  >
                    {t(point.active ? 'adminSettings.trip.stopOffering' : 'adminSettings.trip.offerAgain', { name: point.name })}
                  </Button>
                </div>
              </div>
            )}
          </li>
        ))}
      </ul>
      {editing === 'new' ? (
        <div className="rounded-md border border-slate-200 p-3">
          <MeetingPointForm photos={photos} onDone={() => setEditing(null)} onSaved={onChanged} />
        </div>
      ) : (
        <Button size="md" variant="brand" className="justify-self-start" onClick={() => setEditing('new')}>
          {t('adminSettings.trip.addPoint')}
        </Button>
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

function MeetingPointForm({ point, photos, onDone, onSaved }: { point?: MeetingPoint; photos: LibraryPhotoJson[]; onDone: () => void; onSaved: () => Promise<void> }) {
  const failToast = useFailToast()
  const serverFieldErrors = useServerFieldErrors()
  const t = useT()
  const fieldErrors = useFieldErrors()
  const adminLocale = useLocale()
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const prefix = `meeting-point-${point?.id ?? 'new'}`

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const f = new FormData(event.currentTarget)
    const text = (key: string) => String(f.get(key) ?? '')
    const body = {
      ...Object.fromEntries(TEXT_FIELDS.map(([key]) => [key, text(key)])),
      instructions: text('instructions'),
      translations: Object.fromEntries(TRANSLATED_LOCALES.map(({ code }) => [code, { name: text(`name-${code}`), instructions: text(`instructions-${code}`), address: text(`address-${code}`) }])),
      photoMediaId: text('photoMediaId') ? Number(text('photoMediaId')) : null,
    }
    const parsed = meetingPointSchema.safeParse(body)
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error))
      return
    }
    setErrors({})
    setBusy(true)
    try {
      await (point ? api('PUT', `/api/admin/meeting-points/${point.id}`, parsed.data) : api('POST', '/api/admin/meeting-points', parsed.data))
      successToast(t(point ? 'adminSettings.trip.pointSaved' : 'adminSettings.trip.pointAdded'), t('adminSettings.trip.pointSavedText'))
      onDone()
      await onSaved()
    } catch (error) {
      setErrors(serverFieldErrors(error) ?? {})
      failToast(t('adminSettings.trip.pointSaveFailed'), error)
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="grid gap-3" noValidate onSubmit={save} aria-label={point ? t('adminSettings.trip.editNamed', { name: point.name }) : t('adminSettings.trip.newPoint')}>
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
        <Button size="md" variant="plain" onClick={onDone}>
          {t('adminSettings.cancel')}
        </Button>
      </div>
    </form>
  )
}

function TripSettingsForm({ loaded, onSaved }: { loaded: Loaded; onSaved: () => Promise<void> }) {
  const failToast = useFailToast()
  const serverFieldErrors = useServerFieldErrors()
  const t = useT()
  const fieldErrors = useFieldErrors()
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const [locale, setLocale] = useState<Locale>('en')
  const [whatToBring, setWhatToBring] = useState<WhatToBring>(loaded.settings.whatToBring)
  const offered = offeredPoints(loaded.points)
  // What guests read now, so the guide edits it in place; the site's own text is not stored as theirs.
  const shown = (season: TripSeason) => whatToBring[season]?.[locale] ?? (locale === 'en' ? undefined : whatToBring[season]?.en) ?? loaded.shippedWhatToBring[locale][season]

  function edit(season: TripSeason, text: string) {
    const shipped = loaded.shippedWhatToBring[locale][season]
    const english = locale === 'en' ? undefined : whatToBring[season]?.en
    const own = text.trim() === '' || text === shipped || text === english ? undefined : text
    setWhatToBring((all) => ({ ...all, [season]: { ...all[season], [locale]: own } }))
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const f = new FormData(event.currentTarget)
    const defaults = Object.fromEntries(TOUR_TIMES.map((time) => [time, f.get(`default-${time}`) ? Number(f.get(`default-${time}`)) : null])) as Record<TourTime, number | null>
    const parsedTexts = whatToBringSchema.safeParse(JSON.parse(JSON.stringify(whatToBring)))
    if (!parsedTexts.success) {
      setErrors(fieldErrors(parsedTexts.error))
      return
    }
    setErrors({})
    setBusy(true)
    try {
      await api('PUT', '/api/admin/trip-settings', { pickupEnabled: f.get('pickupEnabled') === 'on', defaults, whatToBring: parsedTexts.data })
      successToast(t('adminSettings.trip.settingsSaved'), t('adminSettings.trip.settingsSavedText'))
      await onSaved()
    } catch (error) {
      setErrors(serverFieldErrors(error) ?? {})
      failToast(t('adminSettings.trip.settingsSaveFailed'), error)
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="grid gap-4" noValidate onSubmit={save}>
      <div className="flex items-start gap-3">
        <input id="trip-pickup" name="pickupEnabled" type="checkbox" defaultChecked={loaded.settings.pickupEnabled} className="mt-0.5 size-5 accent-brand-700" />
        <label htmlFor="trip-pickup" className="text-sm text-slate-900">
          {t('adminSettings.trip.pickup')}
        </label>
      </div>
      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium text-slate-900">{t('adminSettings.trip.usualPoints')}</legend>
        {TOUR_TIMES.map((time) => (
          <Field key={time} id={`trip-default-${time}`} name={`default-${time}`} label={t(SLOT_LABELS[time])} error={errors[`defaults.${time}`]}>
            <Select defaultValue={String(loaded.settings.defaults[time] ?? '')}>
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
        <Field id="trip-bring-language" label={t('adminSettings.trip.language')} hint={t('adminSettings.trip.languageHint')}>
          <Select value={locale} onChange={(e) => setLocale(e.target.value as Locale)}>
            {LOCALES.map(({ code, nativeName }) => (
              <option key={code} value={code}>
                {nativeName} ({code})
              </option>
            ))}
          </Select>
        </Field>
        {TRIP_SEASONS.map((season) => (
          <Field key={`${locale}-${season}`} id={`trip-bring-${season}`} label={t(SEASON_NAMES[season])} error={errors[`${season}.${locale}`]}>
            <Textarea lang={locale} defaultValue={shown(season)} rows={3} maxLength={WHAT_TO_BRING_MAX} onChange={(e) => edit(season, e.target.value)} />
          </Field>
        ))}
      </fieldset>
      <Button type="submit" size="md" variant="brand" disabled={busy} className="justify-self-start">
        {t('adminSettings.trip.saveSettings')}
      </Button>
    </form>
  )
}
