import { action as changeAction, loader as changeLoader } from '../../app/routes/change-booking.tsx'
import type { TestApp } from './app.ts'

/** A guest's change of plans: the new date, slot, tour and group. */
export type Target = { tourDate: string; tourTime: string; tourPackageId: number; numberOfPeople: number }

const context = (app: TestApp) => ({ services: app.services, config: app.config, cspNonce: '', user: null, clientAddress: '192.0.2.9' })

/** The change page's action as React Router runs it, at a path such as /ko/booking-confirmation/X/change.data. */
export async function postChangePage(app: TestApp, reference: string, target: Target, path: string) {
  const body = new URLSearchParams(Object.entries(target).map(([k, v]) => [k, String(v)]))
  const request = new Request(`http://127.0.0.1${path}`, { method: 'POST', body })
  const result = (await changeAction({ request, context: context(app), params: { reference } } as unknown as Parameters<typeof changeAction>[0])) as { data: Record<string, unknown>; init: { status?: number } | null }
  return { status: result.init?.status ?? 200, data: result.data }
}

/** The change page's loader data; with `?…&step=review`, what the change would do. */
export async function loadChangePage(app: TestApp, reference: string, query = '') {
  const request = new Request(`http://127.0.0.1/booking-confirmation/${reference}/change${query}`)
  const result = (await changeLoader({ request, context: context(app), params: { reference } } as unknown as Parameters<typeof changeLoader>[0])) as unknown
  return ((result as { data?: unknown }).data ?? result) as Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- loader data under test
}
