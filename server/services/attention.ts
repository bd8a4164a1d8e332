import { ATTENTIONS, writeNoticeValues, type Attention } from '../../core/admin-notices.ts'
import type { AdminLocale } from '../../core/i18n/admin-locales.ts'
import { translate } from '../i18n/catalog.ts'

/**
 * The guide's note on a booking or a gift voucher (docs/decisions/0086): stored as a message id
 * and its values, with its English beside it for the API. The one way to set or clear it.
 */
export function attentionColumns(attention: Attention | null): { attention: Attention | null; attentionReason: string | null } {
  return { attention, attentionReason: attention ? renderAttention('en', attention) : null }
}

export function renderAttention(locale: AdminLocale, { kind, values }: Attention): string {
  return translate(locale, ATTENTIONS[kind], writeNoticeValues(values, locale, (id) => translate(locale, id)))
}
