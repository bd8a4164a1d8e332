import { expect, type APIRequestContext } from '@playwright/test'
import { actionDataIn, decodeSingleFetch, loaderDataIn } from '../integration/section-data.ts'

/**
 * The dashboard's set-up and read-back for browser journeys, through the sections' route loaders
 * and actions as the pages use them (docs/decisions/0088): `request` is signed in as an admin.
 */

type PhotoFile = { name: string; mimeType: string; buffer: Buffer }

const decoded = async (body: Buffer) => decodeSingleFetch(new Response(new Uint8Array(body)).body!)

/** A section's loader data, by its data request ('/admin/settings', 'routes/admin/settings'). */
export async function sectionData<T>(request: APIRequestContext, path: string, routeId: string): Promise<T> {
  const [pathname, query] = path.split('?')
  const params = new URLSearchParams(query)
  params.set('_routes', routeId)
  const res = await request.get(`${pathname}.data?${params}`, { maxRedirects: 0 })
  expect(res.status(), await res.text()).toBe(200)
  return loaderDataIn<T>(await decoded(await res.body()), routeId)
}

/** Uploads a photo with its description by the Photos section's form, as its script sends it; the new photo's id. */
export async function uploadPhoto(request: APIRequestContext, alt: string, file: PhotoFile): Promise<number> {
  const res = await request.post('/admin/photos.data', { multipart: { intent: 'upload', _via: 'fetcher', alt, file }, maxRedirects: 0 })
  expect(res.status(), await res.text()).toBe(200)
  return actionDataIn<{ result: { id: number } }>(await decoded(await res.body())).result.id
}

/** Puts a photo in a place of the site (null: its artwork again) by the Photos section's plain form post. */
export async function placePhoto(request: APIRequestContext, place: string, mediaId: number | null, baseURL = '') {
  const res = await request.post(`${baseURL}/admin/photos`, { form: { intent: 'place', place, mediaId: mediaId === null ? '' : String(mediaId) }, maxRedirects: 0 })
  expect(res.status(), await res.text()).toBe(302)
}
