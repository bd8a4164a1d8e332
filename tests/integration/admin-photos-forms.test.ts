import crypto from 'node:crypto'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { MAX_UPLOAD_BYTES } from '../../core/schemas/photo.ts'
import { PAGE_BODY_LIMIT_BYTES } from '../../server/http/page-posts.ts'
import { phonePhoto } from './crafted-images.ts'
import { sectionData } from './section-data.ts'
import { logIn, postJson } from './server-process.ts'
import { ENGINES } from './databases.ts'
import { ownerServer } from './owner-server.ts'

/**
 * Dashboard → Photos on its route loader and action (docs/decisions/0048, 0088), through every way
 * in: a plain form post (no script; an upload as multipart), the page's data request as a fetcher
 * sends it, a refusal in the admin's language, and a photo that is gone; the page door's 20 MB for
 * an admin's upload and the usual limit for anyone else (docs/decisions/0068). What each save did is
 * read back through the section's loader (its data request). On PostgreSQL too when TEST_DATABASE_URL is set.
 */
describe('the Photos section’s forms', () => {
  const server = ownerServer('jlt-admin-photos-', ENGINES.at(-1))

  type Photo = { id: number; alt: string; altTranslations: Record<string, string>; focalX: number; focalY: number; places: string[]; width: number; height: number }
  type PhotoPlace = { place: string; mediaId: number | null }
  type Fields = Record<string, string | Blob>

  const body = (fields: Fields, byScript: boolean) => {
    const form = new FormData()
    for (const [name, value] of Object.entries(fields)) form.append(name, value)
    if (byScript) form.append('_via', 'fetcher')
    return form
  }
  /** A plain form post, as the browser sends it without script (multipart, as the upload's form is). */
  const post = (fields: Fields, { language = 'en', as = server.cookie } = {}) =>
    fetch(`${server.url}/admin/photos`, { method: 'POST', redirect: 'manual', headers: { cookie: as, 'accept-language': language }, body: body(fields, false) })
  /** The same form as the page's fetcher sends it: answered with data, not a redirect. */
  const byScript = (fields: Fields, language = 'en') =>
    fetch(`${server.url}/admin/photos.data`, { method: 'POST', redirect: 'manual', headers: { cookie: server.cookie, 'accept-language': language }, body: body(fields, true) })
  const section = () => sectionData<{ photos: Photo[]; places: PhotoPlace[] }>(server.url, server.cookie, 'photos')
  const photos = async () => (await section()).photos
  const photo = async (id: number) => (await photos()).find((p) => p.id === id)
  const placeOf = async (place: string) => (await section()).places.find((p) => p.place === place)!.mediaId
  const page = async (query = '') => (await fetch(`${server.url}/admin/photos${query}`, { headers: { cookie: server.cookie } })).text()
  const backToPhotos = (res: Response) => {
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe('/admin/photos')
  }
  const jpeg = async (seed: number, name = `photo-${seed}.jpg`) => new File([new Uint8Array(await phonePhoto(1600, 1200, seed))], name, { type: 'image/jpeg' })
  /** A photo of noise: it keeps its size as a JPEG, well over a page form's 100 kB. */
  const largePhoto = async () =>
    new File([new Uint8Array(await sharp(crypto.randomBytes(1200 * 900 * 3), { raw: { width: 1200, height: 900, channels: 3 } }).jpeg({ quality: 90 }).toBuffer())], 'moat.jpg', { type: 'image/jpeg' })
  /** Uploads by script, for the tests of the other forms: the photo as the library then lists it. */
  const uploaded = async (seed: number, alt = `Photo ${seed}`) => {
    const res = await byScript({ intent: 'upload', alt, file: await jpeg(seed) })
    expect(res.status).toBe(200)
    return (await photos()).find((p) => p.alt === alt)!
  }
  /** A file of `bytes` that starts as a JPEG: the door sees its size, the media service what it holds. */
  const sized = (bytes: number) => new File([new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(bytes - 3)]))], 'big.jpg', { type: 'image/jpeg' })

  it('sends a visitor without a session to the login page, from the section and from its action', async () => {
    for (const res of [await fetch(`${server.url}/admin/photos`, { redirect: 'manual' }), await post({ intent: 'upload', alt: 'x' }, { as: '' })]) {
      expect(res.status).toBe(302)
      expect(res.headers.get('location')).toBe('/admin/login?denied=1&redirectTo=%2Fadmin%2Fphotos')
    }
  })

  it('uploads a photo by a plain multipart post and by script, larger than a page’s 100 kB; the library comes with the page', async () => {
    const file = await largePhoto()
    expect(file.size).toBeGreaterThan(100 * 1024)
    backToPhotos(await post({ intent: 'upload', alt: 'The moat by a plain form', file }))
    const plain = (await photos()).find((p) => p.alt === 'The moat by a plain form')!
    expect(plain).toMatchObject({ width: 1200, height: 900, focalX: 50, focalY: 50, places: [] })
    expect(await page()).toContain('The moat by a plain form')

    const res = await byScript({ intent: 'upload', alt: 'The moat by script', file: await jpeg(2) })
    expect(res.status).toBe(200)
    // The answer carries the photo, for the toast's size.
    expect(await res.text()).toContain('The moat by script')
    expect((await photos()).map((p) => p.alt)).toContain('The moat by script')
  })

  it('refuses an upload without a file, a file that is no photo and a photo already there, in the admin’s language, storing nothing', async () => {
    const before = (await photos()).length
    // A form sent without a file carries an empty, nameless one.
    const none = await byScript({ intent: 'upload', alt: 'Nothing chosen', file: new File([], '', { type: 'application/octet-stream' }) }, 'ja')
    expect(none.status).toBe(400)
    expect(await none.text()).toContain('アップロードする写真を選んでください')
    const text = await byScript({ intent: 'upload', alt: 'Not a photo', file: new File(['just words, long enough to sniff'], 'notes.jpg', { type: 'image/jpeg' }) }, 'ja')
    expect(text.status).toBe(400)
    expect(await text.text()).toContain('このファイルは使える写真ではありません')
    const noAlt = await post({ intent: 'upload', alt: ' ', file: await jpeg(3) })
    expect(noAlt.status).toBe(400)
    expect(await noAlt.text()).toContain('Describe the photo for visitors who cannot see it')

    await uploaded(4)
    const twice = await byScript({ intent: 'upload', alt: 'Again', file: await jpeg(4) }, 'ja')
    expect(twice.status).toBe(409)
    expect(await twice.text()).toContain('この写真はすでにライブラリにあります')
    expect(await photos()).toHaveLength(before + 1)
  })

  it('keeps the 100 kB limit for anyone else’s post to the Photos page', async () => {
    const visitor = await fetch(`${server.url}/admin/photos`, { method: 'POST', redirect: 'manual', body: body({ intent: 'upload', alt: 'x', file: await largePhoto() }, false) })
    expect(visitor.status).toBe(413)
  })

  it('lets an admin’s upload of 20 MB through the door to the photo’s own checks, and refuses a larger body at the door', async () => {
    const before = (await photos()).length
    // Just over 20 MB of file: through the door (its limit is the photo's and a form's), refused by the media service in the admin's words.
    const overPhoto = await byScript({ intent: 'upload', alt: 'Too large a photo', file: sized(MAX_UPLOAD_BYTES + 1) })
    expect(overPhoto.status).toBe(413)
    expect(await overPhoto.text()).toContain('A photo may be at most 20 MB')
    // A body over what the door lets an admin send: refused before the action reads it.
    const overDoor = await post({ intent: 'upload', alt: 'Too large a body', file: sized(MAX_UPLOAD_BYTES + PAGE_BODY_LIMIT_BYTES + 1) })
    expect(overDoor.status).toBe(413)
    expect(await overDoor.text()).toBe('Request body is too large')
    expect(await photos()).toHaveLength(before)
  })

  it('sends a signed-in helper who is no admin to the login page, at the usual 100 kB, and refuses a broken or non-form body, storing nothing', async () => {
    const before = (await photos()).length
    expect((await postJson(`${server.url}/api/register`, { username: 'photo-helper', password: 'helper-password', isAdmin: false }, { cookie: server.cookie })).status).toBe(201)
    const helper = await logIn(server.url, 'photo-helper', 'helper-password')
    const small = await post({ intent: 'upload', alt: 'By a helper', file: await jpeg(12) }, { as: helper })
    expect(small.status).toBe(302)
    expect(small.headers.get('location')).toBe('/admin/login?denied=1&redirectTo=%2Fadmin%2Fphotos')
    expect((await post({ intent: 'upload', alt: 'By a helper', file: await largePhoto() }, { as: helper })).status).toBe(413)

    // A multipart body cut short (no closing boundary) is the sender's fault: 400, not a 500; JSON is no form: 415.
    const cutShort = (url: string, language = 'en') =>
      fetch(url, {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie: server.cookie, 'accept-language': language, 'content-type': 'multipart/form-data; boundary=x' },
        body: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\nabc',
      })
    // The page's data request, as its script posts.
    expect((await cutShort(`${server.url}/admin/photos.data`)).status).toBe(400)
    // A plain document post: the dashboard's error page, in the admin's language, back to the dashboard.
    for (const [language, title] of [['en', 'The request could not be read'], ['ja', 'リクエストを読み取れませんでした']]) {
      const plain = await cutShort(`${server.url}/admin/photos`, language)
      expect(plain.status).toBe(400)
      const html = await plain.text()
      expect(html).toContain(`<h1 class="text-2xl font-bold text-slate-900">${title}</h1>`)
      expect(html).toContain('href="/admin"')
    }
    const json = await fetch(`${server.url}/admin/photos`, { method: 'POST', redirect: 'manual', headers: { cookie: server.cookie, 'content-type': 'application/json' }, body: JSON.stringify({ intent: 'upload', alt: 'x' }) })
    expect(json.status).toBe(415)
    expect(await photos()).toHaveLength(before)
  })

  it('saves a photo’s description in each language and its focal point, by a plain form post and by script', async () => {
    const { id } = await uploaded(6, 'Before')
    const details = { intent: 'details', id: String(id), alt: 'Castle in snow', 'altTranslations.ja': '雪の高田城', 'altTranslations.ko': '', 'altTranslations.zh-Hant': '', 'altTranslations.zh-Hans': '', focalX: '20', focalY: '80' }
    backToPhotos(await post(details))
    expect(await photo(id)).toMatchObject({ alt: 'Castle in snow', altTranslations: { ja: '雪の高田城' }, focalX: 20, focalY: 80 })
    // The address opens its form, with the saved values.
    expect(await page(`?photo=${id}`)).toContain('value="雪の高田城"')

    const res = await byScript({ ...details, alt: 'Castle in spring', 'altTranslations.ja': '', 'altTranslations.ko': '봄의 다카다 성', focalX: '35' })
    expect(res.status).toBe(200)
    expect(await res.text()).toContain('Castle in spring')
    expect(await photo(id)).toMatchObject({ alt: 'Castle in spring', altTranslations: { ko: '봄의 다카다 성' }, focalX: 35, focalY: 80 })
  })

  it('refuses a focal point that is not a number on its field in Japanese, and a gone photo with 404', async () => {
    const { id } = await uploaded(7, 'Focal')
    const refused = await byScript({ intent: 'details', id: String(id), alt: 'Focal', focalX: 'left', focalY: '50' }, 'ja')
    expect(refused.status).toBe(400)
    expect(await refused.text()).toContain('焦点の左からの位置は0～100の数値で入力してください')
    // Without script, the page again with the refusal beside the field.
    const plain = await post({ intent: 'details', id: String(id), alt: 'Focal', focalX: '50', focalY: '12.5' })
    expect(plain.status).toBe(400)
    expect(await plain.text()).toContain('The focal point’s top position must be a whole number from 0 to 100')
    expect(await photo(id)).toMatchObject({ focalX: 50, focalY: 50 })

    const gone = await byScript({ intent: 'details', id: '999999', alt: 'Nobody', focalX: '50', focalY: '50' }, 'ja')
    expect(gone.status).toBe(404)
    expect(await gone.text()).toContain('写真が見つかりません')
  })

  it('puts a photo in a place and takes it off, by a plain form post and by script; a gone photo is 404', async () => {
    const { id } = await uploaded(8, 'Portrait')
    backToPhotos(await post({ intent: 'place', place: 'guide.portrait', mediaId: String(id) }))
    expect(await placeOf('guide.portrait')).toBe(id)
    expect((await photo(id))!.places).toEqual(['guide.portrait'])

    const off = await byScript({ intent: 'place', place: 'guide.portrait', mediaId: '' })
    expect(off.status).toBe(200)
    expect(await off.text()).toContain('guide.portrait')
    expect(await placeOf('guide.portrait')).toBeNull()
    const on = await byScript({ intent: 'place', place: 'explore.food', mediaId: String(id) })
    expect(on.status).toBe(200)
    expect(await placeOf('explore.food')).toBe(id)

    const gone = await byScript({ intent: 'place', place: 'explore.culture', mediaId: '999999' }, 'ja')
    expect(gone.status).toBe(404)
    expect(await gone.text()).toContain('写真が見つかりません')
    expect(await placeOf('explore.culture')).toBeNull()
  })

  it('refuses to delete a photo on the site in Japanese; deletes one on no page by script and by a plain form post; a gone photo is 404', async () => {
    const placed = await uploaded(9, 'On the site')
    expect((await byScript({ intent: 'place', place: 'tokyo.article', mediaId: String(placed.id) })).status).toBe(200)
    const refused = await byScript({ intent: 'remove', id: String(placed.id) }, 'ja')
    expect(refused.status).toBe(409)
    // The sentence in Japanese, the place by the name the Photos page gives it (docs/decisions/0087).
    expect(await refused.text()).toContain('この写真はサイトに掲載中です（東京からの日帰り：記事の写真）')
    expect(await photo(placed.id)).toBeDefined()

    const first = await uploaded(10, 'Unused one')
    const second = await uploaded(11, 'Unused two')
    expect((await byScript({ intent: 'remove', id: String(first.id) })).status).toBe(200)
    backToPhotos(await post({ intent: 'remove', id: String(second.id) }))
    expect(await photo(first.id)).toBeUndefined()
    expect(await photo(second.id)).toBeUndefined()

    const gone = await byScript({ intent: 'remove', id: String(first.id) }, 'ja')
    expect(gone.status).toBe(404)
    expect(await gone.text()).toContain('写真が見つかりません')
  })
})
