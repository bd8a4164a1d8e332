/**
 * Finds which message of a catalogue an English text is, with its values: the server's
 * services and the shared zod schemas speak the product description's English (the JSON API
 * answers in it), and the pages show those texts in the guest's language by recognising them
 * (docs/decisions/0044). 'Maximum {max} people per group' recognises 'Maximum 5 people per group'
 * as that message with max = '5'.
 */
export type MessageMatch = { id: string; values: Record<string, string> }

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

function matcherOf(message: string): RegExp {
  const parts = message.split(/(\{\s*[A-Za-z_]\w*\s*\})/)
  const source = parts.map((part) => {
    const arg = /^\{\s*([A-Za-z_]\w*)\s*\}$/.exec(part)
    return arg ? `(?<${arg[1]}>.+?)` : escapeRegExp(part)
  })
  return new RegExp(`^${source.join('')}$`)
}

const matchers = new WeakMap<Record<string, string>, [string, RegExp][]>()

export function matchMessage(text: string, english: Record<string, string>): MessageMatch | undefined {
  let list = matchers.get(english)
  if (!list) {
    list = Object.entries(english).map(([id, message]) => [id, matcherOf(message)])
    matchers.set(english, list)
  }
  for (const [id, matcher] of list) {
    const match = matcher.exec(text)
    if (match) return { id, values: { ...match.groups } }
  }
  return undefined
}
