import net from 'node:net'
import { SMTPServer } from 'smtp-server'
import { simpleParser, type ParsedMail } from 'mailparser'

/** A free TCP port on 127.0.0.1 (closed again before it is returned). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer()
    s.once('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port
      s.close(() => resolve(port))
    })
  })
}

/**
 * A real SMTP server for tests (smtp-server), keeping every delivered message parsed by
 * mailparser. No TLS and no authentication, as conventions.md says for these machines.
 */
export class TestSmtpServer {
  readonly messages: ParsedMail[] = []
  private server: SMTPServer | null = null
  constructor(readonly port: number) {}

  /** The SMTP_URL for the app: nodemailer must not try STARTTLS. */
  get url() {
    return `smtp://127.0.0.1:${this.port}/?ignoreTLS=true&connectionTimeout=3000&greetingTimeout=3000&socketTimeout=5000`
  }

  async start(): Promise<this> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, _session, callback) => {
        simpleParser(stream)
          .then((mail) => {
            this.messages.push(mail)
            callback()
          })
          .catch((error: Error) => callback(error))
      },
    })
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(this.port, '127.0.0.1', () => resolve())
    })
    this.server = server
    return this
  }

  async stop(): Promise<void> {
    const server = this.server
    this.server = null
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()))
  }

  to(address: string): ParsedMail[] {
    return this.messages.filter((m) => addressesOf(m.to).includes(address.toLowerCase()))
  }
}

export function addressesOf(field: ParsedMail['to']): string[] {
  const list = Array.isArray(field) ? field : field ? [field] : []
  return list.flatMap((a) => a.value.map((v) => (v.address ?? '').toLowerCase()))
}

export async function startSmtp(): Promise<TestSmtpServer> {
  return new TestSmtpServer(await freePort()).start()
}
