import { Link } from 'react-router'
import type { Route } from './+types/how-it-works'
import { mailtoLink } from '../../core/site.ts'
import { useSite, useWhatsappLink } from '../lib/site.ts'
import { PageBanner } from '../components/site/page-banner.tsx'
import { linkStyle, sectionHeading } from '../components/site/styles.ts'
import { buttonVariants } from '../components/ui/button.tsx'
import { planningSteps } from '../content/planning-steps.ts'
import { seo } from '../lib/seo.ts'
import { contentPageHandle } from '../lib/deferred-scripts.tsx'

// Prerendered at build time (core/prerender.ts): no loader, no database.

export const handle = contentPageHandle

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    matches,
    title: 'How It Works: Planning Your Joetsu Day',
    description:
      'Four easy steps to a private tour of Joetsu, Niigata: get inspired, get in touch, plan the itinerary together, then enjoy your day with a local guide.',
    path: '/how-it-works',
  })

const faqs = [
  {
    q: 'Do I need to speak Japanese?',
    a: 'Not a word. Your guide explains everything in English and happily translates at shops, restaurants and breweries.',
  },
  {
    q: 'How do we get around?',
    a: 'On foot in the old town, and by local train, bus or taxi for longer hops, whatever suits your group. Fares are paid on the day.',
  },
  {
    q: 'What if it rains or snows?',
    a: 'Joetsu is built for weather: the gangi arcades keep you dry, and we always have indoor options ready. If a storm or a transport stoppage forces us to cancel, you get a full refund.',
  },
  {
    q: 'Can you plan around dietary needs, children or limited mobility?',
    a: 'Yes. Tell us when you get in touch: vegetarian lunches, pushchair-friendly routes and shorter walking days are all easy to arrange.',
  },
  {
    q: 'Which days do tours run?',
    a: 'Tours run on Saturdays and Sundays, as a morning or afternoon half-day or a full day, with one group per time slot.',
  },
]

export default function HowItWorks() {
  const site = useSite()
  const whatsapp = useWhatsappLink()
  const [inspired, contact, plan, enjoy] = planningSteps

  return (
    <main id="main">
      <PageBanner eyebrow="How it works" title="Planning Your Joetsu Day">
        <p>
          A private tour is a conversation, not a form. Here is how we go from your first idea to a day in Joetsu that feels made for you.
        </p>
      </PageBanner>

      <section className="mx-auto max-w-4xl px-4 py-16 sm:py-20" aria-labelledby="steps-heading">
        <h2 id="steps-heading" className="sr-only">
          Four steps
        </h2>
        <ol className="space-y-8">
          <Step number={1} title={inspired.title}>
            <p>
              Start with what excites you. Browse the places on{' '}
              <Link to="/explore" className={linkStyle}>
                Explore Joetsu
              </Link>{' '}
              (markets, food, everyday life and history), or look through our{' '}
              <Link to="/packages" className={linkStyle}>
                curated experiences
              </Link>{' '}
              for families, lifestyle lovers and hobbyists. Note anything that catches your eye: a festival, a dish, a castle.
            </p>
          </Step>
          <Step number={2} title={contact.title}>
            <p>
              Send us a message through the{' '}
              <Link to="/contact" className={linkStyle}>
                contact form
              </Link>
              , on{' '}
              <a href={whatsapp} className={linkStyle} target="_blank" rel="noopener noreferrer">
                WhatsApp
              </a>{' '}
              or by{' '}
              <a href={mailtoLink(site.email, 'Planning a tour in Joetsu')} className={linkStyle}>
                e-mail
              </a>
              . Tell us your preferred weekend dates, how many of you are coming, your interests, and anything we should know about diet,
              mobility or young children. We usually reply within 24–48 hours.
            </p>
          </Step>
          <Step number={3} title={plan.title}>
            <p>
              We suggest an itinerary with realistic timings, lunch ideas and a rainy-day alternative, then fine-tune it with you until it
              feels right. When you are happy, reserve your date on the{' '}
              <Link to="/booking" className={linkStyle}>
                booking page
              </Link>{' '}
              and pay securely by card. Plans can still change up to the day itself.
            </p>
          </Step>
          <Step number={4} title={enjoy.title}>
            <p>
              Your guide meets you at Joetsu-Myoko Station or your hotel. Wear comfortable shoes, bring a little cash or a transport IC card
              for lunch and fares, and leave room in your bag for souvenirs. Then relax: the rest is our job.
            </p>
          </Step>
        </ol>
      </section>

      <section className="bg-brand-50 py-16 sm:py-20" aria-labelledby="faq-heading">
        <div className="mx-auto max-w-4xl px-4">
          <h2 id="faq-heading" className={sectionHeading}>
            Questions travellers ask
          </h2>
          <div className="mt-8 space-y-3">
            {faqs.map((item) => (
              <details key={item.q} className="group rounded-xl border border-brand-100 bg-white p-5">
                <summary className="cursor-pointer text-lg font-semibold text-brand-900">{item.q}</summary>
                <p className="mt-3 text-slate-700">{item.a}</p>
              </details>
            ))}
          </div>
        </div>
      </section>

      <section className="py-16 sm:py-20" aria-labelledby="contact-cta-heading">
        <div className="mx-auto max-w-3xl px-4 text-center">
          <h2 id="contact-cta-heading" className={sectionHeading}>
            Let’s plan your day
          </h2>
          <p className="mt-4 text-lg text-slate-700">Tell us a little about your trip and we will come back with ideas.</p>
          <p className="mt-8">
            <Link to="/contact" className={buttonVariants()}>
              Contact Us Today
            </Link>
          </p>
        </div>
      </section>
    </main>
  )
}

function Step({ number, title, children }: { number: number; title: string; children: React.ReactNode }) {
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
          <span className="sr-only">Step {number}: </span>
          {title}
        </h3>
        <div className="mt-3 text-lg leading-relaxed text-slate-700">{children}</div>
      </div>
    </li>
  )
}
