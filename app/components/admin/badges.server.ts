import type { Services } from '../../../server/for-app.ts'
import type { AdminSection } from './sections.ts'

/** What the sections' links count: unread messages and notifications, reviews not yet moderated. Counted, not listed. */
export async function badgeCounts({ contact, notifications, reviews }: Services) {
  const [messages, unread, newReviews] = await Promise.all([contact.unreadCount(), notifications.unreadCount(), reviews.newCount()])
  return { messages, notifications: unread, reviews: newReviews } satisfies Partial<Record<AdminSection, number>>
}

export type BadgeCounts = Awaited<ReturnType<typeof badgeCounts>>
