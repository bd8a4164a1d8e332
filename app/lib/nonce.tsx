import { createContext, useContext } from 'react'

/**
 * The Content Security Policy nonce of this response. Pages rendered at build time carry
 * a placeholder that Express swaps for each response's nonce when it serves the file.
 */
export const PRERENDER_NONCE_PLACEHOLDER = '__CSP_NONCE__'

const NonceContext = createContext<string | undefined>(undefined)
export const NonceProvider = NonceContext.Provider
export const useNonce = () => useContext(NonceContext)
