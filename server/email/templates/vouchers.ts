import type { SiteIdentity } from '../../../core/site.ts'
import { formatLongDate } from '../../../core/dates.ts'
import { formatYen } from '../../../core/money.ts'
import { languageLabel, type Locale } from '../../../core/i18n/locales.ts'
import type { EmailModel } from './layout.tsx'
import { guestClosing, translatorFor } from './parts.ts'

/** Gift vouchers' e-mails: the buyer's, with the code, and the guide's notice of the sale. */

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
