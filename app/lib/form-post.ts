/**
 * The one pipeline of a guest's form (docs/decisions/0043): the route action answers both the
 * script-free post (a redirect, or the page again with the errors) and the page's script,
 * which sends the same form through a fetcher with this hidden field set, and gets data back.
 */
export const VIA_SCRIPT_FIELD = '_via'
export const VIA_SCRIPT = 'fetcher'

/** Whether the page's script sent the form (answer with data), rather than the browser itself. */
export const sentByScript = (form: FormData) => form.get(VIA_SCRIPT_FIELD) === VIA_SCRIPT

/**
 * A refused post's Retry-After (429) for the page's own response: React Router sets an
 * action's headers on a data request's response, and a route's `headers` passes them to the
 * document with this.
 */
export function retryAfterOf(actionHeaders: Headers): Record<string, string> {
  const retryAfter = actionHeaders.get('Retry-After')
  return retryAfter ? { 'Retry-After': retryAfter } : {}
}
