import type { MessageId } from '../../core/i18n/message-id.ts'
import type { SEASONS } from '../../core/guide-words.ts'

type Season = (typeof SEASONS)[number]

/**
 * The guide's story and the "About Joetsu" text, as messages ('about' namespace). The guide's
 * name comes from configuration (docs/decisions/0017), never from here: this copy is written so it reads
 * well with any name. The guide makes the story, the signature, the list and the seasons their own
 * in the dashboard (docs/decisions/0049); these messages are what shows until they do.
 */
export const guideStory: { heading: MessageId; paragraphs: MessageId[]; loves: MessageId[] } = {
  heading: 'about.story.heading',
  paragraphs: ['about.story.p1', 'about.story.p2', 'about.story.p3'],
  loves: ['about.loves.teramachi', 'about.loves.sake', 'about.loves.sunsets', 'about.loves.cafes', 'about.loves.kenshin'],
}

export const tourPromises: { title: MessageId; text: MessageId }[] = [
  { title: 'about.promises.private.title', text: 'about.promises.private.text' },
  { title: 'about.promises.pace.title', text: 'about.promises.pace.text' },
  { title: 'about.promises.english.title', text: 'about.promises.english.text' },
  { title: 'about.promises.meeting.title', text: 'about.promises.meeting.text' },
]

export const aboutJoetsu: { heading: MessageId; paragraphs: MessageId[]; seasons: { key: Season; name: MessageId; text: MessageId }[] } = {
  heading: 'about.joetsu.heading',
  paragraphs: ['about.joetsu.p1', 'about.joetsu.p2', 'about.joetsu.p3'],
  seasons: [
    { key: 'spring', name: 'about.seasons.spring', text: 'about.seasons.springText' },
    { key: 'summer', name: 'about.seasons.summer', text: 'about.seasons.summerText' },
    { key: 'autumn', name: 'about.seasons.autumn', text: 'about.seasons.autumnText' },
    { key: 'winter', name: 'about.seasons.winter', text: 'about.seasons.winterText' },
  ],
}
