import { Link } from 'react-router'
import { mailtoLink } from '../../../core/site.ts'
import { useLocalePath, useT } from '../../i18n/i18n.tsx'
import { useSite, useWhatsappLink } from '../../lib/site.ts'
import { LanguageSwitcher } from './language-switcher.tsx'
import { CameraIcon, ChatIcon, MailIcon, PinIcon } from './icons.tsx'
import { Logo } from './site-header.tsx'
import { footerNav } from './nav-links.ts'

const footerLink = 'inline-block py-1 text-brand-100 underline-offset-4 hover:text-white hover:underline'
const headingClass = 'text-sm font-semibold uppercase tracking-wider text-white'

/** Footer: quick links, legal and admin links, contact details and the city. */
export function SiteFooter() {
  const site = useSite()
  const t = useT()
  const path = useLocalePath()
  const whatsapp = useWhatsappLink()
  return (
    <footer className="bg-brand-900 text-brand-100">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 pb-16 pt-14 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <Link
            to={path('/')}
            className="inline-flex items-center gap-2 rounded-md bg-white px-3 py-2"
            aria-label={t('common.homeLink', { businessName: site.businessName })}
          >
            <Logo name={site.businessName} />
          </Link>
          <p className="mt-4 text-lg font-medium text-white">{t('common.tagline')}</p>
          <p className="mt-2 text-sm">{t('common.footer.about')}</p>
          <LanguageSwitcher placement="footer" />
        </div>

        <nav aria-label={t('common.footer.quickLinks')}>
          <h2 className={headingClass}>{t('common.footer.quickLinks')}</h2>
          <ul className="mt-4 space-y-1">
            {footerNav.map((item) => (
              <li key={item.to}>
                <Link to={path(item.to)} className={footerLink}>
                  {t(item.label)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <div>
          <h2 className={headingClass}>{t('common.footer.getInTouch')}</h2>
          <ul className="mt-4 space-y-3">
            <li>
              <a
                href={whatsapp}
                className={`${footerLink} inline-flex items-center gap-2`}
                target="_blank"
                rel="noopener noreferrer"
              >
                <ChatIcon />
                {t('common.footer.whatsapp', { number: site.whatsappNumber })}
              </a>
            </li>
            <li>
              <a href={mailtoLink(site.email, t('common.footer.emailSubject'))} className={`${footerLink} inline-flex items-center gap-2 break-all`}>
                <MailIcon />
                {site.email}
              </a>
            </li>
            <li>
              <a href={site.socialUrl} className={`${footerLink} inline-flex items-center gap-2`} target="_blank" rel="noopener noreferrer">
                <CameraIcon />
                {t('common.footer.follow', { network: site.socialLabel })}
              </a>
            </li>
            <li className="flex items-start gap-2 py-1">
              <PinIcon className="mt-0.5 size-5 shrink-0" />
              <span>{site.city}</span>
            </li>
          </ul>
        </div>

        <div>
          <h2 className={headingClass}>{t('common.footer.legal')}</h2>
          <ul className="mt-4 space-y-1">
            <li>
              <Link to={path('/legal')} className={footerLink}>
                {t('common.footer.legalNotice')}
              </Link>
            </li>
            <li>
              <Link to={path('/privacy')} className={footerLink}>
                {t('common.footer.privacyNotice')}
              </Link>
            </li>
            <li>
              <Link to="/admin/login" className={footerLink}>
                {t('common.footer.admin')}
              </Link>
            </li>
          </ul>
          <p className="mt-6 text-sm">{t('common.footer.pricesNote')}</p>
        </div>
      </div>
      <div className="border-t border-white/15">
        <p className="mx-auto max-w-6xl px-4 py-5 text-sm">
          {t('common.footer.bottomLine', { businessName: site.businessName, city: site.city })}
        </p>
      </div>
    </footer>
  )
}
