import { Suspense, lazy, useEffect, useState } from 'react'
import { useToasts } from './use-toast.ts'

const Toaster = lazy(() => import('./toaster.tsx').then((module) => ({ default: module.Toaster })))

/**
 * The toast viewport (Radix, ~16 KB gzip) is loaded only when needed: at the first toast,
 * or when someone presses F8 to reach it, so no page pays for it up front.
 */
export function DeferredToaster() {
  const items = useToasts()
  const [summoned, setSummoned] = useState(false)
  useEffect(() => {
    if (summoned) return
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'F8') setSummoned(true)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [summoned])
  if (!summoned && items.length === 0) return null
  return (
    <Suspense fallback={null}>
      <Toaster focusOnMount={summoned} />
    </Suspense>
  )
}
