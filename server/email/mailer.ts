import path from 'node:path'
import type { Config } from '../config/index.ts'
import type { Logger } from '../logger.ts'
import { createFolderTransport, createSmtpTransport, type MailMessage, type MailTransport, type SendResult } from './transports.ts'

export type Sender = { name: string; address: string } | string

/** MAIL_FROM when set (e.g. "Joetsu Local Tours <tours@example.jp>"), else the business identity (docs/decisions/0017). */
export function senderFrom(config: Config): Sender {
  return config.env.MAIL_FROM ?? { name: config.site.businessName, address: config.site.email }
}

export function outboxFolder(config: Config): string {
  return path.join(config.dataDir, 'outbox')
}

/** SMTP when SMTP_URL is set, otherwise the outbox folder under DATA_DIR (docs/decisions/0008). */
export function transportFor(config: Config, logger: Logger): MailTransport {
  return config.env.SMTP_URL ? createSmtpTransport(config.env.SMTP_URL) : createFolderTransport(outboxFolder(config), logger)
}

export type Mailer = {
  readonly transport: MailTransport
  readonly from: Sender
  send(message: Omit<MailMessage, 'from'>): Promise<SendResult>
  close(): void
}

/** The one mailer: the configured transport plus the sender address. */
export function createMailer(config: Config, logger: Logger, transport: MailTransport = transportFor(config, logger)): Mailer {
  const from = senderFrom(config)
  return {
    transport,
    from,
    send: (message) => transport.send({ ...message, from }),
    close: () => transport.close(),
  }
}
