import { eq } from 'drizzle-orm'
import type { Db } from '../db/client.ts'
import { guideWords } from '../db/schema.ts'
import { GUIDE_WORD_KEYS, type GuideWords, type GuideWordsByLocale } from '../../core/guide-words.ts'
import { LOCALE_CODES, type Locale } from '../../core/i18n/locales.ts'
import type { MessageId } from '../../core/i18n/message-id.ts'
import { guideNameOr, type SiteIdentity } from '../../core/site.ts'
import { translate } from '../i18n/catalog.ts'

const STORY: MessageId[] = ['about.story.p1', 'about.story.p2', 'about.story.p3']
const LOVES: MessageId[] = ['about.loves.teramachi', 'about.loves.sake', 'about.loves.sunsets', 'about.loves.cafes', 'about.loves.kenshin']

/**
 * The About page's texts as the site ships them, in one language, in the shape the guide edits:
 * what the dashboard's form starts from, and what a save compares with.
 */
export function shippedWords(locale: Locale, site: Pick<SiteIdentity, 'guideName' | 'businessName'>): Required<GuideWords> {
  const t = (id: MessageId, values?: Record<string, unknown>) => translate(locale, id, values)
  return {
    biography: STORY.map((id) => t(id)).join('\n\n'),
    // The signature's markup (the name's capitals) is the page's, not the guide's text.
    signature: t('about.signature', { guideName: guideNameOr(site, t('common.unnamedGuide')), businessName: site.businessName }).replace(/<\/?\d+>/g, ''),
    loves: LOVES.map((id) => t(id)).join('\n'),
    spring: t('about.seasons.springText'),
    summer: t('about.seasons.summerText'),
    autumn: t('about.seasons.autumnText'),
    winter: t('about.seasons.winterText'),
  }
}

/** The guide's own words on the About page (docs/decisions/0049), one row per language. */
export function createGuideWordsService(db: Db, site: Pick<SiteIdentity, 'guideName' | 'businessName'>) {
  return {
    async all(): Promise<GuideWordsByLocale> {
      const rows = await db.select().from(guideWords)
      return Object.fromEntries(rows.map((row) => [row.locale, row.words]))
    },

    /** The site's own texts in every language, for the dashboard's form. */
    shipped(): Record<Locale, Required<GuideWords>> {
      return Object.fromEntries(LOCALE_CODES.map((locale) => [locale, shippedWords(locale, site)])) as Record<Locale, Required<GuideWords>>
    },

    /**
     * Replaces one language's words. A field left as the site ships it is not stored, so it keeps
     * following the site's text (and its fixes) instead of freezing a copy of it.
     */
    async save(locale: Locale, words: GuideWords): Promise<GuideWords> {
      const shipped = shippedWords(locale, site)
      const own = Object.fromEntries(GUIDE_WORD_KEYS.flatMap((key) => (words[key] && words[key] !== shipped[key] ? [[key, words[key]]] : []))) as GuideWords
      if (Object.keys(own).length === 0) {
        await db.delete(guideWords).where(eq(guideWords.locale, locale))
        return {}
      }
      await db
        .insert(guideWords)
        .values({ locale, words: own })
        .onConflictDoUpdate({ target: guideWords.locale, set: { words: own, updatedAt: new Date() } })
      return own
    },
  }
}

export type GuideWordsService = ReturnType<typeof createGuideWordsService>
