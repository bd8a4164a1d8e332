import { mailtoLink, whatsappLink } from '../../../core/site.ts'
import type { MessageId } from '../../../core/i18n/message-id.ts'
import { T, useT } from '../../i18n/i18n.tsx'
import { useSite } from '../../lib/site.ts'
import { CheckIcon, ChatIcon, MailIcon, PinIcon } from '../site/icons.tsx'

const BEST_FOR: MessageId[] = ['contact.info.bestPlanning', 'contact.info.bestCity', 'contact.info.bestCustom']

/** The information panel beside the form: every detail from the site identity (docs/decisions/0017). */
export function ContactInfo() {
  const site = useSite()
  const t = useT()
  const item = 'flex gap-3'
  const icon = 'mt-0.5 size-6 shrink-0 text-blossom-700'
  const link = 'font-semibold text-brand-800 underline decoration-2 underline-offset-2 break-all hover:text-blossom-700'
  return (
    <aside aria-labelledby="contact-info-heading" className="rounded-2xl bg-brand-50 p-6 sm:p-8">
      <h2 id="contact-info-heading" className="text-xl font-bold text-brand-900">
        {t('contact.info.title')}
      </h2>
      <ul className="mt-6 space-y-5 text-slate-800">
        <li className={item}>
          <ChatIcon className={icon} />
          <div>
            <p className="font-semibold text-brand-900">WhatsApp</p>
            <a className={link} href={whatsappLink(site, t('contact.info.whatsappMessage'))} target="_blank" rel="noopener noreferrer">
              <T id="contact.info.whatsappLink" components={{ 0: <span className="sr-only" /> }} />
            </a>
          </div>
        </li>
        <li className={item}>
          <MailIcon className={icon} />
          <div>
            <p className="font-semibold text-brand-900">{t('contact.info.email')}</p>
            <a className={link} href={mailtoLink(site.email, t('contact.info.emailSubject'))}>
              {site.email}
            </a>
          </div>
        </li>
        <li className={item}>
          <PinIcon className={icon} />
          <div>
            <p className="font-semibold text-brand-900">{t('contact.info.basedIn')}</p>
            <p>{site.city}</p>
          </div>
        </li>
      </ul>
      <div className="mt-8 rounded-xl bg-white p-5">
        <h3 className="font-bold text-brand-900">{t('contact.info.responseTitle')}</h3>
        <p className="mt-1 text-slate-700">{t('contact.info.responseText')}</p>
      </div>
      <div className="mt-6">
        <h3 className="font-bold text-brand-900">{t('contact.info.bestFor')}</h3>
        <ul className="mt-3 space-y-2 text-slate-800">
          {BEST_FOR.map((id) => (
            <li key={id} className="flex gap-2">
              <CheckIcon className="mt-0.5 size-5 shrink-0 text-field-600" />
              {t(id)}
            </li>
          ))}
        </ul>
      </div>
    </aside>
  )
}
