import './zod-config.ts'
import { z } from 'zod'

export const CHANNEL_NAME_MAX = 80
export const CHANNEL_URL_MAX = 2000

export const CHANNEL_NAME_MESSAGE = `Give the channel a name of 1 to ${CHANNEL_NAME_MAX} characters, e.g. Viator`
export const CHANNEL_URL_MESSAGE = 'Paste the calendar’s address as the platform gives it, starting with https:// or http://'
export const CHANNEL_URL_LENGTH_MESSAGE = `The calendar’s address must be at most ${CHANNEL_URL_MAX} characters`

/** webcal:// is how platforms write an http(s) calendar link for calendar apps; it is read as https://. */
const WEBCAL = /^webcals?:\/\//i

/**
 * A calendar the guide adds in Dashboard → Channels (docs/decisions/0077): a name for the channel
 * (shown on the slots it closes) and the iCalendar address of the guide's listing there. Only
 * http: and https: are fetched; a webcal: link is read as https:.
 */
export const channelCalendarInputSchema = z.object({
  name: z.string({ error: CHANNEL_NAME_MESSAGE }).trim().min(1, CHANNEL_NAME_MESSAGE).max(CHANNEL_NAME_MAX, CHANNEL_NAME_MESSAGE),
  url: z
    .string({ error: CHANNEL_URL_MESSAGE })
    .trim()
    .min(1, CHANNEL_URL_MESSAGE)
    .max(CHANNEL_URL_MAX, CHANNEL_URL_LENGTH_MESSAGE)
    .transform((url) => url.replace(WEBCAL, 'https://'))
    .refine((url) => {
      try {
        const parsed = new URL(url)
        return (parsed.protocol === 'https:' || parsed.protocol === 'http:') && parsed.hostname !== '' && parsed.username === '' && parsed.password === ''
      } catch {
        return false
      }
    }, CHANNEL_URL_MESSAGE),
})

export type ChannelCalendarInput = z.output<typeof channelCalendarInputSchema>
