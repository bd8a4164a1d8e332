import { useNavigate, useSearchParams } from 'react-router'

/**
 * This page's address with one parameter set, or removed (null), or several at once: a link that
 * opens or closes a form the loader knows by the address (`?point=new`), or chooses what a list
 * shows (`?sort=name&dir=desc`), keeping the other choices it names.
 */
export function useAddressWith() {
  const [params] = useSearchParams()
  return (name: string | Record<string, string | null>, value: string | null = null) => {
    const next = new URLSearchParams(params)
    for (const [key, set] of Object.entries(typeof name === 'string' ? { [name]: value } : name)) {
      if (set === null) next.delete(key)
      else next.set(key, set)
    }
    const query = next.toString()
    return query ? `?${query}` : '?'
  }
}

/**
 * A form the address opens (`?{param}=…`): the link that closes it, and what closes it once a save
 * by script is told (a script-free save comes back to the same address, the form still open).
 */
export function useOpenedByAddress(param: string) {
  const addressWith = useAddressWith()
  const navigate = useNavigate()
  const close = addressWith(param, null)
  return { close, closeAfterSave: () => navigate(close, { replace: true, preventScrollReset: true }) }
}
