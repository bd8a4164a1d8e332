import sharp from 'sharp'
import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from 'react-router'
import { PLACE_KEYS, placeKind } from '../core/media/places.ts'

/**
 * Photos in every place of the site, for `bench:web --photos` (docs/decisions/0066): the pages as they will be
 * once the guide has put photos everywhere. No photos come with the repository, so each is made
 * here to weigh what a phone photo weighs: large soft shapes, mid-sized detail and grain, about
 * 450 KB as a 1600 px JPEG at quality 90 (a real one is 300–600 KB), which the server then stores
 * and encodes like any upload.
 */
export async function benchPhoto(width: number, height: number, seed: number): Promise<Buffer> {
  let state = seed * 7919 + 104729
  const random = () => (state = (state * 9301 + 49297) % 233280) / 233280
  const field = async (w: number, h: number, blur?: number) => {
    const raw = Buffer.alloc(w * h * 3)
    for (let i = 0; i < raw.length; i++) raw[i] = Math.floor(random() * 255)
    const up = sharp(raw, { raw: { width: w, height: h, channels: 3 } }).resize(width, height, { kernel: 'cubic' })
    return (blur ? up.blur(blur) : up).raw().toBuffer()
  }
  const shapes = await field(24, 16, 8)
  const detail = await field(Math.round(width / 8), Math.round(height / 8))
  const pixels = Buffer.alloc(width * height * 3)
  for (let px = 0; px < width * height; px++) {
    // Texture and grain are mostly brightness, as in a phone's photo (its processing removes colour noise).
    const i = px * 3
    const texture = ((detail[i]! + detail[i + 1]! + detail[i + 2]!) / 3 - 128) * 0.45
    const grain = (random() - 0.5) * 12
    for (let c = 0; c < 3; c++) pixels[i + c] = Math.max(0, Math.min(255, 40 + shapes[i + c]! * 0.7 + texture + (detail[i + c]! - 128) * 0.12 + grain))
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 90 }).toBuffer()
}

type Session = { baseUrl: string; cookie: string }

/** The benchmark's admin session on the server under test, for what a --option puts in place first. */
export async function benchSession(baseUrl: string, credentials: { username: string; password: string }, option: string): Promise<Session> {
  const login = await fetch(`${baseUrl}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: baseUrl }, body: JSON.stringify(credentials) })
  if (!login.ok) throw new Error(`log-in for ${option} failed: ${login.status}`)
  return { baseUrl, cookie: login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ') }
}

export async function call(session: Session, method: string, path: string, body?: BodyInit, json = false) {
  const res = await fetch(session.baseUrl + path, {
    method,
    body,
    headers: { cookie: session.cookie, ...(json ? { 'content-type': 'application/json' } : {}), origin: session.baseUrl },
  })
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`)
  return res
}

/**
 * Logs in, uploads one photo per place (its shape, 1.5× the largest width it is served at, as a
 * phone would send more) and places each, by the dashboard's Photos section's forms (its route
 * action, docs/decisions/0088): the upload as its script sends it, answered with the new photo. Then asks for every picture the pages write, so the
 * measurement sees them as visitors after the first do (made once, kept in the database).
 */
export async function placeBenchPhotos(baseUrl: string, credentials: { username: string; password: string }, pages: readonly string[]): Promise<void> {
  const session = await benchSession(baseUrl, credentials, '--photos')
  for (const [i, place] of PLACE_KEYS.entries()) {
    const kind = placeKind(place)
    const width = Math.min(3000, Math.round(kind.widths[kind.widths.length - 1]! * 1.5))
    const height = Math.round((width * kind.aspect[1]) / kind.aspect[0])
    const form = new FormData()
    form.set('intent', 'upload')
    form.set('_via', 'fetcher')
    form.set('alt', `Benchmark photo for ${place}`)
    form.set('file', new Blob([new Uint8Array(await benchPhoto(width, height, i + 1))], { type: 'image/jpeg' }), `${place}.jpg`)
    const uploaded = await call(session, 'POST', '/admin/photos.data', form)
    const { done, value } = await decodeViaTurboStream(uploaded.body!, globalThis)
    await done
    const photo = (value as { data: { result: { id: number } } }).data.result
    await call(session, 'POST', '/admin/photos', new URLSearchParams({ intent: 'place', place, mediaId: String(photo.id) }))
  }
  const urls = new Set<string>()
  for (const page of pages) {
    const html = await (await fetch(baseUrl + page)).text()
    for (const match of html.matchAll(/\/media\/[0-9a-f]{64}\/[\w.-]+/g)) urls.add(match[0])
  }
  for (const url of urls) await fetch(baseUrl + url)
  console.log(`Placed ${PLACE_KEYS.length} photos; made ${urls.size} pictures for ${pages.join(' ')}.`)
}
