/** The header's navigation. */
export const mainNav = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'Guide' },
  { to: '/explore', label: 'Explore Joetsu' },
  { to: '/packages', label: 'Packages' },
  { to: '/how-it-works', label: 'How It Works' },
  { to: '/contact', label: 'Contact' },
] as const

/** The footer's quick links. */
export const footerNav = [...mainNav, { to: '/booking', label: 'Book a Tour' }] as const

/** The message prefilled in every WhatsApp link of the public pages. */
export const WHATSAPP_GREETING = 'Hello! I found your website and would love to know more about a private tour in Joetsu.'
