import { describe, expect, it } from 'vitest'
import { canEditReview, defaultDisplayName, ratingSummary, reminderDueFor, requestDueTourDates } from './reviews.ts'
import { reviewSchema } from './schemas/review.ts'
import { englishOf } from './i18n/refusal-english.test-support.ts'

describe('when a review request is due', () => {
  it.each([
    // [now (UTC), first tour date asked, last tour date asked]
    ['2026-03-02T01:00:00Z', '2026-02-23', '2026-03-01'], // Monday 10:00 in Japan: Sunday's tour is asked
    ['2026-03-01T14:59:59Z', '2026-02-22', '2026-02-28'], // Sunday 23:59 in Japan: not yet Sunday's
    ['2026-03-01T15:00:00Z', '2026-02-23', '2026-03-01'], // Monday 00:00 in Japan: Sunday's is due
  ])('at %s the tours from %s to %s are asked', (now, from, until) => {
    expect(requestDueTourDates(new Date(now))).toEqual({ from, until })
  })

  it.each([
    ['2026-03-02T01:00:00Z', '2026-02-25T01:00:00Z'],
    ['2026-03-07T00:00:00Z', '2026-03-02T00:00:00Z'],
  ])('at %s requests sent up to %s get their reminder', (now, cutoff) => {
    expect(reminderDueFor(new Date(now)).toISOString()).toBe(new Date(cutoff).toISOString())
  })
})

describe('the 14-day edit window', () => {
  const written = new Date('2026-03-02T01:00:00Z')
  it.each([
    ['2026-03-02T01:00:00Z', true],
    ['2026-03-16T00:59:59Z', true],
    ['2026-03-16T01:00:00Z', false],
    ['2026-04-01T00:00:00Z', false],
  ])('at %s editable: %s', (now, editable) => {
    expect(canEditReview(written, new Date(now))).toBe(editable)
  })
})

describe('the name shown by default', () => {
  it.each([
    ['Aiko Tanaka', 'Aiko T.'],
    ['  mary  jane  watson ', 'mary W.'],
    ['Cher', 'Cher'],
    ['Émile zola', 'Émile Z.'],
    ['田中 愛子', '田中 愛.'],
    ['', ''],
  ])('%j → %j', (name, shown) => {
    expect(defaultDisplayName(name)).toBe(shown)
  })
})

describe('the average and the counts', () => {
  it.each([
    [[], null],
    [[{ rating: 5, source: null }], { average: 5, count: 1, verified: 1, elsewhere: 0 }],
    [
      [
        { rating: 5, source: null },
        { rating: 4, source: 'Tripadvisor' },
        { rating: 4, source: null },
      ],
      { average: 4.3, count: 3, verified: 2, elsewhere: 1 },
    ],
    [
      [
        { rating: 1, source: 'Google' },
        { rating: 2, source: 'Google' },
      ],
      { average: 1.5, count: 2, verified: 0, elsewhere: 2 },
    ],
  ])('%j → %j', (rows, summary) => {
    expect(ratingSummary(rows)).toEqual(summary)
  })
})

describe('the review form', () => {
  const good = { rating: '5', title: 'A wonderful day', text: 'Everything was lovely, from the shrine to the noodles.', displayName: 'Aiko T.', consent: 'on' }
  it('takes a filled form, trims it and leaves a blank country out', () => {
    const parsed = reviewSchema.parse({ ...good, title: '  A wonderful day ', country: ' ' })
    expect(parsed).toMatchObject({ rating: 5, title: 'A wonderful day', country: undefined, consent: true })
  })
  it.each([
    [{ rating: '0' }, 'rating', 'Please choose from 1 to 5 stars'],
    [{ rating: '6' }, 'rating', 'Please choose from 1 to 5 stars'],
    [{ rating: '4.5' }, 'rating', 'Please choose from 1 to 5 stars'],
    [{ title: 'ok' }, 'title', 'Please give your review a title of at least 3 characters'],
    [{ title: 'x'.repeat(101) }, 'title', 'The title must be at most 100 characters'],
    [{ title: 'two\nlines' }, 'title', 'Title must be on one line, without control characters'],
    [{ text: 'Too short' }, 'text', 'Please write at least 20 characters about your tour'],
    [{ text: 'x'.repeat(2001) }, 'text', 'Your review must be at most 2000 characters'],
    [{ displayName: ' ' }, 'displayName', 'Please enter the name to show with your review'],
    [{ country: 'x'.repeat(57) }, 'country', 'The country must be at most 56 characters'],
    [{ consent: undefined }, 'consent', 'Please agree that we may publish your review'],
    [{ consent: 'off' }, 'consent', 'Please agree that we may publish your review'],
  ])('%j is refused on %s', (change, field, message) => {
    const result = reviewSchema.safeParse({ ...good, ...change })
    expect(result.success).toBe(false)
    expect(englishOf(result.error!.issues.find((i) => i.path[0] === field)?.message ?? '')).toBe(message)
  })
  it('keeps markup as text: it is shown escaped, never interpreted', () => {
    expect(reviewSchema.parse({ ...good, title: '<script>alert(1)</script>' }).title).toBe('<script>alert(1)</script>')
  })
})
