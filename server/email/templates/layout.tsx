import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { siteIn, type SiteIdentity } from '../../../core/site.ts'
import type { Locale } from '../../../core/i18n/locales.ts'
import { translate } from '../../i18n/catalog.ts'

/**
 * E-mail templates (docs/decisions/0009): their shared look and renderer; the messages live beside
 * this module, one per domain (docs/decisions/0084). Each message is described once as an EmailModel (what it says)
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
