import { englishText } from '../i18n/refusals.ts'
import { refusal } from '../../core/i18n/refusal.ts'
import { languageLabel, toLocale, type Locale } from '../../core/i18n/locales.ts'
import { count, desc, eq } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { contactMessages, type ContactMessage } from '../db/schema.ts'
import type { Config } from '../config/index.ts'
import { CONTACT_PACKAGE_OPTIONS, contactInquirySchema } from '../../core/schemas/contact.ts'
import type { AdminLocale } from '../../core/i18n/admin-locales.ts'
import { inquiryReply, type GuestReply } from './guest-reply.ts'
import { renderEmail } from '../email/templates/layout.tsx'
import { adminInquiryEmail } from '../email/templates/contact.ts'
import { messageActionLink, type NotificationService } from './notifications.ts'
import type { MailOutbox } from './mail-outbox.ts'
import { invalidInput, ServiceError } from './service-error.ts'
import type { HitCounter } from './rate-limits.ts'
import { containsUnstorableText, UNSTORABLE_TEXT_MESSAGE } from '../../core/unstorable-text.ts'

/** What a spam bot filling the hidden field is told: nothing that helps it adapt. */
export const SPAM_REFUSED_MESSAGE = refusal('errors.messageNotSent')
const MESSAGE_NOT_FOUND = refusal('adminErrors.messageNotFound')

/** What the dashboard lists of a contact message. */
export type ContactMessageView = Pick<
  ContactMessage,
  'id' | 'name' | 'email' | 'phone' | 'visitDate' | 'groupSize' | 'package' | 'message' | 'read' | 'createdAt'
> & {
  /** The language the visitor wrote from ('한국어 (ko)'), and its code: a booking made from the message is written in it. */
  language: string
  locale: Locale
  /** The guide's reply, drafted in the visitor's language. */
  reply: GuestReply
}

const view = (m: ContactMessage): ContactMessageView => ({
  id: m.id,
  name: m.name,
  email: m.email,
  phone: m.phone,
  visitDate: m.visitDate,
  groupSize: m.groupSize,
  package: m.package,
  message: m.message,
  language: languageLabel(toLocale(m.locale)),
  locale: toLocale(m.locale),
  reply: inquiryReply(m),
  read: m.read,
  createdAt: m.createdAt,
})

/**
 * Contact inquiries (docs/decisions/0010, 0041, 0008). `receive` validates, refuses spam, and in
 * ONE transaction stores the message, creates the 'message' notification and queues the
 * 'new inquiry' e-mail for each admin who wants e-mail. The outbox job sends it later, so
 * the visitor gets an answer at once even when the mail server is down.
 */
export const CONTACT_RATE_LIMITED = refusal('errors.contactRate')
/** errors.contactRate in English, as the JSON API answers it. */
export const CONTACT_RATE_LIMITED_MESSAGE = englishText(CONTACT_RATE_LIMITED)
export function createContactService(deps: { db: Db; config: Config; notifications: NotificationService; outbox: MailOutbox; attemptsPerClient: HitCounter }) {
  const { db, config, notifications, outbox } = deps

  return {
    /**
     * Counts the sender's address first (docs/decisions/0043: every way in, the API and the
     * page's form post and data request, shares one budget); throws ServiceError
     * 'rate-limited' over it, and 'invalid': with field errors from the schema, without for a
     * filled honeypot or text the database cannot store.
     */
    async receive(raw: unknown, from: { clientAddress: string }): Promise<{ id: number }> {
      const retryAfter = await deps.attemptsPerClient.hit(`ip:${from.clientAddress}`)
      if (retryAfter > 0) throw new ServiceError('rate-limited', CONTACT_RATE_LIMITED, { retryAfter })
      // The honeypot first: a bot is refused whether or not the rest of its form is valid.
      const honeypot = typeof raw === 'object' && raw !== null ? (raw as { website?: unknown }).website : undefined
      if (honeypot !== undefined && honeypot !== null && String(honeypot).trim() !== '') throw new ServiceError('invalid', SPAM_REFUSED_MESSAGE)
      // Text PostgreSQL cannot store would fail at the insert as a 500: refused here for every way in.
      if (containsUnstorableText(raw)) throw new ServiceError('invalid', UNSTORABLE_TEXT_MESSAGE)
      const parsed = contactInquirySchema.safeParse(raw)
      if (!parsed.success) throw invalidInput(parsed.error)
      const input = parsed.data
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(contactMessages)
          .values({
            name: input.name,
            email: input.email,
            phone: input.phone ?? null,
            visitDate: input.visitDate ?? null,
            groupSize: input.groupSize ?? null,
            package: input.package ?? null,
            message: input.message,
            locale: input.locale,
          })
          .returning()
        const message = row!
        const packageLabel = CONTACT_PACKAGE_OPTIONS.find((o) => o.value === message.package)?.label ?? null
        const link = messageActionLink(message.id)
        const excerpt = message.message.length > 140 ? `${message.message.slice(0, 140)}…` : message.message
        await notifications.create(tx, {
          type: 'message',
          notice: packageLabel ? { kind: 'newMessageAbout', values: { name: message.name, tour: packageLabel, text: excerpt } } : { kind: 'newMessage', values: { name: message.name, text: excerpt } },
          actionLink: link,
        })
        const email = (locale: AdminLocale) =>
          renderEmail(
            config.site,
            adminInquiryEmail(
              config.site,
              {
                name: message.name,
                email: message.email,
                phone: message.phone,
                visitDate: message.visitDate,
                groupSize: message.groupSize,
                packageLabel,
                message: message.message,
                locale: input.locale,
              },
              `${config.baseUrl}${link}`,
              locale,
            ),
          )
        await outbox.enqueueForAdmins(tx, {
          kind: 'admin-new-inquiry',
          email,
          replyTo: message.email,
          contactMessageId: message.id,
          dedupeBase: `admin-new-inquiry:${message.id}`,
        })
        return { id: message.id }
      })
    },

    /** Newest first. */
    async list(): Promise<ContactMessageView[]> {
      const rows = await db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt), desc(contactMessages.id))
      return rows.map(view)
    },

    /** Messages not yet read: the dashboard's badge, counted without reading them. */
    async unreadCount(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(contactMessages).where(eq(contactMessages.read, false))
      return row?.n ?? 0
    },

    /** Read cannot be undone. */
    /** Read, for good: a message gone (or never there) is refused with 404. */
    async markRead(id: number): Promise<ContactMessageView> {
      const [row] = await db.update(contactMessages).set({ read: true }).where(eq(contactMessages.id, id)).returning()
      if (!row) throw new ServiceError('not-found', MESSAGE_NOT_FOUND)
      return view(row)
    },
  }
}

export type ContactService = ReturnType<typeof createContactService>
