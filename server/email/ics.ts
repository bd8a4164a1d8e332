/**
 * A minimal iCalendar (RFC 5545) writer for the guest's "payment confirmed" e-mail:
 * one VEVENT with its start and end written in UTC (the 'Z' form), so every calendar
 * app places the tour at the right moment whatever the reader's own time zone.
 */
export type IcsEvent = {
  uid: string
  start: Date
  end: Date
  /** When the file was produced (DTSTAMP). */
  stamp: Date
  summary: string
  description?: string
  location?: string
  url?: string
  organizer?: { name: string; email: string }
}

/** 2025-06-07T00:00:00.000Z → 20250607T000000Z */
export function icsUtc(instant: Date): string {
  if (Number.isNaN(instant.getTime())) throw new RangeError('Invalid time value')
  return instant.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '')
}

/** TEXT values escape backslash, semicolon, comma and newlines (RFC 5545 §3.3.11). */
export function icsText(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n')
}

/** Lines longer than 75 octets are folded: CRLF followed by one space (§3.1). */
export function foldLine(line: string): string {
  const bytes = Buffer.from(line, 'utf8')
  if (bytes.length <= 75) return line
  const parts: string[] = []
  let current = ''
  let size = 0
  for (const ch of line) {
    const chSize = Buffer.byteLength(ch, 'utf8')
    const limit = parts.length === 0 ? 75 : 74
    if (size + chSize > limit) {
      parts.push(current)
      current = ''
      size = 0
    }
    current += ch
    size += chSize
  }
  parts.push(current)
  return parts.join('\r\n ')
}

export function buildIcs(event: IcsEvent, productId = '-//Joetsu Local Tours//Bookings//EN'): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `PRODID:${productId}`,
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event.uid}`,
    `DTSTAMP:${icsUtc(event.stamp)}`,
    `DTSTART:${icsUtc(event.start)}`,
    `DTEND:${icsUtc(event.end)}`,
    `SUMMARY:${icsText(event.summary)}`,
    ...(event.description ? [`DESCRIPTION:${icsText(event.description)}`] : []),
    ...(event.location ? [`LOCATION:${icsText(event.location)}`] : []),
    ...(event.url ? [`URL:${event.url}`] : []),
    ...(event.organizer ? [`ORGANIZER;CN="${event.organizer.name.replace(/["\r\n]/g, '')}":mailto:${event.organizer.email}`] : []),
    'STATUS:CONFIRMED',
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ]
  return lines.map(foldLine).join('\r\n') + '\r\n'
}
