import type { SiteIdentity } from '../../../core/site.ts'
import { formatLongDate } from '../../../core/dates.ts'
import type { Locale } from '../../../core/i18n/locales.ts'
import type { EmailModel } from './layout.tsx'
import { guestClosing, translatorFor } from './parts.ts'

/** Reviews' e-mails: the guest's request (and its one reminder), and the guide's notice of a review. */

/** What a review request says (issue 21 point 1, docs/decisions/0063). */
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

/** The guide's e-mail for a review written (or changed) through the site (English, as the dashboard). */
export type NewReviewFacts = { rating: number; title: string; text: string; displayName: string; country: string | null; guestName: string; tourDate: string; changed: boolean }

export function adminNewReviewEmail(site: SiteIdentity, r: NewReviewFacts, dashboardUrl: string): EmailModel {
  const what = r.changed ? 'changed their review' : 'wrote a review'
  return {
    subject: `${r.guestName} ${what}: ${r.rating} of 5 stars`,
    preheader: r.title,
    heading: r.changed ? 'A review was changed' : 'A new review',
    paragraphs: [`${r.guestName} (tour of ${formatLongDate(r.tourDate)}) ${what}. It is not public until you approve it in the dashboard, where you can also reply.`],
    details: [
      ['Stars', `${r.rating} of 5`],
      ['Title', r.title],
      ['Review', r.text, 'multi-line'],
      ['Shown as', r.country ? `${r.displayName}, ${r.country}` : r.displayName],
    ],
    action: { label: 'Open reviews in the dashboard', url: dashboardUrl },
    closing: [`You receive this because your ${site.businessName} account has e-mail notifications switched on.`],
  }
}
