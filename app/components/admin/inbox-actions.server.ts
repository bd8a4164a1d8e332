import type { Services } from '../../../server/for-app.ts'
import { intent, NO_FIELDS, rowIntent } from '../../lib/admin-route.server.ts'

/** The Messages section's one form (docs/decisions/0088): a message read, for good. */
export function messageIntents(services: Services) {
  return { markRead: rowIntent((id) => services.contact.markRead(id)) }
}

/** The Notifications section's forms (docs/decisions/0041, 0088): one read, all read, one deleted. */
export function notificationIntents(services: Services) {
  return {
    markRead: rowIntent((id) => services.notifications.markRead(id)),
    markAll: intent({ schema: NO_FIELDS, run: () => services.notifications.markAllRead() }),
    remove: rowIntent((id) => services.notifications.remove(id)),
  }
}
