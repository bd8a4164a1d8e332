import { useCallback, useEffect, useRef, useState } from 'react'
import { api, useFailToast } from './api.ts'

/**
 * The one way a dashboard tab loads what it shows: GET `url` through api(), a failure toast
 * titled `failTitle`, and `empty` in place of data that never arrived, so the tab shows its
 * empty state rather than a spinner for ever. `url` null waits (the calendar before it knows
 * its month).
 *
 * The data belongs to its URL: after the URL changes (another month, filter or page), an
 * answer to the old one is dropped, and a failure shows `empty` rather than the old URL's
 * data under the new title. `reload()` fetches again after the admin's own change;
 * `reload({ quiet: true })` does without the toast, for background polls.
 */
export function useAdminData<T>(url: string | null, failTitle: string, empty: T) {
  const failToast = useFailToast()
  const [state, setState] = useState<{ url: string; data: T } | null>(null)
  const current = useRef(url)
  current.current = url
  const emptyRef = useRef(empty)
  emptyRef.current = empty

  const reload = useCallback(
    async (options: { quiet?: boolean } = {}) => {
      if (url === null) return
      try {
        const data = await api<T>('GET', url)
        if (current.current === url) setState({ url, data })
      } catch (error) {
        if (current.current !== url) return
        if (!options.quiet) failToast(failTitle, error)
        setState((s) => (s?.url === url ? s : { url, data: emptyRef.current }))
      }
    },
    [url, failTitle, failToast],
  )
  useEffect(() => void reload(), [reload])

  /** Changes the shown data in place (marking a message read) without a round trip. */
  const update = useCallback((change: (data: T) => T) => setState((s) => (s ? { ...s, data: change(s.data) } : s)), [])
  return { data: state?.data ?? null, update, reload }
}
