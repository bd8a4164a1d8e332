import { PhotosTab } from '../../components/admin/photos-tab.tsx'
import { adminAction } from '../../lib/admin-route.server.ts'
import type { Route } from './+types/photos'

/** The Photos section (docs/decisions/0088): its saves still go through the JSON API; the action answers the header's language choice. */
export function action(args: Route.ActionArgs) {
  return adminAction(args, {})
}

export default function PhotosSection() {
  return <PhotosTab />
}
