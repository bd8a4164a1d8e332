import type { SiteIdentity } from '../../../core/site.ts'
import { formatLongDate } from '../../../core/dates.ts'
import type { Locale } from '../../../core/i18n/locales.ts'
import type { AdminLocale } from '../../../core/i18n/admin-locales.ts'
import type { MessageId, MessageValues } from '../../../core/i18n/message-id.ts'
import { translate } from '../../i18n/catalog.ts'
import type { EmailModel } from './layout.tsx'
import { guestClosing, translatorFor } from './parts.ts'
import { adminClosing } from './guide.ts'

/** Reviews' e-mails: the guest's request (and its one reminder), and the guide's notice of a review. */

/** What a review request says (docs/decisions/0063). */
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

/** The guide's e-mail for a review written (or changed) through the site, in the admin's language (docs/decisions/0086). */
export type NewReviewFacts = { rating: number; title: string; text: string; displayName: string; country: string | null; guestName: string; tourDate: string; changed: boolean }

export function adminNewReviewEmail(site: SiteIdentity, r: NewReviewFacts, dashboardUrl: string, locale: AdminLocale): EmailModel {
  const t = (id: MessageId, values?: MessageValues) => translate(locale, id, values)
  return {
    locale,
    subject: t(r.changed ? 'adminEmail.review.subjectChanged' : 'adminEmail.review.subjectNew', { name: r.guestName, rating: r.rating }),
    preheader: r.title,
    heading: t(r.changed ? 'adminEmail.review.headingChanged' : 'adminEmail.review.headingNew'),
    paragraphs: [t(r.changed ? 'adminEmail.review.lineChanged' : 'adminEmail.review.lineNew', { name: r.guestName, date: formatLongDate(r.tourDate, locale) })],
    details: [
      [t('adminEmail.review.stars'), t('adminEmail.review.starsValue', { rating: r.rating })],
      [t('adminEmail.review.title'), r.title],
      [t('adminEmail.review.review'), r.text, 'multi-line'],
      [t('adminEmail.review.shownAs'), r.country ? `${r.displayName}, ${r.country}` : r.displayName],
    ],
    action: { label: t('adminEmail.review.open'), url: dashboardUrl },
    closing: adminClosing(site, locale),
  }
}
