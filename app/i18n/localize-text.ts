import { useMatches } from 'react-router'
import { matchMessage } from '../../core/i18n/message-match.ts'
import type { MessageId } from '../../core/i18n/message-id.ts'
import { useT } from './i18n.tsx'

// Its own module, so only the form pages load the matcher (the home page's budget).

/**
 * The shared schemas' and the server's English messages (the API's language) in the page's
 * language: a form page's loader sends the English texts of the 'errors' namespace with its
 * messages in other locales (formPageMessages), and the text is recognised among them.
 */
export function useLocalizeText(): (text: string) => string {
  const t = useT()
  const english = useMatches()
    .map((m) => (m.loaderData as { errorTexts?: Record<string, string> } | undefined)?.errorTexts)
    .find((texts) => texts !== undefined)
  return (text) => {
    const match = english ? matchMessage(text, english) : undefined
    return match ? t(match.id as MessageId, match.values) : text
  }
}
