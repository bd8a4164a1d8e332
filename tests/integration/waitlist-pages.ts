import { and, desc, eq } from 'drizzle-orm'
import { outgoingEmails } from '../../server/db/schema.ts'
import { action as joinAction } from '../../app/routes/waitlist-join.tsx'
import { action as leaveAction } from '../../app/routes/waitlist-leave.tsx'
import { action as confirmAction, loader as confirmLoader } from '../../app/routes/waitlist-confirm.tsx'
import { VIA_SCRIPT, VIA_SCRIPT_FIELD } from '../../app/lib/form-post.ts'
import type { TestApp } from './app.ts'

/**
 * The waitlist's pages as React Router runs them (docs/decisions/0057, 0070): a plain form post,
 * or the page's fetcher, its data request (…/booking/waitlist.data, …/waitlist/confirm/{token}.data).
 */

type Fields = Record<string, string>
export type WaitTime = 'morning' | 'afternoon' | 'full-day'
type PageApp = Pick<TestApp, 'services' | 'config'>
const context = (app: PageApp, clientAddress: string) => ({ services: app.services, config: app.config, cspNonce: '', user: null, clientAddress })
type Answer = { status: number; location: string | null; data: Record<string, unknown> | null; headers?: Record<string, string> }

/** A sign-up's fields, as the page posts them: a group of two and the seeded tour that fits the slot. */
export const signUpFields = (tours: { half: { id: number }; full: { id: number } }, email: string, tourDate: string, tourTime: WaitTime, extra: Fields = {}): Fields => ({
  email,
  tourDate,
  tourTime,
  numberOfPeople: '2',
  tourPackageId: String(tourTime === 'full-day' ? tours.full.id : tours.half.id),
  ...extra,
})

/** A route action's result: a redirect Response, or data with its status and headers. */
function answerOf(result: unknown): Answer {
  if (result instanceof Response) return { status: result.status, location: result.headers.get('Location'), data: null }
  const { data, init } = result as { data: Record<string, unknown>; init: { status?: number; headers?: Record<string, string> } | null }
  return { status: init?.status ?? 200, location: null, data, headers: init?.headers ?? {} }
}

function post(path: string, fields: Fields, byScript: boolean) {
  const body = new URLSearchParams(fields)
  if (byScript) body.append(VIA_SCRIPT_FIELD, VIA_SCRIPT)
  return new Request(`http://127.0.0.1${path}`, { method: 'POST', body })
}

/** The join page's action: /booking/waitlist, or its data request. */
export async function postJoinPage(app: PageApp, fields: Fields, options: { byScript: boolean; path?: string; clientAddress?: string }) {
  const path = options.path ?? (options.byScript ? '/booking/waitlist.data' : '/booking/waitlist')
  const request = post(`${path}?date=${fields.tourDate}&tourTime=${fields.tourTime}`, fields, options.byScript)
  return answerOf(await joinAction({ request, context: context(app, options.clientAddress ?? '192.0.2.8'), params: {} } as unknown as Parameters<typeof joinAction>[0]))
}

/** The removal page's button. */
export async function postLeavePage(app: PageApp, token: string, byScript: boolean, path = `/waitlist/${token}`) {
  const request = post(path, {}, byScript)
  return answerOf(await leaveAction({ request, context: context(app, '192.0.2.1'), params: { token } } as unknown as Parameters<typeof leaveAction>[0]))
}

/** The confirmation page's button (docs/decisions/0070). */
export async function postConfirmPage(app: PageApp, token: string, byScript: boolean, path = `/waitlist/confirm/${token}`) {
  const request = post(path, {}, byScript)
  return answerOf(await confirmAction({ request, context: context(app, '192.0.2.1'), params: { token } } as unknown as Parameters<typeof confirmAction>[0]))
}

/** A page's loader data and status, by the path it is asked at. */
export async function loadPage<T>(loader: (args: never) => unknown, path: string, app: PageApp, params: Record<string, string> = {}) {
  const result = (await loader({ request: new Request(`http://127.0.0.1${path}`), context: context(app, '192.0.2.1'), params } as never)) as unknown
  const wrapped = result as { data?: T; init?: { status?: number } | null; type?: string }
  return wrapped.type === 'DataWithResponseInit' ? { status: wrapped.init?.status ?? 200, data: wrapped.data! } : { status: 200, data: result as T }
}

export const loadConfirmPage = <T>(app: PageApp, token: string, path = `/waitlist/confirm/${token}`) => loadPage<T>(confirmLoader as never, path, app, { token })

/** The confirmation e-mails queued for an address, oldest first. */
export const confirmationMails = (app: Pick<TestApp, 'db'>, email: string) =>
  app.db
    .select()
    .from(outgoingEmails)
    .where(and(eq(outgoingEmails.kind, 'waitlist-confirm'), eq(outgoingEmails.toAddress, email)))
    .orderBy(outgoingEmails.id)

/** The confirmation link's token in the latest confirmation e-mail to an address. */
export async function confirmTokenFor(app: Pick<TestApp, 'db'>, email: string): Promise<string> {
  const [mail] = await app.db
    .select()
    .from(outgoingEmails)
    .where(and(eq(outgoingEmails.kind, 'waitlist-confirm'), eq(outgoingEmails.toAddress, email)))
    .orderBy(desc(outgoingEmails.id))
    .limit(1)
  const token = mail && /\/waitlist\/confirm\/([0-9A-Z]{52})\b/.exec(mail.text)?.[1]
  if (!token) throw new Error(`no confirmation e-mail to ${email}`)
  return token
}
