/**
 * Headers of every page that shows a guest's details or an admin's view (docs/decisions/0026):
 * no copy in the browser's or a proxy's cache, and the URL (which may carry a booking
 * reference) never sent as a Referer to another site. A route exports
 * `headers = privatePageHeaders`; React Router applies a route's `headers` to the HTML
 * document and to its single-fetch `.data` response alike, whereas headers set only by a
 * loader's data() reach neither (only its cookies are kept). See docs/decisions/0026.
 */
export const PRIVATE_PAGE_HEADERS = { 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' } as const

export const privatePageHeaders = () => PRIVATE_PAGE_HEADERS

/**
 * The same for a page whose own forms post without JavaScript (/booking). Under
 * `no-referrer` the browser sends `Origin: null` with those posts, and React Router refuses
 * a document action whose Origin is not the page's own (its CSRF check). `same-origin`
 * still sends no Referer to any other site, which is what protects the reference in the
 * URL, and keeps the page's own posts carrying their real Origin.
 */
export const PRIVATE_FORM_PAGE_HEADERS = { 'Cache-Control': 'no-store', 'Referrer-Policy': 'same-origin' } as const
