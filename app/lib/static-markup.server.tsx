import type { ReactElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { TranslateProvider } from '../i18n/i18n.tsx'
import { pageLanguage } from '../i18n/messages.server.ts'

/**
 * A part of a content page that never changes in the browser, rendered to HTML by its loader
 * (docs/decisions/0064): the page shows it with `dangerouslySetInnerHTML`, and the component's
 * code stays out of the page's JavaScript. React escapes every text in it as it does on any page. The part
 * may use `useT` and plain links (`<a href>`), nothing that needs the router or state.
 */
export function staticMarkup(request: Request, element: ReactElement): string {
  return renderToStaticMarkup(<TranslateProvider value={pageLanguage(request).translate}>{element}</TranslateProvider>)
}

