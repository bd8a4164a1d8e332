import { useSyncExternalStore } from 'react'

/**
 * A tiny toast store, as the product description asks: at most one toast at a time; a dismissed toast stays in
 * state for 1,000,000 ms so Radix can animate it out, then is removed. Any component calls
 * toast({...}); the <Toaster/> in root.tsx renders the current one.
 */
export type ToastInput = {
  title: string
  description?: string
  variant?: 'default' | 'destructive'
  duration?: number
}
export type ToastItem = ToastInput & { id: number; open: boolean }

export const TOAST_LIMIT = 1
export const TOAST_REMOVE_DELAY = 1_000_000
/** The viewport's default duration; <Toaster/> passes it to Radix. */
export const TOAST_DURATION = 5000

let toasts: ToastItem[] = []
let nextId = 1
const listeners = new Set<() => void>()
const emit = () => listeners.forEach((listener) => listener())

export function toast(input: ToastInput): { id: number; dismiss: () => void } {
  const id = nextId++
  toasts = [{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT)
  emit()
  return { id, dismiss: () => dismissToast(id) }
}

export function dismissToast(id: number) {
  toasts = toasts.map((t) => (t.id === id ? { ...t, open: false } : t))
  emit()
  setTimeout(() => {
    toasts = toasts.filter((t) => t.id !== id)
    emit()
  }, TOAST_REMOVE_DELAY)
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
const snapshot = () => toasts
/** The toasts in state right now (what useToasts renders). */
export const currentToasts = (): readonly ToastItem[] => toasts
const emptySnapshot: ToastItem[] = []

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(subscribe, snapshot, () => emptySnapshot)
}
