import { useT } from '../../i18n/i18n.tsx'
import * as AlertDialogPrimitive from '@radix-ui/react-alert-dialog'
import * as DialogPrimitive from '@radix-ui/react-dialog'
import { clsx } from 'clsx'
import { useId, useState, type ReactNode, type RefObject } from 'react'
import { Link } from 'react-router'
import { useHydrated } from '../../lib/use-hydrated.ts'
import { Button } from './button.tsx'

/** The dialogs of the site and the dashboard, on Radix (focus trapped, Escape closes, labelled by the title). */

const overlay = 'fixed inset-0 z-40 bg-black/50'
const TONES = {
  admin: {
    content: 'grid w-[calc(100vw-2rem)] max-w-md gap-4 rounded-lg p-5',
    title: 'text-lg font-semibold text-slate-900',
    description: 'text-sm text-slate-700',
    footer: 'flex flex-col-reverse gap-2 sm:flex-row sm:justify-end',
  },
  public: {
    content: 'w-[calc(100%-2rem)] max-w-md rounded-2xl p-6',
    title: 'text-xl font-bold text-brand-900',
    description: 'mt-3 space-y-2 text-slate-800',
    footer: 'mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end',
  },
} as const

/**
 * A question that must be answered before something irreversible: Radix AlertDialog. The caller
 * owns the action button (its busy state and what it does); the cancel button closes.
 */
export function AlertDialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  cancel,
  action,
  tone = 'admin',
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  trigger: ReactNode
  title: string
  description: ReactNode
  /** The button that closes without acting. */
  cancel: ReactNode
  action: ReactNode
  tone?: keyof typeof TONES
}) {
  const styles = TONES[tone]
  return (
    <AlertDialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialogPrimitive.Trigger asChild>{trigger}</AlertDialogPrimitive.Trigger>
      <AlertDialogPrimitive.Portal>
        <AlertDialogPrimitive.Overlay className={overlay} />
        <AlertDialogPrimitive.Content className={clsx('fixed left-1/2 top-1/2 z-50 -translate-x-1/2 -translate-y-1/2 bg-white shadow-xl', styles.content)}>
          <AlertDialogPrimitive.Title className={styles.title}>{title}</AlertDialogPrimitive.Title>
          <AlertDialogPrimitive.Description asChild>
            <div className={styles.description}>{description}</div>
          </AlertDialogPrimitive.Description>
          <div className={styles.footer}>
            <AlertDialogPrimitive.Cancel asChild>{cancel}</AlertDialogPrimitive.Cancel>
            {action}
          </div>
        </AlertDialogPrimitive.Content>
      </AlertDialogPrimitive.Portal>
    </AlertDialogPrimitive.Root>
  )
}

/** The dashboard's confirmation for destructive actions: closes once the action settles. */
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
  const t = useT()
  return (
    <AlertDialog
      open={open}
      onOpenChange={setOpen}
      trigger={trigger}
      title={title}
      description={description}
      cancel={
        <Button variant="plain" size="md">
          {t('common.cancel')}
        </Button>
      }
      action={
        <Button
          variant="danger"
          size="md"
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
      }
    />
  )
}

const modalContent = 'fixed left-1/2 top-1/2 z-50 grid max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 gap-4 overflow-y-auto rounded-lg bg-white p-5 shadow-xl'
const modalClose = '-m-2 min-h-11 min-w-11 rounded text-2xl leading-none text-slate-700 hover:bg-slate-100'

/**
 * A plain dialog (forms, details): Radix Dialog. `returnFocus` is where focus goes when it closes
 * (the control that opened it), for a dialog opened without a Radix trigger. A dialog the address
 * opens names the address that closes it (`closeTo`): the server's page, and one whose script
 * does not run, shows it in place, since Radix draws it only once the script runs, with a link
 * that closes it (docs/decisions/0088).
 */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  returnFocus,
  closeTo,
  children,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description?: string
  returnFocus?: RefObject<HTMLElement | null>
  closeTo?: string
  children: ReactNode
}) {
  const t = useT()
  const hydrated = useHydrated()
  const titleId = useId()
  if (closeTo !== undefined && !hydrated) {
    return (
      <>
        <div className={overlay} />
        <section role="dialog" aria-labelledby={titleId} aria-describedby={description ? `${titleId}-description` : undefined} className={modalContent}>
          <div className="flex items-start justify-between gap-4">
            <h2 id={titleId} className={TONES.admin.title}>
              {title}
            </h2>
            <Link to={closeTo} preventScrollReset replace className={clsx(modalClose, 'inline-flex items-center justify-center')} aria-label={t('common.close')}>
              <span aria-hidden="true">×</span>
            </Link>
          </div>
          {description ? (
            <p id={`${titleId}-description`} className={TONES.admin.description}>
              {description}
            </p>
          ) : null}
          {children}
        </section>
      </>
    )
  }
  return (
    <DialogPrimitive.Root open={open} onOpenChange={onOpenChange}>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className={overlay} />
        <DialogPrimitive.Content
          className={modalContent}
          {...(description ? {} : { 'aria-describedby': undefined })}
          {...(returnFocus
            ? {
                onCloseAutoFocus: (event: Event) => {
                  event.preventDefault()
                  returnFocus.current?.focus()
                },
              }
            : {})}
        >
          <div className="flex items-start justify-between gap-4">
            <DialogPrimitive.Title className={TONES.admin.title}>{title}</DialogPrimitive.Title>
            <DialogPrimitive.Close className={modalClose} aria-label={t('common.close')}>
              <span aria-hidden="true">×</span>
            </DialogPrimitive.Close>
          </div>
          {description ? <DialogPrimitive.Description className={TONES.admin.description}>{description}</DialogPrimitive.Description> : null}
          {children}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  )
}
