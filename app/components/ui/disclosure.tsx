import type { ReactNode } from 'react'
import { buttonVariants, type ButtonVariantProps } from './button.tsx'

/**
 * What a page shows on a button's press when no script runs: a `<details>` whose summary looks
 * like the button the script would offer, so a script-free page keeps the same controls
 * (docs/decisions/0088).
 */
export function ButtonDisclosure({
  label,
  variant,
  size,
  open = false,
  summaryLabel,
  title,
  className,
  children,
}: ButtonVariantProps & { label: ReactNode; open?: boolean; summaryLabel?: string; title?: string; className?: string; children: ReactNode }) {
  return (
    <details open={open || undefined} className={className}>
      <summary className={`${buttonVariants({ variant, size })} cursor-pointer list-none [&::-webkit-details-marker]:hidden`} aria-label={summaryLabel} title={title}>
        {label}
      </summary>
      {children}
    </details>
  )
}
