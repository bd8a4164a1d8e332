import './zod-config.ts'
import { z } from 'zod'
import { refusalMessage } from '../i18n/refusal.ts'

export const CHANNEL_NAME_MAX = 80
export const CHANNEL_URL_MAX = 2000

// Said in the admin's language (docs/decisions/0087).
export const CHANNEL_NAME = refusalMessage('adminErrors.channelName', { max: CHANNEL_NAME_MAX })
export const CHANNEL_URL = refusalMessage('adminErrors.channelUrl')
export const CHANNEL_URL_LENGTH = refusalMessage('adminErrors.channelUrlLength', { max: CHANNEL_URL_MAX })

/** webcal:// is how platforms write an http(s) calendar link for calendar apps; it is read as https://. */
const WEBCAL = /^webcals?:\/\//i

/**
 * A calendar the guide adds in Dashboard → Channels (docs/decisions/0077): a name for the channel
 * (shown on the slots it closes) and the iCalendar address of the guide's listing there. Only
 * http: and https: are fetched; a webcal: link is read as https:.
 */
export const channelCalendarInputSchema = z.object({
  name: z.string({ error: CHANNEL_NAME }).trim().min(1, CHANNEL_NAME).max(CHANNEL_NAME_MAX, CHANNEL_NAME),
  url: z
    .string({ error: CHANNEL_URL })
    .trim()
    .min(1, CHANNEL_URL)
    .max(CHANNEL_URL_MAX, CHANNEL_URL_LENGTH)
    .transform((url) => url.replace(WEBCAL, 'https://'))
    .refine((url) => {
      try {
        const parsed = new URL(url)
        return (parsed.protocol === 'https:' || parsed.protocol === 'http:') && parsed.hostname !== '' && parsed.username === '' && parsed.password === ''
      } catch {
        return false
      }
    }, CHANNEL_URL),
})

export type ChannelCalendarInput = z.output<typeof channelCalendarInputSchema>
