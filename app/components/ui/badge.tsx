import { clsx } from 'clsx'
import type { HTMLAttributes } from 'react'

const TONES = {
  pending: 'border border-amber-300 bg-amber-100 text-amber-900',
  confirmed: 'border border-sky-300 bg-sky-100 text-sky-900',
  cancelled: 'border border-slate-300 bg-slate-200 text-slate-800',
  paid: 'border border-green-300 bg-green-100 text-green-900',
  new: 'border border-blossom-700 bg-blossom-600 text-white',
  neutral: 'border border-slate-300 bg-slate-100 text-slate-800',
  /** A bare count next to a tab name. */
  count: 'min-w-5 justify-center bg-blossom-600 text-white',
}

const SIZES = {
  md: 'px-2 py-0.5 text-xs font-semibold',
  count: 'px-1.5 text-xs font-bold',
}

export function Badge({ tone = 'neutral', size = 'md', className, ...props }: HTMLAttributes<HTMLSpanElement> & { tone?: keyof typeof TONES; size?: keyof typeof SIZES }) {
  return <span className={clsx('inline-flex items-center rounded-full', TONES[tone], SIZES[size], className)} {...props} />
}
