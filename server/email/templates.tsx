import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import type { SiteIdentity } from '../../core/site.ts'
import { formatLongDate } from '../../core/dates.ts'
import { formatYen } from '../../core/money.ts'
import { formatClockTime, slotLabel, type TourTime } from '../../core/slots.ts'
import type { CancellationCause } from '../../core/cancellation-policy.ts'

/**
 * E-mail templates (docs/decisions/0008). Each message is described once as an EmailModel (what it says)
 * and rendered twice from it: to HTML by React (<EmailDocument/> through
 * renderToStaticMarkup, inline styles in the site's colours because mail programs ignore
 * stylesheets) and to a plain-text part. So the two parts never disagree.
 */

/** One row of an e-mail's details: one line unless marked 'multi-line'. */
export type EmailDetail = [label: string, value: string, lines?: 'multi-line']

export type EmailModel = {
  subject: string
  /** Hidden preview line shown by mail programs next to the subject. */
  preheader: string
  heading: string
  greeting?: string
  paragraphs: string[]
  /** A small table of facts (date, time, group, total…); one line each unless marked 'multi-line'. */
  details?: EmailDetail[]
  /**
   * The button. `spellOut` also prints the address under it in the HTML part, for mail
   * programs that break buttons; the plain-text part always shows the address once.
   */
  action?: { label: string; url: string; spellOut?: boolean }
  /** Lines after the button, e.g. how to reach the guide. */
  closing?: string[]
}

export type RenderedEmail = { subject: string; html: string; text: string }

const COLORS = { brand: '#152243', brandText: '#d9e1f5', blossom: '#b4234f', ink: '#1f2430', muted: '#4b5366', line: '#d9e1f5', panel: '#eef2fb' }
const FONT = "-apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans JP', sans-serif"

function Paragraph({ children }: { children: ReactNode }) {
  return <p style={{ margin: '0 0 16px', fontSize: '16px', lineHeight: '24px', color: COLORS.ink }}>{children}</p>
}

function DetailsTable({ rows }: { rows: EmailDetail[] }) {
  return (
    <table role="presentation" cellPadding={0} cellSpacing={0} width="100%" style={{ margin: '8px 0 24px', background: COLORS.panel, borderRadius: '8px', borderCollapse: 'separate' }}>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <th align="left" style={{ padding: '8px 16px', fontSize: '14px', color: COLORS.muted, fontWeight: 600, verticalAlign: 'top', width: '40%' }}>
              {label}
            </th>
            <td style={{ padding: '8px 16px', fontSize: '15px', color: COLORS.ink, whiteSpace: 'pre-line' }}>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

function ActionButton({ label, url, spellOut }: { label: string; url: string; spellOut?: boolean }) {
  return (
    <>
      <p style={{ margin: '8px 0 24px' }}>
        <a href={url} style={{ display: 'inline-block', background: COLORS.blossom, color: '#ffffff', padding: '12px 24px', borderRadius: '999px', fontWeight: 700, textDecoration: 'none', fontSize: '16px' }}>
          {label}
        </a>
      </p>
      {spellOut ? (
        <Paragraph>
          If the button does not work, open this address: <a href={url} style={{ color: COLORS.brand, wordBreak: 'break-all' }}>{url}</a>
        </Paragraph>
      ) : null}
    </>
  )
}

/** The shared look: brand header with the business name, white card, footer with contacts. */
export function EmailDocument({ site, model }: { site: SiteIdentity; model: EmailModel }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{model.subject}</title>
      </head>
      <body style={{ margin: 0, padding: 0, background: COLORS.panel, fontFamily: FONT }}>
        <div style={{ display: 'none', maxHeight: 0, overflow: 'hidden' }}>{model.preheader}</div>
        <table role="presentation" cellPadding={0} cellSpacing={0} width="100%" style={{ background: COLORS.panel }}>
          <tbody>
            <tr>
              <td align="center" style={{ padding: '24px 12px' }}>
                <table role="presentation" cellPadding={0} cellSpacing={0} width="100%" style={{ maxWidth: '600px', background: '#ffffff', borderRadius: '12px', overflow: 'hidden' }}>
                  <tbody>
                    <tr>
                      <td style={{ background: COLORS.brand, padding: '20px 28px' }}>
                        <p style={{ margin: 0, color: '#ffffff', fontSize: '20px', fontWeight: 700 }}>{site.businessName}</p>
                        <p style={{ margin: '4px 0 0', color: COLORS.brandText, fontSize: '14px' }}>Come as a visitor, leave as a friend</p>
                      </td>
                    </tr>
                    <tr>
                      <td style={{ padding: '28px' }}>
                        <h1 style={{ margin: '0 0 16px', fontSize: '22px', lineHeight: '30px', color: COLORS.brand }}>{model.heading}</h1>
                        {model.greeting ? <Paragraph>{model.greeting}</Paragraph> : null}
                        {model.paragraphs.map((p, i) => (
                          <Paragraph key={i}>{p}</Paragraph>
                        ))}
                        {model.details && model.details.length > 0 ? <DetailsTable rows={model.details} /> : null}
                        {model.action ? <ActionButton {...model.action} /> : null}
                        {model.closing?.map((p, i) => (
                          <Paragraph key={`c${i}`}>{p}</Paragraph>
                        ))}
                      </td>
                    </tr>
                    <tr>
                      <td style={{ borderTop: `1px solid ${COLORS.line}`, padding: '16px 28px', fontSize: '13px', lineHeight: '20px', color: COLORS.muted }}>
                        {site.businessName} · {site.city}
                        <br />
                        <a href={`mailto:${site.email}`} style={{ color: COLORS.brand }}>
                          {site.email}
                        </a>{' '}
                        · WhatsApp {site.whatsappNumber} ·{' '}
                        <a href={site.baseUrl} style={{ color: COLORS.brand }}>
                          {site.baseUrl.replace(/^https?:\/\//, '')}
                        </a>
                      </td>
                    </tr>
                  </tbody>
                </table>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  )
}

export function renderEmailText(site: SiteIdentity, model: EmailModel): string {
  const lines: string[] = [model.heading, '='.repeat(Math.min(model.heading.length, 60)), '']
  if (model.greeting) lines.push(model.greeting, '')
  for (const p of model.paragraphs) lines.push(p, '')
  if (model.details && model.details.length > 0) {
    const width = Math.max(...model.details.map(([label]) => label.length))
    for (const [label, value] of model.details) lines.push(`${`${label}:`.padEnd(width + 2)}${value.replace(/\n/g, `\n${' '.repeat(width + 2)}`)}`)
    lines.push('')
  }
  if (model.action) lines.push(`${model.action.label}: ${model.action.url}`, '')
  for (const p of model.closing ?? []) lines.push(p, '')
  lines.push('--', `${site.businessName} · ${site.city}`, `E-mail: ${site.email} · WhatsApp: ${site.whatsappNumber}`, site.baseUrl, '')
  return lines.join('\n')
}

/**
 * Names, phones and reasons are one line (docs/decisions/0027), but text stored before that
 * rule may hold line breaks or other control characters. Where the e-mail shows one line
 * they become a space, so no stored value forges a line ("Bcc: …") in the plain text or
 * the subject; multi-line details keep their line breaks.
 */
const controlRun = /[\u0000-\u001f\u007f-\u009f]+/g
const oneLine = (s: string) => s.replace(controlRun, ' ')
const multiLine = (s: string) => s.replace(/\r\n?/g, '\n').replace(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]+/g, (run) => (run === '\t' ? run : ' '))

function flattened(model: EmailModel): EmailModel {
  return {
    ...model,
    subject: oneLine(model.subject),
    preheader: oneLine(model.preheader),
    heading: oneLine(model.heading),
    ...(model.greeting === undefined ? {} : { greeting: oneLine(model.greeting) }),
    paragraphs: model.paragraphs.map(oneLine),
    ...(model.details === undefined ? {} : { details: model.details.map(([label, value, lines]) => [label, lines === 'multi-line' ? multiLine(value) : oneLine(value), lines]) }),
    ...(model.closing === undefined ? {} : { closing: model.closing.map(oneLine) }),
  }
}

export function renderEmail(site: SiteIdentity, unchecked: EmailModel): RenderedEmail {
  const model = flattened(unchecked)
  return {
    subject: model.subject,
    html: `<!DOCTYPE html>${renderToStaticMarkup(<EmailDocument site={site} model={model} />)}`,
    text: renderEmailText(site, model),
  }
}

// ---------------------------------------------------------------------------------------
// The messages
// ---------------------------------------------------------------------------------------

/** What every booking e-mail needs to know about the booking. */
export type BookingMailFacts = {
  reference: string
  name: string
  email: string
  phone: string
  tourDate: string
  tourTime: TourTime
  /** 'HH:mm' in Japan (config.booking.startTimes). */
  startTime: string
  numberOfPeople: number
  totalPrice: number
  packageName: string
  specialRequests?: string | null
}

function bookingDetails(b: BookingMailFacts): Array<[string, string]> {
  return [
    ['Tour', b.packageName],
    ['Date', formatLongDate(b.tourDate)],
    ['Time', `${slotLabel(b.tourTime)}, starting ${formatClockTime(b.startTime)} (Japan time)`],
    ['Group', `${b.numberOfPeople} ${b.numberOfPeople === 1 ? 'person' : 'people'}`],
    ['Total', `${formatYen(b.totalPrice)} (tax included)`],
    ['Reference', b.reference],
  ]
}

const guestClosing = (site: SiteIdentity) => [
  `Questions? Just reply to this e-mail or message ${site.guideName === 'your local guide' ? 'us' : site.guideName} on WhatsApp (${site.whatsappNumber}).`,
]

export function bookingReceivedEmail(site: SiteIdentity, b: BookingMailFacts, payUrl: string, holdMinutes: number): EmailModel {
  return {
    subject: `Booking received: ${formatLongDate(b.tourDate)} – please complete payment`,
    preheader: `Your tour on ${formatLongDate(b.tourDate)} is held for ${holdMinutes} minutes until payment.`,
    heading: 'We have received your booking',
    greeting: `Hello ${b.name},`,
    paragraphs: [
      `Thank you for booking a private tour with ${site.businessName}. Your time slot is held for ${holdMinutes} minutes; it is confirmed once the payment is complete.`,
    ],
    details: bookingDetails(b),
    action: { label: 'Complete your payment', url: payUrl, spellOut: true },
    closing: guestClosing(site),
  }
}

export function paymentConfirmedEmail(site: SiteIdentity, b: BookingMailFacts, confirmationUrl: string): EmailModel {
  return {
    subject: `Payment confirmed: your tour on ${formatLongDate(b.tourDate)}`,
    preheader: `Your payment of ${formatYen(b.totalPrice)} is received and your tour is confirmed.`,
    heading: 'Your tour is confirmed',
    greeting: `Hello ${b.name},`,
    paragraphs: [
      `We have received your payment of ${formatYen(b.totalPrice)}. Your private tour is confirmed, and we are looking forward to meeting you!`,
      'The attached calendar file (tour.ics) adds the tour to your calendar at the right time, wherever you are.',
    ],
    details: bookingDetails(b),
    action: { label: 'View your booking', url: confirmationUrl },
    closing: [
      'Cancellation is free until 7 days before the tour; from 6 days before, the full price is charged. If we cancel for weather or transport reasons, you get a full refund.',
      ...guestClosing(site),
    ],
  }
}

export function reminderEmail(site: SiteIdentity, b: BookingMailFacts, confirmationUrl: string): EmailModel {
  return {
    subject: `See you soon: your tour on ${formatLongDate(b.tourDate)}`,
    preheader: `A reminder: your tour starts at ${formatClockTime(b.startTime)} (Japan time) on ${formatLongDate(b.tourDate)}.`,
    heading: 'Your tour is in two days',
    greeting: `Hello ${b.name},`,
    paragraphs: [
      `A quick reminder: your private tour starts on ${formatLongDate(b.tourDate)} at ${formatClockTime(b.startTime)} (Japan time). Lunch and personal expenses are paid on site.`,
    ],
    details: bookingDetails(b),
    action: { label: 'View your booking', url: confirmationUrl },
    closing: guestClosing(site),
  }
}

/**
 * Who cancelled, as the guest's e-mail tells it: the guest, the guide for a reason the
 * cancellation policy names (core/cancellation-policy.ts), or the system (a lapsed hold,
 * an admin's status switch), which states its reason.
 */
export type CancelledBy = CancellationCause | 'system'

export function bookingCancelledEmail(
  site: SiteIdentity,
  b: BookingMailFacts,
  details: { reason: string; refund: number; wasPaid: boolean; by: CancelledBy },
): EmailModel {
  const date = formatLongDate(b.tourDate)
  const refundLine =
    details.refund > 0
      ? `A refund of ${formatYen(details.refund)} is on its way to the card you paid with; banks usually show it within 5–10 days.`
      : details.wasPaid
        ? 'Under our cancellation policy no refund is due for this booking.'
        : 'No payment was taken for this booking.'
  const byGuide = details.by === 'guide-weather' || details.by === 'guide-transport' || details.by === 'guide-other'
  const opening = {
    guest: `As you asked, your booking for ${date} has been cancelled.`,
    'guide-weather': `We are very sorry: because of the weather we have had to cancel your tour on ${date}. Your safety comes first.`,
    'guide-transport': `We are very sorry: because of a transport disruption we have had to cancel your tour on ${date}.`,
    'guide-other': `We are very sorry: we have had to cancel your tour on ${date}.`,
    system: `Your booking for ${date} has been cancelled (${details.reason}).`,
  }[details.by]
  // What the guide typed, when it is more than the cause's default wording (server/services/refunds.ts).
  const guideNote = byGuide && !details.reason.startsWith('cancelled by the guide') ? [`A note from your guide: ${details.reason}`] : []
  const nextSteps = byGuide
    ? [
        'You do not need to do anything for the refund. If you are still in the area, we would love to show you around on another day: reply to this e-mail or book another date, and we will do our best to find one that suits you.',
      ]
    : []
  return {
    subject: byGuide ? `Sorry, your tour on ${date} is cancelled` : `Booking cancelled: ${date}`,
    preheader: byGuide ? `We have had to cancel your tour on ${date}. ${refundLine}` : `Your booking for ${date} has been cancelled.`,
    heading: byGuide ? 'We are sorry: your tour is cancelled' : 'Your booking has been cancelled',
    greeting: `Hello ${b.name},`,
    paragraphs: [opening, ...guideNote, refundLine, ...nextSteps],
    details: [...bookingDetails(b), ['Refund', formatYen(details.refund)]],
    action: { label: 'Book another date', url: `${site.baseUrl}/booking` },
    closing: guestClosing(site),
  }
}

/** The admin confirmed a booking (arranged by message, docs/decisions/0005): the slot is the guest's. */
export function bookingConfirmedEmail(site: SiteIdentity, b: BookingMailFacts, confirmationUrl: string, paid: boolean): EmailModel {
  return {
    subject: `Booking confirmed: your tour on ${formatLongDate(b.tourDate)}`,
    preheader: `Your tour on ${formatLongDate(b.tourDate)} is confirmed and the date is held for you.`,
    heading: 'Your tour is confirmed',
    greeting: `Hello ${b.name},`,
    paragraphs: [
      `Good news: your guide has confirmed your private tour. The date and time are held for you.`,
      paid ? `Your payment of ${formatYen(b.totalPrice)} is received.` : 'Payment is as arranged with your guide; you can also pay online from your booking page.',
      'The attached calendar file (tour.ics) adds the tour to your calendar at the right time, wherever you are.',
    ],
    details: bookingDetails(b),
    action: { label: 'View your booking', url: confirmationUrl },
    closing: guestClosing(site),
  }
}

function adminBookingDetails(b: BookingMailFacts): EmailDetail[] {
  return [
    ['Guest', b.name],
    ['E-mail', b.email],
    ['Phone', b.phone],
    ...bookingDetails(b),
    ...(b.specialRequests ? ([['Special requests', b.specialRequests, 'multi-line']] as EmailDetail[]) : []),
  ]
}

export function adminBookingEmail(
  site: SiteIdentity,
  kind: 'new-booking' | 'payment-received' | 'booking-cancelled' | 'booking-expired',
  b: BookingMailFacts,
  dashboardUrl: string,
  extra?: { reason?: string; refund?: number },
): EmailModel {
  const date = formatLongDate(b.tourDate)
  const texts = {
    'new-booking': { subject: `New booking: ${b.name}, ${date}`, heading: 'New booking', line: `${b.name} booked ${date} (${slotLabel(b.tourTime)}). It holds its slot until paid.` },
    'payment-received': { subject: `Payment received: ${formatYen(b.totalPrice)} from ${b.name}`, heading: 'Payment received', line: `${b.name} paid ${formatYen(b.totalPrice)} for ${date} (${slotLabel(b.tourTime)}).` },
    'booking-cancelled': {
      subject: `Booking cancelled: ${b.name}, ${date}`,
      heading: 'Booking cancelled',
      line: `${b.name}'s booking for ${date} was cancelled (${extra?.reason ?? 'no reason given'}). Refund: ${formatYen(extra?.refund ?? 0)}.`,
    },
    'booking-expired': { subject: `Booking expired: ${b.name}, ${date}`, heading: 'Unpaid booking expired', line: `${b.name}'s unpaid booking for ${date} expired and the slot is free again.` },
  }[kind]
  return {
    subject: texts.subject,
    preheader: texts.line,
    heading: texts.heading,
    paragraphs: [texts.line],
    details: adminBookingDetails(b),
    action: { label: 'Open in the dashboard', url: dashboardUrl },
    closing: [`You receive this because your ${site.businessName} account has e-mail notifications switched on.`],
  }
}

export type InquiryMailFacts = {
  name: string
  email: string
  phone: string | null
  visitDate: string | null
  groupSize: string | null
  packageLabel: string | null
  message: string
}

export function adminInquiryEmail(site: SiteIdentity, m: InquiryMailFacts, dashboardUrl: string): EmailModel {
  return {
    subject: `New inquiry from ${m.name}`,
    preheader: m.message.slice(0, 120),
    heading: 'New inquiry from the contact form',
    paragraphs: [`${m.name} sent a message through the contact form. Reply to this e-mail to answer them directly.`],
    details: [
      ['Name', m.name],
      ['E-mail', m.email],
      ...(m.phone ? ([['Phone', m.phone]] as Array<[string, string]>) : []),
      ...(m.visitDate ? ([['Visit date', formatLongDate(m.visitDate)]] as Array<[string, string]>) : []),
      ...(m.groupSize ? ([['Group size', m.groupSize]] as Array<[string, string]>) : []),
      ...(m.packageLabel ? ([['Package', m.packageLabel]] as Array<[string, string]>) : []),
      ['Message', m.message, 'multi-line'],
    ],
    action: { label: 'Open messages in the dashboard', url: dashboardUrl },
    closing: [`You receive this because your ${site.businessName} account has e-mail notifications switched on.`],
  }
}

export function testEmail(site: SiteIdentity, sentAt: Date, transportDescription: string): EmailModel {
  return {
    subject: `Test e-mail from ${site.businessName}`,
    preheader: 'E-mail delivery works.',
    heading: 'E-mail delivery works',
    paragraphs: [`This is a test message sent from the admin dashboard at ${sentAt.toISOString()} through ${transportDescription}.`, 'If you can read this, guests and admins will receive their e-mails.'],
  }
}
