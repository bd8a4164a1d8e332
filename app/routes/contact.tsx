import { useActionData, useLoaderData } from 'react-router'
import type { Route } from './+types/contact'
import { contactPackageFromQuery } from '../../core/contact-options.ts'
import { PageBanner } from '../components/site/page-banner.tsx'
import { ContactInfo, RESPONSE_TIME } from '../components/contact/contact-info.tsx'
import { CONTACT_SUCCESS_DESCRIPTION, CONTACT_SUCCESS_TITLE, ContactForm, type ContactActionData } from '../components/contact/contact-form.tsx'
import { handleContactAction } from '../components/contact/contact-action.server.ts'
import { retryAfterOf } from '../lib/form-post.ts'
import { seo } from '../lib/seo.ts'
import { contentPageHandle } from '../lib/deferred-scripts.tsx'

export const handle = contentPageHandle

export const meta: Route.MetaFunction = ({ matches }) =>
  seo({
    matches,
    title: 'Contact Us',
    description: `Ask about a private tour in Joetsu, Niigata: tell us your dates, group and interests. We reply ${RESPONSE_TIME}.`,
    path: '/contact',
  })

/** ?package= presets the select (docs/decisions/0038); ?sent=1 is where a no-JS submission lands. */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url)
  return { initialPackage: contactPackageFromQuery(url.searchParams.get('package')), sent: url.searchParams.get('sent') === '1' }
}

/** A refused plain post over the rate limit tells the browser when to try again, as the API does. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => retryAfterOf(actionHeaders)

/** Both the fetcher (JavaScript) and a plain POST (no JavaScript) land here. */
export function action({ request, context }: Route.ActionArgs) {
  return handleContactAction(request, context.services.contact, context.clientAddress)
}

export default function ContactPage() {
  const { initialPackage, sent } = useLoaderData<typeof loader>()
  const actionData = useActionData<typeof action>() as ContactActionData | undefined
  return (
    <main id="main">
      <PageBanner eyebrow="Get in touch" title="Contact Us">
        <p>Planning a visit to Joetsu? Tell us when you are coming and what you love, and we will shape a day around it.</p>
      </PageBanner>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:py-16 lg:grid-cols-[3fr_2fr]">
        <section id="contact-form" aria-label="Inquiry form" className="relative min-w-0">
          {sent ? (
            <div role="status" className="mb-8 rounded-xl border border-field-600 bg-white p-5 text-ink">
              <p className="font-bold text-field-600">{CONTACT_SUCCESS_TITLE}</p>
              <p className="mt-1">{CONTACT_SUCCESS_DESCRIPTION}</p>
            </div>
          ) : null}
          <ContactForm initialPackage={initialPackage} serverErrors={actionData ?? null} />
        </section>
        <ContactInfo />
      </div>
    </main>
  )
}
