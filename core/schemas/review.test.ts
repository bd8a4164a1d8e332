import { describe, expect, it } from 'vitest'
import { REVIEW_CONSENT_MESSAGE, reviewSchema } from './review.ts'
import { fieldErrors } from './field-errors.ts'
import { englishOfEach } from '../i18n/refusal-english.test-support.ts'

const valid = { rating: 5, title: 'A wonderful day', text: 'Everything was lovely, from the shrine to the noodles.', displayName: 'Aiko T.', consent: true }

function errors(input: Record<string, unknown>): Record<string, string> {
  const result = reviewSchema.safeParse(input)
  return result.success ? {} : englishOfEach(fieldErrors(result.error))
}

describe('reviewSchema consent (docs/decisions/0063, 0073)', () => {
  it('takes a tick: true from JSON, "on" or "true" from a form', () => {
    for (const tick of [true, 'true', 'on']) expect(errors({ ...valid, consent: tick }), String(tick)).toEqual({})
  })

  it('refuses anything but a tick with the form’s message', () => {
    for (const refusal of [false, 'false', 'off', '', 'yes', 0, 1, null, undefined, ['on']]) {
      expect(errors({ ...valid, consent: refusal }), JSON.stringify(refusal)).toEqual({ consent: REVIEW_CONSENT_MESSAGE })
    }
  })

  it('reads a missing field as no: an unticked box sends nothing, and an API client that leaves it out has not agreed', () => {
    const { consent: _, ...withoutConsent } = valid
    expect(errors(withoutConsent)).toEqual({ consent: REVIEW_CONSENT_MESSAGE })
  })
})
