import type english from './messages/en.json'

/**
 * Every message id, from the English file (docs/decisions/0044): a call with an id that does not
 * exist fails the type check, and core/i18n/messages.test.ts keeps the other files in step.
 */
export type MessageId = keyof typeof english

/** The first segment of an id ('booking.details.title' → 'booking'): what a page loader asks for. */
export type MessageNamespace = MessageId extends `${infer Namespace}.${string}` ? Namespace : never

export type MessageValues = Record<string, string | number | undefined>
