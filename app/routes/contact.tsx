import { useActionData, useLoaderData } from 'react-router'
import type { Route } from './+types/contact'
import { contactPackageFromQuery } from '../../core/contact-options.ts'
import { PageBanner } from '../components/site/page-banner.tsx'
import { ContactInfo } from '../components/contact/contact-info.tsx'
import { ContactForm, type ContactActionData } from '../components/contact/contact-form.tsx'
import { useT } from '../i18n/i18n.tsx'
import { formPageMessages } from '../i18n/messages.server.ts'
import { handleContactAction } from '../components/contact/contact-action.server.ts'
import { retryAfterOf } from '../lib/form-post.ts'
import { loaderMeta } from '../lib/seo.ts'
import { seo } from '../lib/seo.server.ts'
import { contentPageHandle } from '../lib/deferred-scripts.tsx'

export const handle = contentPageHandle

export const meta = loaderMeta

/** ?package= presets the select (docs/decisions/0038); ?sent=1 is where a no-JS submission lands. */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url)
  return {
    initialPackage: contactPackageFromQuery(url.searchParams.get('package')),
    sent: url.searchParams.get('sent') === '1',
    meta: seo(request, { title: 'contact.meta.title', description: 'contact.meta.description', path: '/contact' }),
    ...formPageMessages(request, 'contact', 'forms'),
  }
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
  const t = useT()
  return (
    <main id="main">
      <PageBanner eyebrow={t('contact.banner.eyebrow')} title={t('contact.banner.title')}>
        <p>{t('contact.banner.lead')}</p>
      </PageBanner>
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:py-16 lg:grid-cols-[3fr_2fr]">
        <section id="contact-form" aria-label={t('contact.formLabel')} className="relative min-w-0">
          {sent ? (
            <div role="status" className="mb-8 rounded-xl border border-field-600 bg-white p-5 text-ink">
              <p className="font-bold text-field-600">{t('contact.success.title')}</p>
              <p className="mt-1">{t('contact.success.text')}</p>
            </div>
          ) : null}
          <ContactForm initialPackage={initialPackage} serverErrors={actionData ?? null} />
        </section>
        <ContactInfo />
      </div>
    </main>
  )
}
