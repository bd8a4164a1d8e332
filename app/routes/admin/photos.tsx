import { PhotosTab } from '../../components/admin/photos-tab.tsx'
import { photoIntents } from '../../components/admin/photos-actions.server.ts'
import { adminAction, asJson, requireAdmin } from '../../lib/admin-route.server.ts'
import type { Route } from './+types/photos'

/**
 * The Photos section (docs/decisions/0048, 0088): the library and the site's places come with the
 * page; an upload, a photo's details, a delete and a place's photo save through the action.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin({ context, request })
  const [photos, places] = await Promise.all([context.services.media.list(), context.services.media.places()])
  return { photos: asJson(photos), places }
}

export function action(args: Route.ActionArgs) {
  return adminAction(args, photoIntents(args.context.services))
}

export default function PhotosSection({ loaderData }: Route.ComponentProps) {
  return <PhotosTab photos={loaderData.photos} places={loaderData.places} />
}
