import { describe, expect, it } from 'vitest'
import { AMOUNT_MESSAGE, DATES_ORDER_MESSAGE, PERCENT_MESSAGE, promoCodeInputSchema } from './promo-code.ts'
import { PROMO_CODE_FORMAT_MESSAGE } from '../promo-codes.ts'
import { englishOf } from '../i18n/refusal-english.test-support.ts'

const valid = { code: ' spring-10 ', kind: 'percent', value: '10' }

function messageOf(input: Record<string, unknown>) {
  const parsed = promoCodeInputSchema.safeParse(input)
  return parsed.success ? null : parsed.error.issues.map((i) => `${i.path.join('.')}: ${englishOf(i.message)}`)
}

describe('promoCodeInputSchema', () => {
  it('normalises the code and reads empty limits as none', () => {
    expect(promoCodeInputSchema.parse({ ...valid, validFrom: '', maxUses: '', minGroup: '', tourKind: '' })).toEqual({
      code: 'SPRING-10',
      kind: 'percent',
      value: 10,
      validFrom: undefined,
      validTo: undefined,
      maxUses: undefined,
      onePerEmail: false,
      tourKind: undefined,
      minGroup: undefined,
      active: true,
    })
  })

  it('takes the form fields of a full code', () => {
    expect(
      promoCodeInputSchema.parse({ code: 'GROUP', kind: 'amount', value: '3000', validFrom: '2026-06-01', validTo: '2026-06-01', maxUses: '5', onePerEmail: 'on', tourKind: 'full-day', minGroup: '3', active: 'off' }),
    ).toMatchObject({ value: 3000, maxUses: 5, onePerEmail: true, tourKind: 'full-day', minGroup: 3, active: false })
  })

  it.each([
    [{ ...valid, code: 'x' }, [`code: ${englishOf(PROMO_CODE_FORMAT_MESSAGE)}`]],
    [{ ...valid, code: 'no spaces' }, [`code: ${englishOf(PROMO_CODE_FORMAT_MESSAGE)}`]],
    [{ ...valid, value: '101' }, [`value: ${englishOf(PERCENT_MESSAGE)}`]],
    [{ ...valid, value: '0' }, [`value: ${englishOf(AMOUNT_MESSAGE)}`]],
    [{ ...valid, kind: 'amount', value: '1.5' }, [`value: ${englishOf(AMOUNT_MESSAGE)}`]],
    [{ ...valid, validFrom: '2026-06-02', validTo: '2026-06-01' }, [`validTo: ${englishOf(DATES_ORDER_MESSAGE)}`]],
    [{ ...valid, validFrom: '2026-02-30' }, ['validFrom: Please enter a valid date']],
    [{ ...valid, validFrom: '2030-01-01"', validTo: '2030-12-31' }, ['validFrom: Please enter a valid date']],
    [{ ...valid, maxUses: '0' }, ['maxUses: Total uses must be a whole number from 1']],
    [{ ...valid, minGroup: '31' }, ['minGroup: A minimum group is from 1 to 30 people']],
  ])('refuses %j', (input, messages) => {
    expect(messageOf(input)).toEqual(messages)
  })
})
