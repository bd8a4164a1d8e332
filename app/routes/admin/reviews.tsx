import { useOutletContext } from 'react-router'
import { ReviewsTab } from '../../components/admin/reviews-tab.tsx'
import { reviewIntents } from '../../components/admin/reviews-actions.server.ts'
import { adminAction, asJson, requireAdmin } from '../../lib/admin-route.server.ts'
import type { AdminOutletContext } from './layout.tsx'
import type { Route } from './+types/reviews'

/** Guests' reviews to moderate (docs/decisions/0063, 0088), with the page; approving, hiding, replying and adding are the action's. */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin({ context, request })
  return { reviews: asJson(await context.services.reviews.list()) }
}

export function action(args: Route.ActionArgs) {
  return adminAction(args, reviewIntents(args.context.services))
}

export default function ReviewsSection({ loaderData }: Route.ComponentProps) {
  const { search } = useOutletContext<AdminOutletContext>()
  return <ReviewsTab reviews={loaderData.reviews} search={search} />
}
