import { ATTENTIONS, writeNoticeValues, type Attention } from '../../../core/admin-notices.ts'
import { useLocale, useT } from '../../i18n/i18n.tsx'

/**
 * A booking's or a voucher's note for the guide in the dashboard's language (docs/decisions/0086);
 * a note from before notes were stored by id reads as its stored English.
 */
export function useAttentionText(): (item: { attention: Attention | null; attentionReason: string | null }) => string | null {
  const t = useT()
  const locale = useLocale()
  return ({ attention, attentionReason }) => (attention ? t(ATTENTIONS[attention.kind], writeNoticeValues(attention.values, locale, (id) => t(id))) : attentionReason)
}
