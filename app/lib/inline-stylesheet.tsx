import { createContext, useContext } from 'react'

/**
 * The site's one stylesheet, written into the <head> of every server-rendered and
 * prerendered page instead of linked (docs/decisions/0021): the first paint then waits for
 * no other request, which on a mobile connection is a round trip or two sooner.
 *
 * `app/entry.server.tsx` provides the CSS text; in the browser nothing provides it, the
 * component renders nothing, and React 19 leaves the server's <style> in place when it
 * hydrates the <head> (it skips elements it did not render there). So the CSS never
 * travels in the JavaScript, and client-side navigations keep the same stylesheet.
 */
const StylesheetContext = createContext<string | undefined>(undefined)
export const StylesheetProvider = StylesheetContext.Provider

export function InlineStylesheet() {
  const css = useContext(StylesheetContext)
  if (css === undefined) return null
  // Our own build output, but never let its text close the element early.
  // Marked so a check of the page's own markup can tell it from page content (tests/e2e/marketing.spec.ts).
  return <style data-site-stylesheet="" dangerouslySetInnerHTML={{ __html: css.replace(/<\/style/gi, '<\\/style') }} />
}
