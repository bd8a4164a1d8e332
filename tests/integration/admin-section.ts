import { eq } from 'drizzle-orm'
import { users } from '../../server/db/schema.ts'
import { VIA_SCRIPT, VIA_SCRIPT_FIELD } from '../../app/lib/form-post.ts'
import type { TestApp } from './app.ts'

type RouteAction = (args: never) => Promise<unknown>

/** The load context React Router gives a dashboard route for this admin of the test app. */
async function adminContext(app: TestApp, username: string) {
  const [admin] = await app.db.select().from(users).where(eq(users.username, username))
  if (!admin?.isAdmin) throw new Error(`no admin called ${username}`)
  return { services: app.services, config: app.config, cspNonce: '', user: { id: admin.id, username: admin.username, isAdmin: true, language: null }, clientAddress: '192.0.2.9' }
}

/** A dashboard section's route loader as React Router runs it for `path` (its address with the query), for an admin of the test app. */
export async function loadAdminSection<T>(app: TestApp, loader: (args: never) => Promise<T>, path: string, options: { username: string }): Promise<T> {
  const request = new Request(`http://127.0.0.1${path}`)
  return loader({ request, context: await adminContext(app, options.username), params: {} } as never)
}

/**
 * A dashboard section's route action posted by someone not an admin (no session, or a user without
 * the admin's rights): React Router's redirect to the login page, which the action throws
 * (docs/decisions/0011), or null if it let them in.
 */
export async function postAdminSectionAsVisitor(app: TestApp, action: RouteAction, path: string, fields: Record<string, string>, options: { username?: string } = {}) {
  const [row] = options.username ? await app.db.select().from(users).where(eq(users.username, options.username)) : []
  const user = row ? { id: row.id, username: row.username, isAdmin: row.isAdmin, language: null } : null
  const request = new Request(`http://127.0.0.1${path}`, { method: 'POST', body: new URLSearchParams(fields) })
  try {
    await action({ request, context: { services: app.services, config: app.config, cspNonce: '', user, clientAddress: '192.0.2.9' }, params: {} } as never)
    return null
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get('Location') }
    throw thrown
  }
}

/**
 * A dashboard section's route action as React Router runs it (docs/decisions/0088), for an admin of
 * the test app: a plain form post (redirected back to `path`) or the page's fetcher (its data
 * request, answered with data). `language` is the browser's Accept-Language. A form with a file
 * (the Photos section's upload) is sent as multipart, as the browser sends it.
 */
export async function postAdminSection(app: TestApp, action: RouteAction, path: string, fields: Record<string, string | Blob>, options: { byScript: boolean; username: string; language?: string }) {
  const entries = Object.entries(fields)
  const body = entries.some(([, value]) => value instanceof Blob) ? new FormData() : new URLSearchParams()
  for (const [name, value] of entries) (body as FormData).append(name, value)
  if (options.byScript) body.append(VIA_SCRIPT_FIELD, VIA_SCRIPT)
  const request = new Request(`http://127.0.0.1${path}`, { method: 'POST', body, headers: options.language ? { 'accept-language': options.language } : {} })
  const context = await adminContext(app, options.username)
  try {
    const result = (await action({ request, context, params: {} } as never)) as { data: Record<string, unknown>; init: { status?: number } | null }
    return { status: result.init?.status ?? 200, data: result.data, location: null as string | null }
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, data: null, location: thrown.headers.get('Location') }
    throw thrown
  }
}
