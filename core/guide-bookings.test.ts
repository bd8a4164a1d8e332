import { describe, expect, it } from 'vitest'
import {
  arrangedOnly,
  CUSTOM_PRICE,
  CUSTOM_PRICE_MAX,
  CUSTOM_PRICE_MESSAGE,
  CUSTOM_PRICE_MIN,
  customPriceProblem,
  guestWhatsappLink,
  guideGroup,
  guideGroupProblem,
  guideHoldExpiry,
  whatsappNumberOf,
} from './guide-bookings.ts'
import { DEFAULT_CATALOGUE, MAX_GROUP_MESSAGE, quote } from './pricing.ts'
import { withEnglishMessage } from './i18n/refusal-english.test-support.ts'

describe('customPriceProblem: the bounds of a price the guide types', () => {
  it.each([
    [0, CUSTOM_PRICE],
    [-1, CUSTOM_PRICE],
    [22, CUSTOM_PRICE],
    [CUSTOM_PRICE_MIN - 1, CUSTOM_PRICE],
    [CUSTOM_PRICE_MIN, null],
    [80_000, null],
    [CUSTOM_PRICE_MAX, null],
    [CUSTOM_PRICE_MAX + 1, CUSTOM_PRICE],
    [1500.5, CUSTOM_PRICE],
    [Number.NaN, CUSTOM_PRICE],
  ])('¥%s → %s', (price, expected) => {
    expect(customPriceProblem(price)).toBe(expected)
  })

  it('names both bounds in yen', () => {
    expect(CUSTOM_PRICE_MESSAGE).toBe('A custom price must be a whole number of yen from ¥1,000 to ¥1,000,000')
  })
})

describe('guideGroupProblem: the group under the guide’s limit', () => {
  it.each([
    [1, 12, null],
    [5, 12, null],
    [12, 12, null],
    [13, 12, guideGroup(12)],
    [0, 12, guideGroup(12)],
    [7, 6, guideGroup(6)],
    [2.5, 12, guideGroup(12)],
  ])('%s people, limit %s → %s', (people, limit, expected) => {
    expect(guideGroupProblem(people, limit)).toBe(expected)
  })
})

describe('guideHoldExpiry: how long the guide’s booking waits for payment', () => {
  const now = new Date('2026-12-01T03:00:00Z')
  it.each([
    ['hold', 48, '2026-12-03T03:00:00.000Z'],
    ['hold', 1, '2026-12-01T04:00:00.000Z'],
    ['confirmed', 48, null],
  ] as const)('%s for %s hours → %s', (payment, hours, expected) => {
    expect(guideHoldExpiry(payment, now, hours)?.toISOString() ?? null).toBe(expected)
  })
})

describe('quote for the guide’s larger groups', () => {
  it('prices each guest beyond two at the extra-guest price up to the limit given', () => {
    const seven = quote(DEFAULT_CATALOGUE.fullDay, 7, '2026-12-19', 12)
    expect(seven).toMatchObject({ ok: true, total: 22_000 + 5 * 4_400 })
    expect(quote(DEFAULT_CATALOGUE.halfDay, 12, '2026-12-19', 12)).toMatchObject({ ok: true, total: 14_300 + 10 * 2_200 })
  })
  it('keeps the site’s five without a limit, and refuses beyond the limit given', () => {
    expect(quote(DEFAULT_CATALOGUE.fullDay, 6, '2026-12-19')).toEqual({ ok: false, message: MAX_GROUP_MESSAGE })
    expect(withEnglishMessage(quote(DEFAULT_CATALOGUE.fullDay, 13, '2026-12-19', 12))).toEqual({ ok: false, message: 'Maximum 12 people per group' })
  })
})

describe('arrangedOnly: bookings the catalogue cannot re-price for a guest’s own change', () => {
  it.each([
    [{ priceNote: null, numberOfPeople: 5 }, false],
    [{ priceNote: null, numberOfPeople: 6 }, true],
    [{ priceNote: 'Custom day: photography, 8 hours', numberOfPeople: 2 }, true],
  ])('%o → %s', (booking, expected) => {
    expect(arrangedOnly(booking)).toBe(expected)
  })
})

describe('the WhatsApp link to the guest', () => {
  it.each([
    ['+81 90-1234-5678', '819012345678'],
    ['090-1234-5678', '819012345678'],
    ['03-1234-5678', '81312345678'],
    ['+1 (555) 123-4567', '15551234567'],
    ['+44 20 7946 0958', '442079460958'],
    ['(555) 123-4567', null],
    ['+0 123 4567 890', null],
    ['+12 3456', null],
    ['+1234567890123456', null],
  ])('%s → %s', (phone, expected) => {
    expect(whatsappNumberOf(phone)).toBe(expected)
  })

  it('chats with a usable number, and leaves the number out otherwise', () => {
    expect(guestWhatsappLink('+81 90-1234-5678', 'Pay here: https://x/checkout/ABC ¥22,000')).toBe('https://wa.me/819012345678?text=Pay%20here%3A%20https%3A%2F%2Fx%2Fcheckout%2FABC%20%C2%A522%2C000')
    expect(guestWhatsappLink('(555) 123-4567', 'Hi')).toBe('https://wa.me/?text=Hi')
  })
})
