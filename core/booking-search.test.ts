import { describe, expect, it } from 'vitest'
import { exactIdQuery, matchesBookingSearch, matchesText, parseBookingIdParam, sortBookings, type SearchableBooking } from './booking-search.ts'

const base: SearchableBooking = {
  id: 12,
  name: 'Aiko Tanaka',
  email: 'Aiko@Example.com',
  phone: '+81 90-1234-5678',
  tourDate: '2025-06-07',
  timeText: '9:00 AM',
  createdAt: '2025-05-01T10:00:00.000Z',
  tourPackageId: 1,
  numberOfPeople: 2,
  totalPrice: 14300,
  status: 'pending',
}
const b = (over: Partial<SearchableBooking>): SearchableBooking => ({ ...base, ...over })

describe('matchesBookingSearch', () => {
  it.each([
    ['aiko', true],
    ['TANAKA', true],
    ['example.COM', true],
    ['1234-5678', true],
    ['2025-06-07', true],
    ['June 7, 2025', true],
    ['saturday', true],
    ['Jun 7', true],
    ['9:00 am', true],
    ['12', true],
    ['', true],
    ['kyoto', false],
    ['2:00 PM', false],
  ])('%j → %s', (query, expected) => {
    expect(matchesBookingSearch(base, query)).toBe(expected)
  })

  it("'id:' matches the exact id only, never a substring", () => {
    expect(matchesBookingSearch(b({ id: 12 }), 'id:12')).toBe(true)
    expect(matchesBookingSearch(b({ id: 123 }), 'id:12')).toBe(false)
    expect(matchesBookingSearch(b({ id: 1 }), 'id:12')).toBe(false)
    expect(matchesBookingSearch(b({ id: 12 }), 'ID: 12')).toBe(true)
    expect(matchesBookingSearch(b({ id: 12 }), 'id:abc')).toBe(false)
  })

  it('a plain number matches ids containing it (substring)', () => {
    expect(matchesBookingSearch(b({ id: 123, phone: '000', tourDate: '2025-06-07' }), '23')).toBe(true)
  })
})

describe('exactIdQuery', () => {
  it('reads id:n', () => {
    expect(exactIdQuery('id:7')).toBe(7)
    expect(exactIdQuery('7')).toBeNull()
    expect(exactIdQuery('id:x')).toBe('invalid')
  })
})

describe('sortBookings', () => {
  const list = [
    b({ id: 1, name: 'carol', tourDate: '2025-06-08', timeText: '9:00 AM', totalPrice: 22000, status: 'paid', createdAt: '2025-05-03T00:00:00Z' }),
    b({ id: 2, name: 'Alice', tourDate: '2025-06-07', timeText: '2:00 PM', totalPrice: 8800, status: 'cancelled', createdAt: '2025-05-01T00:00:00Z' }),
    b({ id: 3, name: 'bob', tourDate: '2025-06-07', timeText: '9:00 AM', totalPrice: 16500, status: 'pending', createdAt: '2025-05-02T00:00:00Z' }),
    b({ id: 4, name: 'dave', tourDate: '2025-06-07', timeText: '12:00 PM', totalPrice: 16500, status: 'confirmed', createdAt: '2025-04-02T00:00:00Z' }),
  ]
  const ids = (l: SearchableBooking[]) => l.map((x) => x.id)

  it('defaults to tour date ascending with 12-hour times in clock order (9 AM, 12 PM, 2 PM)', () => {
    expect(ids(sortBookings(list))).toEqual([3, 4, 2, 1])
  })
  it('sorts descending', () => {
    expect(ids(sortBookings(list, 'tourDate', 'desc'))).toEqual([1, 2, 4, 3])
  })
  it('sorts names case-insensitively', () => {
    expect(ids(sortBookings(list, 'name'))).toEqual([2, 3, 1, 4])
  })
  it('sorts by price with the id breaking ties', () => {
    expect(ids(sortBookings(list, 'totalPrice'))).toEqual([2, 3, 4, 1])
    expect(ids(sortBookings(list, 'totalPrice', 'desc'))).toEqual([1, 4, 3, 2])
  })
  it('sorts by booking date and status', () => {
    expect(ids(sortBookings(list, 'createdAt'))).toEqual([4, 2, 3, 1])
    expect(ids(sortBookings(list, 'status'))).toEqual([3, 4, 2, 1])
  })
  it('puts unparseable time text after real times', () => {
    const l = [b({ id: 1, timeText: 'noon-ish' }), b({ id: 2, timeText: '11:30 PM' })]
    expect(ids(sortBookings(l))).toEqual([2, 1])
  })
  it('does not mutate its input', () => {
    const copy = [...list]
    sortBookings(list, 'name')
    expect(list).toEqual(copy)
  })
})

describe('parseBookingIdParam', () => {
  it.each([
    ['5', 5],
    ['0', null],
    ['abc', null],
    ['5abc', null],
    ['-1', null],
    ['', null],
    [null, null],
  ])('%j → %j', (v, expected) => {
    expect(parseBookingIdParam(v)).toBe(expected)
  })
})

describe('matchesText', () => {
  it('is a case-insensitive substring over the given fields, skipping nulls', () => {
    expect(matchesText(['Hello', null, 'World'], 'wor')).toBe(true)
    expect(matchesText(['Hello', null], 'xyz')).toBe(false)
    expect(matchesText([null], '')).toBe(true)
  })
})
