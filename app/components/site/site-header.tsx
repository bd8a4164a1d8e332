import { clsx } from 'clsx'
import { useEffect, useRef, useState } from 'react'
import { Link, useLocation, type LinkProps } from 'react-router'
import { useSite, useWhatsappLink } from '../../lib/site.ts'
import { useLocalePath, useT } from '../../i18n/i18n.tsx'
import { LanguageSwitcher } from './language-switcher.tsx'
import { ChatIcon, CloseIcon, MenuIcon } from './icons.tsx'
import { mainNav, phoneNav } from './nav-links.ts'
import { buttonVariants } from '../ui/button.tsx'
import { useHydrated } from '../../lib/use-hydrated.ts'

const MENU_ID = 'mobile-menu'

const withoutEndSlash = (path: string) => path.replace(/(.)\/$/, '$1')

/**
 * A link of the header's menus, marked when it is the page shown. Not NavLink: the server sees a
 * language's home (/ja/) as /ja and the browser as /ja/, so NavLink's exact match of the home link
 * differed between the two, a hydration mismatch. Compared without the trailing slash, they agree.
 */
function MenuLink({ to, home, className, ...rest }: Omit<LinkProps, 'to' | 'className'> & { to: string; home: boolean; className: (state: { isActive: boolean }) => string }) {
  const here = withoutEndSlash(useLocation().pathname)
  const target = withoutEndSlash(to)
  const isActive = here === target || (!home && here.startsWith(`${target}/`))
  return <Link to={to} aria-current={isActive ? 'page' : undefined} className={className({ isActive })} {...rest} />
}

export function Logo({ name }: { name: string }) {
  return (
    <>
      <svg viewBox="0 0 64 64" className="size-9 shrink-0" aria-hidden="true" focusable="false">
        <rect width="64" height="64" rx="14" fill="#1d2f5a" />
        <path d="M10 46 26 22l9 13 6-8 13 19z" fill="#fff" />
        <circle cx="46" cy="18" r="6" fill="#f4a7bb" />
      </svg>
      <span className="text-lg font-bold leading-tight text-brand-900">{name}</span>
    </>
  )
}

const desktopLink = ({ isActive }: { isActive: boolean }) =>
  `rounded-md px-2 py-2 text-[0.95rem] font-medium transition-colors hover:text-blossom-700 ${isActive ? 'text-blossom-700 underline decoration-2 underline-offset-8' : 'text-ink'}`

const mobileLink = ({ isActive }: { isActive: boolean }) =>
  `block rounded-lg px-3 py-3 text-lg font-medium ${isActive ? 'bg-brand-50 text-blossom-700' : 'text-ink hover:bg-brand-50'}`

/**
 * Sticky header: gains a shadow once the page is scrolled more than 10 px. Below
 * the lg breakpoint the links move into a toggle menu that closes on navigation and marks
 * the body with 'nav-open' while open.
 */
export function SiteHeader() {
  const site = useSite()
  const t = useT()
  const path = useLocalePath()
  const whatsapp = useWhatsappLink()
  const location = useLocation()
  const [open, setOpen] = useState(false)
  const [scrolled, setScrolled] = useState(false)
  const hydrated = useHydrated()
  const toggleRef = useRef<HTMLButtonElement>(null)

  // Any navigation (including to the same page or a #hash) closes the menu.
  useEffect(() => {
    setOpen(false)
  }, [location.key])

  useEffect(() => {
    document.body.classList.toggle('nav-open', open)
    return () => document.body.classList.remove('nav-open')
  }, [open])

  useEffect(() => {
    if (!open) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false)
        toggleRef.current?.focus()
      }
    }
    document.addEventListener('keydown', onKey)
    return () => document.removeEventListener('keydown', onKey)
  }, [open])

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > 10)
    onScroll()
    window.addEventListener('scroll', onScroll, { passive: true })
    return () => window.removeEventListener('scroll', onScroll)
  }, [])

  return (
    <header
      className={`sticky top-0 z-40 border-b border-brand-100 bg-white/95 backdrop-blur transition-shadow ${scrolled ? 'shadow-md' : ''}`}
      data-scrolled={scrolled ? 'true' : 'false'}
      // Marks the moment the header became interactive (used by the browser tests).
      data-hydrated={hydrated ? 'true' : undefined}
    >
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <Link to={path('/')} className="flex items-center gap-2 rounded-md" aria-label={t('common.homeLink', { businessName: site.businessName })}>
          <Logo name={site.businessName} />
        </Link>

        <nav aria-label={t('common.menu.main')} className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {mainNav.map((item) => (
              <li key={item.to}>
                <MenuLink to={path(item.to)} home={item.to === '/'} className={desktopLink}>
                  {t(item.label)}
                </MenuLink>
              </li>
            ))}
            <li>
              <LanguageSwitcher placement="header" />
            </li>
            <li className="ml-1">
              <Link to={path('/booking')} className={clsx(buttonVariants(), 'min-h-10 px-5 py-2')}>
                {t('common.bookNow')}
              </Link>
            </li>
          </ul>
        </nav>

        <button
          ref={toggleRef}
          type="button"
          className="inline-flex size-11 items-center justify-center rounded-lg text-brand-900 hover:bg-brand-50 lg:hidden"
          aria-expanded={open}
          aria-controls={MENU_ID}
          onClick={() => setOpen((value) => !value)}
        >
          {open ? <CloseIcon className="size-6" /> : <MenuIcon className="size-6" />}
          <span className="sr-only">{open ? t('common.menu.close') : t('common.menu.open')}</span>
        </button>
      </div>

      <nav
        id={MENU_ID}
        aria-label={t('common.menu.mobile')}
        hidden={!open}
        className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-brand-100 bg-white px-4 pb-6 pt-2 shadow-lg lg:hidden"
      >
        <ul className="space-y-1">
          {phoneNav.map((item) => (
            <li key={item.to}>
              <MenuLink to={path(item.to)} home={item.to === '/'} className={mobileLink} onClick={() => setOpen(false)}>
                {t(item.label)}
              </MenuLink>
            </li>
          ))}
        </ul>
        <div className="mt-4 grid gap-3 sm:grid-cols-2">
          <Link to={path('/booking')} className={buttonVariants()} onClick={() => setOpen(false)}>
            {t('common.bookNow')}
          </Link>
          <a href={whatsapp} className={buttonVariants({ variant: 'secondary' })} target="_blank" rel="noopener noreferrer">
            <ChatIcon />
            {t('common.whatsapp.contact')}
          </a>
        </div>
        <LanguageSwitcher placement="menu" />
      </nav>
    </header>
  )
}
