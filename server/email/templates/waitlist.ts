import type { SiteIdentity } from '../../../core/site.ts'
import { formatLongDate } from '../../../core/dates.ts'
import { SLOT_MESSAGE_IDS, formatClockTime, localizeClockText, slotLabel, type TourTime } from '../../../core/slots.ts'
import type { Locale } from '../../../core/i18n/locales.ts'
import type { EmailModel } from './layout.tsx'
import { guestClosing, translatorFor } from './parts.ts'

/** The waitlist's e-mails: the address confirmed before it waits, and the slot opened for it. */

/** What a waitlist e-mail says about the slot (docs/decisions/0057). */
export type WaitlistMailFacts = {
  locale: Locale
  tourDate: string
  tourTime: TourTime
  /** 'HH:mm' in Japan, as the settings hold it. */
  startTime: string
  numberOfPeople: number
  /** The tour's name in the visitor's language. */
  packageName: string
}

/**
 * The slot a visitor waited for can be booked (docs/decisions/0057): the slot,
 * the link to the booking page with it chosen, that the first to book gets it, and the link
 * that takes the address off this slot's waitlist.
 */
export function waitlistOpenEmail(site: SiteIdentity, w: WaitlistMailFacts, bookUrl: string, removeUrl: string): EmailModel {
  const { t, date, slot } = waitlistSlotWords(w)
  const time = localizeClockText(formatClockTime(w.startTime), w.locale)
  return {
    locale: w.locale,
    subject: t('email.waitlist.subject', { date, slot }),
    preheader: t('email.waitlist.preheader'),
    heading: t('email.waitlist.heading'),
    paragraphs: [t('email.waitlist.text', { date, slot }), t('email.waitlist.firstCome')],
    details: [
      [t('email.detail.tour'), w.packageName],
      [t('email.detail.date'), date],
      [t('email.detail.time'), t('email.detail.timeValue', { slot, time })],
      [t('email.detail.group'), t('email.detail.people', { count: w.numberOfPeople })],
    ],
    action: { label: t('email.waitlist.action'), url: bookUrl, spellOut: true },
    sections: [{ heading: t('email.waitlist.leaveHeading'), lines: [t('email.waitlist.leaveText')], links: [{ label: t('email.waitlist.leaveLink'), url: removeUrl }] }],
    closing: guestClosing(site, w.locale),
  }
}

/** The slot's date and name in the visitor's language, as the waitlist's e-mails write them. */
function waitlistSlotWords(w: Pick<WaitlistMailFacts, 'locale' | 'tourDate' | 'tourTime'>) {
  const t = translatorFor(w.locale)
  return { t, date: formatLongDate(w.tourDate, w.locale), slot: w.locale === 'en' ? slotLabel(w.tourTime) : t(SLOT_MESSAGE_IDS[w.tourTime]) }
}

/**
 * The one short e-mail an address gets before it waits (docs/decisions/0070): someone asked to
 * hear about this slot at this address; the link confirms it. It says that nothing else comes
 * unless they confirm, so a stranger signed up by somebody else can simply ignore it.
 */
export function waitlistConfirmEmail(site: SiteIdentity, w: Pick<WaitlistMailFacts, 'locale' | 'tourDate' | 'tourTime'>, confirmUrl: string, validHours: number): EmailModel {
  const { t, date, slot } = waitlistSlotWords(w)
  return {
    locale: w.locale,
    subject: t('email.waitlistConfirm.subject'),
    preheader: t('email.waitlistConfirm.preheader'),
    heading: t('email.waitlistConfirm.heading'),
    paragraphs: [t('email.waitlistConfirm.text', { date, slot }), t('email.waitlistConfirm.notYou', { hours: validHours })],
    action: { label: t('email.waitlistConfirm.action'), url: confirmUrl, spellOut: true },
    closing: guestClosing(site, w.locale),
  }
}
