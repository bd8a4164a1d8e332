import { action as bookingAction } from '../../app/routes/booking.tsx'
import { loader as tripPageLoader } from '../../app/routes/booking-confirmation.tsx'
import { VIA_SCRIPT, VIA_SCRIPT_FIELD } from '../../app/lib/form-post.ts'
import type { TestApp } from './app.ts'

type PageApp = Pick<TestApp, 'services' | 'config'>

const contextOf = (app: PageApp, clientAddress: string) => ({ services: app.services, config: app.config, cspNonce: '', user: null, clientAddress })

/**
 * The booking page's action as React Router runs it: a plain form post (`byScript` false) or the
 * page's fetcher, its data request, at a path such as /booking.data or /ja/booking.data. A list
 * is posted as a repeated field (several choices). A redirect (the script-free success) has no data.
 */
export async function postBookingPage(
  app: PageApp,
  fields: Record<string, string | string[]>,
  options: { byScript: boolean; path?: string; clientAddress?: string },
): Promise<{ status: number; data: Record<string, unknown> | null }> {
  const body = new URLSearchParams()
  for (const [key, value] of Object.entries(fields)) for (const v of Array.isArray(value) ? value : [value]) body.append(key, v)
  if (options.byScript) body.append(VIA_SCRIPT_FIELD, VIA_SCRIPT)
  const request = new Request(`http://127.0.0.1${options.path ?? '/booking.data'}`, { method: 'POST', body })
  const context = contextOf(app, options.clientAddress ?? '192.0.2.8')
  const result = (await bookingAction({ request, context, params: {} } as unknown as Parameters<typeof bookingAction>[0])) as unknown
  if (result instanceof Response) return { status: result.status, data: null }
  const { data, init } = result as { data: Record<string, unknown>; init: { status?: number } | null }
  return { status: init?.status ?? 200, data }
}

/** The trip page's loader data (/booking-confirmation/{reference}, or under a language's prefix). */
export async function loadTripPage(app: PageApp, path: string, reference: string) {
  const request = new Request(`http://127.0.0.1${path}`)
  const result = (await tripPageLoader({ request, context: contextOf(app, '192.0.2.1'), params: { reference } } as unknown as Parameters<typeof tripPageLoader>[0])) as {
    data: { booking: Record<string, unknown>; whatToBring: { season: string; text: string; lang?: 'en' } | null }
  }
  return result.data
}
