import { useRef } from 'react'
import { T, useT } from '../../i18n/i18n.tsx'
import { useGuideName, useWhatsappLink } from '../../lib/site.ts'
import { ChatIcon } from './icons.tsx'
import { useStepAside } from './use-step-aside.ts'

/**
 * The floating chat button of every public page; /admin pages do not render it.
 * It must never cover what a visitor reads or taps (docs/decisions/0030):
 * - below 1280 px it sits in a dock, a bar across the foot of the screen like the sticky
 *   header at its top, and a spacer of the dock's height ends the page, so the last lines of
 *   the footer scroll clear of it;
 * - from 1280 px it floats alone in the right-hand margin, which the content never enters
 *   (every page's content is at most 72rem wide, leaving 64 px each side).
 * The spacer follows the footer, so it wears the footer's colour.
 * And it never lies over what a guest must tap (docs/decisions/0071): while a link, a button, a
 * field or a calendar day passes under the button's box (behind the dock, or under the margin
 * button of a wide screen), the dock or the button steps aside, hidden, and comes back once it
 * has passed. The spacer leaves the foot of every page clear, so it always comes back there.
 */
export function WhatsAppButton() {
  const guideName = useGuideName()
  const t = useT()
  const whatsapp = useWhatsappLink()
  const dock = useRef<HTMLElement>(null)
  const button = useRef<HTMLAnchorElement>(null)
  useStepAside(button, dock)
  return (
    <>
      <div aria-hidden="true" className="box-content h-16 bg-brand-900 pb-[env(safe-area-inset-bottom)] xl:hidden" />
      <aside
        ref={dock}
        aria-label={t('common.chat.label')}
        data-chat-dock
        className="group fixed inset-x-0 bottom-0 z-30 box-content flex h-16 items-center justify-between gap-3 border-t border-brand-100 bg-white/95 px-4 pb-[env(safe-area-inset-bottom)] backdrop-blur data-aside:invisible xl:contents"
      >
        <p className="min-w-0 text-sm leading-snug text-brand-900 xl:hidden">
          <T id="common.chat.prompt" values={{ guideName }} components={{ 0: <span className="font-semibold" /> }} />
        </p>
        <a
          ref={button}
          href={whatsapp}
          target="_blank"
          rel="noopener noreferrer"
          data-chat-button
          aria-label={t('common.chat.button')}
          className="inline-flex min-h-11 shrink-0 items-center gap-2 rounded-full bg-[#0b6e3a] px-4 text-white transition-transform group-data-aside:invisible hover:scale-105 xl:fixed xl:bottom-6 xl:right-3 xl:z-30 xl:size-14 xl:justify-center xl:px-0 xl:shadow-lg xl:ring-2 xl:ring-white"
        >
          <ChatIcon className="size-6 xl:size-7" />
          <span className="font-semibold xl:sr-only">WhatsApp</span>
        </a>
      </aside>
    </>
  )
}
