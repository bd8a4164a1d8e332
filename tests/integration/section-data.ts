import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream } from 'react-router'

/**
 * What a dashboard section's route loader answered a real server's data request with
 * (docs/decisions/0088): `GET /admin/<section>.data`, as the page's script asks for it, decoded as
 * React Router's client decodes it. For tests against server processes, where the dashboard's
 * reads are the sections' loaders and no longer JSON routes.
 */
export async function sectionData<T>(baseUrl: string, cookie: string, section: string, query: Record<string, string> = {}): Promise<T> {
  const routeId = `routes/admin/${section}`
  const res = await fetch(`${baseUrl}/admin/${section}.data?${new URLSearchParams({ ...query, _routes: routeId })}`, { headers: { cookie }, redirect: 'manual' })
  if (res.status !== 200 || !res.body) throw new Error(`/admin/${section}.data answered ${res.status}`)
  return loaderDataIn<T>(await decodeSingleFetch(res.body), routeId)
}

/**
 * A dashboard form sent as the page's fetcher sends it to a real server (docs/decisions/0088):
 * `POST /admin/<section>.data` with `_via=fetcher`, answered with the action's data, decoded.
 */
export async function postSectionData<T = Record<string, unknown>>(baseUrl: string, cookie: string, section: string, fields: Record<string, string>): Promise<{ status: number; data: T }> {
  const res = await fetch(`${baseUrl}/admin/${section}.data`, { method: 'POST', redirect: 'manual', headers: { cookie }, body: new URLSearchParams({ ...fields, _via: 'fetcher' }) })
  if (!res.body) throw new Error(`/admin/${section}.data answered ${res.status} without a body`)
  return { status: res.status, data: actionDataIn<T>(await decodeSingleFetch(res.body)) }
}

/** A data request's answer, decoded as the page's script decodes it. */
export async function decodeSingleFetch(body: ReadableStream<Uint8Array>): Promise<unknown> {
  const { done, value } = await decodeViaTurboStream(body, globalThis)
  await done
  return value
}

/** One route's loader data in a decoded data request's answer. */
export function loaderDataIn<T>(value: unknown, routeId: string): T {
  const route = (value as Record<string, { data?: T; error?: unknown }>)[routeId]
  if (!route || !('data' in route)) throw new Error(`no data for ${routeId}: ${JSON.stringify(route?.error ?? value)}`)
  return route.data as T
}

/** What a route action answered a script (the page's fetcher): its data, as the page's script reads it. */
export function actionDataIn<T>(value: unknown): T {
  const answer = value as { data?: T; error?: unknown }
  if (!('data' in answer)) throw new Error(`no action data: ${JSON.stringify(answer.error ?? value)}`)
  return answer.data as T
}
