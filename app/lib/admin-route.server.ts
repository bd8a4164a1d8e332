import { data, redirect, type AppLoadContext } from 'react-router'
import { z } from 'zod'
import { adminLoginPath } from '../../core/admin-redirect.ts'
import type { AdminLocale } from '../../core/i18n/admin-locales.ts'
import type { Said } from '../../core/i18n/refusal.ts'
import { firstErrorMessage } from '../../core/schemas/field-errors.ts'
import { adminLanguageSchema } from '../../core/schemas/users.ts'
import { failureOf, loggableError, parseId, ServiceError, sessionTokenIn } from '../../server/for-app.server.ts'
import type { AsJson } from '../../server/for-app.ts'
import { requestAdminLocale } from '../i18n/admin-messages.server.ts'
import { readForm } from './form-post.server.ts'
import { sentByScript, VIA_SCRIPT_FIELD } from './form-post.ts'
import { ADMIN_FORM_FIELD, ADMIN_INTENT_FIELD, LANGUAGE_INTENT, type AdminActionData } from './admin-form.ts'
import { localizedRefusal, refusalIn } from './refusal.server.ts'

type Args = { request: Request; context: AppLoadContext }

/**
 * Only admins get in (docs/decisions/0011): anyone else goes to the login page with 'Access denied',
 * coming back here afterwards. Every dashboard loader and action calls it: React Router runs a
 * layout's loader and its child's side by side, so the layout's check alone would not stop the child.
 */
export function requireAdmin({ request, context }: Args) {
  if (!context.user?.isAdmin) {
    const url = new URL(request.url)
    throw redirect(adminLoginPath(url.pathname.replace(/\.data$/, '') + url.search))
  }
  return context.user
}

/** Refuses a save for a row that is gone, as the JSON API does (404 with the message). */
export function notFound(said: Said): never {
  throw new ServiceError('not-found', said)
}

/** The row a form edits, from its hidden `id` field: a positive integer, else 400 as the JSON API answers a bad id. */
export function rowId(form: FormData): number {
  const value = form.get('id')
  return parseId(typeof value === 'string' ? value : undefined)
}

/** What a service returns, as the dashboard's components know it from the JSON API: dates as ISO strings. */
export function asJson<T>(value: T): AsJson<T> {
  return JSON.parse(JSON.stringify(value)) as AsJson<T>
}

/**
 * A form's fields as the object its schema reads: a dotted name ('translations.ko.name') nests, so
 * the field errors' keys, which are the schema's paths joined by dots, are the inputs' names again.
 * The pipeline's own fields (intent, _via) are left out.
 */
export function formObject(form: FormData): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [name, value] of form) {
    if (name === ADMIN_INTENT_FIELD || name === ADMIN_FORM_FIELD || name === VIA_SCRIPT_FIELD || typeof value !== 'string') continue
    const path = name.split('.')
    let node = out
    for (const key of path.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>
    node[path.at(-1)!] = value
  }
  return out
}

/**
 * What a script-free form was sent with, for the page that comes back with its refusal to show in
 * its fields again, not the stored values (a script's form keeps them itself): its text, never a
 * password or a file, nor the pipeline's own fields.
 */
function typedValues(form: FormData): Record<string, string> {
  const typed: Record<string, string> = {}
  for (const [name, value] of form) {
    if (typeof value === 'string' && name !== ADMIN_INTENT_FIELD && name !== ADMIN_FORM_FIELD && !/password/i.test(name)) typed[name] = value
  }
  return typed
}

/** Who saves: the signed-in admin, the session this request came with, and the language their dashboard speaks (docs/decisions/0086). */
export type AdminActor = { id: number; username: string; session: string | undefined; locale: AdminLocale }

/** One form of a tab: its schema (the API's, core/schemas/*) and the service call it makes. */
export type AdminIntent<S extends z.ZodType = z.ZodType> = {
  schema: S
  /** The values the schema reads, when the form's fields are not them as they are (a checkbox left unticked sends nothing). */
  input?: (form: FormData) => unknown
  /** The service call; `admin` is who saves, for the services that record it (a voucher's cancel), keep their session (a new password) or write to them (a test e-mail). */
  run: (input: z.output<S>, form: FormData, admin: AdminActor) => Promise<unknown>
  /**
   * A look-up rather than a save: what it returns is what the page shows, so a post without script
   * is answered with the page and the result (`useActionData`), not sent back, which would lose it.
   */
  shows?: boolean
  /**
   * The address parameters a script-free post comes back with after this save, from what it
   * returned (null removes one): a dialog the address opened closes, or the next one opens
   * (a booking made shows its pay link). A script is answered with data and moves on itself.
   */
  addressAfter?: (result: unknown) => Record<string, string | null>
}

/** Lets TypeScript infer each intent's schema where a tab lists its intents. */
export const intent = <S extends z.ZodType>(handler: AdminIntent<S>): AdminIntent => handler as unknown as AdminIntent

/** The schema of a form that sends nothing but which button was pressed ('Mark All as Read'). */
export const NO_FIELDS = z.object({})

/** A form that acts on one row and sends nothing else ('Mark as Read', 'Delete'): its hidden `id`. */
export const rowIntent = (run: (id: number) => Promise<unknown>) => intent({ schema: NO_FIELDS, run: (_input, form) => run(rowId(form)) })

/**
 * The one save pipeline of the dashboard (docs/decisions/0088), every tab's route action: the admin
 * check, the form read, the hidden `intent` field choosing among the tab's forms, the tab's zod
 * schema, the service, and a refusal (`failureOf`) answered as `{ message, errors }` with its status
 * in the dashboard's language (`localizedRefusal`). What the service returns goes back to the
 * script as `result` (a saved row, for the toast). The language choice in the header is an
 * intent of every tab. A script (the form's fetcher) gets `{ ok: true }`; a plain form post,
 * without JavaScript, is redirected back to the page it came from, which shows the saved value.
 */
export async function adminAction(args: Args, intents: Record<string, AdminIntent>, options: { defaultIntent?: string } = {}) {
  const user = requireAdmin(args)
  const form = await readForm(args.request)
  const name = String(form.get(ADMIN_INTENT_FIELD) ?? options.defaultIntent ?? '')
  const formId = String(form.get(ADMIN_FORM_FIELD) ?? name)
  const back = (changes: Record<string, string | null> = {}) => {
    const url = new URL(args.request.url)
    for (const [param, value] of Object.entries(changes)) {
      if (value === null) url.searchParams.delete(param)
      else url.searchParams.set(param, value)
    }
    return redirect(url.pathname.replace(/\.data$/, '') + url.search)
  }
  if (name === LANGUAGE_INTENT) return chooseLanguage(args, user.id, form, back)
  const handler = intents[name]
  if (!handler) return data<AdminActionData>({ ok: false, formId, message: `Unknown form: ${name || '(none)'}`, errors: {} }, { status: 400 })
  const locale = requestAdminLocale(args.request, args.context)
  let result: unknown
  try {
    const input = handler.schema.parse(handler.input ? handler.input(form) : formObject(form))
    result = await handler.run(input, form, { id: user.id, username: user.username, session: sessionTokenIn(args.request.headers.get('cookie')), locale })
  } catch (error) {
    const failure = failureOf(error)
    if (!failure) {
      console.error(JSON.stringify({ level: 50, msg: `dashboard action ${name}: unexpected error`, error: loggableError(error) }))
      throw error
    }
    const { message, errors } = localizedRefusal(failure, locale)
    const refused: AdminActionData = { ok: false, formId, message, errors, ...(sentByScript(form) ? {} : { typed: typedValues(form) }) }
    return data<AdminActionData>(refused, { status: failure.status, headers: failure.headers })
  }
  if (handler.shows) return data<AdminActionData>({ ok: true, formId, result: asJson(result) })
  if (sentByScript(form)) return data<AdminActionData>(result === undefined ? { ok: true } : { ok: true, result: asJson(result) })
  throw back(handler.addressAfter?.(result))
}

/**
 * The admin's choice of the dashboard's language (docs/decisions/0086), by a form in the header that
 * works without script: stored, then the same page again, in the new language.
 */
export async function chooseLanguage({ context, request }: Args, userId: number, form: FormData, back: () => Response) {
  const parsed = adminLanguageSchema.safeParse({ language: form.get('language') })
  if (!parsed.success) {
    const message = refusalIn(requestAdminLocale(request, context), firstErrorMessage(parsed.error))
    return data<AdminActionData>({ ok: false, formId: LANGUAGE_INTENT, message, errors: {} }, { status: 400 })
  }
  await context.services.adminUsers.setLanguage(userId, parsed.data.language)
  throw back()
}
