import { describe, expect, it } from 'vitest'
import { LOCALES } from '../../core/i18n/locales.ts'
import { matchMessage } from '../../core/i18n/message-match.ts'
import { MAX_GROUP_MESSAGE, MIN_GROUP_MESSAGE, WHOLE_GROUP_MESSAGE } from '../../core/pricing.ts'
import {
  INVALID_DATE_MESSAGE,
  NAME_MESSAGE,
  PACKAGE_MESSAGE,
  PHONE_MESSAGE,
  POLICY_CONSENT_MESSAGE,
  SELECT_SLOT_MESSAGE,
  TOUR_TIME_MESSAGE,
  WEEKEND_ONLY_MESSAGE,
  bookingRequestSchema,
  outsideWindowMessage,
} from '../../core/schemas/booking.ts'
import { CONTACT_MESSAGE_MESSAGE, CONTACT_NAME_MESSAGE, VISIT_DATE_MESSAGE, contactInquirySchema } from '../../core/schemas/contact.ts'
import { EMAIL_MESSAGE, controlCharactersMessage, singleLineMessage } from '../../core/schemas/fields.ts'
import { UNSTORABLE_TEXT_MESSAGE } from '../../core/unstorable-text.ts'
import { RECEIPT_CHOICE_MESSAGE, RECIPIENT_TOO_LONG_MESSAGE } from '../../core/schemas/tax-documents.ts'
import { RECEIPT_NOT_FOUND_MESSAGE, RECEIPTS_UNAVAILABLE_MESSAGE } from '../services/tax-documents.ts'
import { answerMessages } from '../../core/booking-questions.ts'
import {
  BOOKING_RATE_MESSAGE,
  GROUP_TOO_LARGE_MESSAGE,
  HONEYPOT_MESSAGE,
  OUTSIDE_WINDOW_MESSAGE,
  PACKAGE_DOES_NOT_FIT_MESSAGE,
  PACKAGE_UNAVAILABLE_MESSAGE,
  SLOT_TAKEN_MESSAGE,
  UNPAID_LIMIT_MESSAGE,
} from '../services/bookings.ts'
import { CONTACT_RATE_LIMITED_MESSAGE, SPAM_REFUSED_MESSAGE } from '../services/contact.ts'
import {
  ALREADY_PAID_MESSAGE,
  CANCELLED_MESSAGE,
  CHANGE_HOLD_EXPIRED_MESSAGE,
  CHANGE_REFUNDED_MESSAGE,
  NOT_COMPLETED_MESSAGE,
  NOT_FOUND_MESSAGE,
  PAYMENT_HANDLED_MESSAGE,
  REFUNDED_MESSAGE,
} from '../services/payments.ts'
import { DECLINED_MESSAGE, INCORRECT_NUMBER_MESSAGE } from '../payments/simulated.ts'
import { englishErrorMessages, localizeServerText } from './catalog.ts'
import {
  PROMO_EMAIL_USED_MESSAGE,
  PROMO_EXPIRED_MESSAGE,
  PROMO_GROUP_MESSAGE,
  PROMO_INACTIVE_MESSAGE,
  PROMO_NOT_YET_MESSAGE,
  PROMO_TOUR_MESSAGES,
  PROMO_UNKNOWN_MESSAGE,
  PROMO_USED_UP_MESSAGE,
} from '../../core/promo-codes.ts'
import { NO_OPEN_OFFER_MESSAGE } from '../services/disruptions.ts'
import { GUEST_MOVE_MESSAGES, GUEST_MOVE_NOTHING_MESSAGE, GUEST_MOVE_PARTLY_REFUNDED_MESSAGE } from '../../core/booking-changes.ts'
import { CALLED_OFF_PAY_MESSAGE, HOLD_EXPIRED_MESSAGE, NOTHING_TO_PAY_MESSAGE } from '../../core/booking-lifecycle.ts'
import { HOTEL_MAX, HOTEL_MESSAGE, MEETING_POINT_MESSAGE, PICKUP_OFF_MESSAGE } from '../../core/meeting-points.ts'
import {
  COUNTRY_TOO_LONG,
  DISPLAY_NAME_MESSAGE,
  DISPLAY_NAME_TOO_LONG,
  RATING_MESSAGE,
  REVIEW_CLOSED_MESSAGE,
  REVIEW_CONSENT_MESSAGE,
  REVIEW_HONEYPOT_MESSAGE,
  REVIEW_LINK_MESSAGE,
  REVIEW_TEXT_MESSAGE,
  REVIEW_TEXT_TOO_LONG,
  REVIEW_TITLE_MESSAGE,
  REVIEW_TITLE_TOO_LONG,
} from '../../core/schemas/review.ts'
import {
  DEFAULT_VOUCHER_LIMITS,
  VOUCHER_AMOUNT_MESSAGE,
  VOUCHER_CANCELLED_MESSAGE,
  VOUCHER_EXPIRED_MESSAGE,
  VOUCHER_UNKNOWN_MESSAGE,
  VOUCHER_UNPAID_MESSAGE,
  VOUCHER_USED_UP_MESSAGE,
} from '../../core/vouchers.ts'
import { VOUCHER_CHOICE_MESSAGE, VOUCHER_MESSAGE_TOO_LONG_MESSAGE, VOUCHER_NAME_TOO_LONG_MESSAGE, VOUCHER_WHOLE_AMOUNT_MESSAGE } from '../../core/schemas/voucher.ts'
import {
  VOUCHER_ALREADY_PAID_MESSAGE,
  VOUCHER_HONEYPOT_MESSAGE,
  VOUCHER_MISMATCH_MESSAGE,
  VOUCHER_NOT_FOUND_MESSAGE,
  VOUCHER_NOT_STARTED_MESSAGE,
  VOUCHER_PRESET_UNAVAILABLE_MESSAGE,
  VOUCHER_RATE_MESSAGE,
} from '../services/vouchers.ts'
import { WAITLIST_HONEYPOT_MESSAGE, WAITLIST_NOT_BOOKABLE_MESSAGE, WAITLIST_RATE_MESSAGE, WAITLIST_SLOT_FREE_MESSAGE } from '../../core/schemas/waitlist.ts'

/**
 * Every message the booking and contact forms' server and schemas can show a guest is
 * recognised and translated (docs/decisions/0044), and every `errors.*` message stands for one.
 */
const tooLong = (schema: typeof bookingRequestSchema | typeof contactInquirySchema, field: string, length: number) => {
  const result = schema.safeParse({ [field]: 'x'.repeat(length) })
  return result.success ? '' : (result.error.issues.find((i) => i.path[0] === field)?.message ?? '')
}

const GUEST_MESSAGES = [
  NAME_MESSAGE,
  EMAIL_MESSAGE,
  PHONE_MESSAGE,
  PACKAGE_MESSAGE,
  SELECT_SLOT_MESSAGE,
  INVALID_DATE_MESSAGE,
  WEEKEND_ONLY_MESSAGE,
  TOUR_TIME_MESSAGE,
  POLICY_CONSENT_MESSAGE,
  outsideWindowMessage({ first: '2026-12-05', last: '2027-05-30' }),
  tooLong(bookingRequestSchema, 'name', 101),
  singleLineMessage('Name'),
  singleLineMessage('Phone number'),
  tooLong(bookingRequestSchema, 'email', 300),
  tooLong(bookingRequestSchema, 'phone', 31),
  MIN_GROUP_MESSAGE,
  MAX_GROUP_MESSAGE,
  WHOLE_GROUP_MESSAGE,
  tooLong(bookingRequestSchema, 'specialRequests', 2001),
  controlCharactersMessage('Special requests'),
  bookingRequestSchema.safeParse({ interestTheme: 'nope' }).error?.issues.find((i) => i.path[0] === 'interestTheme')?.message ?? '',
  OUTSIDE_WINDOW_MESSAGE(2, 180),
  PACKAGE_UNAVAILABLE_MESSAGE,
  PACKAGE_DOES_NOT_FIT_MESSAGE,
  GROUP_TOO_LARGE_MESSAGE(5),
  UNPAID_LIMIT_MESSAGE,
  HONEYPOT_MESSAGE,
  BOOKING_RATE_MESSAGE,
  // The booking questions' answers (docs/decisions/0053), each naming the question as the guest read it.
  answerMessages.required('食事の制限'),
  answerMessages.choice('Dietary needs'),
  answerMessages.tooLong('How you arrive', 200),
  answerMessages.oneLine('How you arrive'),
  answerMessages.control('Mobility or access needs'),
  answerMessages.whole('Number of children'),
  answerMessages.min('Number of children', 0),
  answerMessages.max('Number of children', 6),
  answerMessages.yesNo('First visit to Japan?'),
  answerMessages.describe('Dietary needs'),
  answerMessages.retired('Dietary needs'),
  SLOT_TAKEN_MESSAGE,
  UNSTORABLE_TEXT_MESSAGE,
  CONTACT_NAME_MESSAGE,
  CONTACT_MESSAGE_MESSAGE,
  VISIT_DATE_MESSAGE,
  contactInquirySchema.safeParse({ groupSize: 'nope' }).error?.issues.find((i) => i.path[0] === 'groupSize')?.message ?? '',
  contactInquirySchema.safeParse({ package: 'nope' }).error?.issues.find((i) => i.path[0] === 'package')?.message ?? '',
  tooLong(contactInquirySchema, 'message', 5001),
  controlCharactersMessage('Message'),
  SPAM_REFUSED_MESSAGE,
  CONTACT_RATE_LIMITED_MESSAGE,
  'The service is temporarily unavailable. Please try again in a minute.',
  // The checkout's answers from the API, which the page recognises.
  DECLINED_MESSAGE,
  INCORRECT_NUMBER_MESSAGE,
  HOLD_EXPIRED_MESSAGE,
  ALREADY_PAID_MESSAGE,
  CALLED_OFF_PAY_MESSAGE,
  NOTHING_TO_PAY_MESSAGE,
  CANCELLED_MESSAGE,
  NOT_FOUND_MESSAGE,
  NOT_COMPLETED_MESSAGE,
  REFUNDED_MESSAGE,
  PAYMENT_HANDLED_MESSAGE,
  // Where to meet (docs/decisions/0052).
  MEETING_POINT_MESSAGE,
  PICKUP_OFF_MESSAGE,
  HOTEL_MESSAGE,
  tooLong(bookingRequestSchema, 'pickupHotel', HOTEL_MAX + 1),
  singleLineMessage('Hotel name'),
  // The guest's own change of plans (docs/decisions/0055).
  ...Object.values(GUEST_MOVE_MESSAGES),
  GUEST_MOVE_NOTHING_MESSAGE,
  GUEST_MOVE_PARTLY_REFUNDED_MESSAGE,
  NO_OPEN_OFFER_MESSAGE,
  CHANGE_HOLD_EXPIRED_MESSAGE,
  CHANGE_REFUNDED_MESSAGE,
  // The waitlist page (docs/decisions/0057); its fields' messages are the booking form's.
  WAITLIST_SLOT_FREE_MESSAGE,
  WAITLIST_NOT_BOOKABLE_MESSAGE,
  WAITLIST_RATE_MESSAGE,
  WAITLIST_HONEYPOT_MESSAGE,
  // Promo codes (docs/decisions/0062), on the booking form's code field.
  PROMO_UNKNOWN_MESSAGE,
  PROMO_INACTIVE_MESSAGE,
  PROMO_NOT_YET_MESSAGE('2030-06-01'),
  PROMO_EXPIRED_MESSAGE,
  PROMO_USED_UP_MESSAGE,
  PROMO_EMAIL_USED_MESSAGE,
  ...Object.values(PROMO_TOUR_MESSAGES),
  PROMO_GROUP_MESSAGE(3),
  // The review page (docs/decisions/0063); its rate limit's message is the waitlist's.
  RATING_MESSAGE,
  REVIEW_TITLE_MESSAGE,
  REVIEW_TITLE_TOO_LONG,
  singleLineMessage('Title'),
  REVIEW_TEXT_MESSAGE,
  REVIEW_TEXT_TOO_LONG,
  controlCharactersMessage('Review'),
  DISPLAY_NAME_MESSAGE,
  DISPLAY_NAME_TOO_LONG,
  COUNTRY_TOO_LONG,
  singleLineMessage('Country'),
  REVIEW_CONSENT_MESSAGE,
  REVIEW_LINK_MESSAGE,
  REVIEW_CLOSED_MESSAGE,
  REVIEW_HONEYPOT_MESSAGE,
  // Gift vouchers (docs/decisions/0065): the booking form's voucher field, the /gift form and the voucher page's payment.
  VOUCHER_UNKNOWN_MESSAGE,
  VOUCHER_UNPAID_MESSAGE,
  VOUCHER_CANCELLED_MESSAGE,
  VOUCHER_EXPIRED_MESSAGE,
  VOUCHER_USED_UP_MESSAGE,
  VOUCHER_AMOUNT_MESSAGE(DEFAULT_VOUCHER_LIMITS),
  VOUCHER_WHOLE_AMOUNT_MESSAGE,
  VOUCHER_CHOICE_MESSAGE,
  VOUCHER_NAME_TOO_LONG_MESSAGE,
  VOUCHER_MESSAGE_TOO_LONG_MESSAGE,
  VOUCHER_NOT_FOUND_MESSAGE,
  VOUCHER_ALREADY_PAID_MESSAGE,
  VOUCHER_NOT_STARTED_MESSAGE,
  VOUCHER_MISMATCH_MESSAGE,
  VOUCHER_HONEYPOT_MESSAGE,
  VOUCHER_PRESET_UNAVAILABLE_MESSAGE,
  VOUCHER_RATE_MESSAGE,
  // Receipts from the trip page (docs/decisions/0080).
  RECEIPTS_UNAVAILABLE_MESSAGE,
  RECEIPT_NOT_FOUND_MESSAGE,
  RECEIPT_CHOICE_MESSAGE,
  RECIPIENT_TOO_LONG_MESSAGE,
  singleLineMessage('The name on the receipt'),
]

describe('the server messages a guest may see', () => {
  it.each(LOCALES.filter((l) => l.code !== 'en').map((l) => l.code))('are all translated into %s', (locale) => {
    const untranslated = GUEST_MESSAGES.filter((text) => localizeServerText(locale, text) === text)
    expect(untranslated).toEqual([])
  })

  it('each stand for one errors.* message, and each errors.* message for one of them', () => {
    const recognised = GUEST_MESSAGES.map((text) => matchMessage(text, englishErrorMessages())?.id).sort()
    expect(recognised).toEqual(Object.keys(englishErrorMessages()).sort())
  })

  it('carries the values of a message into its translation', () => {
    expect(localizeServerText('ko', MAX_GROUP_MESSAGE)).toBe('한 그룹당 최대 5명까지입니다')
    expect(localizeServerText('ja', OUTSIDE_WINDOW_MESSAGE(2, 180))).toBe('ご予約は2日後から180日後まで受け付けています。別の日付をお選びください。')
    expect(localizeServerText('en', MAX_GROUP_MESSAGE)).toBe(MAX_GROUP_MESSAGE)
    expect(localizeServerText('ja', 'Something only the API says')).toBe('Something only the API says')
    // The question keeps the words the guest read; only the sentence around it is translated.
    expect(localizeServerText('ja', answerMessages.required('食事の制限'))).toBe('「食事の制限」にお答えください')
    expect(localizeServerText('ko', answerMessages.max('Number of children', 6))).toBe('질문 "Number of children"의 답은 6 이하여야 합니다')
  })
})
