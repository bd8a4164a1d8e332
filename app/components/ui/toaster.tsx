import * as ToastPrimitive from '@radix-ui/react-toast'
import { clsx } from 'clsx'
import { useEffect, useRef } from 'react'
import { TOAST_DURATION, dismissToast, useToasts } from './use-toast.ts'
import { useT } from '../../i18n/i18n.tsx'

/**
 * Radix Toast gives the behaviour the product description asks for: 5 s default duration, swipe right to
 * dismiss past 50 px, F8 focuses the viewport, and screen readers announce each toast.
 */
export function Toaster({ focusOnMount = false }: { focusOnMount?: boolean }) {
  const items = useToasts()
  const t = useT()
  const viewport = useRef<HTMLOListElement>(null)
  // Loaded by a first F8 press (app/components/ui/deferred-toaster.tsx): finish that press.
  useEffect(() => {
    if (focusOnMount) viewport.current?.focus()
  }, [focusOnMount])
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION} swipeDirection="right" swipeThreshold={50}>
      {items.map((item) => (
        <ToastPrimitive.Root
          key={item.id}
          open={item.open}
          duration={item.duration}
          type={item.variant === 'destructive' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) dismissToast(item.id)
          }}
          className={clsx(
            'pointer-events-auto relative flex w-full items-start justify-between gap-3 rounded-lg border p-4 pr-8 shadow-lg',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:translate-x-full',
            item.variant === 'destructive'
              ? 'border-red-800 bg-red-700 text-white'
              : 'border-slate-200 bg-white text-slate-900',
          )}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{item.title}</ToastPrimitive.Title>
            {item.description ? (
              <ToastPrimitive.Description className="text-sm opacity-95">{item.description}</ToastPrimitive.Description>
            ) : null}
          </div>
          <ToastPrimitive.Close
            aria-label={t('common.closeNotification')}
            className="absolute right-2 top-2 rounded p-1 text-current opacity-80 hover:opacity-100"
          >
            <span aria-hidden="true">×</span>
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport
        ref={viewport}
        // Radix puts the shortcut (F8) where the message keeps {hotkey}.
        label={t('common.notifications', { hotkey: '{hotkey}' })}
        className="fixed bottom-0 right-0 z-[100] m-0 flex max-h-screen w-full list-none flex-col gap-2 p-4 outline-none sm:max-w-sm" />
    </ToastPrimitive.Provider>
  )
}
