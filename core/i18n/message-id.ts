import type about from './messages/about/en.json'
import type admin from './messages/admin/en.json'
import type adminBookings from './messages/adminBookings/en.json'
import type adminCalendar from './messages/adminCalendar/en.json'
import type adminChannels from './messages/adminChannels/en.json'
import type adminEmail from './messages/adminEmail/en.json'
import type adminErrors from './messages/adminErrors/en.json'
import type adminInbox from './messages/adminInbox/en.json'
import type adminMoney from './messages/adminMoney/en.json'
import type adminNotice from './messages/adminNotice/en.json'
import type adminPhotos from './messages/adminPhotos/en.json'
import type adminSettings from './messages/adminSettings/en.json'
import type adminUsers from './messages/adminUsers/en.json'
import type booking from './messages/booking/en.json'
import type change from './messages/change/en.json'
import type checkout from './messages/checkout/en.json'
import type common from './messages/common/en.json'
import type contact from './messages/contact/en.json'
import type disruption from './messages/disruption/en.json'
import type email from './messages/email/en.json'
import type errors from './messages/errors/en.json'
import type explore from './messages/explore/en.json'
import type forms from './messages/forms/en.json'
import type gift from './messages/gift/en.json'
import type guideBooking from './messages/guideBooking/en.json'
import type home from './messages/home/en.json'
import type howItWorks from './messages/howItWorks/en.json'
import type images from './messages/images/en.json'
import type legal from './messages/legal/en.json'
import type packages from './messages/packages/en.json'
import type planning from './messages/planning/en.json'
import type prices from './messages/prices/en.json'
import type privacy from './messages/privacy/en.json'
import type receipt from './messages/receipt/en.json'
import type review from './messages/review/en.json'
import type reviews from './messages/reviews/en.json'
import type summaries from './messages/summaries/en.json'
import type tokyo from './messages/tokyo/en.json'
import type trip from './messages/trip/en.json'
import type voucher from './messages/voucher/en.json'
import type waitlist from './messages/waitlist/en.json'

/**
 * Every message id, from the English file of each namespace (docs/decisions/0044, 0085): a call
 * with an id that does not exist fails the type check. A new namespace's folder needs its import
 * above and its line here (server/i18n/messages.unit.test.ts names a folder left out, the type
 * check an import left unused); that test also keeps the other languages in step with English.
 */
export type MessageId =
  | keyof typeof about
  | keyof typeof admin
  | keyof typeof adminBookings
  | keyof typeof adminCalendar
  | keyof typeof adminChannels
  | keyof typeof adminEmail
  | keyof typeof adminErrors
  | keyof typeof adminInbox
  | keyof typeof adminMoney
  | keyof typeof adminNotice
  | keyof typeof adminPhotos
  | keyof typeof adminSettings
  | keyof typeof adminUsers
  | keyof typeof booking
  | keyof typeof change
  | keyof typeof checkout
  | keyof typeof common
  | keyof typeof contact
  | keyof typeof disruption
  | keyof typeof email
  | keyof typeof errors
  | keyof typeof explore
  | keyof typeof forms
  | keyof typeof gift
  | keyof typeof guideBooking
  | keyof typeof home
  | keyof typeof howItWorks
  | keyof typeof images
  | keyof typeof legal
  | keyof typeof packages
  | keyof typeof planning
  | keyof typeof prices
  | keyof typeof privacy
  | keyof typeof receipt
  | keyof typeof review
  | keyof typeof reviews
  | keyof typeof summaries
  | keyof typeof tokyo
  | keyof typeof trip
  | keyof typeof voucher
  | keyof typeof waitlist

/** The first segment of an id ('booking.details.title' → 'booking'): what a page loader asks for. */
export type MessageNamespace = MessageId extends `${infer Namespace}.${string}` ? Namespace : never

export type MessageValues = Record<string, string | number | undefined>
