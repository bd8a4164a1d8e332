import { cloneElement, type ReactElement, type ReactNode } from 'react'

/** `<0>…</0>` around text, or a self-closing `<0/>`; the same number does not nest in itself. */
const TAG = /<(\d+)>([\s\S]*?)<\/\1>|<(\d+)\/>/g

/**
 * A translated text with numbered tags as React nodes (docs/decisions/0046): each tag becomes
 * the element of that number, with the tagged text, itself read for tags, as its children.
 * A tag without its element keeps its text.
 */
export function richText(text: string, elements: Record<number, ReactElement>): ReactNode[] {
  const nodes: ReactNode[] = []
  let from = 0
  for (const match of text.matchAll(TAG)) {
    if (match.index > from) nodes.push(text.slice(from, match.index))
    const [, open, inner, selfClosing] = match
    const element = elements[Number(open ?? selfClosing)]
    const children = inner === undefined ? undefined : richText(inner, elements)
    nodes.push(!element ? children : children === undefined ? cloneElement(element, { key: nodes.length }) : cloneElement(element, { key: nodes.length }, children))
    from = match.index + match[0].length
  }
  if (from < text.length) nodes.push(text.slice(from))
  return nodes
}
