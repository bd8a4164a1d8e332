import { Link } from 'react-router'
import { mailtoLink, whatsappLink } from '../../../core/site.ts'
import { TAGLINE } from '../../content/tagline.ts'
import { useSite } from '../../lib/site.ts'
import { CameraIcon, ChatIcon, MailIcon, PinIcon } from './icons.tsx'
import { Logo } from './site-header.tsx'
import { WHATSAPP_GREETING, footerNav } from './nav-links.ts'

const footerLink = 'inline-block py-1 text-brand-100 underline-offset-4 hover:text-white hover:underline'
const headingClass = 'text-sm font-semibold uppercase tracking-wider text-white'

/** Footer: quick links, legal and admin links, contact details and the city. */
export function SiteFooter() {
  const site = useSite()
  return (
    <footer className="bg-brand-900 text-brand-100">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 pb-16 pt-14 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <Link to="/" className="inline-flex items-center gap-2 rounded-md bg-white px-3 py-2" aria-label={`${site.businessName}, home`}>
            <Logo name={site.businessName} />
          </Link>
          <p className="mt-4 text-lg font-medium text-white">{TAGLINE}</p>
          <p className="mt-2 text-sm">Private half-day and full-day tours for travellers who want to know Joetsu like a local.</p>
        </div>

        <nav aria-label="Quick links">
          <h2 className={headingClass}>Quick links</h2>
          <ul className="mt-4 space-y-1">
            {footerNav.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className={footerLink}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div>
          <h2 className={headingClass}>Get in touch</h2>
          <ul className="mt-4 space-y-3">
            <li>
              <a
                href={whatsappLink(site, WHATSAPP_GREETING)}
                className={`${footerLink} inline-flex items-center gap-2`}
                target="_blank"
                rel="noopener noreferrer"
              >
                <ChatIcon />
                WhatsApp {site.whatsappNumber}
              </a>
            </li>
            <li>
              <a href={mailtoLink(site.email, 'Tour inquiry')} className={`${footerLink} inline-flex items-center gap-2 break-all`}>
                <MailIcon />
                {site.email}
              </a>
            </li>
            <li>
              <a href={site.socialUrl} className={`${footerLink} inline-flex items-center gap-2`} target="_blank" rel="noopener noreferrer">
                <CameraIcon />
                Follow us on {site.socialLabel}
              </a>
            </li>
            <li className="flex items-start gap-2 py-1">
              <PinIcon className="mt-0.5 size-5 shrink-0" />
              <span>{site.city}</span>
            </li>
          </ul>
        </div>

        <div>
          <h2 className={headingClass}>Legal</h2>
          <ul className="mt-4 space-y-1">
            <li>
              <Link to="/legal" className={footerLink}>
                Legal Notice (Specified Commercial Transactions Act)
              </Link>
            </li>
            <li>
              <Link to="/privacy" className={footerLink}>
                Privacy Notice
              </Link>
            </li>
            <li>
              <Link to="/admin/login" className={footerLink}>
                Admin
              </Link>
            </li>
          </ul>
          <p className="mt-6 text-sm">All prices in Japanese yen, consumption tax included. Illustrations are original artwork.</p>
        </div>
      </div>
      <div className="border-t border-white/15">
        <p className="mx-auto max-w-6xl px-4 py-5 text-sm">
          © {site.businessName} · Private tours in English · {site.city}
        </p>
      </div>
    </footer>
  )
}
