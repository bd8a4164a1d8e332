import { Outlet, type ShouldRevalidateFunctionArgs } from 'react-router'
import { adminPageMessages } from '../../i18n/admin-messages.server.ts'
import { ADMIN_INTENT_FIELD, LANGUAGE_INTENT } from '../../lib/admin-form.ts'
import { requireAdmin } from '../../lib/admin-route.server.ts'
import type { Route } from './+types/words'

/**
 * The dashboard's words in the admin's language (docs/decisions/0086, 0088), about 120 KB: sent with
 * the dashboard's first page and again only when the admin chooses another language. Every save and
 * the 30 s badge refresh run the layout's and the section's loaders again, and these would ride along.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin({ context, request })
  return { messages: adminPageMessages(request, context) }
}

export function shouldRevalidate({ formData }: ShouldRevalidateFunctionArgs) {
  return formData?.get(ADMIN_INTENT_FIELD) === LANGUAGE_INTENT
}

export default function AdminWords() {
  return <Outlet />
}
