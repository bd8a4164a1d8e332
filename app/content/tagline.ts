/** The site's tagline: the home page's headline and the footer's motto. */
export const TAGLINE = 'Come as a visitor, leave as a friend'
