import { createContext, useContext } from 'react'

/**
 * The Content Security Policy nonce of this response (docs/decisions/0018). Pages rendered
 * at build time have no response yet and carry core/prerender.ts's placeholder instead.
 */

const NonceContext = createContext<string | undefined>(undefined)
export const NonceProvider = NonceContext.Provider
export const useNonce = () => useContext(NonceContext)
