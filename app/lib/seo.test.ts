import { describe, expect, it } from 'vitest'
import { messagesFor } from '../../server/i18n/catalog.ts'
import { loaderMeta } from './seo.ts'

// The root's data as the meta functions see it: the business name and the chrome's words.
const root = (locale: 'en' | 'ko') => ({ id: 'root', loaderData: { site: { businessName: 'Joetsu Local Tours' }, messages: messagesFor(locale, ['common']) } })
// What React Router hands a meta function when the loader answered an error status.
const routeError = (status: number) => ({ status, statusText: '', internal: false, data: null })

describe('loaderMeta: every guest page shows the tags its loader wrote (docs/decisions/0060)', () => {
  it('hands over what the loader wrote, unchanged', () => {
    // What seo.server.ts writes is checked page by page and language by language in tests/e2e/languages.spec.ts.
    const meta = [{ title: '패키지 | Joetsu Local Tours' }, { tagName: 'link', rel: 'canonical', href: 'https://example.com/ko/packages' }]
    expect(loaderMeta({ loaderData: { meta }, matches: [root('ko')], location: { pathname: '/ko/packages' } })).toBe(meta)
  })

  it("gives a page whose loader failed its error's title, in the page's language, never indexed", () => {
    const notFound = loaderMeta({ matches: [root('ko')], location: { pathname: '/ko/packages' }, error: routeError(404) })
    expect(notFound).toEqual([{ title: `${messagesFor('ko', ['common'])['common.notFound.title']} | Joetsu Local Tours` }, { name: 'robots', content: 'noindex' }])
    const failed = loaderMeta({ matches: [root('en')], location: { pathname: '/packages' }, error: new Error('database down') })
    expect(failed).toEqual([{ title: 'Something went wrong | Joetsu Local Tours' }, { name: 'robots', content: 'noindex' }])
  })
})
