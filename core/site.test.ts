import { describe, expect, it } from 'vitest'
import { guideNameOr, UNNAMED_GUIDE } from './site.ts'

describe('the guide’s name in a text', () => {
  it('is the configured name once there is one', () => {
    expect(guideNameOr({ guideName: 'Yuki' }, '地元のガイド')).toBe('Yuki')
  })
  it('is the text’s own words while the deployment has not named the guide', () => {
    expect(guideNameOr({ guideName: UNNAMED_GUIDE }, '地元のガイド')).toBe('地元のガイド')
  })
})
