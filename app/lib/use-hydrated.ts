import { useSyncExternalStore } from 'react'

const noSubscription = () => () => {}

/**
 * Whether the page's script runs: false in the server's HTML and the render that hydrates it, true
 * after, and true from the first render of anything mounted once the script runs (a dialog opened
 * later is a dialog at once, never first drawn as the script-free page draws it). A form adds then
 * what only a script can send (the fetcher's hidden field), and drops what only a script-free page
 * needs (a Show button); the header marks itself for the browser tests.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  )
}
