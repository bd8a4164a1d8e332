import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'
import type { Logger } from '../logger.ts'

/** One e-mail ready to leave: the rendered template plus its attachments. */
export type MailAttachment = { filename: string; contentType: string; content: Buffer }
export type MailMessage = {
  from: { name: string; address: string } | string
  to: string
  subject: string
  html: string
  text: string
  attachments?: MailAttachment[]
  /** Optional Reply-To (e.g. the visitor's address on a "new inquiry" mail to the admins). */
  replyTo?: string
  /** The outgoing_emails row this message is sent from, if any (names the .eml copy). */
  outgoingEmailId?: number
}

export type SendResult = { messageId: string | undefined; location?: string }

/**
 * The one interface behind which e-mail leaves (docs/decisions/0008): SMTP when SMTP_URL is set, otherwise
 * a folder of .eml files. The outbox job and the test-email endpoint only see this.
 */
export interface MailTransport {
  readonly kind: 'smtp' | 'folder'
  /** Human-readable target for logs and the test-email answer (never credentials). */
  readonly description: string
  send(message: MailMessage): Promise<SendResult>
  close(): void
}

function toNodemailer(message: MailMessage) {
  return {
    from: message.from,
    to: message.to,
    subject: message.subject,
    html: message.html,
    text: message.text,
    replyTo: message.replyTo,
    attachments: message.attachments?.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
  }
}

const TRUE = new Set(['true', '1', 'yes'])

/**
 * SMTP options from a URL such as smtp://user:pass@mail.example.com:587 or
 * smtps://…:465. Query parameters: ignoreTLS, requireTLS, tls.rejectUnauthorized,
 * connectionTimeout, greetingTimeout, socketTimeout (ms). Timeouts default to values
 * short enough that one dead server never holds the outbox job for minutes.
 */
export function smtpOptionsFromUrl(smtpUrl: string) {
  const url = new URL(smtpUrl)
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') throw new Error('SMTP_URL must start with smtp:// or smtps://')
  const q = url.searchParams
  const secure = url.protocol === 'smtps:'
  const num = (key: string, fallback: number) => (q.has(key) && Number.isFinite(Number(q.get(key))) ? Number(q.get(key)) : fallback)
  return {
    host: url.hostname,
    port: url.port ? Number(url.port) : secure ? 465 : 587,
    secure,
    auth: url.username || url.password ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    ignoreTLS: TRUE.has(q.get('ignoreTLS') ?? ''),
    requireTLS: TRUE.has(q.get('requireTLS') ?? ''),
    tls: q.has('tls.rejectUnauthorized') ? { rejectUnauthorized: TRUE.has(q.get('tls.rejectUnauthorized') ?? '') } : undefined,
    connectionTimeout: num('connectionTimeout', 10_000),
    greetingTimeout: num('greetingTimeout', 10_000),
    socketTimeout: num('socketTimeout', 30_000),
  }
}

export function createSmtpTransport(smtpUrl: string): MailTransport {
  const options = smtpOptionsFromUrl(smtpUrl)
  const transporter = nodemailer.createTransport(options)
  return {
    kind: 'smtp',
    description: `SMTP ${options.host}:${options.port}`,
    async send(message) {
      const info = await transporter.sendMail(toNodemailer(message))
      return { messageId: info.messageId }
    },
    close: () => transporter.close(),
  }
}

/**
 * Outbox files of an outgoing_emails row end in `-email-<id>.eml`: the id ties the copy to
 * its row, so erasure and retention delete the file with the row (server/services/guest-data.ts).
 * Messages with no row (the test e-mail) get a random suffix instead.
 */
export function outboxFileName(at: Date, outgoingEmailId?: number): string {
  const stamp = at.toISOString().replace(/[:.]/g, '-')
  return outgoingEmailId === undefined ? `${stamp}-${crypto.randomBytes(4).toString('hex')}.eml` : `${stamp}-email-${outgoingEmailId}.eml`
}

/** The outgoing_emails id an outbox file was written for, or null (no row, or not ours). */
export function outgoingEmailIdOfFile(name: string): number | null {
  const match = /-email-(\d+)\.eml$/.exec(name)
  return match ? Number(match[1]) : null
}

/**
 * The honest local transport: each message becomes a complete .eml file (open it with any
 * mail program) in `folder`, and one log line says where. Nothing is lost without SMTP.
 */
export function createFolderTransport(folder: string, logger: Logger): MailTransport {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' })
  return {
    kind: 'folder',
    description: `outbox folder ${folder}`,
    async send(message) {
      const info = await composer.sendMail(toNodemailer(message))
      await fs.mkdir(folder, { recursive: true })
      const file = path.join(folder, outboxFileName(new Date(), message.outgoingEmailId))
      await fs.writeFile(file, info.message as Buffer)
      // The file only: recipients and subjects ("New inquiry from <name>") are guests' data.
      logger.info({ file }, 'e-mail written to the outbox folder (SMTP_URL is not set)')
      return { messageId: info.messageId, location: file }
    },
    close: () => composer.close(),
  }
}
