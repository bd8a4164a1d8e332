import type { SiteIdentity } from '../../../core/site.ts'
import { formatLongDate } from '../../../core/dates.ts'
import { languageLabel, type Locale } from '../../../core/i18n/locales.ts'
import type { EmailModel } from './layout.tsx'

/** The guide's e-mail for a message sent through the contact form. */

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
