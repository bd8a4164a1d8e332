import type { SiteIdentity } from '../../../core/site.ts'
import { formatLongDate } from '../../../core/dates.ts'
import { formatYen } from '../../../core/money.ts'
import { languageLabel, type Locale } from '../../../core/i18n/locales.ts'
import type { AdminLocale } from '../../../core/i18n/admin-locales.ts'
import type { MessageId, MessageValues } from '../../../core/i18n/message-id.ts'
import { translate } from '../../i18n/catalog.ts'
import type { EmailModel } from './layout.tsx'
import { guestClosing, translatorFor } from './parts.ts'
import { adminClosing } from './guide.ts'

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

/** The guide's e-mail for a voucher sold, in the admin's language (docs/decisions/0086); the code is masked. */
export function adminVoucherSoldEmail(site: SiteIdentity, v: VoucherMailFacts & { buyerEmail: string }, dashboardUrl: string, locale: AdminLocale): EmailModel {
  const t = (id: MessageId, values?: MessageValues) => translate(locale, id, values)
  const amount = formatYen(v.amount, locale)
  const until = formatLongDate(v.validUntil, locale)
  return {
    locale,
    subject: t('adminEmail.voucher.subject', { amount, buyer: v.buyerName }),
    preheader: t('adminEmail.voucher.preheader', { amount }),
    heading: t('adminEmail.voucher.heading'),
    paragraphs: [
      v.recipientName
        ? t('adminEmail.voucher.lineFor', { buyer: v.buyerName, amount, recipient: v.recipientName, until })
        : t('adminEmail.voucher.line', { buyer: v.buyerName, amount, until }),
    ],
    details: [
      [t('adminEmail.voucher.buyer'), v.buyerName],
      [t('adminEmail.detail.email'), v.buyerEmail],
      [t('adminEmail.detail.language'), languageLabel(v.locale)],
      [t('adminEmail.voucher.amount'), amount],
      [t('adminEmail.voucher.code'), v.code],
      [t('adminEmail.voucher.validUntil'), until],
    ],
    action: { label: t('adminEmail.voucher.open'), url: dashboardUrl },
    closing: adminClosing(site, locale),
  }
}
