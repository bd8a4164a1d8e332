import type { MessageId } from '../../../core/i18n/message-id.ts'
import { formatYen } from '../../../core/money.ts'
import { INCLUDED_GUESTS, type QuoteLine } from '../../../core/pricing.ts'
import type { Theme } from '../../../core/themes.ts'
import type { Translate } from '../../i18n/translator.ts'


export const THEME_NAMES: Record<Theme, MessageId> = {
  homemaker: 'booking.theme.homemaker',
  hobbyist: 'booking.theme.hobbyist',
  kiddo: 'booking.theme.kiddo',
  explorer: 'booking.theme.explorer',
  custom: 'booking.theme.custom',
}

/** A price line of core/pricing's quote in the page's language. */
export function quoteLineText(line: QuoteLine, t: Translate): string {
  if (line.kind !== 'extra') return line.kind === 'solo' ? t('booking.quote.solo') : t('booking.quote.base', { included: INCLUDED_GUESTS })
  return t('booking.quote.extra', { count: line.count, unit: formatYen(line.unit) })
}
