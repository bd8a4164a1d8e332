import { mailtoLink, whatsappLink } from '../../../core/site.ts'
import { useSite } from '../../lib/site.ts'
import { CheckIcon, ChatIcon, MailIcon, PinIcon } from '../site/icons.tsx'

export const CONTACT_WHATSAPP_MESSAGE = "Hello! I'm planning a visit to Joetsu and would like to ask about a private tour."
export const RESPONSE_TIME = 'typically within 24-48 hours'
export const BEST_FOR = ['Tour planning and inquiries', 'Questions about the city and services', 'Special requests or custom tour ideas'] as const

/** The information panel beside the form: every detail from the site identity (docs/decisions/0017). */
export function ContactInfo() {
  const site = useSite()
  const item = 'flex gap-3'
  const icon = 'mt-0.5 size-6 shrink-0 text-blossom-700'
  const link = 'font-semibold text-brand-800 underline decoration-2 underline-offset-2 break-all hover:text-blossom-700'
  return (
    <aside aria-labelledby="contact-info-heading" className="rounded-2xl bg-brand-50 p-6 sm:p-8">
      <h2 id="contact-info-heading" className="text-xl font-bold text-brand-900">
        Contact Information
      </h2>
      <ul className="mt-6 space-y-5 text-slate-800">
        <li className={item}>
          <ChatIcon className={icon} />
          <div>
            <p className="font-semibold text-brand-900">WhatsApp</p>
            <a className={link} href={whatsappLink(site, CONTACT_WHATSAPP_MESSAGE)} target="_blank" rel="noopener noreferrer">
              Chat with us on WhatsApp<span className="sr-only"> (opens in a new tab)</span>
            </a>
          </div>
        </li>
        <li className={item}>
          <MailIcon className={icon} />
          <div>
            <p className="font-semibold text-brand-900">Email</p>
            <a className={link} href={mailtoLink(site.email, 'Tour inquiry')}>
              {site.email}
            </a>
          </div>
        </li>
        <li className={item}>
          <PinIcon className={icon} />
          <div>
            <p className="font-semibold text-brand-900">Based in</p>
            <p>{site.city}</p>
          </div>
        </li>
      </ul>
      <div className="mt-8 rounded-xl bg-white p-5">
        <h3 className="font-bold text-brand-900">Response Time</h3>
        <p className="mt-1 text-slate-700">We reply to every message, {RESPONSE_TIME}.</p>
      </div>
      <div className="mt-6">
        <h3 className="font-bold text-brand-900">Best For</h3>
        <ul className="mt-3 space-y-2 text-slate-800">
          {BEST_FOR.map((text) => (
            <li key={text} className="flex gap-2">
              <CheckIcon className="mt-0.5 size-5 shrink-0 text-field-600" />
              {text}
            </li>
          ))}
        </ul>
      </div>
    </aside>
  )
}
