import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { guideWords } from '../../server/db/schema.ts'
import { aboutWords, untranslatedFields } from '../../core/guide-words.ts'
import { ENGINES } from './databases.ts'
import { startTestApp, type TestApp, type TestClient } from './app.ts'

/**
 * The guide's words on the About page (issue 17, docs/decisions/0049) through the API on each
 * engine: per language, the site's text in that language where nothing is written, a save that
 * changes only its own language (docs/decisions/0075), and bad input refused with nothing stored
 * changed.
 */
describe.each(ENGINES)('the guide’s words on %s', (engine) => {
  let app: TestApp
  let admin: TestClient

  beforeEach(async () => {
    app = await startTestApp(engine)
    admin = await app.loggedIn(true)
  })
  afterEach(async () => {
    await app.close()
  })

  const shown = async (locale: 'en' | 'ja' | 'ko') => aboutWords(await app.services.guideWords.all(), locale)

  it('starts from the site’s own text in every language, and stores nothing for it', async () => {
    const res = await admin.get('/api/admin/guide-words')
    expect(res.status).toBe(200)
    expect(res.json.words).toEqual({})
    expect(res.json.shipped.ja.biography.split('\n\n')).toHaveLength(3)
    expect(res.json.shipped.en.loves.split('\n')).toHaveLength(5)
    expect(res.json.shipped.en.signature).not.toMatch(/<\d>/)

    // Saving the form as it came changes nothing: the page keeps following the site's text.
    const saved = await admin.put('/api/admin/guide-words/ja', res.json.shipped.ja)
    expect(saved.status, saved.text).toBe(200)
    expect(saved.json.words).toEqual({})
    expect(await app.db.select().from(guideWords)).toEqual([])
    expect(await shown('ja')).toEqual({ seasons: {} })
  })

  it('shows each language its own words only: saving English changes no other language, and saving Japanese keeps the English (docs/decisions/0075)', async () => {
    const english = {
      biography: 'I am Aki.\r\n\r\nI grew up by the castle moat.',
      signature: '— Aki, your guide',
      loves: 'Sake\n\n  Snow  \nRamen',
      winter: 'Snow to the eaves.',
    }
    const japaneseBefore = await shown('ja')
    expect((await admin.put('/api/admin/guide-words/en', english)).status).toBe(200)
    // Japanese and Korean still show the site's text in their own language, and the dashboard says what is left to write.
    expect(await shown('ja')).toEqual(japaneseBefore)
    expect(await shown('ko')).toEqual({ seasons: {} })
    const listed = (await admin.get('/api/admin/guide-words')).json
    expect(Object.keys(listed.words)).toEqual(['en'])
    expect(untranslatedFields(listed.words, 'ja')).toEqual(['biography', 'signature', 'loves', 'winter'])

    expect((await admin.put('/api/admin/guide-words/ja', { biography: '上越で育ったアキです。', signature: '' })).status).toBe(200)
    expect(await shown('en')).toEqual({
      biography: ['I am Aki.', 'I grew up by the castle moat.'],
      signature: '— Aki, your guide',
      loves: ['Sake', 'Snow', 'Ramen'],
      seasons: { winter: ['Snow to the eaves.'] },
    })
    expect(await shown('ja')).toEqual({ biography: ['上越で育ったアキです。'], seasons: {} })
    expect(untranslatedFields(await app.services.guideWords.all(), 'ja')).toEqual(['signature', 'loves', 'winter'])

    // Saving English again keeps the Japanese words as they are.
    expect((await admin.put('/api/admin/guide-words/en', { ...english, biography: 'I am Aki, a guide.' })).status).toBe(200)
    expect(await shown('ja')).toEqual({ biography: ['上越で育ったアキです。'], seasons: {} })
    expect((await shown('en')).biography).toEqual(['I am Aki, a guide.'])

    // Emptied again, a language goes back to the site's text; the other keeps its own.
    expect((await admin.put('/api/admin/guide-words/ja', {})).json.words).toEqual({})
    expect(await shown('ja')).toEqual(japaneseBefore)
    expect((await shown('en')).biography).toEqual(['I am Aki, a guide.'])
    await admin.put('/api/admin/guide-words/en', {})
    expect(await app.db.select().from(guideWords)).toEqual([])
  })

  it.each([
    ['a signature on two lines', { signature: 'Aki\nGuide' }, 'signature', 'Signature must be on one line, without control characters'],
    ['a biography that is too long', { biography: 'あ'.repeat(4001) }, 'biography', 'Biography must be at most 4000 characters'],
    ['eleven favourite things', { loves: Array.from({ length: 11 }, (_, i) => `Thing ${i}`).join('\n') }, 'loves', 'Things I love to share: at most 10 lines'],
    ['a season with a control character', { spring: 'Blossoms\u0007' }, 'spring', 'Spring may not contain control characters other than line breaks and tabs'],
    ['a field the page does not have', { headline: 'Hi' }, '', 'Only the About page’s texts can be written here'],
    ['a text that is not a string', { biography: 42 }, 'biography', 'Biography must be text'],
  ])('refuses %s with a 400 and keeps what was stored', async (_label, body, field, message) => {
    await admin.put('/api/admin/guide-words/en', { biography: 'Kept.' })
    const res = await admin.put('/api/admin/guide-words/en', body)
    expect(res.status, res.text).toBe(400)
    expect(res.json.message).toBe(message)
    if (field) expect(res.json.errors[field]).toBe(message)
    expect((await shown('en')).biography).toEqual(['Kept.'])
  })

  it('takes words only from an admin, and only for the site’s languages', async () => {
    expect((await app.client().put('/api/admin/guide-words/en', { biography: 'x' })).status).toBe(401)
    expect((await (await app.loggedIn(false)).put('/api/admin/guide-words/en', { biography: 'x' })).status).toBe(403)
    expect((await admin.put('/api/admin/guide-words/fr', { biography: 'x' })).status).toBe(404)
    expect(await app.db.select().from(guideWords)).toEqual([])
  })
})
