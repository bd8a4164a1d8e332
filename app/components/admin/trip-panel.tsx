import { type FormEvent, useState } from 'react'
import type { AsJson, LibraryPhoto } from '../../../server/for-app.ts'
import { fieldErrors } from '../../../core/schemas/field-errors.ts'
import { offeredPoints, type MeetingPoint, type MeetingSettings } from '../../../core/meeting-points.ts'
import { meetingPointSchema } from '../../../core/schemas/meeting-point.ts'
import { TRIP_SEASONS, TRIP_SEASON_LABELS, WHAT_TO_BRING_MAX, whatToBringSchema, type TripSeason, type WhatToBring } from '../../../core/what-to-bring.ts'
import { LOCALES, type Locale } from '../../../core/i18n/locales.ts'
import { TRANSLATED_LOCALES } from '../../../core/schemas/translations.ts'
import { TOUR_TIMES, slotLabel, type TourTime } from '../../../core/slots.ts'
import { api, failToast, serverFieldErrors, successToast } from './api.ts'
import { useAdminData } from './use-admin-data.ts'
import { Badge } from '../ui/badge.tsx'
import { Button } from '../ui/button.tsx'
import { Field, Input, Select, Textarea } from '../ui/field.tsx'

type LibraryPhotoJson = AsJson<LibraryPhoto>

type Loaded = {
  points: MeetingPoint[]
  settings: MeetingSettings & { whatToBring: WhatToBring }
  shippedWhatToBring: Record<Locale, Record<TripSeason, string>>
}

const panel = 'rounded-lg border border-slate-200 bg-white p-4'

/**
 * Settings → the trip (issue 18, docs/decisions/0052): where guests meet the guide, whether the
 * guide picks them up at their hotel, each slot's usual place, and what to bring in each season.
 */
export function TripPanels() {
  const { data, reload } = useAdminData<Loaded | null>('/api/admin/trip', 'Failed to load the meeting points', null)
  const photos = useAdminData<LibraryPhotoJson[]>('/api/admin/media', 'Failed to load photos', []).data ?? []
  return (
    <>
      <section aria-labelledby="meeting-points-heading" className={panel}>
        <h2 id="meeting-points-heading" className="text-lg font-semibold text-slate-900">
          Meeting points
        </h2>
        <p className="mb-3 text-sm text-slate-700">
          Where guests can meet you. They choose one when booking; the trip page, the e-mails and the calendar file give its address, your directions and links that open it in their map app.
        </p>
        {data === null ? <p className="text-slate-700">Loading…</p> : <MeetingPointList points={data.points} photos={photos} onChanged={reload} />}
      </section>
      <section aria-labelledby="pickup-heading" className={panel}>
        <h2 id="pickup-heading" className="text-lg font-semibold text-slate-900">
          Pickup, usual places and what to bring
        </h2>
        {data === null ? (
          <p className="text-slate-700">Loading…</p>
        ) : (
          <TripSettingsForm key={JSON.stringify(data.settings)} loaded={data} onSaved={reload} />
        )}
      </section>
    </>
  )
}

function MeetingPointList({ points, photos, onChanged }: { points: MeetingPoint[]; photos: LibraryPhotoJson[]; onChanged: () => Promise<void> }) {
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
                  {point.name} {point.active ? null : <Badge tone="cancelled">Not offered</Badge>}
                </p>
                <p className="text-sm text-slate-700">
                  {point.address} · <span lang="ja">{point.addressJa}</span>
                </p>
                <div className="flex flex-wrap gap-2">
                  <Button size="sm" variant="plain" onClick={() => setEditing(point.id)} aria-label={`Edit ${point.name}`}>
                    Edit
                  </Button>
                  <Button size="sm" variant="plain" disabled={index === 0} onClick={() => call('Failed to move', () => api('POST', `/api/admin/meeting-points/${point.id}/move`, { direction: 'up' }))} aria-label={`Move ${point.name} up`}>
                    Up
                  </Button>
                  <Button size="sm" variant="plain" disabled={index === points.length - 1} onClick={() => call('Failed to move', () => api('POST', `/api/admin/meeting-points/${point.id}/move`, { direction: 'down' }))} aria-label={`Move ${point.name} down`}>
                    Down
                  </Button>
                  <Button
                    size="sm"
                    variant={point.active ? 'quietDanger' : 'plain'}
                    onClick={() =>
                      call(point.active ? 'Failed to stop offering the place' : 'Failed to offer the place', async () => {
                        await api('PUT', `/api/admin/meeting-points/${point.id}/active`, { active: !point.active })
                        successToast(point.active ? 'No longer offered' : 'Offered again', `${point.name} ${point.active ? 'is hidden from the booking form. Bookings that chose it keep it.' : 'is back on the booking form.'}`)
                      })
                    }
                  >
                    {point.active ? `Stop offering ${point.name}` : `Offer ${point.name} again`}
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
          Add a meeting point
        </Button>
      )}
    </div>
  )
}

const TEXT_FIELDS = [
  ['name', 'Name', 'e.g. Joetsu-Myoko Station'],
  ['address', 'Address', 'In English, as guests read it'],
  ['addressJa', 'Japanese address', 'Shown to taxi drivers, e.g. 新潟県上越市大和5丁目'],
  ['latitude', 'Latitude', 'Decimal degrees, e.g. 37.0785 (in Google Maps: right-click the spot)'],
  ['longitude', 'Longitude', 'Decimal degrees, e.g. 138.2483'],
] as const

function MeetingPointForm({ point, photos, onDone, onSaved }: { point?: MeetingPoint; photos: LibraryPhotoJson[]; onDone: () => void; onSaved: () => Promise<void> }) {
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
      successToast(point ? 'Meeting point saved' : 'Meeting point added', 'Guests see it on the booking form and their trip page.')
      onDone()
      await onSaved()
    } catch (error) {
      setErrors(serverFieldErrors(error) ?? {})
      failToast('Failed to save the meeting point', error)
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="grid gap-3" noValidate onSubmit={save} aria-label={point ? `Edit ${point.name}` : 'New meeting point'}>
      {TEXT_FIELDS.map(([key, label, hint]) => (
        <Field key={key} id={`${prefix}-${key}`} name={key} label={label} hint={hint} error={errors[key]}>
          <Input defaultValue={point ? String(point[key]) : ''} inputMode={key === 'latitude' || key === 'longitude' ? 'decimal' : undefined} lang={key === 'addressJa' ? 'ja' : undefined} />
        </Field>
      ))}
      <Field id={`${prefix}-instructions`} name="instructions" label="Directions" hint="Where exactly you wait, e.g. “By the ticket gates of the Shinkansen exit”" error={errors.instructions}>
        <Textarea defaultValue={point?.instructions ?? ''} rows={3} maxLength={600} />
      </Field>
      <Field id={`${prefix}-photo`} name="photoMediaId" label="Photo" hint="From your photo library (the Photos tab): shown on the guest’s trip page." error={errors.photoMediaId}>
        <Select defaultValue={point?.photoMediaId ? String(point.photoMediaId) : ''}>
          <option value="">No photo</option>
          {photos.map((photo) => (
            <option key={photo.id} value={String(photo.id)}>
              {photo.alt}
            </option>
          ))}
        </Select>
      </Field>
      <details className="rounded-md border border-slate-200 p-3">
        <summary className="cursor-pointer text-sm font-medium text-slate-900">Name, address and directions in other languages</summary>
        <p className="mt-2 text-xs text-slate-600">Left empty, guests reading that language see your English.</p>
        <div className="mt-2 grid gap-3">
          {TRANSLATED_LOCALES.map(({ code, nativeName }) => (
            <fieldset key={code} className="grid gap-2" lang={code}>
              <legend className="text-sm font-medium text-slate-900" lang="en">
                {nativeName} ({code})
              </legend>
              <Field id={`${prefix}-name-${code}`} name={`name-${code}`} label={<span lang="en">Name ({code})</span>} error={errors[`translations.${code}.name`]}>
                <Input defaultValue={point?.translations[code]?.name ?? ''} />
              </Field>
              {code === 'ja' ? null : (
                <Field id={`${prefix}-address-${code}`} name={`address-${code}`} label={<span lang="en">Address ({code})</span>} hint={<span lang="en">Shown above the Japanese address, which stays for the taxi driver.</span>} error={errors[`translations.${code}.address`]}>
                  <Input defaultValue={point?.translations[code]?.address ?? ''} />
                </Field>
              )}
              <Field id={`${prefix}-instructions-${code}`} name={`instructions-${code}`} label={<span lang="en">Directions ({code})</span>} error={errors[`translations.${code}.instructions`]}>
                <Textarea defaultValue={point?.translations[code]?.instructions ?? ''} rows={2} />
              </Field>
            </fieldset>
          ))}
        </div>
      </details>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="md" variant="brand" disabled={busy}>
          {point ? 'Save meeting point' : 'Add meeting point'}
        </Button>
        <Button size="md" variant="plain" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  )
}

function TripSettingsForm({ loaded, onSaved }: { loaded: Loaded; onSaved: () => Promise<void> }) {
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
      successToast('Trip settings saved', 'The booking form and trip pages use them now.')
      await onSaved()
    } catch (error) {
      setErrors(serverFieldErrors(error) ?? {})
      failToast('Failed to save the trip settings', error)
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="grid gap-4" noValidate onSubmit={save}>
      <div className="flex items-start gap-3">
        <input id="trip-pickup" name="pickupEnabled" type="checkbox" defaultChecked={loaded.settings.pickupEnabled} className="mt-0.5 size-5 accent-brand-700" />
        <label htmlFor="trip-pickup" className="text-sm text-slate-900">
          Offer “pick me up at my hotel in Joetsu” on the booking form
        </label>
      </div>
      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium text-slate-900">Usual meeting point of each time slot</legend>
        {TOUR_TIMES.map((time) => (
          <Field key={time} id={`trip-default-${time}`} name={`default-${time}`} label={slotLabel(time)} error={errors[`defaults.${time}`]}>
            <Select defaultValue={String(loaded.settings.defaults[time] ?? '')}>
              <option value="">The first in the list</option>
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
        <legend className="text-sm font-medium text-slate-900">What to bring, by the season of the tour date</legend>
        <Field id="trip-bring-language" label="Language" hint="Write English first: a language you leave as it is shows your English.">
          <Select value={locale} onChange={(e) => setLocale(e.target.value as Locale)}>
            {LOCALES.map(({ code, nativeName }) => (
              <option key={code} value={code}>
                {nativeName} ({code})
              </option>
            ))}
          </Select>
        </Field>
        {TRIP_SEASONS.map((season) => (
          <Field key={`${locale}-${season}`} id={`trip-bring-${season}`} label={TRIP_SEASON_LABELS[season]} error={errors[`${season}.${locale}`]}>
            <Textarea lang={locale} defaultValue={shown(season)} rows={3} maxLength={WHAT_TO_BRING_MAX} onChange={(e) => edit(season, e.target.value)} />
          </Field>
        ))}
      </fieldset>
      <Button type="submit" size="md" variant="brand" disabled={busy} className="justify-self-start">
        Save trip settings
      </Button>
    </form>
  )
}
