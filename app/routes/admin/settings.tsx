import { isLocale } from '../../../core/i18n/locales.ts'
import { GUIDE_WORDS_LANGUAGE_PARAM } from '../../components/admin/guide-words-panel.tsx'
import { SettingsTab } from '../../components/admin/settings-tab.tsx'
import { settingsIntents } from '../../components/admin/settings-actions.server.ts'
import { adminAction, asJson, requireAdmin } from '../../lib/admin-route.server.ts'
import type { Route } from './+types/settings'

/**
 * The Settings section (docs/decisions/0088). The tour catalogue, the booking rules, the receipt
 * settings and the calendar subscription arrive with the page and save through this route's action (they work
 * without script, but for replacing the calendar link, which asks first); the other panels still
 * load and save through the JSON API.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  requireAdmin({ context, request })
  const { catalogue, taxDocuments, calendarFeed, bookingMoves, vouchers, guideWords } = context.services
  // The About page's words are edited one language at a time, the one the address names (English when none).
  const wordsLanguage = new URL(request.url).searchParams.get(GUIDE_WORDS_LANGUAGE_PARAM)
  const wordsLocale = isLocale(wordsLanguage) ? wordsLanguage : 'en'
  const [tours, taxSettings, feed, guestMoveLimit, guideBookings, voucherRules, words] = await Promise.all([
    catalogue.list(),
    taxDocuments.settings(),
    calendarFeed.current(),
    bookingMoves.guestMoveLimit(),
    bookingMoves.guideRules(),
    vouchers.rules(),
    guideWords.all(),
  ])
  return {
    tours: asJson(tours),
    taxSettings,
    calendarFeed: feed,
    rules: { changes: { guestMoveLimit }, guideBookings, vouchers: voucherRules },
    guideWords: { locale: wordsLocale, words, shipped: guideWords.shipped()[wordsLocale] },
  }
}

export function action(args: Route.ActionArgs) {
  return adminAction(args, settingsIntents(args.context.services))
}

export default function SettingsSection({ loaderData }: Route.ComponentProps) {
  return <SettingsTab {...loaderData} />
}
