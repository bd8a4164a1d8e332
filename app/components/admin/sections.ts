import type { MessageId } from '../../../core/i18n/message-id.ts'

/**
 * The dashboard's sections, in the order of its navigation (docs/decisions/0088): each is a URL,
 * /admin/<value>, with its own route module, app/routes/admin/<value>.tsx. The route table
 * (app/routes.ts) and the layout's navigation both read this list.
 */
export const ADMIN_SECTIONS = [
  { value: 'bookings', label: 'admin.tabs.bookings' },
  { value: 'calendar', label: 'admin.tabs.calendar' },
  { value: 'messages', label: 'admin.tabs.messages' },
  { value: 'notifications', label: 'admin.tabs.notifications' },
  { value: 'reviews', label: 'admin.tabs.reviews' },
  { value: 'users', label: 'admin.tabs.users' },
  { value: 'photos', label: 'admin.tabs.photos' },
  { value: 'revenue', label: 'admin.tabs.revenue' },
  { value: 'promo-codes', label: 'admin.tabs.promoCodes' },
  { value: 'vouchers', label: 'admin.tabs.vouchers' },
  { value: 'channels', label: 'admin.tabs.channels' },
  { value: 'settings', label: 'admin.tabs.settings' },
] as const satisfies readonly { value: string; label: MessageId }[]

export type AdminSection = (typeof ADMIN_SECTIONS)[number]['value']

export const isAdminSection = (value: string | null | undefined): value is AdminSection => ADMIN_SECTIONS.some((s) => s.value === value)

export { ADMIN_HOME } from '../../../core/admin-redirect.ts'

/** A section's URL. */
export const adminSectionPath = (section: AdminSection) => `/admin/${section}`
