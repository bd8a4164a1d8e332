import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { guideNameOr, siteIn, type SiteIdentity } from '../../core/site.ts'
import { formatJapanDateTime, formatLongDate } from '../../core/dates.ts'
import { formatYen } from '../../core/money.ts'
import { SLOT_MESSAGE_IDS, formatClockTime, localizeClockText, slotLabel, type TourTime } from '../../core/slots.ts'
import { languageLabel, localizePath, type Locale } from '../../core/i18n/locales.ts'
import type { MessageId, MessageValues } from '../../core/i18n/message-id.ts'
import { translate } from '../i18n/catalog.ts'
import type { CancellationCause } from '../../core/cancellation-policy.ts'
import type { Meeting } from '../../core/meeting-points.ts'
import { answersForGuide, type AnswerSnapshot } from '../../core/booking-questions.ts'

/**
 * E-mail templates (docs/decisions/0008). Each message is described once as an EmailModel (what it says)
 * and rendered twice from it: to HTML by React (<EmailDocument/> through
 * renderToStaticMarkup, inline styles in the site's colours because mail programs ignore
 * stylesheets) and to a plain-text part. So the two parts never disagree.
 */

/** One row of an e-mail's details: one line unless marked 'multi-line'. */
export type EmailDetail = [label: string, value: string, lines?: 'multi-line']

export type EmailModel = {
  /** The language it is written in: the guest's for their e-mails (docs/decisions/0044), English for the guide's. */
  locale?: Locale
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
  /** Headed blocks after the details, e.g. where to meet with its map links (shown in the HTML and the text part alike). */
  sections?: EmailSection[]
  /** Lines after the button, e.g. how to reach the guide. */
  closing?: string[]
}

/** A headed block of text, with links under it. `lang` marks the guide's English in another language's e-mail. */
export type EmailSection = { heading: string; lines: string[]; links?: { label: string; url: string }[]; lang?: 'en' }

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

function Section({ section }: { section: EmailSection }) {
  return (
    <div lang={section.lang} style={{ margin: '0 0 20px' }}>
      <h2 style={{ margin: '0 0 8px', fontSize: '17px', lineHeight: '24px', color: COLORS.brand }}>{section.heading}</h2>
      {section.lines.map((line, i) => (
        <p key={i} style={{ margin: '0 0 6px', fontSize: '15px', lineHeight: '22px', color: COLORS.ink, whiteSpace: 'pre-line' }}>
          {line}
        </p>
      ))}
      {section.links && section.links.length > 0 ? (
        <p style={{ margin: '8px 0 0', fontSize: '15px', lineHeight: '22px' }}>
          {section.links.map((link, i) => (
            <span key={link.url}>
              {i > 0 ? ' · ' : null}
              <a href={link.url} style={{ color: COLORS.blossom, fontWeight: 700 }}>
                {link.label}
              </a>
            </span>
          ))}
        </p>
      ) : null}
    </div>
  )
}

function ActionButton({ label, url, spellOut, locale }: { label: string; url: string; spellOut?: boolean; locale: Locale }) {
  return (
    <>
      <p style={{ margin: '8px 0 24px' }}>
        <a href={url} style={{ display: 'inline-block', background: COLORS.blossom, color: '#ffffff', padding: '12px 24px', borderRadius: '999px', fontWeight: 700, textDecoration: 'none', fontSize: '16px' }}>
          {label}
        </a>
      </p>
      {spellOut ? (
        <Paragraph>
          {translate(locale, 'email.spellOut')} <a href={url} style={{ color: COLORS.brand, wordBreak: 'break-all' }}>{url}</a>
        </Paragraph>
      ) : null}
    </>
  )
}

/** The shared look: brand header with the business name, white card, footer with contacts. */
export function EmailDocument({ site, model }: { site: SiteIdentity; model: EmailModel }) {
  const locale = model.locale ?? 'en'
  return (
    <html lang={locale}>
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
                        <p style={{ margin: '4px 0 0', color: COLORS.brandText, fontSize: '14px' }}>{translate(locale, 'email.tagline')}</p>
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
                        {model.sections?.map((section) => <Section key={section.heading} section={section} />)}
                        {model.action ? <ActionButton {...model.action} locale={locale} /> : null}
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
  for (const section of model.sections ?? []) {
    lines.push(section.heading, '-'.repeat(Math.min(section.heading.length, 60)), ...section.lines)
    for (const link of section.links ?? []) lines.push(`${link.label}: ${link.url}`)
    lines.push('')
  }
  if (model.action) lines.push(`${model.action.label}: ${model.action.url}`, '')
  for (const p of model.closing ?? []) lines.push(p, '')
  const email = translate(model.locale ?? 'en', 'email.footerEmail')
  lines.push('--', `${site.businessName} · ${site.city}`, `${email}: ${site.email} · WhatsApp: ${site.whatsappNumber}`, site.baseUrl, '')
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
    ...(model.sections === undefined ? {} : { sections: model.sections.map((section) => ({ ...section, heading: oneLine(section.heading), lines: section.lines.map(multiLine) })) }),
    ...(model.closing === undefined ? {} : { closing: model.closing.map(oneLine) }),
  }
}

export function renderEmail(identity: SiteIdentity, unchecked: EmailModel): RenderedEmail {
  const model = flattened(unchecked)
  // The business's words in the e-mail's language (docs/decisions/0079).
  const site = siteIn(identity, model.locale ?? 'en')
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
  /** The tour's name in English, for the guide, and in the guest's language (docs/decisions/0045). */
  packageName: string
  guestPackageName: string
  specialRequests?: string | null
  /** The language the guest booked in: their e-mails are written in it. */
  locale: Locale
  /** Where the tour starts, in the guest's language and in the guide's English (docs/decisions/0052). */
  meeting: Meeting | null
  guideMeeting: Meeting | null
  /** The season's "what to bring", in the guest's language (or the guide's English, marked). */
  whatToBring: { text: string; lang?: 'en' }
  /** The guide's WhatsApp with a message naming the booking, in the guest's language. */
  whatsappUrl: string
  /** The guest's answers to the booking questions (docs/decisions/0053). */
  answers?: AnswerSnapshot[]
  /** What a custom price is for, as the guide wrote it for the guest (docs/decisions/0059). */
  priceNote?: string | null
  /** A promo code and the yen it took off the catalogue's price; totalPrice is after it (docs/decisions/0062). */
  promoCode?: string | null
  discount?: number
  /** What a gift voucher paid of it; totalPrice is what the card pays after it (docs/decisions/0065). */
  voucherAmount?: number
}

/**
 * What the guest needs on the day (issue 18, point 5): where to meet with its map links, what to
 * bring, and the guide's WhatsApp. The same facts the trip page shows, so the two cannot disagree.
 */
function tripSections(site: SiteIdentity, b: BookingMailFacts): EmailSection[] {
  const t = translatorFor(b.locale)
  const sections: EmailSection[] = []
  const meeting = b.meeting
  if (meeting?.kind === 'pickup') sections.push({ heading: t('trip.meeting.title'), lines: [t('trip.pickup.text', { hotel: meeting.hotel })] })
  else if (meeting) {
    sections.push({
      heading: t('trip.meeting.title'),
      lines: [
        meeting.name,
        meeting.address,
        ...(meeting.address === meeting.addressJa ? [] : [`${t('trip.meeting.taxi')}: ${meeting.addressJa}`]),
        ...(meeting.instructions ? [meeting.instructions] : []),
      ],
      links: [
        { label: t('trip.meeting.google'), url: meeting.links.google },
        { label: t('trip.meeting.apple'), url: meeting.links.apple },
      ],
    })
  }
  sections.push({ heading: t('trip.bring.title'), lines: [b.whatToBring.text], ...(b.whatToBring.lang ? { lang: b.whatToBring.lang } : {}) })
  sections.push({
    heading: t('trip.whatsapp.title'),
    lines: [t('trip.whatsapp.text', { who: guideNameOr(siteIn(site, b.locale), t('trip.whatsapp.us')) })],
    links: [{ label: t('trip.whatsapp.link'), url: b.whatsappUrl }],
  })
  return sections
}

/** The guest's e-mails' words in their language ('email' namespace). */
const translatorFor = (locale: Locale) => (id: MessageId, values?: MessageValues) => translate(locale, id, values)

/** The facts of the e-mail in a language: dates, the slot and its start time in that language's forms. */
function inLanguage(b: BookingMailFacts, locale: Locale) {
  const t = translatorFor(locale)
  const time = localizeClockText(formatClockTime(b.startTime), locale)
  return { t, date: formatLongDate(b.tourDate, locale), slot: locale === 'en' ? slotLabel(b.tourTime) : t(SLOT_MESSAGE_IDS[b.tourTime]), time }
}

function bookingDetails(b: BookingMailFacts, locale: Locale = b.locale): Array<[string, string]> {
  const { t, date, slot, time } = inLanguage(b, locale)
  return [
    [t('email.detail.tour'), locale === b.locale ? b.guestPackageName : b.packageName],
    [t('email.detail.date'), date],
    [t('email.detail.time'), t('email.detail.timeValue', { slot, time })],
    [t('email.detail.group'), t('email.detail.people', { count: b.numberOfPeople })],
    ...((b.promoCode && b.discount) || b.voucherAmount
      ? ([[t('email.detail.cataloguePrice'), formatYen(b.totalPrice + (b.discount ?? 0) + (b.voucherAmount ?? 0))]] satisfies Array<[string, string]>)
      : []),
    ...(b.promoCode && b.discount ? ([[t('email.detail.promoCode', { code: b.promoCode }), `−${formatYen(b.discount)}`]] satisfies Array<[string, string]>) : []),
    ...(b.voucherAmount ? ([[t('email.detail.voucher'), `−${formatYen(b.voucherAmount)}`]] satisfies Array<[string, string]>) : []),
    [t('email.detail.total'), t('email.detail.totalValue', { amount: formatYen(b.totalPrice) })],
    ...(b.priceNote ? [[t('email.detail.priceNote'), b.priceNote] satisfies [string, string]] : []),
    [t('email.detail.reference'), b.reference],
  ]
}

/**
 * How long an unpaid booking waits for its payment: the site's hold in minutes, or the guide's
 * longer one until a moment, told in Japan time (docs/decisions/0059).
 */
export type PaymentHold = { minutes: number } | { until: Date }

const guestClosing = (site: SiteIdentity, locale: Locale) => {
  const t = translatorFor(locale)
  return [t('email.closing', { who: guideNameOr(siteIn(site, locale), t('email.closingUs')), number: site.whatsappNumber })]
}

export function bookingReceivedEmail(site: SiteIdentity, b: BookingMailFacts, payUrl: string, hold: PaymentHold): EmailModel {
  const { t, date } = inLanguage(b, b.locale)
  const deadline = 'until' in hold ? formatJapanDateTime(hold.until, b.locale) : null
  const minutes = 'minutes' in hold ? hold.minutes : 0
  return {
    locale: b.locale,
    subject: t('email.received.subject', { date }),
    preheader: deadline ? t('email.received.preheaderUntil', { date, deadline }) : t('email.received.preheader', { date, minutes }),
    heading: t('email.received.heading'),
    greeting: t('email.greeting', { name: b.name }),
    paragraphs: [deadline ? t('email.received.textUntil', { businessName: site.businessName, deadline }) : t('email.received.text', { businessName: site.businessName, minutes })],
    details: bookingDetails(b),
    action: { label: t('email.received.action'), url: payUrl, spellOut: true },
    closing: guestClosing(site, b.locale),
  }
}

export function paymentConfirmedEmail(site: SiteIdentity, b: BookingMailFacts, confirmationUrl: string): EmailModel {
  const { t, date } = inLanguage(b, b.locale)
  const amount = formatYen(b.totalPrice)
  return {
    locale: b.locale,
    subject: t('email.paid.subject', { date }),
    preheader: t('email.paid.preheader', { amount }),
    heading: t('email.paid.heading'),
    greeting: t('email.greeting', { name: b.name }),
    paragraphs: [t('email.paid.text', { amount }), t('email.calendarFile')],
    details: bookingDetails(b),
    sections: tripSections(site, b),
    action: { label: t('email.viewBooking'), url: confirmationUrl },
    closing: [t('email.policy'), ...guestClosing(site, b.locale)],
  }
}

export function reminderEmail(site: SiteIdentity, b: BookingMailFacts, confirmationUrl: string): EmailModel {
  const { t, date, time } = inLanguage(b, b.locale)
  return {
    locale: b.locale,
    subject: t('email.reminder.subject', { date }),
    preheader: t('email.reminder.preheader', { date, time }),
    heading: t('email.reminder.heading'),
    greeting: t('email.greeting', { name: b.name }),
    paragraphs: [t('email.reminder.text', { date, time })],
    details: bookingDetails(b),
    sections: tripSections(site, b),
    action: { label: t('email.viewBooking'), url: confirmationUrl },
    closing: guestClosing(site, b.locale),
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
  details: { reason: string; refund: number; voucherBack?: number; wasPaid: boolean; by: CancelledBy },
): EmailModel {
  const { t, date } = inLanguage(b, b.locale)
  // What a gift voucher paid goes back onto it (docs/decisions/0065): said beside the card's refund, or
  // instead of "no refund" when the voucher paid it all.
  const moneyBack = [
    ...(details.refund > 0 ? [t('email.cancelled.refund', { amount: formatYen(details.refund) })] : []),
    ...(details.voucherBack ? [t('email.voucherBack', { amount: formatYen(details.voucherBack) })] : []),
  ]
  const refundLines = moneyBack.length > 0 ? moneyBack : [details.wasPaid ? t('email.cancelled.noRefund') : t('email.cancelled.noPayment')]
  const refundLine = refundLines[0]!
  const byGuide = details.by === 'guide-weather' || details.by === 'guide-transport' || details.by === 'guide-other'
  const opening = {
    guest: t('email.cancelled.byGuest', { date }),
    'guide-weather': t('email.cancelled.byWeather', { date }),
    'guide-transport': t('email.cancelled.byTransport', { date }),
    'guide-other': t('email.cancelled.byGuide', { date }),
    system: t('email.cancelled.bySystem', { date, reason: details.reason }),
  }[details.by]
  // What the guide typed, when it is more than the cause's default wording (server/services/refunds.ts).
  const guideNote = byGuide && !details.reason.startsWith('cancelled by the guide') ? [t('email.cancelled.note', { reason: details.reason })] : []
  const nextSteps = byGuide ? [t('email.cancelled.next')] : []
  return {
    locale: b.locale,
    subject: byGuide ? t('email.cancelled.subjectGuide', { date }) : t('email.cancelled.subject', { date }),
    preheader: byGuide ? t('email.cancelled.preheaderGuide', { date, refund: refundLine }) : t('email.cancelled.preheader', { date }),
    heading: byGuide ? t('email.cancelled.headingGuide') : t('email.cancelled.heading'),
    greeting: t('email.greeting', { name: b.name }),
    paragraphs: [opening, ...guideNote, ...refundLines, ...nextSteps],
    details: [...bookingDetails(b), [t('email.detail.refund'), formatYen(details.refund)]],
    action: { label: t('email.cancelled.action'), url: `${site.baseUrl}${localizePath('/booking', b.locale)}` },
    closing: guestClosing(site, b.locale),
  }
}

/** The admin confirmed a booking (arranged by message, docs/decisions/0005): the slot is the guest's. */
export function bookingConfirmedEmail(site: SiteIdentity, b: BookingMailFacts, confirmationUrl: string, paid: boolean): EmailModel {
  const { t, date } = inLanguage(b, b.locale)
  return {
    locale: b.locale,
    subject: t('email.confirmed.subject', { date }),
    preheader: t('email.confirmed.preheader', { date }),
    heading: t('email.paid.heading'),
    greeting: t('email.greeting', { name: b.name }),
    paragraphs: [t('email.confirmed.text'), paid ? t('email.confirmed.paid', { amount: formatYen(b.totalPrice) }) : t('email.confirmed.unpaid'), t('email.calendarFile')],
    details: bookingDetails(b),
    sections: tripSections(site, b),
    action: { label: t('email.viewBooking'), url: confirmationUrl },
    closing: guestClosing(site, b.locale),
  }
}

/** Where the booking was before a move: its date and slot, for the guest's e-mail in their language. */
export type PreviousSlot = { tourDate: string; tourTime: TourTime }

/**
 * The booking was moved (issue 19, docs/decisions/0055): the new details, where it was before,
 * what of a gift voucher's part went back onto it (docs/decisions/0065) and, for a guest whose
 * calendar has the tour, the calendar file that moves it there.
 */
export function bookingMovedEmail(
  site: SiteIdentity,
  b: BookingMailFacts,
  { from, voucherBack = 0 }: { from: PreviousSlot; voucherBack?: number },
  confirmationUrl: string,
  withCalendarFile: boolean,
): EmailModel {
  const { t, date, slot } = inLanguage(b, b.locale)
  const fromSlot = b.locale === 'en' ? slotLabel(from.tourTime) : t(SLOT_MESSAGE_IDS[from.tourTime])
  return {
    locale: b.locale,
    subject: t('email.moved.subject', { date }),
    preheader: t('email.moved.preheader', { date, slot }),
    heading: t('email.moved.heading'),
    greeting: t('email.greeting', { name: b.name }),
    paragraphs: [
      t('email.moved.text', { fromDate: formatLongDate(from.tourDate, b.locale), fromSlot }),
      ...(voucherBack > 0 ? [t('email.voucherBack', { amount: formatYen(voucherBack) })] : []),
      ...(withCalendarFile ? [t('email.moved.calendarFile')] : []),
    ],
    details: bookingDetails(b),
    sections: tripSections(site, b),
    action: { label: t('email.viewBooking'), url: confirmationUrl },
    closing: guestClosing(site, b.locale),
  }
}

/**
 * The guide called off the booking's day or slot (issue 19, docs/decisions/0056): why, the two
 * choices (a new date free of charge or a full refund), and the deadline after which the refund
 * is automatic, with the link to the page where the guest chooses.
 */
export function bookingDisruptedEmail(site: SiteIdentity, b: BookingMailFacts, details: { causeId: MessageId; note: string | null; deadline: string; paid: boolean }, choiceUrl: string): EmailModel {
  const { t, date } = inLanguage(b, b.locale)
  return {
    locale: b.locale,
    subject: t('email.disrupted.subject', { date }),
    preheader: t(details.paid ? 'email.disrupted.preheader' : 'email.disrupted.preheaderUnpaid'),
    heading: t('email.disrupted.heading'),
    greeting: t('email.greeting', { name: b.name }),
    // Nothing paid yet: nothing to refund, and nothing to pay for the called-off date (docs/decisions/0067).
    paragraphs: [
      t(details.paid ? 'email.disrupted.text' : 'email.disrupted.textUnpaid', { cause: t(details.causeId), date }),
      ...(details.note ? [t('email.cancelled.note', { reason: details.note })] : []),
      t(details.paid ? 'email.disrupted.deadline' : 'email.disrupted.deadlineUnpaid', { deadline: details.deadline }),
    ],
    details: bookingDetails(b),
    action: { label: t(details.paid ? 'email.disrupted.action' : 'email.disrupted.actionUnpaid'), url: choiceUrl, spellOut: true },
    closing: guestClosing(site, b.locale),
  }
}

/** What a waitlist e-mail says about the slot (issue 19 point 4, docs/decisions/0057). */
export type WaitlistMailFacts = {
  locale: Locale
  tourDate: string
  tourTime: TourTime
  /** 'HH:mm' in Japan, as the settings hold it. */
  startTime: string
  numberOfPeople: number
  /** The tour's name in the visitor's language. */
  packageName: string
}

/**
 * The slot a visitor waited for can be booked (issue 19 point 4, docs/decisions/0057): the slot,
 * the link to the booking page with it chosen, that the first to book gets it, and the link
 * that takes the address off this slot's waitlist.
 */
export function waitlistOpenEmail(site: SiteIdentity, w: WaitlistMailFacts, bookUrl: string, removeUrl: string): EmailModel {
  const { t, date, slot } = waitlistSlotWords(w)
  const time = localizeClockText(formatClockTime(w.startTime), w.locale)
  return {
    locale: w.locale,
    subject: t('email.waitlist.subject', { date, slot }),
    preheader: t('email.waitlist.preheader'),
    heading: t('email.waitlist.heading'),
    paragraphs: [t('email.waitlist.text', { date, slot }), t('email.waitlist.firstCome')],
    details: [
      [t('email.detail.tour'), w.packageName],
      [t('email.detail.date'), date],
      [t('email.detail.time'), t('email.detail.timeValue', { slot, time })],
      [t('email.detail.group'), t('email.detail.people', { count: w.numberOfPeople })],
    ],
    action: { label: t('email.waitlist.action'), url: bookUrl, spellOut: true },
    sections: [{ heading: t('email.waitlist.leaveHeading'), lines: [t('email.waitlist.leaveText')], links: [{ label: t('email.waitlist.leaveLink'), url: removeUrl }] }],
    closing: guestClosing(site, w.locale),
  }
}

/** The slot's date and name in the visitor's language, as the waitlist's e-mails write them. */
function waitlistSlotWords(w: Pick<WaitlistMailFacts, 'locale' | 'tourDate' | 'tourTime'>) {
  const t = translatorFor(w.locale)
  return { t, date: formatLongDate(w.tourDate, w.locale), slot: w.locale === 'en' ? slotLabel(w.tourTime) : t(SLOT_MESSAGE_IDS[w.tourTime]) }
}

/**
 * The one short e-mail an address gets before it waits (docs/decisions/0070): someone asked to
 * hear about this slot at this address; the link confirms it. It says that nothing else comes
 * unless they confirm, so a stranger signed up by somebody else can simply ignore it.
 */
export function waitlistConfirmEmail(site: SiteIdentity, w: Pick<WaitlistMailFacts, 'locale' | 'tourDate' | 'tourTime'>, confirmUrl: string, validHours: number): EmailModel {
  const { t, date, slot } = waitlistSlotWords(w)
  return {
    locale: w.locale,
    subject: t('email.waitlistConfirm.subject'),
    preheader: t('email.waitlistConfirm.preheader'),
    heading: t('email.waitlistConfirm.heading'),
    paragraphs: [t('email.waitlistConfirm.text', { date, slot }), t('email.waitlistConfirm.notYou', { hours: validHours })],
    action: { label: t('email.waitlistConfirm.action'), url: confirmUrl, spellOut: true },
    closing: guestClosing(site, w.locale),
  }
}

/** Where the guide meets the guest, in one line of the guide's e-mail. */
function guideMeetingText(meeting: Meeting | null): string {
  if (!meeting) return 'Not chosen'
  return meeting.kind === 'pickup' ? `Hotel pickup: ${meeting.hotel}` : meeting.name
}

/** The guide reads English, with the language the guest booked in. */
function adminBookingDetails(b: BookingMailFacts): EmailDetail[] {
  return [
    ['Guest', b.name],
    ['E-mail', b.email],
    ['Phone', b.phone],
    ['Language', languageLabel(b.locale)],
    ...bookingDetails(b, 'en'),
    ['Meeting', guideMeetingText(b.guideMeeting)],
    ...(b.specialRequests ? ([['Special requests', b.specialRequests, 'multi-line']] as EmailDetail[]) : []),
    // The guide reads the answers in English, each under its question (docs/decisions/0053).
    ...answersForGuide(b.answers).map(([label, text]): EmailDetail => [label, text, 'multi-line']),
  ]
}

export type AdminBookingMailKind = 'new-booking' | 'reseller-booking' | 'payment-received' | 'booking-cancelled' | 'booking-expired' | 'booking-moved'

export function adminBookingEmail(
  site: SiteIdentity,
  kind: AdminBookingMailKind,
  b: BookingMailFacts,
  dashboardUrl: string,
  extra?: { reason?: string; refund?: number; from?: PreviousSlot; by?: string },
): EmailModel {
  const date = formatLongDate(b.tourDate)
  const from = extra?.from ? `${formatLongDate(extra.from.tourDate)} (${slotLabel(extra.from.tourTime)})` : 'its earlier slot'
  const texts = {
    'new-booking': { subject: `New booking: ${b.name}, ${date}`, heading: 'New booking', line: `${b.name} booked ${date} (${slotLabel(b.tourTime)}). It holds its slot until paid.` },
    // docs/decisions/0074: the reseller took the guest's payment and owes the guide its net.
    'reseller-booking': {
      subject: `New booking through ${extra?.by ?? 'a reseller'}: ${b.name}, ${date}`,
      heading: 'New booking through a reseller',
      line: `${b.name} booked ${date} (${slotLabel(b.tourTime)}) through ${extra?.by ?? 'a reseller'}. The reseller collected the payment; changes and cancellations come through them.`,
    },
    'payment-received': { subject: `Payment received: ${formatYen(b.totalPrice)} from ${b.name}`, heading: 'Payment received', line: `${b.name} paid ${formatYen(b.totalPrice)} for ${date} (${slotLabel(b.tourTime)}).` },
    'booking-cancelled': {
      subject: `Booking cancelled: ${b.name}, ${date}`,
      heading: 'Booking cancelled',
      line: `${b.name}'s booking for ${date} was cancelled (${extra?.reason ?? 'no reason given'}). Refund: ${formatYen(extra?.refund ?? 0)}.`,
    },
    'booking-expired': { subject: `Booking expired: ${b.name}, ${date}`, heading: 'Unpaid booking expired', line: `${b.name}'s unpaid booking for ${date} expired and the slot is free again.` },
    'booking-moved': {
      subject: `Booking moved: ${b.name}, now ${date}`,
      heading: 'Booking moved',
      line: `${b.name}'s booking moved from ${from} to ${date} (${slotLabel(b.tourTime)}), ${extra?.by ?? 'by the guest'}. The earlier slot is free again.`,
    },
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
  /** The language of the page the visitor wrote from. */
  locale: Locale
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
      ['Language', languageLabel(m.locale)],
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

/** What a review request says (issue 21 point 1, docs/decisions/0063). */
export type ReviewRequestFacts = { locale: Locale; name: string; tourDate: string; packageName: string; reminder: boolean }

/**
 * The guest's tour is over: a private link to review it, and one to stop these e-mails. The
 * reminder, five days later, says the same more briefly; there is never a third.
 */
export function reviewRequestEmail(site: SiteIdentity, r: ReviewRequestFacts, reviewUrl: string, optOutUrl: string): EmailModel {
  const t = translatorFor(r.locale)
  const date = formatLongDate(r.tourDate, r.locale)
  return {
    locale: r.locale,
    subject: r.reminder ? t('email.review.reminderSubject', { tour: r.packageName }) : t('email.review.subject', { tour: r.packageName }),
    preheader: t('email.review.preheader'),
    heading: t('email.review.heading'),
    greeting: t('email.greeting', { name: r.name }),
    paragraphs: [r.reminder ? t('email.review.reminderText', { tour: r.packageName, date }) : t('email.review.text', { tour: r.packageName, date }), t('email.review.howItIsShown')],
    action: { label: t('email.review.action'), url: reviewUrl, spellOut: true },
    sections: [{ heading: t('email.review.optOutHeading'), lines: [t('email.review.optOutText')], links: [{ label: t('email.review.optOutLink'), url: optOutUrl }] }],
    closing: guestClosing(site, r.locale),
  }
}

/** The guide's e-mail for a review written (or changed) through the site (English, as the dashboard). */
export type NewReviewFacts = { rating: number; title: string; text: string; displayName: string; country: string | null; guestName: string; tourDate: string; changed: boolean }

export function adminNewReviewEmail(site: SiteIdentity, r: NewReviewFacts, dashboardUrl: string): EmailModel {
  const what = r.changed ? 'changed their review' : 'wrote a review'
  return {
    subject: `${r.guestName} ${what}: ${r.rating} of 5 stars`,
    preheader: r.title,
    heading: r.changed ? 'A review was changed' : 'A new review',
    paragraphs: [`${r.guestName} (tour of ${formatLongDate(r.tourDate)}) ${what}. It is not public until you approve it in the dashboard, where you can also reply.`],
    details: [
      ['Stars', `${r.rating} of 5`],
      ['Title', r.title],
      ['Review', r.text, 'multi-line'],
      ['Shown as', r.country ? `${r.displayName}, ${r.country}` : r.displayName],
    ],
    action: { label: 'Open reviews in the dashboard', url: dashboardUrl },
    closing: [`You receive this because your ${site.businessName} account has e-mail notifications switched on.`],
  }
}

/** The facts of a gift voucher's e-mails (docs/decisions/0065). */
export type VoucherMailFacts = { locale: Locale; buyerName: string; recipientName: string | null; code: string; amount: number; validUntil: string }

/**
 * The buyer's e-mail once the voucher is paid, in the language they bought it in: the code, the
 * amount, the last day it can be used (a Japan date), and the link to the printable page.
 * The names are the buyer's own text: the renderer escapes them like every value.
 */
export function voucherPurchasedEmail(site: SiteIdentity, v: VoucherMailFacts, voucherUrl: string): EmailModel {
  const t = translatorFor(v.locale)
  const amount = formatYen(v.amount)
  const validUntil = formatLongDate(v.validUntil, v.locale)
  return {
    locale: v.locale,
    subject: t('email.voucher.subject', { amount }),
    preheader: t('email.voucher.preheader', { amount, validUntil }),
    heading: t('email.voucher.heading'),
    greeting: t('email.greeting', { name: v.buyerName }),
    paragraphs: [v.recipientName ? t('email.voucher.textFor', { recipient: v.recipientName }) : t('email.voucher.text'), t('email.voucher.howToUse')],
    details: [
      [t('email.voucher.code'), v.code],
      [t('email.voucher.amount'), t('email.detail.totalValue', { amount })],
      [t('email.voucher.validUntil'), validUntil],
    ],
    action: { label: t('email.voucher.action'), url: voucherUrl, spellOut: true },
    closing: guestClosing(site, v.locale),
  }
}

/** The guide's e-mail for a voucher sold (English, as the dashboard); the code is masked. */
export function adminVoucherSoldEmail(site: SiteIdentity, v: VoucherMailFacts & { buyerEmail: string }, dashboardUrl: string): EmailModel {
  return {
    subject: `Voucher sold: ${formatYen(v.amount)} to ${v.buyerName}`,
    preheader: `A ${formatYen(v.amount)} gift voucher was paid.`,
    heading: 'Voucher sold',
    paragraphs: [`${v.buyerName} bought a ${formatYen(v.amount)} gift voucher${v.recipientName ? ` for ${v.recipientName}` : ''}. It is paid and can be used until ${formatLongDate(v.validUntil)}.`],
    details: [
      ['Buyer', v.buyerName],
      ['E-mail', v.buyerEmail],
      ['Language', languageLabel(v.locale)],
      ['Amount', formatYen(v.amount)],
      ['Code', v.code],
      ['Valid until', formatLongDate(v.validUntil)],
    ],
    action: { label: 'Open vouchers in the dashboard', url: dashboardUrl },
    closing: [`You receive this because your ${site.businessName} account has e-mail notifications switched on.`],
  }
}
