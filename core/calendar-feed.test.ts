import { describe, expect, it } from 'vitest'
import { feedDescription, feedSequence, feedStatus, feedSummary, feedWindow } from './calendar-feed.ts'

describe('the guide’s calendar feed', () => {
  it('covers 30 days back to the end of the booking window, in Japan’s calendar', () => {
    // 2030-05-01 23:30 UTC is already 2 May in Japan.
    expect(feedWindow(new Date('2030-05-01T23:30:00Z'), 180)).toEqual({ from: '2030-04-02', to: '2030-10-29' })
    expect(feedWindow(new Date('2030-05-01T03:00:00Z'), 60)).toEqual({ from: '2030-04-01', to: '2030-06-30' })
  })

  it('lists paid, confirmed and held bookings, and neither cancelled ones nor holds that ran out', () => {
    const now = new Date('2030-05-01T03:00:00Z')
    const later = new Date('2030-05-01T03:10:00Z')
    const earlier = new Date('2030-05-01T02:50:00Z')
    expect(feedStatus({ status: 'paid', holdExpiresAt: null }, now)).toBe('paid')
    expect(feedStatus({ status: 'confirmed', holdExpiresAt: null }, now)).toBe('confirmed')
    expect(feedStatus({ status: 'pending', holdExpiresAt: later }, now)).toBe('pending')
    expect(feedStatus({ status: 'pending', holdExpiresAt: earlier }, now)).toBeNull()
    expect(feedStatus({ status: 'cancelled', holdExpiresAt: null }, now)).toBeNull()
  })

  it('marks an unpaid hold in the summary and counts the group', () => {
    expect(feedSummary({ name: 'Aiko Tanaka', numberOfPeople: 3 }, 'pending')).toBe('HOLD – unpaid: Aiko Tanaka (3 people)')
    expect(feedSummary({ name: 'Ben', numberOfPeople: 1 }, 'paid')).toBe('Paid: Ben (1 person)')
    expect(feedSummary({ name: 'Chloé', numberOfPeople: 2 }, 'confirmed')).toBe('Confirmed: Chloé (2 people)')
  })

  it('tells the guide the tour, the group, the phone, where to meet, the note and where the booking is', () => {
    const booking = { name: 'Aiko', numberOfPeople: 3, phone: '+81 90 1234 5678', tourTime: 'morning' as const, packageName: 'Half-Day Tour', specialRequests: 'Vegetarian child', meeting: 'Hotel pickup: Hotel Centraal' }
    const text = feedDescription(booking, 'pending', 'https://tours.example.com/admin/dashboard?tab=bookings&bookingId=7', new Date('2030-05-01T03:30:00Z'))
    expect(text.split('\n')).toEqual([
      'Half-Day Tour, morning',
      'Guests: 3',
      'Phone: +81 90 1234 5678',
      'Meeting: Hotel pickup: Hotel Centraal',
      'Status: unpaid hold until 2030-05-01T03:30:00Z: the slot is free again if the guest does not pay',
      'Note: Vegetarian child',
      'Booking: https://tours.example.com/admin/dashboard?tab=bookings&bookingId=7',
    ])
    expect(feedDescription({ ...booking, specialRequests: null, meeting: null }, 'paid', 'u', null)).not.toMatch(/Note:|Meeting:/)
    // The answers to the booking questions, in English, after the note (docs/decisions/0053).
    const answers = [
      { questionId: 1, type: 'one-choice' as const, label: 'Dietary needs', guestLabel: '食事の制限', value: 'allergies', choices: [{ id: 'allergies', label: 'Allergies', guestLabel: 'アレルギー' }], detail: 'Peanuts' },
      { questionId: 4, type: 'short-text' as const, label: 'How you arrive', guestLabel: '到着方法', value: 'Shinkansen 10:12' },
    ]
    expect(feedDescription({ ...booking, answers }, 'paid', 'u', null).split('\n').slice(5, 8)).toEqual(['Note: Vegetarian child', 'Dietary needs: Allergies: Peanuts', 'How you arrive: Shinkansen 10:12'])
  })

  it('gives a later change a higher SEQUENCE, within a 32-bit integer for decades', () => {
    const a = feedSequence(new Date('2030-05-01T03:00:00Z'))
    const b = feedSequence(new Date('2030-05-01T03:00:01Z'))
    expect(b).toBeGreaterThan(a)
    expect(feedSequence(new Date('2090-01-01T00:00:00Z'))).toBeLessThan(2 ** 31)
    expect(feedSequence(new Date('2020-01-01T00:00:00Z'))).toBe(0)
  })
})
