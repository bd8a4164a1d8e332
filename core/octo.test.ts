import { describe, expect, it } from 'vitest'
import { bookingCutoff, includedTax, octoCancellable, octoDayStatus, octoPricing, octoSlotStatus, octoStatusOf, resellerPricing, slotOfAvailabilityId, availabilityIdOf, localTimesOf } from './octo.ts'
import { DEFAULT_SLOT_START_TIMES } from './slots.ts'
import { EXPIRED_REASON } from './booking-lifecycle.ts'

const times = DEFAULT_SLOT_START_TIMES

describe('OCTO availability ids (docs/decisions/0074)', () => {
  it('name a slot by its start in Japan time, and the option tells a morning from a full day', () => {
    expect(availabilityIdOf('2030-05-18', 'afternoon', times)).toBe('2030-05-18T14:00:00+09:00')
    expect(slotOfAvailabilityId('2030-05-18T09:00:00+09:00', 'half-day', times)).toEqual({ tourDate: '2030-05-18', tourTime: 'morning' })
    expect(slotOfAvailabilityId('2030-05-18T09:00:00+09:00', 'full-day', times)).toEqual({ tourDate: '2030-05-18', tourTime: 'full-day' })
    expect(slotOfAvailabilityId('2030-05-18T14:00:00+09:00', 'full-day', times)).toBeNull()
    for (const bad of ['2030-05-18T09:00:00Z', '2030-05-18T09:00:00+08:00', '2030-02-31T09:00:00+09:00', '2030-05-18', '', '2030-05-18T10:00:00+09:00']) {
      expect(slotOfAvailabilityId(bad, 'half-day', times), bad).toBeNull()
    }
  })

  it('end when the tour ends: a half day five hours later, a full day nine', () => {
    expect(localTimesOf('2030-05-18', 'morning', times)).toEqual({ localDateTimeStart: '2030-05-18T09:00:00+09:00', localDateTimeEnd: '2030-05-18T14:00:00+09:00', openingHours: [{ from: '09:00', to: '14:00' }] })
    expect(localTimesOf('2030-05-18', 'full-day', times).localDateTimeEnd).toBe('2030-05-18T18:00:00+09:00')
  })
})

describe('OCTO prices for a private group', () => {
  it('state the tax inside a tax-inclusive price, rounded down once', () => {
    expect(includedTax(14_300)).toBe(1_300)
    expect(includedTax(16_500)).toBe(1_500)
    expect(includedTax(11_440)).toBe(1_040)
    expect(includedTax(1)).toBe(0)
  })

  it('give the reseller’s net after its commission, rounded in the guide’s favour', () => {
    expect(resellerPricing(14_300, 20)).toMatchObject({ retail: 14_300, net: 11_440, currency: 'JPY', currencyPrecision: 0 })
    // 15 % of ¥14,301 is ¥2,145.15: the reseller keeps ¥2,145.
    expect(resellerPricing(14_301, 15).net).toBe(12_156)
    expect(resellerPricing(14_300, 0).net).toBe(14_300)
    expect(octoPricing(10_000, 8_000).includedTaxes).toEqual([{ name: 'Consumption tax (10%)', original: 909, retail: 909, net: 727 }])
  })
})

describe('OCTO statuses', () => {
  it('a free slot takes one group of up to five; a taken one is sold out; anything else closed', () => {
    expect(octoSlotStatus({ available: true, reason: null })).toEqual({ status: 'AVAILABLE', available: true, vacancies: 5, capacity: 5, maxUnits: 5 })
    expect(octoSlotStatus({ available: false, reason: 'booked' }).status).toBe('SOLD_OUT')
    expect(octoSlotStatus({ available: false, reason: 'closed' }).status).toBe('CLOSED')
    expect(octoDayStatus([{ available: false, reason: 'booked' }, { available: true, reason: null }]).status).toBe('AVAILABLE')
    expect(octoDayStatus([{ available: false, reason: 'booked' }, { available: false, reason: 'closed' }]).status).toBe('SOLD_OUT')
    expect(octoDayStatus([{ available: false, reason: 'not-weekend' }]).status).toBe('CLOSED')
  })

  it('a booking reads as on hold, expired, confirmed or cancelled, and is the reseller’s to cancel until seven days before', () => {
    const now = new Date('2030-05-01T03:00:00Z')
    const held = { status: 'pending', holdExpiresAt: new Date('2030-05-01T03:30:00Z'), cancellationReason: null, tourDate: '2030-05-04' }
    expect(octoStatusOf(held, now)).toBe('ON_HOLD')
    expect(octoCancellable(held, '2030-05-01', now)).toBe(true)
    expect(octoStatusOf(held, new Date('2030-05-01T03:31:00Z'))).toBe('EXPIRED')
    expect(octoStatusOf({ ...held, status: 'cancelled', cancellationReason: EXPIRED_REASON }, now)).toBe('EXPIRED')
    expect(octoStatusOf({ ...held, status: 'cancelled', cancellationReason: 'guest changed plans' }, now)).toBe('CANCELLED')
    const confirmed = { ...held, status: 'confirmed', holdExpiresAt: null }
    expect(octoStatusOf(confirmed, now)).toBe('CONFIRMED')
    expect(octoCancellable({ ...confirmed, tourDate: '2030-05-08' }, '2030-05-01', now)).toBe(true)
    expect(octoCancellable({ ...confirmed, tourDate: '2030-05-07' }, '2030-05-01', now)).toBe(false)
  })
})

describe('the reseller’s cut-off', () => {
  it('is the site’s lead time, or the reseller’s hours before the start, whichever comes first', () => {
    // Two days' lead: a Saturday tour can be booked until Thursday ends in Japan.
    expect(bookingCutoff('2030-05-18', 'morning', times, 2, 0).toISOString()).toBe('2030-05-16T15:00:00.000Z')
    expect(bookingCutoff('2030-05-18', 'afternoon', times, 2, 72).toISOString()).toBe('2030-05-15T05:00:00.000Z')
    expect(bookingCutoff('2030-05-18', 'morning', times, 0, 0).toISOString()).toBe('2030-05-18T00:00:00.000Z')
  })
})
