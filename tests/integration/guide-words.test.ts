import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { guideWords } from '../../server/db/schema.ts'
import { aboutWords, GUIDE_WORD_KEYS, guideWordsSchema, untranslatedFields } from '../../core/guide-words.ts'
import { action as settingsAction, loader as settingsLoader } from '../../app/routes/admin/settings.tsx'
import { ENGINES } from './databases.ts'
import { startTestApp, type TestApp, type TestClient } from './app.ts'
import { loadAdminSection, postAdminSection, postAdminSectionAsVisitor } from './admin-section.ts'

/**
 * The guide's words on the About page (docs/decisions/0049) through Settings' route
 * loader and action (docs/decisions/0088) on each engine: per language, the site's text in that language where nothing is written, a save that
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

  /** Settings' About-page form for one language, as the page's fetcher posts it: every field, blank where nothing is written. */
  const save = (locale: string, words: Record<string, string>) =>
    postAdminSection(app, settingsAction, '/admin/settings', { intent: 'guideWords', locale, ...Object.fromEntries(GUIDE_WORD_KEYS.map((key) => [key, ''])), ...words }, { byScript: true, username: 'guide-admin', language: 'en' })
  const settings = (locale: string) => loadAdminSection(app, settingsLoader, `/admin/settings?words=${locale}`, { username: 'guide-admin' })
  const shown = async (locale: 'en' | 'ja' | 'ko') => aboutWords(await app.services.guideWords.all(), locale)

  it('starts from the site’s own text in every language, and stores nothing for it', async () => {
    const [ja, en] = [(await settings('ja')).guideWords, (await settings('en')).guideWords]
    expect(ja.words).toEqual({})
    expect(ja.shipped.biography!.split('\n\n')).toHaveLength(3)
    expect(en.shipped.loves!.split('\n')).toHaveLength(5)
    expect(en.shipped.signature).not.toMatch(/<\d>/)

    // Saving the form as it came changes nothing: the page keeps following the site's text.
    const saved = await save('ja', ja.shipped as Record<string, string>)
    expect(saved.status, JSON.stringify(saved.data)).toBe(200)
    expect(saved.data?.result).toEqual({})
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
    expect((await save('en', english)).status).toBe(200)
    // Japanese and Korean still show the site's text in their own language, and the dashboard says what is left to write.
    expect(await shown('ja')).toEqual(japaneseBefore)
    expect(await shown('ko')).toEqual({ seasons: {} })
    const listed = (await settings('en')).guideWords
    expect(Object.keys(listed.words)).toEqual(['en'])
    expect(untranslatedFields(listed.words, 'ja')).toEqual(['biography', 'signature', 'loves', 'winter'])

    expect((await save('ja', { biography: '上越で育ったアキです。', signature: '' })).status).toBe(200)
    expect(await shown('en')).toEqual({
      biography: ['I am Aki.', 'I grew up by the castle moat.'],
      signature: '— Aki, your guide',
      loves: ['Sake', 'Snow', 'Ramen'],
      seasons: { winter: ['Snow to the eaves.'] },
    })
    expect(await shown('ja')).toEqual({ biography: ['上越で育ったアキです。'], seasons: {} })
    expect(untranslatedFields(await app.services.guideWords.all(), 'ja')).toEqual(['signature', 'loves', 'winter'])

    // Saving English again keeps the Japanese words as they are.
    expect((await save('en', { ...english, biography: 'I am Aki, a guide.' })).status).toBe(200)
    expect(await shown('ja')).toEqual({ biography: ['上越で育ったアキです。'], seasons: {} })
    expect((await shown('en')).biography).toEqual(['I am Aki, a guide.'])

    // Emptied again, a language goes back to the site's text; the other keeps its own.
    expect((await save('ja', {})).data?.result).toEqual({})
    expect(await shown('ja')).toEqual(japaneseBefore)
    expect((await shown('en')).biography).toEqual(['I am Aki, a guide.'])
    await save('en', {})
    expect(await app.db.select().from(guideWords)).toEqual([])
  })

  it.each([
    ['a signature on two lines', { signature: 'Aki\nGuide' }, 'signature', 'Signature must be on one line, without control characters'],
    ['a biography that is too long', { biography: 'あ'.repeat(4001) }, 'biography', 'Biography must be at most 4000 characters'],
    ['eleven favourite things', { loves: Array.from({ length: 11 }, (_, i) => `Thing ${i}`).join('\n') }, 'loves', 'Things I love to share: at most 10 lines'],
    ['a season with a control character', { spring: 'Blossoms\u0007' }, 'spring', 'Spring may not contain control characters other than line breaks and tabs'],
  ])('refuses %s with a 400 on its field and keeps what was stored', async (_label, words, field, message) => {
    await save('en', { biography: 'Kept.' })
    const res = await save('en', words)
    expect(res.status, JSON.stringify(res.data)).toBe(400)
    expect(res.data?.message).toBe(message)
    expect((res.data?.errors as Record<string, string>)[field]).toBe(message)
    expect((await shown('en')).biography).toEqual(['Kept.'])
  })

  // The form sends the page's texts only, as text; the schema the action reads them with still refuses anything else.
  it.each([
    ['a field the page does not have', { headline: 'Hi' }, 'Only the About page’s texts can be written here'],
    ['a text that is not a string', { biography: 42 }, 'Biography must be text'],
  ])('refuses %s in the words’ schema', (_label, body, message) => {
    const parsed = guideWordsSchema.safeParse(body)
    expect(parsed.success).toBe(false)
    expect(parsed.error?.issues[0]?.message).toBe(message)
  })

  it('takes words only from an admin, and only for the site’s languages', async () => {
    await app.createUser('helper', 'correct-horse-battery', false)
    for (const username of [undefined, 'helper']) {
      const res = await postAdminSectionAsVisitor(app, settingsAction, '/admin/settings', { intent: 'guideWords', locale: 'en', biography: 'x' }, { username })
      expect(res, username).toEqual({ status: 302, location: '/admin/login?denied=1&redirectTo=%2Fadmin%2Fsettings' })
    }
    expect((await save('fr', { biography: 'x' })).status).toBe(404)
    expect(await app.db.select().from(guideWords)).toEqual([])
  })

  it('no longer answers the dashboard’s old JSON routes for the words: Settings’ loader and action took them over', async () => {
    expect((await admin.get('/api/admin/guide-words')).status).toBe(404)
    expect((await admin.put('/api/admin/guide-words/en', { biography: 'x' })).status).toBe(404)
  })
})
