import { Link } from 'react-router'
import type { Route } from './+types/how-it-works'
import { mailtoLink } from '../../core/site.ts'
import { useSite, useWhatsappLink } from '../lib/site.ts'
import { PageBanner } from '../components/site/page-banner.tsx'
import { linkStyle, sectionHeading } from '../components/site/styles.ts'
import { buttonVariants } from '../components/ui/button.tsx'
import { planningSteps } from '../content/planning-steps.ts'
import { loaderMeta } from '../lib/seo.ts'
import { seo } from '../lib/seo.server.ts'
import { T, useLocalePath, useT } from '../i18n/i18n.tsx'
import { pageMessages } from '../i18n/messages.server.ts'
import type { MessageId } from '../../core/i18n/message-id.ts'
import { contentPageHandle } from '../lib/deferred-scripts.tsx'

// Prerendered at build time (core/prerender.ts), in every language: the loader runs at build.

export const handle = contentPageHandle

export function loader({ request }: Route.LoaderArgs) {
  return {
    meta: seo(request, { title: 'howItWorks.meta.title', description: 'howItWorks.meta.description', path: '/how-it-works' }),
    messages: pageMessages(request, 'howItWorks', 'planning'),
  }
}

export const meta = loaderMeta

const faqs: { q: MessageId; a: MessageId }[] = [
  { q: 'howItWorks.faq.japaneseQ', a: 'howItWorks.faq.japaneseA' },
  { q: 'howItWorks.faq.transportQ', a: 'howItWorks.faq.transportA' },
  { q: 'howItWorks.faq.weatherQ', a: 'howItWorks.faq.weatherA' },
  { q: 'howItWorks.faq.needsQ', a: 'howItWorks.faq.needsA' },
  { q: 'howItWorks.faq.daysQ', a: 'howItWorks.faq.daysA' },
]

export default function HowItWorks() {
  const site = useSite()
  const t = useT()
  const path = useLocalePath()
  const whatsapp = useWhatsappLink()
  const [inspired, contact, plan, enjoy] = planningSteps

  return (
    <main id="main">
      <PageBanner eyebrow={t('howItWorks.banner.eyebrow')} title={t('howItWorks.banner.title')}>
        <p>{t('howItWorks.banner.lead')}</p>
      </PageBanner>

      <section className="mx-auto max-w-4xl px-4 py-16 sm:py-20" aria-labelledby="steps-heading">
        <h2 id="steps-heading" className="sr-only">
          {t('howItWorks.steps')}
        </h2>
        <ol className="space-y-8">
          <Step number={1} title={t(inspired.title)}>
            <p>
              <T
                id="howItWorks.inspired"
                components={{ 0: <Link to={path('/explore')} className={linkStyle} />, 1: <Link to={path('/packages')} className={linkStyle} /> }}
              />
            </p>
          </Step>
          <Step number={2} title={t(contact.title)}>
            <p>
              <T
                id="howItWorks.contact"
                components={{
                  0: <Link to={path('/contact')} className={linkStyle} />,
                  1: <a href={whatsapp} className={linkStyle} target="_blank" rel="noopener noreferrer" />,
                  2: <a href={mailtoLink(site.email, t('howItWorks.emailSubject'))} className={linkStyle} />,
                }}
              />
            </p>
          </Step>
          <Step number={3} title={t(plan.title)}>
            <p>
              <T id="howItWorks.plan" components={{ 0: <Link to={path('/booking')} className={linkStyle} /> }} />
            </p>
          </Step>
          <Step number={4} title={t(enjoy.title)}>
            <p>{t('howItWorks.enjoy')}</p>
          </Step>
        </ol>
      </section>

      <section className="bg-brand-50 py-16 sm:py-20" aria-labelledby="faq-heading">
        <div className="mx-auto max-w-4xl px-4">
          <h2 id="faq-heading" className={sectionHeading}>
            {t('howItWorks.faq.title')}
          </h2>
          <div className="mt-8 space-y-3">
            {faqs.map((item) => (
              <details key={item.q} className="group rounded-xl border border-brand-100 bg-white p-5">
                <summary className="cursor-pointer text-lg font-semibold text-brand-900">{t(item.q)}</summary>
                <p className="mt-3 text-slate-700">{t(item.a)}</p>
              </details>
            ))}
          </div>
        </div>
      </section>

      <section className="py-16 sm:py-20" aria-labelledby="contact-cta-heading">
        <div className="mx-auto max-w-3xl px-4 text-center">
          <h2 id="contact-cta-heading" className={sectionHeading}>
            {t('howItWorks.cta.title')}
          </h2>
          <p className="mt-4 text-lg text-slate-700">{t('howItWorks.cta.text')}</p>
          <p className="mt-8">
            <Link to={path('/contact')} className={buttonVariants()}>
              {t('howItWorks.cta.button')}
            </Link>
          </p>
        </div>
      </section>
    </main>
  )
}

function Step({ number, title, children }: { number: number; title: string; children: React.ReactNode }) {
  const t = useT()
  return (
    <li className="flex gap-5 rounded-2xl border border-brand-100 bg-white p-6 shadow-sm sm:gap-6 sm:p-8">
      <span
        className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-800 text-xl font-bold text-white"
        aria-hidden="true"
      >
        {number}
      </span>
      <div>
        <h3 className="text-xl font-bold text-brand-900">
          <span className="sr-only">{t('howItWorks.step', { number })}</span>
          {title}
        </h3>
        <div className="mt-3 text-lg leading-relaxed text-slate-700">{children}</div>
      </div>
    </li>
  )
}
