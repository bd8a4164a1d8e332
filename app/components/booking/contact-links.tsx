import { mailtoLink, whatsappLink } from '../../../core/site.ts'
import { useT } from '../../i18n/i18n.tsx'
import { useSite } from '../../lib/site.ts'
import { ChatIcon, MailIcon } from '../site/icons.tsx'

/** Chat and e-mail links (docs/decisions/0017: from the site identity, never literals). */
export function ContactLinks({ message, subject }: { message: string; subject: string }) {
  const site = useSite()
  const t = useT()
  const link =
    'inline-flex min-h-11 items-center gap-2 rounded-full border-2 border-brand-700 bg-white px-4 py-2 font-semibold text-brand-800 hover:bg-brand-50'
  return (
    <ul className="flex flex-wrap gap-3">
      <li>
        <a className={link} href={whatsappLink(site, message)} target="_blank" rel="noopener noreferrer">
          <ChatIcon className="size-5" />
          {t('booking.contact.whatsapp')}
        </a>
      </li>
      <li>
        <a className={link} href={mailtoLink(site.email, subject)}>
          <MailIcon className="size-5" />
          {t('booking.contact.email', { email: site.email })}
        </a>
      </li>
    </ul>
  )
}
