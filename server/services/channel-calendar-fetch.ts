import { CalendarReadError } from '../../core/channel-calendar.ts'

/**
 * Fetching another platform's calendar (docs/decisions/0077) with Node's fetch, within bounds a
 * hostile or broken server cannot stretch: http: and https: only, one time limit for connecting
 * and reading together, and a size limit checked on the bytes as they arrive (a missing or false
 * Content-Length changes nothing). Every failure is a CalendarReadError whose message the guide reads.
 */

/** The largest calendar read: a guide's listing of half a year is a few kilobytes. */
export const MAX_CALENDAR_BYTES = 1024 * 1024

export const tooLargeMessage = (maxBytes: number) => `The calendar is larger than ${maxBytes >= 1024 * 1024 ? `${maxBytes / (1024 * 1024)} MB` : `${Math.ceil(maxBytes / 1024)} kB`}; it was not read`
export const timeoutMessage = (timeoutMs: number) => `The calendar's address did not answer in full within ${timeoutMs / 1000} seconds`

export async function fetchCalendarText(url: string, options: { timeoutMs: number; maxBytes: number; userAgent: string }): Promise<string> {
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new CalendarReadError('The calendar’s address is not a web address')
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new CalendarReadError('Only http:// and https:// addresses are fetched')

  const signal = AbortSignal.timeout(options.timeoutMs)
  try {
    const response = await fetch(parsed, { signal, redirect: 'follow', headers: { accept: 'text/calendar, text/plain;q=0.8, */*;q=0.1', 'user-agent': options.userAgent } })
    if (!response.ok) {
      await response.body?.cancel()
      throw new CalendarReadError(`The calendar's address answered ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`)
    }
    const declared = Number(response.headers.get('content-length'))
    if (Number.isFinite(declared) && declared > options.maxBytes) {
      await response.body?.cancel()
      throw new CalendarReadError(tooLargeMessage(options.maxBytes))
    }
    if (!response.body) return ''
    const reader = response.body.getReader()
    const chunks: Uint8Array[] = []
    let size = 0
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      size += value.byteLength
      if (size > options.maxBytes) {
        await reader.cancel()
        throw new CalendarReadError(tooLargeMessage(options.maxBytes))
      }
      chunks.push(value)
    }
    return new TextDecoder('utf-8').decode(Buffer.concat(chunks))
  } catch (error) {
    if (error instanceof CalendarReadError) throw error
    if (signal.aborted) throw new CalendarReadError(timeoutMessage(options.timeoutMs))
    const cause = (error as { cause?: { code?: unknown; message?: unknown } }).cause
    const detail = typeof cause?.code === 'string' ? cause.code : typeof cause?.message === 'string' ? cause.message : error instanceof Error ? error.message : String(error)
    throw new CalendarReadError(`The calendar's address could not be reached (${detail})`.slice(0, 300))
  }
}
