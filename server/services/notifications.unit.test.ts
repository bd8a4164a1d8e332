import { describe, expect, it } from 'vitest'
import { ATTENTIONS, NOTICES, type Attention, type AttentionKind, type Notice, type NoticeKind } from '../../core/admin-notices.ts'
import { ADMIN_LOCALES } from '../../core/i18n/admin-locales.ts'
import { allSourceMessages } from '../i18n/catalog.ts'
import { messageArguments } from '../i18n/message-arguments.ts'
import { renderAttention } from './attention.ts'
import { renderNotice } from './notifications.ts'

/** A notice of each kind, with the values its service gives it: every kind must be here (the type says so). */
const EXAMPLES: Record<NoticeKind, Notice['values']> = {
  newBooking: { name: 'Kenji', date: '2031-05-10', slot: 'morning', people: 2, amount: 14300 },
  paymentReceived: { name: 'Kenji', date: '2031-05-10', slot: 'morning', amount: 14300 },
  bookingCancelled: { name: 'Kenji', date: '2031-05-10', slot: 'afternoon', reason: 'cancelled by the guest' },
  bookingCancelledRefund: { name: 'Kenji', date: '2031-05-10', slot: 'afternoon', reason: 'cancelled by the guest', amount: 7150 },
  bookingMovedByGuest: { name: 'Kenji', dateFrom: '2031-05-10', slotFrom: 'morning', date: '2031-05-17', slot: 'full-day' },
  bookingMovedByGuide: { name: 'Kenji', dateFrom: '2031-05-10', slotFrom: 'morning', date: '2031-05-17', slot: 'full-day' },
  bookingMovedAfterDisruption: { name: 'Kenji', dateFrom: '2031-05-10', slotFrom: 'morning', date: '2031-05-17', slot: 'full-day' },
  bookingExpired: { name: 'Kenji', date: '2031-05-10', slot: 'morning' },
  newMessage: { name: 'Maria', text: 'Is the castle open?' },
  newMessageAbout: { name: 'Maria', tour: 'Castle walk', text: 'Is the castle open?' },
  newReview: { name: 'Kenji', rating: 5, title: 'Wonderful' },
  reviewChanged: { name: 'Kenji', rating: 4, title: 'Very good' },
  voucherSold: { name: 'Anna', amount: 20000 },
  voucherSoldFor: { name: 'Anna', amount: 20000, recipient: 'Ben' },
  resellerBooking: { name: 'Kenji', date: '2031-05-10', slot: 'morning', reseller: 'Klook', referenced: 'yes', reference: 'KL-77', people: 3, amount: 21450 },
  resellerBookingCancelled: { name: 'Kenji', date: '2031-05-10', slot: 'morning', reseller: 'Klook', referenced: 'yes', reference: 'KL-77', reason: 'cancelled by the reseller', hooked: 'yes' },
  dayCalledOff: { date: '2031-05-10', cause: 'snow', bookings: 2, resold: 1, hooked: 'Klook', hookedCount: 1, unhooked: 'Viator', unhookedCount: 1 },
  slotCalledOff: { date: '2031-05-10', slot: 'afternoon', cause: 'guide-unwell', bookings: 1, resold: 0, hooked: '', hookedCount: 0, unhooked: '', unhookedCount: 0 },
  refundedAfterNoAnswer: { name: 'Kenji', date: '2031-05-10', amount: 14300, status: 'failed' },
  cancelledAfterNoAnswer: { name: 'Kenji', date: '2031-05-10' },
  doubleBooking: { calendar: 'GetYourGuide', described: 'yes', summary: 'GetYourGuide: 4 guests', date: '2031-05-10', slot: 'afternoon', reference: 'JTB-ABCD', name: 'Kenji' },
  paymentMismatch: { name: 'Kenji', received: 5000, currency: 'USD', due: 14300 },
  paidAfterHoldSlotTaken: { name: 'Kenji', amount: 14300 },
  paidAfterHoldPriceChanged: { name: 'Kenji', amount: 14300 },
  changePaidSlotTaken: { name: 'Kenji', amount: 8800 },
  voucherPaymentMismatch: { name: 'Anna', received: 100, currency: 'USD', expected: 20000, expectedCurrency: 'jpy' },
}

/** A note of each kind on a booking or a voucher, with the values its writer gives it. */
const ATTENTION_EXAMPLES: Record<AttentionKind, Attention['values']> = {
  paidTwice: { intent: 'pi_2' },
  paidAfterCancel: { amount: 14300 },
  paymentMismatch: { intent: 'pi_1', received: 100, currency: 'JPY', due: 14300 },
  paidAfterHoldSlotTaken: { amount: 14300 },
  paidAfterHoldPriceChanged: { amount: 14300 },
  cashBackCheaperMove: { amount: 3000 },
  cashBackCancelled: { amount: 3000 },
  refundIssuing: { amount: 14300 },
  refundFailed: { amount: 14300, detail: 'card_declined' },
  refundedInProvider: { amount: 2000 },
  voucherPaymentMismatch: { intent: 'pi_3', received: 100, currency: 'USD', expected: 20000, expectedCurrency: 'jpy' },
  voucherPaidTwice: { intent: 'pi_4' },
  voucherRefundedWhileUsable: { amount: 5000 },
}

describe('the dashboard’s notices (docs/decisions/0086)', () => {
  const sources = allSourceMessages()

  it.each(Object.keys(NOTICES) as NoticeKind[])('%s has every value its messages read, in every dashboard language', (kind) => {
    const values = EXAMPLES[kind]
    for (const locale of ADMIN_LOCALES) {
      for (const id of [NOTICES[kind].title, NOTICES[kind].message]) {
        const missing = [...messageArguments(sources[locale][id]!)].filter((name) => !(name in values))
        expect(missing, `${locale} ${id}`).toEqual([])
      }
      const { title, message } = renderNotice(locale, { kind, values })
      expect(`${title} ${message}`).not.toMatch(/[{}]/)
    }
  })

  it.each(Object.keys(ATTENTIONS) as AttentionKind[])('the note %s has every value its message reads, in every dashboard language', (kind) => {
    const values = ATTENTION_EXAMPLES[kind]
    for (const locale of ADMIN_LOCALES) {
      expect([...messageArguments(sources[locale][ATTENTIONS[kind]]!)].filter((name) => !(name in values)), locale).toEqual([])
      expect(renderAttention(locale, { kind, values })).not.toMatch(/[{}]/)
    }
  })

  it('writes a note in Japanese with its yen in Japanese, and in the English the API has always answered', () => {
    expect(renderAttention('ja', { kind: 'refundFailed', values: ATTENTION_EXAMPLES.refundFailed })).toBe('14,300円の自動返金に失敗しました（card_declined）。決済サービスで返金してください。')
    expect(renderAttention('en', { kind: 'refundIssuing', values: ATTENTION_EXAMPLES.refundIssuing })).toBe('Refund of ¥14,300 is being issued.')
    expect(renderAttention('en', { kind: 'paymentMismatch', values: ATTENTION_EXAMPLES.paymentMismatch })).toBe(
      'Payment pi_1 does not match the booking total: Received 100 JPY for a booking of 14300 JPY. It is refunded automatically; check it in the payment provider.',
    )
  })

  it('writes a call-off in Japanese with the cause, the counts and who tells each reseller in Japanese', () => {
    const { title, message } = renderNotice('ja', { kind: 'dayCalledOff', values: EXAMPLES.dayCalledOff })
    expect(title).toBe('ツアーを中止しました')
    expect(message).toBe(
      '2031年5月10日土曜日（終日）を中止しました：大雪。2件の予約に、別の日への変更または全額返金をご案内しました。販売代理店経由の予約1件をキャンセルしました。KlookにはWebhookで通知されます（届いたかどうかは、ダッシュボードの「チャネル」で確認できます）。ViatorにはWebhookがありません。直接連絡してください。',
    )
  })

  it('keeps the English the integration tests and the guide have read: counts, resellers and no empty clauses', () => {
    expect(renderNotice('en', { kind: 'dayCalledOff', values: EXAMPLES.dayCalledOff }).message).toBe(
      'Saturday, May 10, 2031 (the whole day) is called off: Heavy snow. 2 bookings were offered a new date or a full refund. 1 reseller booking was cancelled. Klook is told through its webhook (Dashboard → Channels shows whether it arrived). Viator has no webhook: tell Viator.',
    )
    expect(renderNotice('en', { kind: 'slotCalledOff', values: EXAMPLES.slotCalledOff }).message).toBe(
      'Saturday, May 10, 2031 (afternoon) is called off: Guide unwell. 1 booking was offered a new date or a full refund.',
    )
    expect(renderNotice('en', { kind: 'doubleBooking', values: { ...EXAMPLES.doubleBooking, described: 'no', summary: '' } })).toEqual({
      title: 'Double booking on GetYourGuide',
      message: "GetYourGuide's calendar has an event on Saturday, May 10, 2031 (afternoon), which booking JTB-ABCD (Kenji) already holds here. Nothing was changed on this site: settle it with GetYourGuide.",
    })
    expect(renderNotice('ja', { kind: 'refundedAfterNoAnswer', values: EXAMPLES.refundedAfterNoAnswer }).message).toContain('14,300円を返金しました（失敗：手動で返金してください）')
  })
})
