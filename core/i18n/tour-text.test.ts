import { describe, expect, it } from 'vitest'
import { localizeTour } from './tour-text.ts'

const tour = {
  id: 1,
  name: 'Half-Day Private Tour',
  shortDescription: 'About 5 hours in Joetsu.',
  description: 'A relaxed morning.',
  duration: 'About 5 hours',
  translations: { ja: { name: '半日プライベートツアー', duration: '  ' }, ko: {} },
}

describe('localizeTour', () => {
  it('gives each field in the reader’s language where the guide wrote it, the English one otherwise', () => {
    expect(localizeTour(tour, 'ja')).toMatchObject({ id: 1, name: '半日プライベートツアー', shortDescription: 'About 5 hours in Joetsu.', duration: 'About 5 hours' })
  })

  it('leaves the tour as it is in English, in a language with nothing written and in one not translated at all', () => {
    expect(localizeTour(tour, 'en')).toBe(tour)
    expect(localizeTour(tour, 'ko')).toEqual(tour)
    expect(localizeTour(tour, 'zh-Hant')).toBe(tour)
  })

  it('only replaces the fields the tour has (a name-only read stays name-only)', () => {
    expect(localizeTour({ name: 'Half-Day Private Tour', translations: tour.translations }, 'ja')).toEqual({ name: '半日プライベートツアー', translations: tour.translations })
  })
})
