import fs from 'node:fs'
import path from 'node:path'
import { CHANNEL_NAME, CHANNEL_URL, CHANNEL_URL_LENGTH } from '../../core/schemas/channel-calendar.ts'
import { TOUR_PACKAGE_NOT_FOUND } from '../../core/schemas/tour-package-update.ts'
import { placeLabel } from '../../core/media/places.ts'
import { describe, expect, it } from 'vitest'
import { LOCALES } from '../../core/i18n/locales.ts'
import { ADMIN_LOCALES } from '../../core/i18n/admin-locales.ts'
import { dateValue, namesValue, readRefusal, refusal, refusalMessage, yenValue, type ErrorMessageId, type RefusalValues, type Said } from '../../core/i18n/refusal.ts'
import { englishOf } from '../../core/i18n/refusal-english.test-support.ts'
import { GUEST_MOVE_MESSAGES, GUEST_MOVE_NOTHING_MESSAGE, GUEST_MOVE_NOTHING_REFUSAL, GUEST_MOVE_REFUSALS, PAID_PRICE_FIXED, PAID_PRICE_FIXED_MESSAGE } from '../../core/booking-changes.ts'
import { MOVE_CANCELLED, MOVE_CANCELLED_MESSAGE } from '../../core/booking-lifecycle.ts'
import { MOVE_NOTHING, MOVE_NOTHING_MESSAGE } from '../services/booking-moves.ts'
import { HOTEL_MESSAGE, HOTEL_REFUSAL, MEETING_POINT_MESSAGE, MEETING_POINT_REFUSAL, PICKUP_OFF_MESSAGE, PICKUP_OFF_REFUSAL } from '../../core/meeting-points.ts'
import { MAX_GROUP_MESSAGE } from '../../core/pricing.ts'
import { ALT_REQUIRED, ALT_REQUIRED_MESSAGE } from '../../core/schemas/photo.ts'
import { CUSTOM_PRICE, CUSTOM_PRICE_MESSAGE, PRICE_NOTE, PRICE_NOTE_MESSAGE, guideGroup, guideGroupMessage } from '../../core/guide-bookings.ts'
import { POLICY_CONSENT, POLICY_CONSENT_MESSAGE, bookingRequestSchema, outsideWindowMessage } from '../../core/schemas/booking.ts'
import { fieldErrors } from '../../core/schemas/field-errors.ts'
import { REVIEW_CLOSED, REVIEW_CLOSED_MESSAGE, REVIEW_CONSENT, REVIEW_CONSENT_MESSAGE, REVIEW_LINK, REVIEW_LINK_MESSAGE, REVIEW_TEXT, REVIEW_TEXT_MESSAGE } from '../../core/schemas/review.ts'
import {
  WAITLIST_NOT_BOOKABLE,
  WAITLIST_NOT_BOOKABLE_MESSAGE,
  WAITLIST_RATE,
  WAITLIST_RATE_MESSAGE,
  WAITLIST_SLOT_FREE,
  WAITLIST_SLOT_FREE_MESSAGE,
} from '../../core/schemas/waitlist.ts'
import { answerMessages } from '../../core/booking-questions.ts'
import * as promo from '../../core/promo-codes.ts'
import * as vouchers from '../../core/vouchers.ts'
import { DEFAULT_VOUCHER_LIMITS, VOUCHER_AMOUNT } from '../../core/vouchers.ts'
import { CHANGE_REFUNDED, CHANGE_REFUNDED_MESSAGE } from '../services/payments.ts'
import { ROOT_DIR } from '../paths.ts'
import { OUTSIDE_WINDOW, OUTSIDE_WINDOW_MESSAGE } from '../services/bookings.ts'
import { CALL_OFF_DATE_MESSAGE } from '../services/disruptions.ts'
import { ServiceError } from '../services/service-error.ts'
import { HEIC_REFUSAL, HEIC_REFUSED, NOT_AN_IMAGE, NOT_AN_IMAGE_REFUSAL, UNREADABLE, UNREADABLE_REFUSAL } from '../media/image-processing.ts'
import { failureOf } from '../http/service-failure.ts'
import { allSourceMessages } from './catalog.ts'
import { englishText, refusalText } from './refusals.ts'

/**
 * Refusals are message ids with values (docs/decisions/0087): every `errors.*` message is said in
 * every language with its values written for that reader, every id the services and schemas
 * refuse with is in the catalogue, and the JSON API's English is what it always was.
 */
const english = allSourceMessages().en
const ERROR_IDS = Object.keys(english).filter((id) => id.startsWith('errors.')) as ErrorMessageId[]
const ADMIN_ERROR_IDS = Object.keys(english).filter((id) => id.startsWith('adminErrors.')) as ErrorMessageId[]
const GUEST_LOCALES = LOCALES.map((l) => l.code)

/** An example of each value a message names: what its refusals pass (a date raw, yen as a number). */
const EXAMPLE_VALUES: Record<string, RefusalValues[string]> = {
  question: 'Dietary needs',
  min: 3,
  max: 120,
  lead: 2,
  horizon: 180,
  days: 14,
  from: '2030-06-01',
  first: dateValue('2026-12-05'),
  last: dateValue('2027-05-30'),
  uses: 2,
  extension: 'jpg',
  format: 'PNG',
  width: 16384,
  height: 12288,
  megapixels: 201,
}
/** Where one id's values are of another kind than the name's usual one. */
const EXAMPLES_BY_ID: Partial<Record<ErrorMessageId, RefusalValues>> = {
  'errors.voucherAmount': { min: yenValue(5_000), max: yenValue(300_000) },
  'adminErrors.promoAmount': { max: yenValue(1_000_000) },
  'adminErrors.customPrice': { min: yenValue(1_000), max: yenValue(1_000_000) },
  'adminErrors.refundRange': { max: yenValue(14_300) },
  'adminErrors.movePrice': { max: yenValue(1_000_000) },
  'adminErrors.voucherAmountCeiling': { max: yenValue(1_000_000) },
  'adminErrors.tourBasePriceTooHigh': { max: yenValue(10_000_000) },
  'adminErrors.tourExtraGuestPriceTooHigh': { max: yenValue(10_000_000) },
  'adminErrors.tourSoloPriceTooHigh': { max: yenValue(10_000_000) },
  'adminErrors.photoOnSite': { places: namesValue([placeLabel('slide.blossoms'), placeLabel('tokyo.article')]) },
}

/** The arguments an English message names ('{max}' → 'max'). */
const argumentsOf = (message: string) => [...new Set([...message.matchAll(/\{\s*([A-Za-z_]\w*)/g)].map((m) => m[1]!))]

function exampleOf(id: ErrorMessageId) {
  const names = argumentsOf(english[id]!)
  const values = EXAMPLES_BY_ID[id] ?? Object.fromEntries(names.map((name) => [name, EXAMPLE_VALUES[name]!]))
  return refusal(id, names.length ? values : undefined)
}

/** Every source file of the services, the schemas and the pages, tests left out. */
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'messages' ? [] : sourceFiles(full)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|test-support/.test(entry.name) ? [full] : []
  })
}
const SOURCES = ['core', 'server', 'app'].flatMap((dir) => sourceFiles(path.join(ROOT_DIR, dir)))
const usedIds = new Set(SOURCES.flatMap((file) => [...fs.readFileSync(file, 'utf8').matchAll(/'((?:admin[eE]rrors|errors)\.[A-Za-z]+)'/g)].map((m) => m[1]!)))

describe('every errors.* message', () => {
  it('has an example for each value it names', () => {
    const missing = ERROR_IDS.flatMap((id) => argumentsOf(english[id]!).filter((name) => (EXAMPLES_BY_ID[id] ?? EXAMPLE_VALUES)[name] === undefined).map((name) => `${id}: ${name}`))
    expect(missing).toEqual([])
  })

  it.each(GUEST_LOCALES)('is said in %s with all its values and no placeholder left', (locale) => {
    const broken = ERROR_IDS.flatMap((id) => {
      const said = exampleOf(id)
      const text = refusalText(locale, said)
      const problems: string[] = []
      if (text === id) problems.push('missing')
      if (/[{}]/.test(text)) problems.push(`placeholder left: ${text}`)
      for (const name of argumentsOf(english[id]!)) {
        // The value as this reader writes it ('2026年12月5日土曜日', '5,000円') appears in the sentence.
        const value = valueText(locale, said.values![name]!)
        if (!text.includes(value)) problems.push(`value ${name} (${value}) missing: ${text}`)
      }
      return problems.map((p) => `${id}: ${p}`)
    })
    expect(broken).toEqual([])
  })

  it.each(GUEST_LOCALES.filter((l) => l !== 'en'))('is translated into %s, not left in English', (locale) => {
    const same = ERROR_IDS.filter((id) => {
      const said = exampleOf(id)
      return refusalText(locale, said) === englishText(said) && /[a-z]{3}/.test(english[id]!.replace(/\{[^}]*\}/g, ''))
    })
    expect(same).toEqual([])
  })

  it('is written in English by the core tests’ substitution exactly as by the server', () => {
    expect(ERROR_IDS.filter((id) => englishOf(exampleOf(id)) !== englishText(exampleOf(id)))).toEqual([])
  })
})

/** A value as a reader of `locale` reads it, by the refusal module's own formatting. */
function valueText(locale: (typeof GUEST_LOCALES)[number], value: RefusalValues[string]): string {
  // A message that is only this value says it exactly as the module writes values.
  const probe = refusalText(locale, { id: 'errors.promoNotYet', values: { from: value } })
  const template = refusalText(locale, { id: 'errors.promoNotYet', values: { from: '\u0000' } })
  const [before, after] = template.split('\u0000') as [string, string]
  return probe.slice(before.length, probe.length - after.length)
}

describe('the ids the services and schemas refuse with', () => {
  it('are all in the catalogue', () => {
    expect([...usedIds].filter((id) => !(id in english)).sort()).toEqual([])
  })

  it('use every errors.* and adminErrors.* message: none is left without a refusal that says it', () => {
    expect([...ERROR_IDS, ...ADMIN_ERROR_IDS].filter((id) => !usedIds.has(id))).toEqual([])
  })
})

describe('every adminErrors.* message (the dashboard’s, docs/decisions/0086)', () => {
  it.each(ADMIN_LOCALES)('is said in %s with all its values and no placeholder left', (locale) => {
    const broken = ADMIN_ERROR_IDS.flatMap((id) => {
      const said = exampleOf(id)
      const text = refusalText(locale, said)
      const problems = [...(text === id ? ['missing'] : []), ...(/[{}]/.test(text) ? [`placeholder left: ${text}`] : [])]
      for (const name of argumentsOf(english[id]!)) if (!text.includes(valueText(locale, said.values![name]!))) problems.push(`value ${name} missing: ${text}`)
      return problems.map((p) => `${id}: ${p}`)
    })
    expect(broken).toEqual([])
  })

  it('is translated into Japanese, not left in English', () => {
    expect(ADMIN_ERROR_IDS.filter((id) => refusalText('ja', exampleOf(id)) === englishText(exampleOf(id)))).toEqual([])
  })

  it('reads English in a guest’s language, which the dashboard does not speak', () => {
    expect(ADMIN_ERROR_IDS.filter((id) => refusalText('ko', exampleOf(id)) !== englishText(exampleOf(id)))).toEqual([])
  })
})

describe('the JSON API answers in the English it always did', () => {
  it('from a refusal, its values written as before', () => {
    expect(englishText(readRefusal(MAX_GROUP_MESSAGE))).toBe('Maximum 5 people per group')
    expect(englishText(readRefusal(outsideWindowMessage({ first: '2026-12-05', last: '2027-05-30' })))).toBe('Tours can be booked from Saturday, December 5, 2026 to Sunday, May 30, 2027')
    expect(englishText(VOUCHER_AMOUNT(DEFAULT_VOUCHER_LIMITS))).toBe('Please choose an amount from ¥5,000 to ¥300,000, in whole yen')
    expect(englishText(readRefusal(answerMessages.max('Number of children', 6)))).toBe('"Number of children" must be at most 6')
    expect(OUTSIDE_WINDOW_MESSAGE(2, 180)).toBe('Bookings open 2 days ahead and up to 180 days ahead. Please choose another date.')
    expect(CALL_OFF_DATE_MESSAGE).toBe('Choose a Saturday or Sunday from today on to call off.')
    const placed = refusal('adminErrors.photoOnSite', { places: namesValue([placeLabel('slide.blossoms'), placeLabel('tokyo.article')]) })
    expect(englishText(placed)).toBe(
      'This photo is on the site (Home slide 3: Cherry blossoms; Tokyo day trip: the article’s picture): take it off those places or put another photo there first',
    )
    // The places named in the reader's language too, and listed as Japanese lists.
    expect(refusalText('ja', placed)).toBe('この写真はサイトに掲載中です（ホームのスライド3：桜、東京からの日帰り：記事の写真）。先にその場所から外すか、別の写真を配置してください')
    expect(englishText(refusal('adminErrors.photoTooManyPixels', { width: 16384, height: 12288, megapixels: 201, max: 50 }))).toBe(
      'This photo is 16384 × 12288 pixels (201 megapixels); the most we take is 50 megapixels',
    )
    expect(englishText(refusal('adminErrors.photoMislabelled', { extension: 'jpg', format: 'PNG' }))).toBe('This file is named .jpg but holds a PNG image: rename it or export it again')
  })

  it('with the English constants the tests compare equal to their refusals', () => {
    const pairs: [Said, string][] = [
      [POLICY_CONSENT, POLICY_CONSENT_MESSAGE],
      [ALT_REQUIRED, ALT_REQUIRED_MESSAGE],
      [NOT_AN_IMAGE_REFUSAL, NOT_AN_IMAGE],
      [HEIC_REFUSAL, HEIC_REFUSED],
      [UNREADABLE_REFUSAL, UNREADABLE],
      [CUSTOM_PRICE, CUSTOM_PRICE_MESSAGE],
      [PRICE_NOTE, PRICE_NOTE_MESSAGE],
      [guideGroup(12), guideGroupMessage(12)],
      [MEETING_POINT_REFUSAL, MEETING_POINT_MESSAGE],
      [PICKUP_OFF_REFUSAL, PICKUP_OFF_MESSAGE],
      [HOTEL_REFUSAL, HOTEL_MESSAGE],
      [GUEST_MOVE_NOTHING_REFUSAL, GUEST_MOVE_NOTHING_MESSAGE],
      [MOVE_CANCELLED, MOVE_CANCELLED_MESSAGE],
      [MOVE_NOTHING, MOVE_NOTHING_MESSAGE],
      [PAID_PRICE_FIXED, PAID_PRICE_FIXED_MESSAGE],
      ...Object.entries(GUEST_MOVE_REFUSALS).map(([kind, said]): [string, string] => [said, GUEST_MOVE_MESSAGES[kind as keyof typeof GUEST_MOVE_MESSAGES]]),
      [REVIEW_TEXT, REVIEW_TEXT_MESSAGE],
      [REVIEW_CONSENT, REVIEW_CONSENT_MESSAGE],
      [REVIEW_LINK, REVIEW_LINK_MESSAGE],
      [REVIEW_CLOSED, REVIEW_CLOSED_MESSAGE],
      [WAITLIST_SLOT_FREE, WAITLIST_SLOT_FREE_MESSAGE],
      [WAITLIST_NOT_BOOKABLE, WAITLIST_NOT_BOOKABLE_MESSAGE],
      [WAITLIST_RATE, WAITLIST_RATE_MESSAGE],
      [CHANGE_REFUNDED, CHANGE_REFUNDED_MESSAGE],
      [promo.PROMO_UNKNOWN, promo.PROMO_UNKNOWN_MESSAGE],
      [promo.PROMO_INACTIVE, promo.PROMO_INACTIVE_MESSAGE],
      [promo.PROMO_NOT_YET('2030-05-02'), promo.PROMO_NOT_YET_MESSAGE('2030-05-02')],
      [promo.PROMO_EXPIRED, promo.PROMO_EXPIRED_MESSAGE],
      [promo.PROMO_USED_UP, promo.PROMO_USED_UP_MESSAGE],
      [promo.PROMO_EMAIL_USED, promo.PROMO_EMAIL_USED_MESSAGE],
      [promo.PROMO_TOUR_REFUSALS['half-day'], promo.PROMO_TOUR_MESSAGES['half-day']],
      [promo.PROMO_TOUR_REFUSALS['full-day'], promo.PROMO_TOUR_MESSAGES['full-day']],
      [promo.PROMO_GROUP(4), promo.PROMO_GROUP_MESSAGE(4)],
      [vouchers.VOUCHER_UNKNOWN, vouchers.VOUCHER_UNKNOWN_MESSAGE],
      [vouchers.VOUCHER_UNPAID, vouchers.VOUCHER_UNPAID_MESSAGE],
      [vouchers.VOUCHER_CANCELLED, vouchers.VOUCHER_CANCELLED_MESSAGE],
      [vouchers.VOUCHER_EXPIRED, vouchers.VOUCHER_EXPIRED_MESSAGE],
      [vouchers.VOUCHER_USED_UP, vouchers.VOUCHER_USED_UP_MESSAGE],
      [vouchers.VOUCHER_AMOUNT(DEFAULT_VOUCHER_LIMITS), vouchers.VOUCHER_AMOUNT_MESSAGE(DEFAULT_VOUCHER_LIMITS)],
      [CHANNEL_NAME, 'Give the channel a name of 1 to 80 characters, e.g. Viator'],
      [CHANNEL_URL, 'Paste the calendar’s address as the platform gives it, starting with https:// or http://'],
      [CHANNEL_URL_LENGTH, 'The calendar’s address must be at most 2000 characters'],
      [TOUR_PACKAGE_NOT_FOUND, 'Tour package not found'],
    ]
    expect(pairs.filter(([said, text]) => englishText(said) !== text)).toEqual([])
  })

  it('through a service’s refusal and a schema’s, the ids kept beside the English', () => {
    const failure = failureOf(new ServiceError('invalid', OUTSIDE_WINDOW(2, 180), { field: 'tourDate' }))!
    expect(failure.message).toBe('Bookings open 2 days ahead and up to 180 days ahead. Please choose another date.')
    expect(failure.errors).toEqual({ tourDate: failure.message })
    expect(failure.refusal).toEqual({ id: 'errors.outsideWindow', values: { lead: 2, horizon: 180 } })
    const parsed = bookingRequestSchema.safeParse({ numberOfPeople: 9 })
    const schemaFailure = failureOf(parsed.error)!
    expect(schemaFailure.errors?.numberOfPeople).toBe('Maximum 5 people per group')
    expect(schemaFailure.refusals?.numberOfPeople).toEqual({ id: 'errors.groupMax', values: { max: 5 } })
    expect(fieldErrors(parsed.error!).numberOfPeople).toEqual(schemaFailure.refusals?.numberOfPeople)
  })
})

describe('a refusal in the guest’s language', () => {
  it('carries its values, dates and money written for that reader', () => {
    expect(refusalText('ko', readRefusal(MAX_GROUP_MESSAGE))).toBe('한 그룹당 최대 5명까지입니다')
    expect(refusalText('ja', OUTSIDE_WINDOW(2, 180))).toBe('ご予約は2日後から180日後まで受け付けています。別の日付をお選びください。')
    // The question keeps the words the guest read; only the sentence around it is translated.
    expect(refusalText('ja', answerMessages.required('食事の制限'))).toBe('「食事の制限」にお答えください')
    expect(refusalText('ko', answerMessages.max('Number of children', 6))).toBe('질문 "Number of children"의 답은 6 이하여야 합니다')
    const range = refusalMessage('errors.bookableRange', { first: dateValue('2026-12-05'), last: dateValue('2027-05-30') })
    expect(refusalText('ja', range)).toContain('2026年12月5日土曜日')
    expect(refusalText('ko', range)).not.toContain('December')
    expect(refusalText('ja', VOUCHER_AMOUNT(DEFAULT_VOUCHER_LIMITS))).toContain('5,000円')
  })

  it('an English text that is no refusal stays as it is', () => {
    expect(refusalText('ja', 'Something only the API says')).toBe('Something only the API says')
  })
})
