import type { MessageId } from '../../../core/i18n/message-id.ts'
import { formatYen } from '../../../core/money.ts'
import { INCLUDED_GUESTS, type QuoteLine } from '../../../core/pricing.ts'
import type { TourTime } from '../../../core/slots.ts'
import type { Theme } from '../../../core/themes.ts'
import type { Translate } from '../../i18n/translator.ts'

/** The names of the booking's own words in the page's language ('booking' namespace). */
export const SLOT_NAMES: Record<TourTime, MessageId> = {
  morning: 'booking.slot.morning',
  afternoon: 'booking.slot.afternoon',
  'full-day': 'booking.slot.fullDay',
}

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
