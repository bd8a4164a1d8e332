import { readForm } from '../../lib/form-post.server.ts'
import { data, redirect, type AppLoadContext } from 'react-router'
import { isCalendarDate } from '../../../core/dates.ts'
import { isTourTime, packageFitsSlot } from '../../../core/slots.ts'
import { canJoinWaitlist } from '../../../core/waitlist.ts'
import { failureOf } from '../../../server/for-app.server.ts'
import { formPageMessages, requestLocale } from '../../i18n/messages.server.ts'
import { VIA_SCRIPT_FIELD, sentByScript } from '../../lib/form-post.ts'
import { localizedRefusal } from '../../lib/refusal.server.ts'
import type { ConfirmOutcome, JoinOutcome, LeaveOutcome } from './types.ts'

const FIELDS = ['email', 'numberOfPeople', 'tourPackageId', 'tourDate', 'tourTime'] as const

/**
 * /booking/waitlist?date=…&tourTime=… (docs/decisions/0057): the slot, as the booking page shows
 * it, and the tours that fit it. `state` says what the page offers: the form for a taken slot,
 * the booking for a free one, nothing for one that cannot be booked. ?joined=1 is where a
 * script-free post lands.
 */
export async function loadJoinPage(request: Request, context: AppLoadContext) {
  const { services, config } = context
  const params = new URL(request.url).searchParams
  const date = params.get('date')
  const tourTime = params.get('tourTime')
  const locale = requestLocale(request)
  // How long the confirmation link works, for the "almost there" note (docs/decisions/0070).
  const messages = { ...formPageMessages(request, 'waitlist', 'booking', 'forms'), confirmHours: config.waitlist.confirmHours }
  if (!isCalendarDate(date) || !isTourTime(tourTime)) return { state: 'not-bookable' as const, date: null, tourTime: null, slot: null, packages: [], joined: false, ...messages }
  const [slots, catalogue] = await Promise.all([services.availability.timeSlots(date, date), services.catalogue.bookableForGuests(locale)])
  const slot = slots.dates[0]?.slots.find((s) => s.tourTime === tourTime) ?? null
  const verdict = slot ? canJoinWaitlist(slot) : ({ ok: false, why: 'not-bookable' } as const)
  const joined = params.get('joined') === '1'
  return {
    state: joined ? ('taken' as const) : verdict.ok ? ('taken' as const) : verdict.why,
    date,
    tourTime,
    slot: slot && { startTime: slot.startTime, startsAt: slot.startsAt },
    packages: catalogue.filter((p) => packageFitsSlot(p.isHalfDay, tourTime)).map((p) => ({ id: p.id, name: p.name, maxGroupSize: p.maxGroupSize })),
    joined,
    ...messages,
  }
}

/**
 * The waitlist page's action: the same service call as POST /api/waitlist (same checks, same
 * rate limit per client address, counted in join()), answered as data to the page's script and
 * as a redirect (or the page again with the errors) to a script-free post (docs/decisions/0043).
 */
export async function handleJoinAction(request: Request, context: AppLoadContext) {
  const form = await readForm(request)
  const byScript = sentByScript(form)
  const body: Record<string, string> = {}
  for (const [key, value] of form) if (typeof value === 'string' && key !== VIA_SCRIPT_FIELD) body[key] = value
  const locale = requestLocale(request)
  // The e-mails are written in the page's language, whatever the form says.
  body.locale = locale
  try {
    const joined = await context.services.waitlist.join(body, { clientAddress: context.clientAddress })
    if (byScript) return data<JoinOutcome>({ kind: 'joined' }, { status: 201 })
    const url = new URL(request.url)
    return redirect(`${url.pathname}?${new URLSearchParams({ date: joined.tourDate, tourTime: joined.tourTime, joined: '1' })}`)
  } catch (error) {
    const failure = failureOf(error)
    if (!failure) throw error
    const { message, errors } = localizedRefusal(failure, locale)
    const values = byScript ? undefined : Object.fromEntries(FIELDS.filter((f) => body[f] !== undefined).map((f) => [f, body[f]!]))
    // 409: the slot is free after all (book it instead); everything else is the visitor's to fix or retry.
    const outcome: JoinOutcome = failure.status === 409 ? { kind: 'free', message } : { kind: 'refused', message, errors, ...(values ? { values } : {}) }
    return data<JoinOutcome>(outcome, { status: failure.status, headers: failure.headers })
  }
}

/** /waitlist/{token}: the entry the removal link names, or a 404 page; ?removed=1 after a script-free removal. */
export async function loadLeavePage(request: Request, context: AppLoadContext, token: string | undefined) {
  const entry = await context.services.waitlist.findByToken(token)
  const removed = new URL(request.url).searchParams.get('removed') === '1'
  const page = { entry, removed, ...formPageMessages(request, 'waitlist', 'booking') }
  return entry || removed ? page : data(page, { status: 404 })
}

/** The removal page's button: a POST, never the link's GET (no GET changes data). */
export async function handleLeaveAction(request: Request, context: AppLoadContext, token: string | undefined) {
  const form = await readForm(request)
  const removed = await context.services.waitlist.remove(token)
  if (sentByScript(form)) return data<LeaveOutcome>({ kind: removed ? 'removed' : 'missing' }, { status: removed ? 200 : 404 })
  return redirect(`${new URL(request.url).pathname}?removed=1`)
}

/**
 * /waitlist/confirm/{token} (docs/decisions/0070): the address and the slots its link would
 * confirm, or a 404 page; ?confirmed=1 after a script-free confirmation. Opening it changes
 * nothing: mail scanners follow links.
 */
export async function loadConfirmPage(request: Request, context: AppLoadContext, token: string | undefined) {
  const address = await context.services.waitlist.findConfirmation(token)
  const confirmed = new URL(request.url).searchParams.get('confirmed') === '1'
  const page = { address, confirmed, mailsPerDay: context.config.waitlist.mailsPerAddressPerDay, ...formPageMessages(request, 'waitlist', 'booking') }
  return address || confirmed ? page : data(page, { status: 404 })
}

/** The confirmation page's button, the same service call as POST /api/waitlist/confirm/:token. */
export async function handleConfirmAction(request: Request, context: AppLoadContext, token: string | undefined) {
  const form = await readForm(request)
  const confirmed = await context.services.waitlist.confirm(token)
  if (!confirmed) return data<ConfirmOutcome>({ kind: 'missing' }, { status: 404 })
  if (sentByScript(form)) return data<ConfirmOutcome>({ kind: 'confirmed' })
  return redirect(`${new URL(request.url).pathname}?confirmed=1`)
}
