import type { TourTime } from '../../../core/slots.ts'
import type { MessageId } from '../../../core/i18n/message-id.ts'

/** A slot's name as a label or heading writes it ('Morning'), in the dashboard's language (docs/decisions/0086). */
export const SLOT_LABELS: Record<TourTime, MessageId> = {
  morning: 'admin.common.slot.morning',
  afternoon: 'admin.common.slot.afternoon',
  'full-day': 'admin.common.slot.fullDay',
}

/** A slot named inside a sentence ('taken by the morning booking'). */
export const SLOT_NAMES_IN_TEXT: Record<TourTime, MessageId> = {
  morning: 'admin.common.slotInText.morning',
  afternoon: 'admin.common.slotInText.afternoon',
  'full-day': 'admin.common.slotInText.fullDay',
}

/** A slot as the bookings' CSV and lists write its value ('full-day'). */
export const SLOT_VALUES: Record<TourTime, MessageId> = {
  morning: 'admin.common.slotValue.morning',
  afternoon: 'admin.common.slotValue.afternoon',
  'full-day': 'admin.common.slotValue.fullDay',
}
