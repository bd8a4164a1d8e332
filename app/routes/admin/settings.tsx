import { isLocale } from '../../../core/i18n/locales.ts'
import { GUIDE_WORDS_LANGUAGE_PARAM } from '../../components/admin/guide-words-panel.tsx'
import { MEETING_POINT_PARAM, WHAT_TO_BRING_LANGUAGE_PARAM } from '../../components/admin/trip-panel.tsx'
import { tripIntents } from '../../components/admin/trip-actions.server.ts'
import { bookingQuestionIntents } from '../../components/admin/booking-questions-actions.server.ts'
import { guestDataIntents } from '../../components/admin/guest-data-actions.server.ts'
import { QUESTION_PARAM } from '../../components/admin/booking-questions-panel.tsx'
import { SettingsTab } from '../../components/admin/settings-tab.tsx'
import { settingsIntents } from '../../components/admin/settings-actions.server.ts'
import { adminAction, asJson, requireAdmin } from '../../lib/admin-route.server.ts'
import type { Route } from './+types/settings'

/**
 * The Settings section (docs/decisions/0088). The tour catalogue, the trip, the booking questions and
 * rules, the About page's words, the receipt settings and the calendar subscription arrive with the page and save through this route's action (they work
 * without script, but for replacing the calendar link, which asks first); the other panels still
 * load and save through the JSON API.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin({ context, request })
  const { catalogue, taxDocuments, calendarFeed, bookingMoves, vouchers, guideWords, trip, media, bookingQuestions, guestData } = context.services
  // The About page's words and the trip's seasonal texts are edited one language at a time, the one
  // the address names (English when none).
  const params = new URL(request.url).searchParams
  const languageOf = (param: string) => {
    const named = params.get(param)
    return isLocale(named) ? named : 'en'
  }
  const wordsLocale = languageOf(GUIDE_WORDS_LANGUAGE_PARAM)
  const bringLocale = languageOf(WHAT_TO_BRING_LANGUAGE_PARAM)
  const [tours, taxSettings, feed, guestMoveLimit, guideBookings, voucherRules, words, points, tripSettings, photos, questions, audit] = await Promise.all([
    catalogue.list(),
    taxDocuments.settings(),
    calendarFeed.current(),
    bookingMoves.guestMoveLimit(),
    bookingMoves.guideRules(),
    vouchers.rules(),
    guideWords.all(),
    trip.points(),
    trip.settings(),
    media.list(),
    bookingQuestions.all(),
    guestData.auditEntries(),
  ])
  return {
    tours: asJson(tours),
    taxSettings,
    calendarFeed: feed,
    rules: { changes: { guestMoveLimit }, guideBookings, vouchers: voucherRules },
    guideWords: { locale: wordsLocale, words, shipped: guideWords.shipped()[wordsLocale] },
    trip: {
      points,
      settings: tripSettings,
      bringLocale,
      shippedWhatToBring: trip.shippedWhatToBring(bringLocale),
      // The library's photos a meeting point may show, by their descriptions.
      photos: photos.map(({ id, alt }) => ({ id, alt })),
      // Which meeting point's form is open ('new' for a new one): a link opens it, with script or without.
      editing: params.get(MEETING_POINT_PARAM),
    },
    // Which question's form is open ('new' for a new one), as for the meeting points.
    questions: { questions, editing: params.get(QUESTION_PARAM) },
    // The guest-data requests' audit log; a look-up itself is a form's answer (guest-data-actions.server.ts).
    audit: asJson(audit),
  }
}

export function action(args: Route.ActionArgs) {
  const { services } = args.context
  return adminAction(args, { ...settingsIntents(services), ...tripIntents(services), ...bookingQuestionIntents(services), ...guestDataIntents(services) })
}

export default function SettingsSection({ loaderData }: Route.ComponentProps) {
  return <SettingsTab {...loaderData} />
}
