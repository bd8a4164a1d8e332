import { describe, expect, it } from 'vitest'
import { CONSENT_GAP_LABELS, checkoutAsksConsent, consentGapLabel } from './booking-consent.ts'
import type { BookingStatus } from './schemas/booking-status.ts'

const guides = { arrangedBy: 'guide', policyAcceptedAt: null, createdAt: '2026-12-10T03:00:00.000Z' }

describe('checkoutAsksConsent (docs/decisions/0073)', () => {
  it.each<[string, Parameters<typeof checkoutAsksConsent>[0], boolean]>([
    ['a hold the guide made', { arrangedBy: 'guide', policyAcceptedAt: null, status: 'pending' }, true],
    ['a booking the guide confirmed without payment', { arrangedBy: 'guide', policyAcceptedAt: null, status: 'confirmed' }, true],
    ['a guide’s booking already accepted', { arrangedBy: 'guide', policyAcceptedAt: '2026-12-10T03:00:00.000Z', status: 'pending' }, false],
    ['a guide’s booking that is paid', { arrangedBy: 'guide', policyAcceptedAt: null, status: 'paid' }, false],
    ['a guide’s booking that is cancelled (or whose hold lapsed)', { arrangedBy: 'guide', policyAcceptedAt: null, status: 'cancelled' }, false],
    ['a guest’s own booking, ticked on the form', { arrangedBy: null, policyAcceptedAt: new Date('2026-12-10T03:00:00.000Z'), status: 'pending' }, false],
    ['a guest’s own booking from before the form asked', { arrangedBy: null, policyAcceptedAt: null, status: 'confirmed' }, false],
  ])('%s: %s', (_, booking, asks) => {
    expect(checkoutAsksConsent(booking)).toBe(asks)
  })
})

describe('consentGapLabel (docs/decisions/0073)', () => {
  it('says nothing of a gap when the consent is on record', () => {
    expect(consentGapLabel({ ...guides, status: 'paid', policyAcceptedAt: '2026-12-11T00:00:00.000Z' })).toBeNull()
  })

  it('says a booking predates the form only when it was made by the end of the first version’s day in Japan', () => {
    for (const status of ['pending', 'confirmed', 'paid', 'cancelled'] as BookingStatus[]) {
      // 23:59 on 2026-11-25 in Japan.
      expect(consentGapLabel({ arrangedBy: null, policyAcceptedAt: null, status, createdAt: '2026-11-25T14:59:00.000Z' })).toBe(CONSENT_GAP_LABELS.beforeForm)
      expect(consentGapLabel({ arrangedBy: null, policyAcceptedAt: null, status, createdAt: '2025-06-01T00:00:00.000Z' })).toBe(CONSENT_GAP_LABELS.beforeForm)
    }
    // 00:00 on 2026-11-26 in Japan: the form asked by then.
    expect(consentGapLabel({ ...guides, status: 'pending', createdAt: '2026-11-25T15:00:00.000Z' })).toBe(CONSENT_GAP_LABELS.awaitingGuest)
  })

  it('tells the guide’s bookings by where they stand', () => {
    expect(consentGapLabel({ ...guides, status: 'pending' })).toBe('Not yet given: made by the guide, the guest has not paid through the link')
    expect(consentGapLabel({ ...guides, status: 'confirmed' })).toBe("Confirmed by the guide without the guest's online consent")
    expect(consentGapLabel({ ...guides, status: 'paid' })).toBe(CONSENT_GAP_LABELS.paidWithout)
    expect(consentGapLabel({ ...guides, status: 'cancelled' })).toBe(CONSENT_GAP_LABELS.cancelledWithout)
  })

  it('never says a later guest’s booking predates the form', () => {
    expect(consentGapLabel({ ...guides, arrangedBy: null, status: 'paid' })).toBe('Not recorded')
  })
})
