import { describe, expect, it } from 'vitest'
import { HOTEL_MESSAGE, MEETING_POINT_MESSAGE, PICKUP_OFF_MESSAGE, defaultPoint, mapLinks, meetingPlace, resolveMeetingChoice, type MeetingPoint, type MeetingSettings } from './meeting-points.ts'
import { seasonOf, whatToBringFor } from './what-to-bring.ts'
import { meetingPointSchema } from './schemas/meeting-point.ts'
import { withEnglishMessage } from './i18n/refusal-english.test-support.ts'

const point = (id: number, overrides: Partial<MeetingPoint> = {}): MeetingPoint => ({
  id,
  name: `Place ${id}`,
  address: 'Yamato 5-chome, Joetsu',
  addressJa: '新潟県上越市大和5丁目',
  latitude: 37.0785,
  longitude: 138.2483,
  instructions: 'By the gates.',
  translations: {},
  photoMediaId: null,
  active: true,
  sortOrder: id,
  ...overrides,
})
const settings = (overrides: Partial<MeetingSettings> = {}): MeetingSettings => ({ pickupEnabled: true, defaults: { morning: 2, afternoon: null, 'full-day': 9 }, ...overrides })

describe('map links', () => {
  it('open the coordinates in the visitor’s map app, labelled with the name', () => {
    expect(mapLinks({ name: 'Takada Station', latitude: 37.1027, longitude: 138.2497 })).toEqual({
      geo: 'geo:37.1027,138.2497?q=37.1027,138.2497(Takada%20Station)',
      google: 'https://www.google.com/maps/search/?api=1&query=37.1027,138.2497',
      apple: 'https://maps.apple.com/?ll=37.1027,138.2497&q=Takada%20Station',
    })
    // Six decimals at most, no trailing zeros, south and west as negative numbers.
    expect(mapLinks({ name: 'x', latitude: -33.85678901, longitude: -70.5 }).google).toBe('https://www.google.com/maps/search/?api=1&query=-33.856789,-70.5')
  })
})

describe('a place in the reader’s language', () => {
  it('reads the English address on English pages and the Japanese one elsewhere, marked Japanese where the page is not', () => {
    const p = point(1, { translations: { ko: { name: '조에쓰묘코역' } } })
    expect(meetingPlace(p, 'en')).toMatchObject({ name: 'Place 1', address: 'Yamato 5-chome, Joetsu' })
    expect(meetingPlace(p, 'ja')).toMatchObject({ address: '新潟県上越市大和5丁目', nameLang: 'en', instructionsLang: 'en' })
    expect(meetingPlace(p, 'ja').addressLang).toBeUndefined()
    const korean = meetingPlace(p, 'ko')
    expect(korean).toMatchObject({ name: '조에쓰묘코역', address: '新潟県上越市大和5丁目', addressLang: 'ja', instructionsLang: 'en' })
    expect(korean.nameLang).toBeUndefined()
    expect(korean.links.apple).toContain(encodeURIComponent('조에쓰묘코역'))
  })

  it('reads the guide’s address in the page’s language where it is written, with the Japanese one kept for the taxi (docs/decisions/0052)', () => {
    const p = point(1, { translations: { ko: { address: '니가타현 조에쓰시 야마토 5초메' }, ja: { address: 'ignored' } } })
    const korean = meetingPlace(p, 'ko')
    expect(korean).toMatchObject({ address: '니가타현 조에쓰시 야마토 5초메', addressJa: '新潟県上越市大和5丁目' })
    expect(korean.addressLang).toBeUndefined()
    // Japanese pages read the Japanese address itself; a language without one reads it marked Japanese.
    expect(meetingPlace(p, 'ja').address).toBe('新潟県上越市大和5丁目')
    expect(meetingPlace(p, 'zh-Hant')).toMatchObject({ address: '新潟県上越市大和5丁目', addressLang: 'ja' })
  })

  it('is written by the guide in Settings: one line per language, blank meaning not written', () => {
    const place = { name: 'Takada Station', address: 'Takada', addressJa: '高田駅', latitude: 37.1, longitude: 138.2, instructions: '' }
    const saved = meetingPointSchema.parse({ ...place, translations: { ko: { address: ' 다카다역 ' }, 'zh-Hans': { address: '' } } })
    expect(saved.translations).toEqual({ ko: { address: '다카다역' } })
    expect(meetingPointSchema.safeParse({ ...place, translations: { ko: { address: 'two\nlines' } } }).success).toBe(false)
  })
})

describe('the guest’s choice of where to meet', () => {
  const points = [point(1), point(2), point(3, { active: false })]
  it('takes an offered place, or the slot’s usual one when none is named', () => {
    expect(resolveMeetingChoice({ meetingPoint: '1' }, points, settings(), 'morning')).toEqual({ ok: true, choice: { meetingPointId: 1, pickupHotel: null } })
    expect(resolveMeetingChoice({}, points, settings(), 'morning')).toEqual({ ok: true, choice: { meetingPointId: 2, pickupHotel: null } })
    // No usual place set, or one no longer offered: the first in the guide's order.
    expect(resolveMeetingChoice({}, points, settings(), 'afternoon')).toEqual({ ok: true, choice: { meetingPointId: 1, pickupHotel: null } })
    expect(defaultPoint(points, settings(), 'full-day')?.id).toBe(1)
  })

  it('refuses a place not offered, a pickup switched off and a pickup without its hotel, on the right field', () => {
    expect(withEnglishMessage(resolveMeetingChoice({ meetingPoint: '3' }, points, settings(), 'morning'))).toEqual({ ok: false, field: 'meetingPoint', message: MEETING_POINT_MESSAGE })
    expect(withEnglishMessage(resolveMeetingChoice({ meetingPoint: '99' }, points, settings(), 'morning'))).toEqual({ ok: false, field: 'meetingPoint', message: MEETING_POINT_MESSAGE })
    expect(withEnglishMessage(resolveMeetingChoice({ meetingPoint: 'pickup', pickupHotel: 'Hotel' }, points, settings({ pickupEnabled: false }), 'morning'))).toEqual({ ok: false, field: 'meetingPoint', message: PICKUP_OFF_MESSAGE })
    expect(withEnglishMessage(resolveMeetingChoice({ meetingPoint: 'pickup' }, points, settings(), 'morning'))).toEqual({ ok: false, field: 'pickupHotel', message: HOTEL_MESSAGE })
    expect(resolveMeetingChoice({ meetingPoint: 'pickup', pickupHotel: 'Hotel' }, points, settings(), 'morning')).toEqual({ ok: true, choice: { meetingPointId: null, pickupHotel: 'Hotel' } })
  })
})

describe('what to bring', () => {
  it('follows Joetsu’s seasons by the tour date', () => {
    expect(['2026-12-05', '2027-02-27', '2027-03-06', '2027-06-05', '2027-07-31', '2027-08-07', '2027-09-25', '2027-10-02', '2027-11-27'].map(seasonOf)).toEqual([
      'winter', 'winter', 'spring', 'rainy', 'rainy', 'summer', 'summer', 'autumn', 'autumn',
    ])
  })

  it('prefers the guide’s words in the reader’s language, then the guide’s English (marked), then the site’s', () => {
    const shipped = (season: string) => `shipped ${season}`
    expect(whatToBringFor('2027-01-09', 'ja', { winter: { ja: '長靴', en: 'Boots' } }, shipped)).toEqual({ season: 'winter', text: '長靴' })
    expect(whatToBringFor('2027-01-09', 'ko', { winter: { en: 'Boots' } }, shipped)).toEqual({ season: 'winter', text: 'Boots', lang: 'en' })
    expect(whatToBringFor('2027-01-09', 'en', { summer: { en: 'Hat' } }, shipped)).toEqual({ season: 'winter', text: 'shipped winter' })
  })
})
