/**
 * Where a catalogue tour is shown whole on the site: its price card (on /packages, and on the
 * home page), which carries this id. Google's Things to Do feed lands on it
 * (`/packages#tour-half-day`, docs/decisions/0078), so the page and the feed both take it from here.
 * A module of its own, without imports: the pages' loaders reach it without the feed's.
 */
export const tourAnchor = (slug: string) => `tour-${slug}`
