import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { SiteIdentity } from '../core/site.ts'
import { BUILD_IDENTITY_FILE, buildIdentityMismatch, writeBuildIdentity } from './build-identity.ts'

const identity: SiteIdentity = {
  businessName: 'Joetsu Local Tours',
  guideName: 'Aya',
  email: 'hello@joetsu-tours.jp',
  whatsappNumber: '+81 90-1234-5678',
  socialUrl: 'https://www.instagram.com/joetsu',
  socialLabel: 'Instagram',
  city: 'Joetsu City, Niigata Prefecture, Japan',
  baseUrl: 'https://joetsu-tours.jp',
  seller: { name: 'Aya Sato', manager: null, address: null, phone: null },
  inLanguages: { en: { businessName: 'Joetsu Local Tours', guideName: 'Aya', city: 'Joetsu City, Niigata Prefecture, Japan' }, ja: { guideName: 'あや', city: '新潟県上越市' } },
}

describe('the identity a build was prerendered with', () => {
  const dirs: string[] = []
  const buildDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'jlt-build-'))
    dirs.push(dir)
    return dir
  }
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
  })

  it('agrees with the same settings, whatever the trailing slash of BASE_URL', () => {
    const dir = buildDir()
    writeBuildIdentity(dir, { ...identity, baseUrl: 'https://joetsu-tours.jp/' })
    expect(buildIdentityMismatch(dir, identity)).toBeNull()
  })

  it('names the variables that differ, seller fields included', () => {
    const dir = buildDir()
    writeBuildIdentity(dir, identity)
    const server = { ...identity, baseUrl: 'http://localhost:3000', seller: { ...identity.seller, phone: '+81 25-000-0000' } }
    expect(buildIdentityMismatch(dir, server)).toEqual(['BASE_URL', 'SELLER_PHONE'])
  })

  it('names a language’s own words by their variable (docs/decisions/0079)', () => {
    const dir = buildDir()
    writeBuildIdentity(dir, identity)
    const server = { ...identity, inLanguages: { ...identity.inLanguages, ja: { guideName: 'あや', city: '上越市' }, ko: { businessName: '조에쓰 로컬 투어' } } }
    expect(buildIdentityMismatch(dir, server)).toEqual(['BUSINESS_CITY_JA', 'BUSINESS_NAME_KO'])
  })

  it('reports every variable when the build has no record', () => {
    const dir = buildDir()
    expect(fs.existsSync(path.join(dir, BUILD_IDENTITY_FILE))).toBe(false)
    expect(buildIdentityMismatch(dir, identity)).toContain('BUSINESS_EMAIL')
  })
})
