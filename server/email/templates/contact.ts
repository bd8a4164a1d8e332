import type { SiteIdentity } from '../../../core/site.ts'
import { formatLongDate } from '../../../core/dates.ts'
import { languageLabel, type Locale } from '../../../core/i18n/locales.ts'
import type { AdminLocale } from '../../../core/i18n/admin-locales.ts'
import type { MessageId, MessageValues } from '../../../core/i18n/message-id.ts'
import { translate } from '../../i18n/catalog.ts'
import type { EmailModel } from './layout.tsx'
import { adminClosing } from './guide.ts'

/** The guide's e-mail for a message sent through the contact form, in the admin's language (docs/decisions/0086). */

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

export function adminInquiryEmail(site: SiteIdentity, m: InquiryMailFacts, dashboardUrl: string, locale: AdminLocale): EmailModel {
  const t = (id: MessageId, values?: MessageValues) => translate(locale, id, values)
  return {
    locale,
    subject: t('adminEmail.inquiry.subject', { name: m.name }),
    preheader: m.message.slice(0, 120),
    heading: t('adminEmail.inquiry.heading'),
    paragraphs: [t('adminEmail.inquiry.line', { name: m.name })],
    details: [
      [t('adminEmail.inquiry.name'), m.name],
      [t('adminEmail.detail.email'), m.email],
      ...(m.phone ? ([[t('adminEmail.detail.phone'), m.phone]] as Array<[string, string]>) : []),
      ...(m.visitDate ? ([[t('adminEmail.inquiry.visitDate'), formatLongDate(m.visitDate, locale)]] as Array<[string, string]>) : []),
      ...(m.groupSize ? ([[t('adminEmail.inquiry.groupSize'), m.groupSize]] as Array<[string, string]>) : []),
      ...(m.packageLabel ? ([[t('adminEmail.inquiry.package'), m.packageLabel]] as Array<[string, string]>) : []),
      [t('adminEmail.detail.language'), languageLabel(m.locale)],
      [t('adminEmail.inquiry.message'), m.message, 'multi-line'],
    ],
    action: { label: t('adminEmail.inquiry.open'), url: dashboardUrl },
    closing: adminClosing(site, locale),
  }
}
