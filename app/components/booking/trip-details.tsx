import { guideNameOr, whatsappLink } from '../../../core/site.ts'
import type { Meeting } from '../../../core/meeting-points.ts'
import { useT } from '../../i18n/i18n.tsx'
import { useSite } from '../../lib/site.ts'
import { ChatIcon } from '../site/icons.tsx'
import { MapLinks } from './map-links.tsx'

const card = 'rounded-2xl border border-slate-200 bg-white p-5'
const heading = 'text-xl font-bold text-brand-900'

/**
 * The trip page's promise kept (docs/decisions/0052): where the tour starts with
 * its map links and the address for a taxi driver (or the hotel pickup), what to bring in the
 * tour's season, and the guide's WhatsApp with a message naming the booking. The reminder e-mail
 * says the same from the same facts (server/email/templates/booking.ts tripSections).
 */
export function TripDetails({ reference, meeting, whatToBring }: { reference: string; meeting: Meeting | null; whatToBring: { text: string; lang?: 'en' } }) {
  const t = useT()
  const site = useSite()
  const who = guideNameOr(site, t('trip.whatsapp.us'))
  return (
    <div className="mt-8 grid gap-5">
      {meeting ? (
        <section aria-labelledby="meeting-title" className={card}>
          <h3 id="meeting-title" className={heading}>
            {t('trip.meeting.title')}
          </h3>
          {meeting.kind === 'pickup' ? (
            <p className="mt-2 text-slate-900">{t('trip.pickup.text', { hotel: meeting.hotel })}</p>
          ) : (
            <>
              <p className="mt-2 text-lg font-semibold text-slate-900" lang={meeting.nameLang}>
                {meeting.name}
              </p>
              <p className="text-slate-800" lang={meeting.addressLang}>
                {meeting.address}
              </p>
              {meeting.address === meeting.addressJa ? null : (
                <p className="mt-1 text-slate-800">
                  <span className="text-sm font-semibold text-slate-600">{t('trip.meeting.taxi')}: </span>
                  <span lang="ja">{meeting.addressJa}</span>
                </p>
              )}
              {meeting.instructions ? (
                <p className="mt-2 whitespace-pre-line text-slate-800" lang={meeting.instructionsLang}>
                  {meeting.instructions}
                </p>
              ) : null}
              <MapLinks place={meeting} className="mt-3" />
              {meeting.photo ? (
                <picture>
                  {meeting.photo.sources.map((source) => (
                    <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={meeting.photo!.sizes} />
                  ))}
                  <img
                    src={meeting.photo.src}
                    srcSet={meeting.photo.srcSet}
                    sizes={meeting.photo.sizes}
                    alt={meeting.photo.alt}
                    lang={meeting.photo.altLang}
                    width={meeting.photo.width}
                    height={meeting.photo.height}
                    loading="lazy"
                    decoding="async"
                    className="mt-4 h-auto w-full rounded-xl"
                  />
                </picture>
              ) : null}
            </>
          )}
        </section>
      ) : null}
      <section aria-labelledby="bring-title" className={card}>
        <h3 id="bring-title" className={heading}>
          {t('trip.bring.title')}
        </h3>
        <p className="mt-2 whitespace-pre-line text-slate-800" lang={whatToBring.lang}>
          {whatToBring.text}
        </p>
      </section>
      <section aria-labelledby="day-title" className={card}>
        <h3 id="day-title" className={heading}>
          {t('trip.whatsapp.title')}
        </h3>
        <p className="mt-2 text-slate-800">{t('trip.whatsapp.text', { who })}</p>
        <a
          href={whatsappLink(site, t('trip.whatsapp.message', { reference }))}
          target="_blank"
          rel="noopener noreferrer"
          className="mt-3 inline-flex min-h-11 items-center gap-2 rounded-full bg-[#0b6e3a] px-5 py-2.5 font-semibold text-white hover:bg-[#095c30]"
        >
          <ChatIcon className="size-5" />
          {t('trip.whatsapp.link')}
        </a>
      </section>
    </div>
  )
}
