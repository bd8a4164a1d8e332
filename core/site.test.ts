import { describe, expect, it } from 'vitest'
import { guideNameOr, siteIn, UNNAMED_GUIDE, type SiteIdentity } from './site.ts'

describe('the guide’s name in a text', () => {
  it('is the configured name once there is one', () => {
    expect(guideNameOr({ guideName: 'Yuki' }, '地元のガイド')).toBe('Yuki')
  })
  it('is the text’s own words while the deployment has not named the guide', () => {
    expect(guideNameOr({ guideName: UNNAMED_GUIDE }, '地元のガイド')).toBe('地元のガイド')
  })
})

describe('the business’s words in a language (docs/decisions/0079)', () => {
  const site = {
    businessName: 'Joetsu Local Tours',
    guideName: 'Aya',
    email: 'hello@example.com',
    whatsappNumber: '+81 90-0000-0000',
    socialUrl: 'https://www.instagram.com/',
    socialLabel: 'Instagram',
    city: 'Joetsu City, Niigata Prefecture, Japan',
    baseUrl: 'https://tours.example.jp',
    seller: { name: null, manager: null, address: null, phone: null },
    inLanguages: {
      en: { businessName: 'Joetsu Local Tours', guideName: 'Aya', city: 'Joetsu City, Niigata Prefecture, Japan' },
      ja: { businessName: '上越ローカルツアーズ', guideName: 'あや', city: '新潟県上越市' },
      ko: { city: '일본 니가타현 조에쓰시' },
    },
  } satisfies SiteIdentity
  it('are the language’s own where the deployment gives them, the English ones elsewhere', () => {
    expect(siteIn(site, 'ja')).toMatchObject({ businessName: '上越ローカルツアーズ', guideName: 'あや', city: '新潟県上越市' })
    expect(siteIn(site, 'ko')).toMatchObject({ businessName: 'Joetsu Local Tours', guideName: 'Aya', city: '일본 니가타현 조에쓰시' })
    expect(siteIn(site, 'zh-Hant')).toMatchObject({ businessName: 'Joetsu Local Tours', city: 'Joetsu City, Niigata Prefecture, Japan' })
  })
  it('come back to English from another language', () => {
    expect(siteIn(siteIn(site, 'ja'), 'en')).toMatchObject({ businessName: 'Joetsu Local Tours', guideName: 'Aya', city: 'Joetsu City, Niigata Prefecture, Japan' })
  })
})
