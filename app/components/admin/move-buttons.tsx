import { RowAction } from './admin-form.tsx'

/**
 * A list row's Up and Down (docs/decisions/0088): each the row's form of `intent` with its
 * direction, so they work without script; the first row has no Up, the last no Down.
 */
export function MoveButtons({
  intent,
  rowId,
  index,
  count,
  failTitle,
  words,
}: {
  intent: string
  rowId: number
  index: number
  count: number
  failTitle: string
  /** The buttons' words, and their names for a screen reader (which row they move). */
  words: { up: string; down: string; upNamed: string; downNamed: string }
}) {
  return (
    <>
      {index === 0 ? null : (
        <RowAction intent={intent} rowId={rowId} fields={{ direction: 'up' }} failTitle={failTitle} size="sm" variant="plain" aria-label={words.upNamed}>
          {words.up}
        </RowAction>
      )}
      {index === count - 1 ? null : (
        <RowAction intent={intent} rowId={rowId} fields={{ direction: 'down' }} failTitle={failTitle} size="sm" variant="plain" aria-label={words.downNamed}>
          {words.down}
        </RowAction>
      )}
    </>
  )
}
