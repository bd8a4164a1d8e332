import type { MessageId } from '../../core/i18n/message-id.ts'

/** The four steps, shared by Home (summary) and How It Works (full). */
export const planningSteps = [
  { title: 'planning.inspired.title', summary: 'planning.inspired.summary' },
  { title: 'planning.contact.title', summary: 'planning.contact.summary' },
  { title: 'planning.together.title', summary: 'planning.together.summary' },
  { title: 'planning.enjoy.title', summary: 'planning.enjoy.summary' },
] as const satisfies ReadonlyArray<{ title: MessageId; summary: MessageId }>
