import { clsx } from 'clsx'
import type { ButtonHTMLAttributes } from 'react'

const VARIANTS = {
  /** Blossom on white: the main call to action. */
  primary: 'bg-blossom-600 text-white hover:bg-blossom-700',
  /** Outlined in brand, on light backgrounds. */
  secondary: 'border-2 border-brand-700 bg-white text-brand-800 hover:bg-brand-50',
  /** White, on dark (brand) backgrounds. */
  light: 'bg-white text-brand-900 hover:bg-brand-50',
  /** Outlined, on dark backgrounds. */
  outlineLight: 'border-2 border-white text-white hover:bg-white/10',
  /** Solid brand: the dashboard's main action and the public "next step" buttons. */
  brand: 'bg-brand-700 text-white hover:bg-brand-800',
  /** Quiet outline in slate: the dashboard's secondary action. */
  plain: 'border border-slate-400 bg-white text-slate-900 hover:bg-slate-100 disabled:text-slate-500',
  danger: 'bg-red-700 text-white hover:bg-red-800',
  /** Outlined red: a destructive action offered before its confirmation. */
  dangerOutline: 'border-2 border-red-700 bg-white text-red-800 hover:bg-red-50',
  /** A destructive action repeated down a list (each behind a confirmation): red text, no red block. */
  quietDanger: 'border border-slate-300 bg-white text-red-800 hover:border-red-300 hover:bg-red-50 disabled:text-slate-500',
  ghost: 'text-brand-800 hover:bg-brand-50',
}

const SIZES = {
  /** The public pages' rounded call to action. */
  pill: 'min-h-11 gap-2 rounded-full px-6 py-2.5 text-base font-semibold focus-visible:outline-offset-4',
  /** The checkout's pay button. */
  pillLarge: 'min-h-12 gap-2 rounded-full px-6 py-3 text-lg font-semibold focus-visible:outline-offset-4',
  md: 'min-h-11 gap-1.5 rounded-md px-4 text-sm font-medium disabled:cursor-not-allowed',
  sm: 'min-h-9 gap-1.5 rounded-md px-3 text-sm font-medium disabled:cursor-not-allowed',
}

export type ButtonVariantProps = { variant?: keyof typeof VARIANTS | null; size?: keyof typeof SIZES | null }

/**
 * The one button look of the site and the dashboard (docs/decisions/0035). Links styled as buttons
 * take `buttonVariants(...)` as their className; real buttons use <Button>. Every size keeps a
 * 44 px touch target except `sm`, used only inside dense admin rows.
 * A plain lookup rather than a variants library, which cost every page 0.3 KB (decision 0035).
 */
export function buttonVariants({ variant, size }: ButtonVariantProps = {}): string {
  const v = variant ?? 'primary'
  const s = size ?? 'pill'
  // The dashboard greys out a solid button it cannot press; public pages fade theirs instead.
  const greyWhenDisabled = (v === 'brand' || v === 'danger') && (s === 'md' || s === 'sm')
  return clsx('inline-flex items-center justify-center transition-colors', VARIANTS[v], SIZES[s], greyWhenDisabled && 'disabled:bg-slate-400')
}

export function Button({ variant, size, className, type = 'button', ...props }: ButtonHTMLAttributes<HTMLButtonElement> & ButtonVariantProps) {
  return <button type={type} className={clsx(buttonVariants({ variant, size }), className)} {...props} />
}
