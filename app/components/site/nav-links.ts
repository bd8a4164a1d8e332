import type { MessageId } from '../../../core/i18n/message-id.ts'

/** The header's navigation: English paths, written in the page's locale where rendered. */
export const mainNav: ReadonlyArray<{ to: string; label: MessageId }> = [
  { to: '/', label: 'common.nav.home' },
  { to: '/about', label: 'common.nav.about' },
  { to: '/explore', label: 'common.nav.explore' },
  { to: '/packages', label: 'common.nav.packages' },
  { to: '/how-it-works', label: 'common.nav.howItWorks' },
  { to: '/contact', label: 'common.nav.contact' },
]

/** Pages the wide header has no room for: the phone menu and the footer list them (docs/decisions/0065). */
const moreNav: ReadonlyArray<{ to: string; label: MessageId }> = [
  { to: '/reviews', label: 'common.nav.reviews' },
  { to: '/gift', label: 'common.nav.gift' },
]

/** The phone menu: every page the header and the footer link to. */
export const phoneNav = [...mainNav, ...moreNav]

/** The footer's quick links, gift vouchers and reviews among them. */
export const footerNav: ReadonlyArray<{ to: string; label: MessageId }> = [...mainNav, { to: '/booking', label: 'common.nav.book' }, ...moreNav]
