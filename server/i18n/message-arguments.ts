import { compileMessage } from '@lingui/message-utils/compileMessage'

/**
 * The values an ICU message reads ({name}, {count, plural, …}), in every branch of its selects
 * and plurals, as Lingui compiles it: the catalogue tests compare a translation's with its
 * English, and a notice's example values with its messages.
 */
export function messageArguments(message: string): Set<string> {
  const names = new Set<string>()
  const walk = (pieces: unknown) => {
    if (!Array.isArray(pieces)) return
    for (const piece of pieces) {
      if (!Array.isArray(piece)) continue
      const [name, , options] = piece as [string, string?, Record<string, unknown>?]
      names.add(name)
      for (const [key, branch] of Object.entries(options ?? {})) if (key !== 'offset') walk(branch)
    }
  }
  walk(compileMessage(message))
  return names
}
