import { refusal } from '../../../core/i18n/refusal.ts'
import { photoDetailsSchema, photoUploadSchema, placementSchema } from '../../../core/schemas/photo.ts'
import { ServiceError } from '../../../server/for-app.server.ts'
import type { Services } from '../../../server/for-app.ts'
import { intent, rowId, rowIntent } from '../../lib/admin-route.server.ts'

/**
 * The Photos section's forms (docs/decisions/0048, 0088), the only way the guide manages the photo
 * library: each with its schema from core/schemas/photo.ts. The page door lets an admin's upload here
 * be up to 20 MB (server/http/page-posts.ts); the media service checks the photo itself (its size,
 * type and pixels, server/media/image-processing.ts).
 */
export function photoIntents(services: Services) {
  return {
    // The file and its description. A form sent without a file carries an empty, nameless one.
    upload: intent({
      schema: photoUploadSchema,
      run: async (details, form) => {
        const file = form.get('file')
        if (!(file instanceof File) || (file.size === 0 && file.name === '')) throw new ServiceError('invalid', refusal('adminErrors.photoMissing'), { field: 'file' })
        return services.media.upload(Buffer.from(await file.arrayBuffer()), file.name, details)
      },
    }),
    // The description in each language and the focal point.
    details: intent({ schema: photoDetailsSchema, run: (details, form) => services.media.update(rowId(form), details) }),
    // A photo on no page.
    remove: rowIntent((id) => services.media.remove(id)),
    // The photo a place shows, or none (its artwork). The place is named in the answer, for the toast.
    place: intent({
      schema: placementSchema,
      input: (form) => ({ place: form.get('place'), mediaId: form.get('mediaId') || null }),
      run: async ({ place, mediaId }) => {
        await services.media.place(place, mediaId)
        return { place, mediaId }
      },
    }),
  }
}
