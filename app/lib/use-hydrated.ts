import { useEffect, useState } from 'react'

/**
 * Whether the page's script runs: false in the server's HTML and the render that hydrates it, true
 * after. A form adds then what only a script can send (the fetcher's hidden field), and drops what
 * only a script-free page needs (a Show button); the header marks itself for the browser tests.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false)
  useEffect(() => setHydrated(true), [])
  return hydrated
}
