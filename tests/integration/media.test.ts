import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { count, eq } from 'drizzle-orm'
import exifReader from 'exif-reader'
import sharp from 'sharp'
import { media, mediaVariants, photoPlacements } from '../../server/db/schema.ts'
import { HEIC_REFUSED, NOT_AN_IMAGE, UNREADABLE } from '../../server/media/image-processing.ts'
import { ALT_REQUIRED_MESSAGE } from '../../core/schemas/photo.ts'
import { ENGINES } from './databases.ts'
import { startTestApp, type TestApp, type TestClient } from './app.ts'
import { blackPng, heicHeader, phonePhoto } from './crafted-images.ts'

/**
 * The guide's photo library (issue 17, docs/decisions/0048) through its API on each engine:
 * upload, the stored photo without metadata, pictures made and kept, places, replacing and
 * deleting, and the crafted files an upload must refuse with nothing stored.
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

  const form = (file: Buffer, name: string, fields: Record<string, string> = { alt: 'Takada Castle’s moat under cherry blossoms' }) => {
    const body = new FormData()
    for (const [k, v] of Object.entries(fields)) body.set(k, v)
    body.set('file', new Blob([new Uint8Array(file)], { type: 'application/octet-stream' }), name)
    return body
  }
  const upload = (client: TestClient, file: Buffer, name = 'IMG_0001.JPG', fields?: Record<string, string>) => client.post('/api/admin/media', form(file, name, fields))
  const stored = async () => (await app.db.select({ n: count() }).from(media))[0]!.n

  it('stores an upload upright, without its EXIF (location, camera, owner), and lists it', async () => {
    const original = await phonePhoto()
    expect(exifReader((await sharp(original).metadata()).exif!).GPSInfo?.GPSLatitude).toEqual([37, 8, 0])

    const res = await upload(admin, original)
    expect(res.status, res.text).toBe(201)
    // Stored sideways with orientation 6: upright it is portrait.
    expect(res.json).toMatchObject({ width: 1200, height: 1600, alt: 'Takada Castle’s moat under cherry blossoms', focalX: 50, focalY: 50, places: [], originalName: 'IMG_0001.JPG' })

    const [row] = await app.db.select().from(media)
    const meta = await sharp(row!.master).metadata()
    expect(meta).toMatchObject({ format: 'jpeg', width: 1200, height: 1600 })
    expect(meta.exif).toBeUndefined()
    expect(meta.xmp).toBeUndefined()
    expect(meta.iptc).toBeUndefined()
    expect(meta.orientation).toBeUndefined()
    expect(row!.master.includes('Guide Person')).toBe(false)

    const list = await admin.get('/api/admin/media')
    expect(list.json).toHaveLength(1)
    // The dashboard's preview is a picture of the whole photo, also without metadata.
    const preview = await admin.bytes(list.json[0].preview.small)
    expect(preview.status).toBe(200)
    expect(preview.headers.get('content-type')).toBe('image/webp')
    const previewMeta = await sharp(preview.body).metadata()
    expect(previewMeta).toMatchObject({ width: 480, height: 640 })
    expect(previewMeta.exif).toBeUndefined()
  })

  it('puts a photo in a place; the page gets a picture per format and width, made once and cached for a year', async () => {
    const { json: photo } = await upload(admin, await phonePhoto(2400, 1600))
    const placed = await admin.put('/api/admin/photo-places/guide.portrait', { mediaId: photo.id })
    expect(placed.status, placed.text).toBe(200)
    expect(placed.json.find((p: { place: string }) => p.place === 'guide.portrait')).toMatchObject({ mediaId: photo.id, aspect: [4, 5] })

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
    const { json: photo } = await upload(admin, await phonePhoto(2400, 1600))
    await admin.put('/api/admin/photo-places/guide.banner', { mediaId: photo.id })
    const before = (await app.services.media.onPage(['guide.banner'], 'en'))['guide.banner']!
    await app.client().bytes(before.src)

    const saved = await admin.patch(`/api/admin/media/${photo.id}`, { alt: 'The moat', altTranslations: { ja: '高田城址公園の外堀', ko: '' }, focalX: 20, focalY: 80 })
    expect(saved.status, saved.text).toBe(200)
    expect(saved.json).toMatchObject({ focalX: 20, focalY: 80, altTranslations: { ja: '高田城址公園の外堀' } })
    const after = (await app.services.media.onPage(['guide.banner'], 'ja'))['guide.banner']!
    expect(after.alt).toBe('高田城址公園の外堀')
    expect(after.altLang).toBeUndefined()
    // Untranslated, a Korean page reads the English description, marked as English for screen readers.
    expect((await app.services.media.onPage(['guide.banner'], 'ko'))['guide.banner']).toMatchObject({ alt: 'The moat', altLang: 'en' })
    expect((await app.services.media.onPage(['guide.banner'], 'en'))['guide.banner']!.altLang).toBeUndefined()
    // A save changes only the languages it names (docs/decisions/0075): the English alone keeps
    // every translation, one language keeps the others, a blank removes only its own.
    const described = async (body: Record<string, unknown>) => {
      const res = await admin.patch(`/api/admin/media/${photo.id}`, { alt: 'The moat', focalX: 20, focalY: 80, ...body })
      expect(res.status, res.text).toBe(200)
      return res.json.altTranslations
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
      const res = await admin.patch(`/api/admin/media/${photo.id}`, body)
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.json.errors?.[field]).toBe(message)
    }
    expect((await app.db.select().from(media))[0]).toMatchObject({ alt: 'The moat', focalX: 20, focalY: 80 })
  })

  it('replaces a placed photo, refuses to delete a placed one, and deletes it once taken off', async () => {
    const { json: first } = await upload(admin, await phonePhoto(1600, 1200, 1), 'one.jpg')
    const { json: second } = await upload(admin, await phonePhoto(1600, 1200, 2), 'two.jpg')
    await admin.put('/api/admin/photo-places/slide.blossoms', { mediaId: first.id })
    await admin.put('/api/admin/photo-places/tokyo.article', { mediaId: first.id })

    const refused = await admin.delete(`/api/admin/media/${first.id}`)
    expect(refused.status).toBe(409)
    expect(refused.json).toMatchObject({ places: ['slide.blossoms', 'tokyo.article'] })
    expect(refused.json.message).toContain('Home slide 3: Cherry blossoms')

    await admin.put('/api/admin/photo-places/slide.blossoms', { mediaId: second.id })
    await admin.put('/api/admin/photo-places/tokyo.article', { mediaId: null })
    expect(await app.db.select().from(photoPlacements)).toEqual([expect.objectContaining({ place: 'slide.blossoms', mediaId: second.id })])
    expect((await admin.delete(`/api/admin/media/${first.id}`)).status).toBe(204)
    expect((await admin.delete(`/api/admin/media/${first.id}`)).status).toBe(404)
    expect(await stored()).toBe(1)

    expect((await admin.put('/api/admin/photo-places/slide.nowhere', { mediaId: second.id })).status).toBe(400)
    expect((await admin.put('/api/admin/photo-places/slide.cafes', { mediaId: 999999 })).status).toBe(404)
    expect((await admin.put('/api/admin/photo-places/slide.cafes', { mediaId: 'x' })).status).toBe(400)
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
    const res = await upload(admin, await make(), name)
    expect(res.status, res.text).toBe(status)
    expect(res.json).toMatchObject({ message, errors: { file: message } })
    expect(await stored()).toBe(0)
    // The server is unharmed: the next upload goes through.
    expect((await upload(admin, await phonePhoto())).status).toBe(201)
  })

  it('asks for the description with the file, and takes uploads only from an admin', async () => {
    const noAlt = await upload(admin, await phonePhoto(), 'a.jpg', {})
    expect(noAlt.status).toBe(400)
    expect(noAlt.json.errors.alt).toBe(ALT_REQUIRED_MESSAGE)
    expect((await admin.post('/api/admin/media', form(Buffer.alloc(0), 'a.jpg'))).status).toBe(400)
    // A malformed multipart body (no closing boundary) and a JSON body are refused, not a 500.
    const cut = await admin.request('POST', '/api/admin/media', '--x\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\nabc', { 'content-type': 'multipart/form-data; boundary=x' })
    expect(cut.status, cut.text).toBe(400)
    expect((await admin.post('/api/admin/media', { alt: 'x' })).json).toMatchObject({ errors: { file: 'Choose a photo to upload' } })
    expect((await upload(app.client(), await phonePhoto())).status).toBe(401)
    expect((await upload(await app.loggedIn(false), await phonePhoto())).status).toBe(403)
    expect(await stored()).toBe(0)

    const { json: photo } = await upload(admin, await phonePhoto())
    const again = await upload(admin, await phonePhoto())
    expect(again.status).toBe(409)
    expect(again.json).toMatchObject({ message: 'This photo is already in the library', id: photo.id })
    expect((await app.client().put('/api/admin/photo-places/slide.cafes', { mediaId: photo.id })).status).toBe(401)
  })

  it('shows a placement made through one instance on another at once', async () => {
    const other = await startTestApp(engine, { database: app.database })
    try {
      const { json: photo } = await upload(admin, await phonePhoto())
      await admin.put('/api/admin/photo-places/explore.food', { mediaId: photo.id })
      const seen = (await other.services.media.onPage(['explore.food'], 'en'))['explore.food']!
      expect((await other.client().bytes(seen.sources[1]!.srcSet.split(' ')[0]!)).headers.get('content-type')).toBe('image/webp')
    } finally {
      await other.close()
    }
  })
})
