import * as AlertDialog from '@radix-ui/react-alert-dialog'
import * as Dialog from '@radix-ui/react-dialog'
import { clsx } from 'clsx'
import { useState, type ButtonHTMLAttributes, type InputHTMLAttributes, type ReactNode } from 'react'

/** Small shadcn-style building blocks for the dashboard: 44 px touch targets, AA contrast. */

type Variant = 'primary' | 'secondary' | 'danger' | 'quiet-danger' | 'ghost'
const VARIANTS: Record<Variant, string> = {
  primary: 'bg-brand-700 text-white hover:bg-brand-800 disabled:bg-slate-400',
  secondary: 'border border-slate-400 bg-white text-slate-900 hover:bg-slate-100 disabled:text-slate-500',
  danger: 'bg-red-700 text-white hover:bg-red-800 disabled:bg-slate-400',
  // A destructive action repeated down a list (each behind a confirmation): red text, no red block.
  'quiet-danger': 'border border-slate-300 bg-white text-red-800 hover:border-red-300 hover:bg-red-50 disabled:text-slate-500',
  ghost: 'text-brand-800 hover:bg-brand-50',
}

export function Button({ variant = 'primary', size = 'md', className, type = 'button', ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant; size?: 'sm' | 'md' }) {
  return (
    <button
      type={type}
      className={clsx(
        'inline-flex items-center justify-center gap-1.5 rounded-md font-medium transition-colors disabled:cursor-not-allowed',
        size === 'sm' ? 'min-h-9 px-3 text-sm' : 'min-h-11 px-4 text-sm',
        VARIANTS[variant],
        className,
      )}
      {...props}
    />
  )
}

export const inputClass =
  'block w-full min-h-11 rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 aria-[invalid=true]:border-red-700'

export function Field({ id, label, error, hint, children }: { id: string; label: string; error?: string; hint?: string; children: ReactNode }) {
  return (
    <div className="grid gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-900">
        {label}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  )
}

export function TextInput({ id, error, hint, ...props }: InputHTMLAttributes<HTMLInputElement> & { id: string; error?: string; hint?: string }) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined
  return <input id={id} name={id} className={inputClass} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...props} />
}

const BADGES = {
  pending: 'bg-amber-100 text-amber-900 border-amber-300',
  confirmed: 'bg-sky-100 text-sky-900 border-sky-300',
  cancelled: 'bg-slate-200 text-slate-800 border-slate-300',
  paid: 'bg-green-100 text-green-900 border-green-300',
  new: 'bg-blossom-600 text-white border-blossom-700',
  neutral: 'bg-slate-100 text-slate-800 border-slate-300',
} as const

export function Badge({ tone = 'neutral', children, className }: { tone?: keyof typeof BADGES; children: ReactNode; className?: string }) {
  return <span className={clsx('inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-semibold', BADGES[tone], className)}>{children}</span>
}

/** A confirmation for destructive actions: Radix AlertDialog (focus trapped, Escape cancels). */
export function ConfirmDialog({
  trigger,
  title,
  description,
  confirmLabel,
  onConfirm,
}: {
  trigger: ReactNode
  title: string
  description: ReactNode
  confirmLabel: string
  onConfirm: () => Promise<unknown> | void
}) {
  const [open, setOpen] = useState(false)
  const [busy, setBusy] = useState(false)
  return (
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-50 grid w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 gap-4 rounded-lg bg-white p-5 shadow-xl">
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">{title}</AlertDialog.Title>
          <AlertDialog.Description className="text-sm text-slate-700">{description}</AlertDialog.Description>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary">Cancel</Button>
            </AlertDialog.Cancel>
            <Button
              variant="danger"
              disabled={busy}
              onClick={async () => {
                setBusy(true)
                try {
                  await onConfirm()
                } finally {
                  setBusy(false)
                  setOpen(false)
                }
              }}
            >
              {confirmLabel}
            </Button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  )
}

/** A plain dialog (forms, details): Radix Dialog. */
export function Modal({ open, onOpenChange, title, description, children }: { open: boolean; onOpenChange: (open: boolean) => void; title: string; description?: string; children: ReactNode }) {
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content
          className="fixed left-1/2 top-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-lg bg-white p-5 shadow-xl"
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <div className="flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-semibold text-slate-900">{title}</Dialog.Title>
            <Dialog.Close className="-m-2 min-h-11 min-w-11 rounded text-2xl leading-none text-slate-700 hover:bg-slate-100" aria-label="Close">
              <span aria-hidden="true">×</span>
            </Dialog.Close>
          </div>
          {description ? <Dialog.Description className="text-sm text-slate-700">{description}</Dialog.Description> : null}
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <p className="rounded-md border border-dashed border-slate-300 p-6 text-center text-slate-700">{children}</p>
}
