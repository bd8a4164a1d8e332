import { whatsappLink } from '../../../core/site.ts'
import { useSite } from '../../lib/site.ts'
import { ChatIcon } from './icons.tsx'
import { WHATSAPP_GREETING } from './nav-links.ts'

/** The floating chat button of every public page; /admin pages do not render it. */
export function WhatsAppButton() {
  const site = useSite()
  return (
    <a
      href={whatsappLink(site, WHATSAPP_GREETING)}
      target="_blank"
      rel="noopener noreferrer"
      aria-label="Chat on WhatsApp"
      className="fixed bottom-4 right-4 z-30 inline-flex min-h-14 items-center gap-2 rounded-full bg-[#0b6e3a] px-4 text-white shadow-lg ring-2 ring-white transition-transform hover:scale-105 sm:bottom-6 sm:right-6"
    >
      <ChatIcon className="size-7" />
      <span className="hidden font-semibold sm:inline">Chat on WhatsApp</span>
    </a>
  )
}
