import { useEffect, useRef } from 'react'

/**
 * The way a guest's form acts on its route action's answer (docs/decisions/0043): `onAnswer`
 * runs once for each answer, when the fetcher is idle again, with the render's latest state.
 */
export function useFetcherAnswer<T>(fetcher: { state: string; data: T | undefined }, onAnswer: (answer: T) => void) {
  const handled = useRef<T | undefined>(undefined)
  const latest = useRef(onAnswer)
  latest.current = onAnswer
  useEffect(() => {
    if (fetcher.state !== 'idle' || fetcher.data === undefined || handled.current === fetcher.data) return
    handled.current = fetcher.data
    latest.current(fetcher.data)
  }, [fetcher.state, fetcher.data])
}
