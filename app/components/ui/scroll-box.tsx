import type { ReactNode } from 'react'
import { clsx } from 'clsx'

/**
 * A table wider than a phone scrolls sideways inside its own box, never the page
 * (docs/decisions/0075); the box takes the keyboard's focus so it can be scrolled without a
 * pointer. It is `relative` because screen-reader-only text in the table is absolutely
 * positioned: with the box as its containing block it is clipped by the box instead of
 * widening the page behind it.
 */
export function ScrollBox({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div className={clsx('relative overflow-x-auto focus-visible:outline-2 focus-visible:outline-brand-700', className)} tabIndex={0} role="region" aria-label={label}>
      {children}
    </div>
  )
}
