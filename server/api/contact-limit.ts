/**
 * The contact form's rate-limit signal, shared by the API (server/api/contact.ts) and the
 * /contact page's action. A module of its own, without Express: the page's route module
 * reaches it, and React Router's dev server reads route modules in the browser's
 * environment, where Express would be pre-bundled and the page reloaded (docs/decisions/0031).
 */
export const CONTACT_RATE_LIMITED_MESSAGE = 'Too many messages. Please wait a minute and try again.'
/** Set by contactPageRateLimit on a page POST over the limit; the /contact action refuses it. */
export const CONTACT_RATE_LIMITED_HEADER = 'x-jlt-contact-rate-limited'
