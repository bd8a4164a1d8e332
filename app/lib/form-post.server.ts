/**
 * A page action's form. The door before React Router (server/http/page-posts.ts,
 * docs/decisions/0068) lets only forms through, but a multipart body can still turn out
 * broken once read: that is the sender's fault, answered 400, never a 500.
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData()
  } catch {
    // A Response, not data(): React Router takes a thrown Response as the answer, and does not
    // pass it to handleError, which would log it as a fault.
    throw new Response('Malformed form body', { status: 400 })
  }
}
