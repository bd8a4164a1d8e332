import { type FormEvent, type KeyboardEvent, type MouseEvent, useRef, useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import type { AsJson, LibraryPhoto, PhotoPlace } from '../../../server/for-app.ts'
import { useFieldErrors, useSayRefusal } from '../../i18n/refusals.ts'
import { listOfNames, refusal } from '../../../core/i18n/refusal.ts'
import { placeLabel, type Place } from '../../../core/media/places.ts'
import { ALT_MAX, MAX_UPLOAD_BYTES, photoDetailsSchema, photoUploadSchema } from '../../../core/schemas/photo.ts'
import { TRANSLATED_LOCALES } from '../../../core/schemas/translations.ts'
import type { Locale } from '../../../core/i18n/locales.ts'
import { useLocale, useT } from '../../i18n/i18n.tsx'
import { useHydrated } from '../../lib/use-hydrated.ts'
import { AdminForm, ConfirmedSubmit, useAdminSubmit } from './admin-form.tsx'
import { useAddressWith, useOpenedByAddress } from './use-address-with.ts'
import { Badge } from '../ui/badge.tsx'
import { Button, buttonVariants } from '../ui/button.tsx'
import { Modal } from '../ui/dialog.tsx'
import { EmptyState } from '../ui/empty-state.tsx'
import { Field, Input, Select } from '../ui/field.tsx'

type Photo = AsJson<LibraryPhoto>

/** Which photo's details are open (`?photo=12`): a link opens them, with script or without. */
export const PHOTO_PARAM = 'photo'

/** Names in a list as the admin's language writes one: 'Deutsch, 한국어', 'Deutsch、한국어'. */
const listOf = (names: string[], locale: Locale) => names.join(locale === 'ja' ? '、' : ', ')

/**
 * The guide's photos (docs/decisions/0048): upload, describe, set the focal point, put them in
 * the site's places. A placed photo shows on the public pages at once. The library and the places
 * come with the page (the Photos route's loader); every save is a form of its action, after which
 * the page's loaders run again (docs/decisions/0088).
 */
export function PhotosTab({ photos, places }: { photos: Photo[]; places: PhotoPlace[] }) {
  return (
    // On a phone: upload, the library, then the places; beside each other from 1024 px.
    <div className="grid items-start gap-6 lg:grid-cols-[2fr_3fr]">
      <Upload />
      <Library photos={photos} />
      <Places places={places} photos={photos} />
    </div>
  )
}

function Upload() {
  const t = useT()
  const say = useSayRefusal()
  const fieldErrors = useFieldErrors()
  const [checked, setChecked] = useState<Record<string, string>>({})
  // The fields start empty again after each photo uploaded; the form stays, so its answer is told.
  const [uploads, setUploads] = useState(0)

  // The action refuses the same; this says it before a large file is sent.
  function check(event: FormEvent<HTMLFormElement>) {
    const data = new FormData(event.currentTarget)
    const file = data.get('file')
    const parsed = photoUploadSchema.safeParse({ alt: data.get('alt') })
    const found: Record<string, string> = parsed.success ? {} : fieldErrors(parsed.error)
    if (!(file instanceof File) || file.size === 0) found.file = say(refusal('adminErrors.photoMissing'))
    else if (file.size > MAX_UPLOAD_BYTES) found.file = say(refusal('adminErrors.photoTooLarge'))
    setChecked(found)
    if (Object.keys(found).length > 0) event.preventDefault()
  }

  return (
    <section aria-labelledby="upload-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="upload-heading" className="text-lg font-semibold text-slate-900">
        {t('adminPhotos.uploadTitle')}
      </h2>
      <p className="mb-3 text-sm text-slate-700">{t('adminPhotos.uploadIntro')}</p>
      <AdminForm<Photo>
        intent="upload"
        encType="multipart/form-data"
        successTitle={t('adminPhotos.uploaded')}
        successText={(photo) => t('adminPhotos.uploadedDescription', { width: photo.width, height: photo.height })}
        failTitle={t('adminPhotos.uploadFailed')}
        onSaved={() => setUploads((n) => n + 1)}
        onSubmit={check}
        className="grid gap-3"
      >
        {({ errors, busy }) => (
          <>
            <div key={uploads} className="grid gap-3">
              <Field id="photo-file" name="file" label={t('adminPhotos.file')} error={checked.file ?? errors.file}>
                <Input type="file" accept="image/jpeg,image/png,image/webp,image/avif" className="file:mr-3 file:rounded file:border-0 file:bg-slate-100 file:px-3 file:py-1" />
              </Field>
              <Field id="photo-alt" name="alt" label={t('adminPhotos.alt')} hint={t('adminPhotos.altHint')} error={checked.alt ?? errors.alt}>
                <Input maxLength={ALT_MAX} placeholder={t('adminPhotos.altExample')} />
              </Field>
            </div>
            <div>
              <Button size="md" variant="brand" type="submit" disabled={busy}>
                {t(busy ? 'adminPhotos.uploading' : 'adminPhotos.upload')}
              </Button>
            </div>
          </>
        )}
      </AdminForm>
    </section>
  )
}

function Places({ places, photos }: { places: PhotoPlace[]; photos: Photo[] }) {
  const t = useT()
  return (
    <section aria-labelledby="places-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="places-heading" className="text-lg font-semibold text-slate-900">
        {t('adminPhotos.placesTitle')}
      </h2>
      <p className="mb-3 text-sm text-slate-700">{t('adminPhotos.placesIntro')}</p>
      <ul className="grid gap-3">
        {places.map((row) => (
          <li key={row.place}>
            <PlaceChoice row={row} photos={photos} />
          </li>
        ))}
      </ul>
    </section>
  )
}

/** A place's photo: with script the choice itself saves it; without, a button sends the choice. */
function PlaceChoice({ row, photos }: { row: PhotoPlace; photos: Photo[] }) {
  const t = useT()
  const form = useRef<HTMLFormElement>(null)
  const hydrated = useHydrated()
  return (
    <AdminForm<{ place: Place; mediaId: number | null }>
      ref={form}
      intent="place"
      formId={`place-${row.place}`}
      // From the answer, not from the row: the toast may be told after the page has reloaded it.
      successTitle={(saved) => t(saved.mediaId === null ? 'adminPhotos.illustrationRestored' : 'adminPhotos.placed')}
      successText={(saved) => t(saved.mediaId === null ? 'adminPhotos.showsIllustration' : 'adminPhotos.showsPhoto', { place: t(placeLabel(saved.place)) })}
      failTitle={t('adminPhotos.placeFailed')}
      className="flex items-end gap-2"
    >
      {({ errors }) => (
        <>
          <input type="hidden" name="place" value={row.place} />
          {/* The choice starts again from each saved one; the form stays, so its answer is told. */}
          <div key={String(row.mediaId)} className="grow">
            <Field id={`place-${row.place}`} name="mediaId" label={t('adminPhotos.placeLabel', { place: t(placeLabel(row.place)), width: row.aspect[0], height: row.aspect[1] })} error={errors.mediaId}>
              <Select defaultValue={row.mediaId === null ? '' : String(row.mediaId)} onChange={() => form.current?.requestSubmit()}>
                <option value="">{t(row.place === 'guide.portrait' ? 'adminPhotos.noPhoto' : 'adminPhotos.illustration')}</option>
                {photos.map((photo) => (
                  <option key={photo.id} value={photo.id}>
                    #{photo.id}: {photo.alt}
                  </option>
                ))}
              </Select>
            </Field>
          </div>
          {hydrated ? null : (
            <Button size="md" variant="plain" type="submit">
              {t('adminPhotos.apply')}
            </Button>
          )}
        </>
      )}
    </AdminForm>
  )
}

function Library({ photos }: { photos: Photo[] }) {
  const t = useT()
  const [params] = useSearchParams()
  const addressWith = useAddressWith()
  const { closeAfterSave } = useOpenedByAddress(PHOTO_PARAM)
  const editing = photos.find((photo) => String(photo.id) === params.get(PHOTO_PARAM))
  // Here, not in the photo's form: the deleted photo's form is gone with it when the answer comes.
  const { submit } = useAdminSubmit({ successTitle: t('adminPhotos.deleted'), failTitle: t('adminPhotos.deleteFailed'), onSaved: closeAfterSave })
  return (
    <section aria-labelledby="library-heading" className="rounded-lg border border-slate-200 bg-white p-4 lg:col-start-2 lg:row-span-2 lg:row-start-1">
      <h2 id="library-heading" className="text-lg font-semibold text-slate-900">
        {t('adminPhotos.libraryTitle')}
      </h2>
      {photos.length === 0 ? <EmptyState>{t('adminPhotos.empty')}</EmptyState> : null}
      {editing ? <EditPhoto key={editing.id} photo={editing} onDelete={() => void submit('remove', { id: String(editing.id) })} /> : null}
      <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
        {photos.map((photo) => (
          <li key={photo.id} className="grid content-start gap-2 rounded-md border border-slate-200 p-2">
            <img src={photo.preview.small} alt={photo.alt} width={480} height={Math.round((480 * photo.height) / photo.width)} loading="lazy" className="aspect-[4/3] w-full rounded bg-slate-100 object-contain" />
            <p className="line-clamp-2 text-sm text-slate-900">{photo.alt}</p>
            <FallbackLanguages photo={photo} />
            <div className="flex flex-wrap gap-1">
              {photo.places.map((place) => (
                <Badge key={place} tone="paid">
                  {t(placeLabel(place))}
                </Badge>
              ))}
            </div>
            <Link to={addressWith(PHOTO_PARAM, String(photo.id))} preventScrollReset className={buttonVariants({ size: 'sm', variant: 'plain' })} aria-label={t('adminPhotos.editLabel', { id: photo.id })}>
              {t('admin.common.edit')}
            </Link>
          </li>
        ))}
      </ul>
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

/** A photo's details in a dialog the address opens (`?photo=`); without script, drawn in place by `Modal closeTo`, where the focal point is typed rather than tapped. */
const removeFormId = (id: number) => `remove-photo-${id}`

function EditPhoto({ photo, onDelete }: { photo: Photo; onDelete: () => void }) {
  const t = useT()
  const { close, closeAfterSave } = useOpenedByAddress(PHOTO_PARAM)
  const description = photo.originalName
    ? t('adminPhotos.sizeUploadedAs', { width: photo.width, height: photo.height, name: photo.originalName })
    : t('adminPhotos.size', { width: photo.width, height: photo.height })
  return (
    <Modal open onOpenChange={(open) => !open && closeAfterSave()} closeTo={close} title={t('adminPhotos.editTitle', { id: photo.id })} description={description}>
      <PhotoForm photo={photo} close={close} onSaved={closeAfterSave} onDelete={onDelete} />
      {/* The removal's own form, beside the photo's (a form cannot hold another): its button is in the photo's form. */}
      <AdminForm intent="remove" formId={removeFormId(photo.id)} id={removeFormId(photo.id)} failTitle={t('adminPhotos.deleteFailed')}>
        {() => <input type="hidden" name="id" value={photo.id} />}
      </AdminForm>
    </Modal>
  )
}

function PhotoForm({ photo, close, onSaved, onDelete }: { photo: Photo; close: string; onSaved: () => void; onDelete: () => void }) {
  const t = useT()
  const locale = useLocale()
  const fieldErrors = useFieldErrors()
  const [checked, setChecked] = useState<Record<string, string>>({})
  const saved = { alt: photo.alt, altTranslations: photo.altTranslations, focalX: photo.focalX, focalY: photo.focalY }

  // The action refuses the same; this says it without a round trip.
  function check(event: FormEvent<HTMLFormElement>) {
    const f = new FormData(event.currentTarget)
    const parsed = photoDetailsSchema.safeParse({
      alt: f.get('alt'),
      altTranslations: Object.fromEntries(TRANSLATED_LOCALES.map(({ code }) => [code, String(f.get(`altTranslations.${code}`) ?? '')])),
      focalX: f.get('focalX'),
      focalY: f.get('focalY'),
    })
    const found = parsed.success ? {} : fieldErrors(parsed.error)
    setChecked(found)
    if (!parsed.success) event.preventDefault()
  }

  return (
    <AdminForm<Photo>
      intent="details"
      formId={`photo-${photo.id}`}
      successTitle={t('adminPhotos.saved')}
      successText={(saved) => (saved.places.length > 0 ? t('adminPhotos.savedOnSite') : undefined)}
      failTitle={t('adminPhotos.saveFailed')}
      onSaved={onSaved}
      onSubmit={check}
      className="grid gap-4"
    >
      {({ errors, busy }) => (
        <>
          <input type="hidden" name="id" value={photo.id} />
          {/* The fields start again from each saved version; the form stays, so its answer is told. */}
          <PhotoFields key={JSON.stringify(saved)} photo={photo} errors={{ ...errors, ...checked }} />
          <div className="flex flex-wrap justify-between gap-2">
            <div className="flex flex-wrap gap-2">
              <Button size="md" variant="brand" type="submit" disabled={busy}>
                {t(busy ? 'admin.common.saving' : 'adminPhotos.save')}
              </Button>
              <Link to={close} replace preventScrollReset className={buttonVariants({ size: 'md', variant: 'plain' })}>
                {t('admin.common.cancel')}
              </Link>
            </div>
            <ConfirmedSubmit
              form={removeFormId(photo.id)}
              onConfirm={onDelete}
              trigger={{ label: t('adminPhotos.delete'), size: 'md', variant: 'danger' }}
              title={t('adminPhotos.deleteTitle')}
              description={
                photo.places.length > 0
                  ? t('adminPhotos.deleteOnSite', { places: listOfNames(photo.places.map((p) => t(placeLabel(p))), locale) })
                  : t('adminPhotos.deleteUnused')
              }
              confirmLabel={t('adminPhotos.delete')}
            />
          </div>
        </>
      )}
    </AdminForm>
  )
}

function PhotoFields({ photo, errors }: { photo: Photo; errors: Record<string, string> }) {
  const t = useT()
  const [focal, setFocal] = useState({ x: photo.focalX, y: photo.focalY })

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
    <>
      <Field id="edit-alt" name="alt" label={t('adminPhotos.alt')} hint={t('adminPhotos.altHint')} error={errors.alt}>
        <Input defaultValue={photo.alt} maxLength={ALT_MAX} />
      </Field>
      <details className="rounded-md border border-slate-200 px-3 py-2" open={Object.keys(errors).some((k) => k.startsWith('altTranslations')) || undefined}>
        <summary className="cursor-pointer text-sm font-medium text-slate-900">{t('adminPhotos.otherLanguages')}</summary>
        <p className="mt-1 text-sm text-slate-700">{t('adminPhotos.otherLanguagesIntro')}</p>
        <div className="mt-2 grid gap-2">
          {TRANSLATED_LOCALES.map(({ code, nativeName }) => (
            <Field key={code} id={`edit-alt-${code}`} name={`altTranslations.${code}`} label={`${nativeName} (${code})`} hint={photo.altTranslations[code] ? undefined : t('adminPhotos.notWritten')} error={errors[`altTranslations.${code}`]}>
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
    </>
  )
}
