import { eq } from 'drizzle-orm'
import { users } from '../../server/db/schema.ts'
import { VIA_SCRIPT, VIA_SCRIPT_FIELD } from '../../app/lib/form-post.ts'
import type { TestApp } from './app.ts'

type RouteAction = (args: never) => Promise<unknown>

/**
 * A dashboard section's route action as React Router runs it (docs/decisions/0088), for an admin of
 * the test app: a plain form post (redirected back to `path`) or the page's fetcher (its data
 * request, answered with data). `language` is the browser's Accept-Language.
 */
export async function postAdminSection(app: TestApp, action: RouteAction, path: string, fields: Record<string, string>, options: { byScript: boolean; username: string; language?: string }) {
  const [admin] = await app.db.select().from(users).where(eq(users.username, options.username))
  if (!admin?.isAdmin) throw new Error(`no admin called ${options.username}`)
  const body = new URLSearchParams(fields)
  if (options.byScript) body.append(VIA_SCRIPT_FIELD, VIA_SCRIPT)
  const request = new Request(`http://127.0.0.1${path}`, { method: 'POST', body, headers: options.language ? { 'accept-language': options.language } : {} })
  const context = { services: app.services, config: app.config, cspNonce: '', user: { id: admin.id, username: admin.username, isAdmin: true, language: null }, clientAddress: '192.0.2.9' }
  try {
    const result = (await action({ request, context, params: {} } as never)) as { data: Record<string, unknown>; init: { status?: number } | null }
    return { status: result.init?.status ?? 200, data: result.data, location: null as string | null }
  } catch (thrown) {
    if (thrown instanceof Response) return { status: thrown.status, data: null, location: thrown.headers.get('Location') }
    throw thrown
  }
}
