import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { count, eq } from 'drizzle-orm'
import exifReader from 'exif-reader'
import sharp from 'sharp'
import { media, mediaVariants, photoPlacements } from '../../server/db/schema.ts'
import { HEIC_REFUSED, NOT_AN_IMAGE, UNREADABLE } from '../../server/media/image-processing.ts'
import { ALT_REQUIRED_MESSAGE } from '../../core/schemas/photo.ts'
import { action as photosAction, loader as photosLoader } from '../../app/routes/admin/photos.tsx'
import { ENGINES } from './databases.ts'
import { startTestApp, type TestApp, type TestClient } from './app.ts'
import { loadAdminSection, postAdminSection } from './admin-section.ts'
import { blackPng, heicHeader, phonePhoto } from './crafted-images.ts'

/**
 * The guide's photo library (docs/decisions/0048) through the Photos section's route
 * action and loader (docs/decisions/0088) on each engine: upload, the stored photo without metadata,
 * pictures made and kept, places, replacing and deleting, and the crafted files an upload must
 * refuse with nothing stored. The same action over HTTP, its door's 20 MB and who may post there
 * are in admin-photos-forms.test.ts.
 */
describe.each(ENGINES)('the photo library on %s', (engine) => {
  let app: TestApp
  let admin: TestClient

  beforeEach(async () => {
    app = await startTestApp(engine)
    admin = await app.loggedIn(true)
  })
  afterEach(async () => {
    await app.close()
  })

  /** The action's answer to a script: the saved row (a photo, for the toast), or the refusal. */
  type Answer = { status: number; data: { ok: boolean; result?: { id: number } & Record<string, unknown>; message?: string; errors?: Record<string, string> } }
  /** One of the Photos section's forms, by script (the page's fetcher, answered with data), refused in English. */
  const send = async (fields: Record<string, string | Blob>): Promise<Answer> => {
    const res = await postAdminSection(app, photosAction, '/admin/photos', fields, { byScript: true, username: 'guide-admin', language: 'en' })
    return { status: res.status, data: res.data as Answer['data'] }
  }
  const upload = (file: Buffer, name = 'IMG_0001.JPG', fields: Record<string, string> = { alt: 'Takada Castle’s moat under cherry blossoms' }) =>
    send({ intent: 'upload', ...fields, file: new File([new Uint8Array(file)], name, { type: 'application/octet-stream' }) })
  const place = (where: string, mediaId: number | string | null) => send({ intent: 'place', place: where, mediaId: mediaId === null ? '' : String(mediaId) })
  /** A photo's details form: `altTranslations` as the form's fields, one per language it sends. */
  const saveDetails = (id: number, { altTranslations = {}, ...fields }: { alt: string; focalX: number; focalY: number; altTranslations?: Record<string, string> }) =>
    send({
      intent: 'details',
      id: String(id),
      ...Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, String(v)])),
      ...Object.fromEntries(Object.entries(altTranslations).map(([code, text]) => [`altTranslations.${code}`, text])),
    })
  const remove = (id: number) => send({ intent: 'remove', id: String(id) })
  const section = () => loadAdminSection(app, photosLoader, '/admin/photos', { username: 'guide-admin' })
  const stored = async () => (await app.db.select({ n: count() }).from(media))[0]!.n

  it('stores an upload upright, without its EXIF (location, camera, owner), and lists it', async () => {
    const original = await phonePhoto()
    expect(exifReader((await sharp(original).metadata()).exif!).GPSInfo?.GPSLatitude).toEqual([37, 8, 0])

    const res = await upload(original)
    expect(res.status, JSON.stringify(res.data)).toBe(200)
    // Stored sideways with orientation 6: upright it is portrait.
    expect(res.data.result).toMatchObject({ width: 1200, height: 1600, alt: 'Takada Castle’s moat under cherry blossoms', focalX: 50, focalY: 50, places: [], originalName: 'IMG_0001.JPG' })

    const [row] = await app.db.select().from(media)
    const meta = await sharp(row!.master).metadata()
    expect(meta).toMatchObject({ format: 'jpeg', width: 1200, height: 1600 })
    expect(meta.exif).toBeUndefined()
    expect(meta.xmp).toBeUndefined()
    expect(meta.iptc).toBeUndefined()
    expect(meta.orientation).toBeUndefined()
    expect(row!.master.includes('Guide Person')).toBe(false)

    const { photos } = await section()
    expect(photos).toHaveLength(1)
    // The dashboard's preview is a picture of the whole photo, also without metadata.
    const preview = await app.client().bytes(photos[0]!.preview.small)
    expect(preview.status).toBe(200)
    expect(preview.headers.get('content-type')).toBe('image/webp')
    const previewMeta = await sharp(preview.body).metadata()
    expect(previewMeta).toMatchObject({ width: 480, height: 640 })
    expect(previewMeta.exif).toBeUndefined()
  })

  it('puts a photo in a place; the page gets a picture per format and width, made once and cached for a year', async () => {
    const { data: { result: photo } } = await upload(await phonePhoto(2400, 1600))
    const placed = await place('guide.portrait', photo!.id)
    expect(placed.status, JSON.stringify(placed.data)).toBe(200)
    expect((await section()).places.find((p) => p.place === 'guide.portrait')).toMatchObject({ mediaId: photo!.id, aspect: [4, 5] })

    const { 'guide.portrait': portrait } = await app.services.media.onPage(['guide.portrait', 'guide.banner'], 'en')
    expect(portrait).toMatchObject({ alt: 'Takada Castle’s moat under cherry blossoms', width: 960, height: 1200 })
    expect(portrait!.sources.map((s) => s.type)).toEqual(['image/avif', 'image/webp'])
    expect(portrait!.srcSet.split(', ')).toHaveLength(4)

    const url = portrait!.sources[0]!.srcSet.split(', ')[1]!.split(' ')[0]!
    const first = await app.client().bytes(url)
    expect(first.status).toBe(200)
    expect(first.headers.get('content-type')).toBe('image/avif')
    expect(first.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(await sharp(first.body).metadata()).toMatchObject({ format: 'heif', width: 480, height: 600 })
    // Kept for every instance: the second answer comes from the table, byte for byte.
    expect(await app.db.select({ path: mediaVariants.path }).from(mediaVariants).where(eq(mediaVariants.path, url))).toHaveLength(1)
    expect((await app.client().bytes(url)).body.equals(first.body)).toBe(true)

    // URLs no page writes are not made: another focal point, a width larger than the photo, a path outside.
    for (const bad of [url.replace(/-50-50-/, '-10-10-'), url.replace('-480.', '-2000.'), '/media/../server/main.ts', `/media/${'0'.repeat(64)}/4x5-50-50-480.avif`]) {
      expect((await app.client().bytes(bad)).status, bad).toBe(404)
    }
  })

  it('moves the crop with the focal point, translates the description, and refuses a blank one', async () => {
    const { data: { result: photo } } = await upload(await phonePhoto(2400, 1600))
    await place('guide.banner', photo!.id)
    const before = (await app.services.media.onPage(['guide.banner'], 'en'))['guide.banner']!
    await app.client().bytes(before.src)

    const saved = await saveDetails(photo!.id, { alt: 'The moat', altTranslations: { ja: '高田城址公園の外堀', ko: '' }, focalX: 20, focalY: 80 })
    expect(saved.status, JSON.stringify(saved.data)).toBe(200)
    expect(saved.data.result).toMatchObject({ focalX: 20, focalY: 80, altTranslations: { ja: '高田城址公園の外堀' } })
    const after = (await app.services.media.onPage(['guide.banner'], 'ja'))['guide.banner']!
    expect(after.alt).toBe('高田城址公園の外堀')
    expect(after.altLang).toBeUndefined()
    // Untranslated, a Korean page reads the English description, marked as English for screen readers.
    expect((await app.services.media.onPage(['guide.banner'], 'ko'))['guide.banner']).toMatchObject({ alt: 'The moat', altLang: 'en' })
    expect((await app.services.media.onPage(['guide.banner'], 'en'))['guide.banner']!.altLang).toBeUndefined()
    // A save changes only the languages it names (docs/decisions/0075): the English alone keeps
    // every translation, one language keeps the others, a blank removes only its own.
    const described = async (body: { alt?: string; altTranslations?: Record<string, string> }) => {
      const res = await saveDetails(photo!.id, { alt: 'The moat', focalX: 20, focalY: 80, ...body })
      expect(res.status, JSON.stringify(res.data)).toBe(200)
      return res.data.result!.altTranslations
    }
    expect(await described({ alt: 'The outer moat' })).toEqual({ ja: '高田城址公園の外堀' })
    expect(await described({ altTranslations: { ko: '다카다 성터 공원의 해자' } })).toEqual({ ja: '高田城址公園の外堀', ko: '다카다 성터 공원의 해자' })
    expect(await described({ altTranslations: { ja: '外堀', 'zh-Hant': '高田城址公園的護城河' } })).toEqual({ ja: '外堀', ko: '다카다 성터 공원의 해자', 'zh-Hant': '高田城址公園的護城河' })
    expect(await described({ altTranslations: { ko: '', 'zh-Hant': '' } })).toEqual({ ja: '外堀' })
    expect((await app.services.media.onPage(['guide.banner'], 'ja'))['guide.banner']!.alt).toBe('外堀')
    expect(await described({ altTranslations: { ja: '高田城址公園の外堀' } })).toEqual({ ja: '高田城址公園の外堀' })
    expect(after.src).not.toBe(before.src)
    expect((await app.client().bytes(before.src)).status).toBe(404)
    expect((await app.client().bytes(after.src)).status).toBe(200)

    for (const [body, field, message] of [
      [{ alt: '   ', focalX: 50, focalY: 50 }, 'alt', ALT_REQUIRED_MESSAGE],
      [{ alt: 'x'.repeat(251), focalX: 50, focalY: 50 }, 'alt', 'The description must be at most 250 characters'],
      [{ alt: 'ok', focalX: 101, focalY: 50 }, 'focalX', 'The focal point’s left position must be a number from 0 to 100'],
      [{ alt: 'ok', focalX: 50, focalY: 50, altTranslations: { fr: 'non' } }, 'altTranslations', 'Translations are only for the site’s languages'],
    ] as const) {
      const res = await saveDetails(photo!.id, body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.data.errors?.[field], JSON.stringify(res.data)).toBe(message)
    }
    expect((await app.db.select().from(media))[0]).toMatchObject({ alt: 'The moat', focalX: 20, focalY: 80 })
  })

  it('replaces a placed photo, refuses to delete a placed one, and deletes it once taken off', async () => {
    const { data: { result: first } } = await upload(await phonePhoto(1600, 1200, 1), 'one.jpg')
    const { data: { result: second } } = await upload(await phonePhoto(1600, 1200, 2), 'two.jpg')
    await place('slide.blossoms', first!.id)
    await place('tokyo.article', first!.id)

    const refused = await remove(first!.id)
    expect(refused.status).toBe(409)
    // The refusal names both places by the labels the Photos page shows.
    expect(refused.data.message).toContain('Home slide 3: Cherry blossoms')
    expect(refused.data.message).toContain('Tokyo day trip: the article’s picture')
    expect(await stored()).toBe(2)

    await place('slide.blossoms', second!.id)
    await place('tokyo.article', null)
    expect(await app.db.select().from(photoPlacements)).toEqual([expect.objectContaining({ place: 'slide.blossoms', mediaId: second!.id })])
    expect((await remove(first!.id)).status).toBe(200)
    expect((await remove(first!.id)).status).toBe(404)
    expect(await stored()).toBe(1)

    expect((await place('slide.nowhere', second!.id)).status).toBe(400)
    expect((await place('slide.cafes', 999999)).status).toBe(404)
    expect((await place('slide.cafes', 'x')).status).toBe(400)
  })

  it.each([
    ['a text file named .jpg', () => Buffer.from('GIF89a? no: just text pretending to be a photo, long enough'), 'holiday.jpg', 400, NOT_AN_IMAGE],
    ['an SVG', () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="4000" height="4000"><script>alert(1)</script></svg>'), 'logo.svg', 400, NOT_AN_IMAGE],
    ['a decompression bomb (a 48 KB PNG of 400 megapixels)', () => blackPng(20000, 20000), 'bomb.png', 400, 'This photo is 20000 × 20000 pixels (400 megapixels); the most we take is 50 megapixels'],
    ['a 200-megapixel image', () => blackPng(16384, 12288), 'huge.png', 400, 'This photo is 16384 × 12288 pixels (201 megapixels); the most we take is 50 megapixels'],
    ['a truncated JPEG', async () => (await phonePhoto()).subarray(0, 20_000), 'cut.jpg', 400, UNREADABLE],
    ['a PNG named .jpg', async () => sharp(await phonePhoto()).png().toBuffer(), 'photo.jpg', 400, 'This file is named .jpg but holds a PNG image: rename it or export it again'],
    ['an iPhone HEIC', () => heicHeader(), 'IMG_0002.HEIC', 400, HEIC_REFUSED],
    ['a thumbnail', async () => sharp(await phonePhoto()).resize(200).jpeg().toBuffer(), 'small.jpg', 400, 'This photo is 200 × 150 pixels; it needs at least 320 pixels on its shorter side'],
    ['a file over 20 MB', () => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(20 * 1024 * 1024)]), 'big.jpg', 413, 'A photo may be at most 20 MB'],
  ])('refuses %s with a clear message and stores nothing', async (_label, make, name, status, message) => {
    const res = await upload(await make(), name)
    expect(res.status, JSON.stringify(res.data)).toBe(status)
    expect(res.data).toMatchObject({ message, errors: { file: message } })
    expect(await stored()).toBe(0)
    // The server is unharmed: the next upload goes through.
    expect((await upload(await phonePhoto())).status).toBe(200)
  })

  it('asks for the description and the file, and refuses a photo already in the library', async () => {
    const noAlt = await upload(await phonePhoto(), 'a.jpg', {})
    expect(noAlt.status).toBe(400)
    expect(noAlt.data.errors!.alt).toBe(ALT_REQUIRED_MESSAGE)
    expect((await upload(Buffer.alloc(0), 'a.jpg')).status).toBe(400)
    // A form without a file at all (not even the browser's empty one).
    expect(await send({ intent: 'upload', alt: 'x' })).toMatchObject({ status: 400, data: { errors: { file: 'Choose a photo to upload' } } })
    expect(await stored()).toBe(0)

    const { data: { result: photo } } = await upload(await phonePhoto())
    const again = await upload(await phonePhoto())
    expect(again.status).toBe(409)
    expect(again.data.message).toBe('This photo is already in the library')
    expect((await section()).photos.map((p) => p.id)).toEqual([photo!.id])
  })

  it('shows a placement made through one instance on another at once', async () => {
    const other = await startTestApp(engine, { database: app.database })
    try {
      const { data: { result: photo } } = await upload(await phonePhoto())
      await place('explore.food', photo!.id)
      const seen = (await other.services.media.onPage(['explore.food'], 'en'))['explore.food']!
      expect((await other.client().bytes(seen.sources[1]!.srcSet.split(' ')[0]!)).headers.get('content-type')).toBe('image/webp')
    } finally {
      await other.close()
    }
  })

  it('has no JSON routes of its own any more: the dashboard saves through the Photos section', async () => {
    for (const [method, path] of [['GET', '/api/admin/media'], ['POST', '/api/admin/media'], ['PATCH', '/api/admin/media/1'], ['DELETE', '/api/admin/media/1'], ['GET', '/api/admin/photo-places'], ['PUT', '/api/admin/photo-places/guide.portrait']] as const) {
      expect((await admin.request(method, path, method === 'GET' || method === 'DELETE' ? undefined : {})).status, `${method} ${path}`).toBe(404)
    }
  })
})
