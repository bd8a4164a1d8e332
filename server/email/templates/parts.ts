import { guideNameOr, siteIn, type SiteIdentity } from '../../../core/site.ts'
import type { Locale } from '../../../core/i18n/locales.ts'
import type { MessageId, MessageValues } from '../../../core/i18n/message-id.ts'
import { translate } from '../../i18n/catalog.ts'

/** What every guest's e-mail says the same way, whatever its domain: its words and its closing line. */

/** The guest's e-mails' words in their language ('email' namespace). */
export const translatorFor = (locale: Locale) => (id: MessageId, values?: MessageValues) => translate(locale, id, values)

export const guestClosing = (site: SiteIdentity, locale: Locale) => {
  const t = translatorFor(locale)
  return [t('email.closing', { who: guideNameOr(siteIn(site, locale), t('email.closingUs')), number: site.whatsappNumber })]
}
