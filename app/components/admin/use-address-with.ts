import { useNavigate, useSearchParams } from 'react-router'

/**
 * This page's address with one parameter set, or removed: a link that opens or closes a form the
 * loader knows by the address (`?point=new`), keeping the other choices it names.
 */
export function useAddressWith() {
  const [params] = useSearchParams()
  return (name: string, value: string | null) => {
    const next = new URLSearchParams(params)
    if (value === null) next.delete(name)
    else next.set(name, value)
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
