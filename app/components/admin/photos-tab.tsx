import { type FormEvent, type KeyboardEvent, type MouseEvent, useState } from 'react'
import type { AsJson, LibraryPhoto } from '../../../server/for-app.ts'
import { useFieldErrors } from '../../i18n/refusals.ts'
import { type Aspect, PLACES, type Place } from '../../../core/media/places.ts'
import { ALT_MAX, photoDetailsSchema, photoUploadSchema } from '../../../core/schemas/photo.ts'
import { TRANSLATED_LOCALES } from '../../../core/schemas/translations.ts'
import type { Locale } from '../../../core/i18n/locales.ts'
import { useLocale, useT } from '../../i18n/i18n.tsx'
import { api, useFailToast, useServerFieldErrors, successToast } from './api.ts'
import { useAdminData } from './use-admin-data.ts'
import { Badge } from '../ui/badge.tsx'
import { Button } from '../ui/button.tsx'
import { ConfirmDialog, Modal } from '../ui/dialog.tsx'
import { EmptyState } from '../ui/empty-state.tsx'
import { Field, Input, Select } from '../ui/field.tsx'

type Photo = AsJson<LibraryPhoto>
type PlaceRow = { place: Place; label: string; aspect: Aspect; mediaId: number | null }

/** Names in a list as the admin's language writes one: 'Deutsch, 한국어', 'Deutsch、한국어'. */
const listOf = (names: string[], locale: Locale) => names.join(locale === 'ja' ? '、' : ', ')

/**
 * The guide's photos (docs/decisions/0048): upload, describe, set the focal point, put them in
 * the site's places. A placed photo shows on the public pages at once.
 */
export function PhotosTab() {
  const t = useT()
  const photos = useAdminData<Photo[]>('/api/admin/media', t('adminPhotos.loadFailed'), [])
  const places = useAdminData<PlaceRow[]>('/api/admin/photo-places', t('adminPhotos.placesLoadFailed'), [])
  const reload = async () => {
    await Promise.all([photos.reload(), places.reload()])
  }
  return (
    // On a phone: upload, the library, then the places; beside each other from 1024 px.
    <div className="grid items-start gap-6 lg:grid-cols-[2fr_3fr]">
      <Upload onUploaded={reload} />
      <Library photos={photos.data} onChanged={reload} />
      <Places places={places.data} photos={photos.data ?? []} onChanged={reload} />
    </div>
  )
}

function Upload({ onUploaded }: { onUploaded: () => Promise<void> }) {
  const failToast = useFailToast()
  const serverFieldErrors = useServerFieldErrors()
  const t = useT()
  const fieldErrors = useFieldErrors()
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)

  async function upload(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const data = new FormData(form)
    const file = data.get('file')
    const parsed = photoUploadSchema.safeParse({ alt: data.get('alt') })
    const found: Record<string, string> = parsed.success ? {} : fieldErrors(parsed.error)
    if (!(file instanceof File) || file.size === 0) found.file = t('adminPhotos.chooseFile')
    setErrors(found)
    if (Object.keys(found).length > 0) return
    setBusy(true)
    try {
      const photo = await api<Photo>('POST', '/api/admin/media', data)
      successToast(t('adminPhotos.uploaded'), t('adminPhotos.uploadedDescription', { width: photo.width, height: photo.height }))
      form.reset()
      await onUploaded()
    } catch (error) {
      setErrors(serverFieldErrors(error) ?? {})
      failToast(t('adminPhotos.uploadFailed'), error)
    } finally {
      setBusy(false)
    }
  }

  return (
    <section aria-labelledby="upload-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="upload-heading" className="text-lg font-semibold text-slate-900">
        {t('adminPhotos.uploadTitle')}
      </h2>
      <p className="mb-3 text-sm text-slate-700">{t('adminPhotos.uploadIntro')}</p>
      <form className="grid gap-3" noValidate onSubmit={upload} encType="multipart/form-data">
        <Field id="photo-file" name="file" label={t('adminPhotos.file')} error={errors.file}>
          <Input type="file" accept="image/jpeg,image/png,image/webp,image/avif" className="file:mr-3 file:rounded file:border-0 file:bg-slate-100 file:px-3 file:py-1" />
        </Field>
        <Field id="photo-alt" name="alt" label={t('adminPhotos.alt')} hint={t('adminPhotos.altHint')} error={errors.alt}>
          <Input maxLength={ALT_MAX} placeholder={t('adminPhotos.altExample')} />
        </Field>
        <div>
          <Button size="md" variant="brand" type="submit" disabled={busy}>
            {t(busy ? 'adminPhotos.uploading' : 'adminPhotos.upload')}
          </Button>
        </div>
      </form>
    </section>
  )
}

function Places({ places, photos, onChanged }: { places: PlaceRow[] | null; photos: Photo[]; onChanged: () => Promise<void> }) {
  const failToast = useFailToast()
  const t = useT()
  async function choose(place: Place, value: string) {
    try {
      await api('PUT', `/api/admin/photo-places/${place}`, { mediaId: value === '' ? null : Number(value) })
      successToast(
        t(value === '' ? 'adminPhotos.illustrationRestored' : 'adminPhotos.placed'),
        t(value === '' ? 'adminPhotos.showsIllustration' : 'adminPhotos.showsPhoto', { place: PLACES[place].label }),
      )
      await onChanged()
    } catch (error) {
      failToast(t('adminPhotos.placeFailed'), error)
    }
  }
  return (
    <section aria-labelledby="places-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="places-heading" className="text-lg font-semibold text-slate-900">
        {t('adminPhotos.placesTitle')}
      </h2>
      <p className="mb-3 text-sm text-slate-700">{t('adminPhotos.placesIntro')}</p>
      {places === null ? <p className="text-slate-700">{t('adminPhotos.placesLoading')}</p> : null}
      <ul className="grid gap-3">
        {places?.map((row) => (
          <li key={row.place}>
            <Field id={`place-${row.place}`} label={t('adminPhotos.placeLabel', { place: row.label, width: row.aspect[0], height: row.aspect[1] })}>
              <Select value={row.mediaId === null ? '' : String(row.mediaId)} onChange={(e) => void choose(row.place, e.target.value)}>
                <option value="">{t(row.place === 'guide.portrait' ? 'adminPhotos.noPhoto' : 'adminPhotos.illustration')}</option>
                {photos.map((photo) => (
                  <option key={photo.id} value={photo.id}>
                    #{photo.id}: {photo.alt}
                  </option>
                ))}
              </Select>
            </Field>
          </li>
        ))}
      </ul>
    </section>
  )
}

function Library({ photos, onChanged }: { photos: Photo[] | null; onChanged: () => Promise<void> }) {
  const [editing, setEditing] = useState<Photo | null>(null)
  const t = useT()
  return (
    <section aria-labelledby="library-heading" className="rounded-lg border border-slate-200 bg-white p-4 lg:col-start-2 lg:row-span-2 lg:row-start-1">
      <h2 id="library-heading" className="text-lg font-semibold text-slate-900">
        {t('adminPhotos.libraryTitle')}
      </h2>
      {photos === null ? <p className="text-slate-700">{t('adminPhotos.loading')}</p> : null}
      {photos?.length === 0 ? <EmptyState>{t('adminPhotos.empty')}</EmptyState> : null}
      <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
        {photos?.map((photo) => (
          <li key={photo.id} className="grid content-start gap-2 rounded-md border border-slate-200 p-2">
            <img src={photo.preview.small} alt={photo.alt} width={480} height={Math.round((480 * photo.height) / photo.width)} loading="lazy" className="aspect-[4/3] w-full rounded bg-slate-100 object-contain" />
            <p className="line-clamp-2 text-sm text-slate-900">{photo.alt}</p>
            <FallbackLanguages photo={photo} />
            <div className="flex flex-wrap gap-1">
              {photo.places.map((place) => (
                <Badge key={place} tone="paid">
                  {PLACES[place].label}
                </Badge>
              ))}
            </div>
            <Button size="sm" variant="plain" onClick={() => setEditing(photo)} aria-label={t('adminPhotos.editLabel', { id: photo.id })}>
              {t('admin.common.edit')}
            </Button>
          </li>
        ))}
      </ul>
      {editing ? <EditPhoto key={editing.id} photo={editing} onClose={() => setEditing(null)} onChanged={onChanged} /> : null}
    </section>
  )
}

/** The languages whose pages read this photo's English description, not one of their own (docs/decisions/0075). */
function FallbackLanguages({ photo }: { photo: Photo }) {
  const t = useT()
  const locale = useLocale()
  const english = TRANSLATED_LOCALES.filter(({ code }) => !photo.altTranslations[code])
  return (
    <p className="text-xs text-slate-700">
      {english.length === 0
        ? t('adminPhotos.describedInAll')
        : t('adminPhotos.fallsBack', { languages: listOf(english.map(({ nativeName }) => nativeName), locale) })}
    </p>
  )
}

function EditPhoto({ photo, onClose, onChanged }: { photo: Photo; onClose: () => void; onChanged: () => Promise<void> }) {
  const failToast = useFailToast()
  const serverFieldErrors = useServerFieldErrors()
  const [focal, setFocal] = useState({ x: photo.focalX, y: photo.focalY })
  const t = useT()
  const fieldErrors = useFieldErrors()
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const f = new FormData(event.currentTarget)
    const parsed = photoDetailsSchema.safeParse({
      alt: f.get('alt'),
      altTranslations: Object.fromEntries(TRANSLATED_LOCALES.map(({ code }) => [code, String(f.get(`alt-${code}`) ?? '')])),
      focalX: f.get('focalX'),
      focalY: f.get('focalY'),
    })
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error))
      return
    }
    setErrors({})
    setBusy(true)
    try {
      await api('PATCH', `/api/admin/media/${photo.id}`, parsed.data)
      successToast(t('adminPhotos.saved'), photo.places.length > 0 ? t('adminPhotos.savedOnSite') : undefined)
      await onChanged()
      onClose()
    } catch (error) {
      setErrors(serverFieldErrors(error) ?? {})
      failToast(t('adminPhotos.saveFailed'), error)
    } finally {
      setBusy(false)
    }
  }

  async function remove() {
    try {
      await api('DELETE', `/api/admin/media/${photo.id}`)
      successToast(t('adminPhotos.deleted'))
      onClose()
      await onChanged()
    } catch (error) {
      failToast(t('adminPhotos.deleteFailed'), error)
    }
  }

  /** A click or tap on the photo puts the focal point there. */
  const pick = (event: MouseEvent<HTMLImageElement>) => {
    const box = event.currentTarget.getBoundingClientRect()
    const clamp = (v: number) => Math.min(100, Math.max(0, Math.round(v)))
    setFocal({ x: clamp(((event.clientX - box.left) / box.width) * 100), y: clamp(((event.clientY - box.top) / box.height) * 100) })
  }
  /** The arrow keys move the focal point from the keyboard, 5% a press. */
  const nudge = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = { ArrowLeft: [-5, 0], ArrowRight: [5, 0], ArrowUp: [0, -5], ArrowDown: [0, 5] }[event.key]
    if (!step) return
    event.preventDefault()
    setFocal((f) => ({ x: Math.min(100, Math.max(0, f.x + step[0]!)), y: Math.min(100, Math.max(0, f.y + step[1]!)) }))
  }
  const number = (value: string, fallback: number) => (/^\d{1,3}$/.test(value) ? Math.min(100, Number(value)) : fallback)

  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={t('adminPhotos.editTitle', { id: photo.id })}
      description={
        photo.originalName
          ? t('adminPhotos.sizeUploadedAs', { width: photo.width, height: photo.height, name: photo.originalName })
          : t('adminPhotos.size', { width: photo.width, height: photo.height })
      }
    >
      <form className="grid gap-4" noValidate onSubmit={save}>
        <Field id="edit-alt" name="alt" label={t('adminPhotos.alt')} hint={t('adminPhotos.altHint')} error={errors.alt}>
          <Input defaultValue={photo.alt} maxLength={ALT_MAX} />
        </Field>
        <details className="rounded-md border border-slate-200 px-3 py-2" open={Object.keys(errors).some((k) => k.startsWith('altTranslations')) || undefined}>
          <summary className="cursor-pointer text-sm font-medium text-slate-900">{t('adminPhotos.otherLanguages')}</summary>
          <p className="mt-1 text-sm text-slate-700">{t('adminPhotos.otherLanguagesIntro')}</p>
          <div className="mt-2 grid gap-2">
            {TRANSLATED_LOCALES.map(({ code, nativeName }) => (
              <Field key={code} id={`edit-alt-${code}`} name={`alt-${code}`} label={`${nativeName} (${code})`} hint={photo.altTranslations[code] ? undefined : t('adminPhotos.notWritten')} error={errors[`altTranslations.${code}`]}>
                <Input lang={code} defaultValue={photo.altTranslations[code] ?? ''} placeholder={photo.alt} maxLength={ALT_MAX} />
              </Field>
            ))}
          </div>
        </details>

        <fieldset className="grid gap-2">
          <legend className="text-sm font-semibold text-slate-900">{t('adminPhotos.focalPoint')}</legend>
          <p className="text-sm text-slate-700">{t('adminPhotos.focalPointIntro')}</p>
          <div
            role="group"
            tabIndex={0}
            aria-label={t('adminPhotos.focalPointLabel', { x: focal.x, y: focal.y })}
            onKeyDown={nudge}
            className="relative cursor-crosshair rounded focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
          >
            <img src={photo.preview.large} alt="" width={960} height={Math.round((960 * photo.height) / photo.width)} onClick={pick} className="w-full rounded select-none" draggable={false} />
            <span
              aria-hidden="true"
              className="pointer-events-none absolute size-6 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-blue-700/60 shadow-[0_0_0_2px_rgb(15_23_42)]"
              style={{ left: `${focal.x}%`, top: `${focal.y}%` }}
            />
          </div>
          <div className="grid grid-cols-2 gap-3">
            <Field id="edit-focal-x" name="focalX" label={t('adminPhotos.fromLeft')} error={errors.focalX}>
              <Input inputMode="numeric" value={String(focal.x)} onChange={(e) => setFocal((f) => ({ ...f, x: number(e.target.value, f.x) }))} />
            </Field>
            <Field id="edit-focal-y" name="focalY" label={t('adminPhotos.fromTop')} error={errors.focalY}>
              <Input inputMode="numeric" value={String(focal.y)} onChange={(e) => setFocal((f) => ({ ...f, y: number(e.target.value, f.y) }))} />
            </Field>
          </div>
        </fieldset>

        <div className="flex flex-wrap justify-between gap-2">
          <Button size="md" variant="brand" type="submit" disabled={busy}>
            {t(busy ? 'admin.common.saving' : 'adminPhotos.save')}
          </Button>
          <ConfirmDialog
            trigger={
              <Button size="md" variant="danger">
                {t('adminPhotos.delete')}
              </Button>
            }
            title={t('adminPhotos.deleteTitle')}
            description={
              photo.places.length > 0
                ? t('adminPhotos.deleteOnSite', { places: photo.places.map((p) => PLACES[p].label).join('; ') })
                : t('adminPhotos.deleteUnused')
            }
            confirmLabel={t('adminPhotos.delete')}
            onConfirm={remove}
          />
        </div>
      </form>
    </Modal>
  )
}
