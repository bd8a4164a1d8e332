import { createContext, useContext } from 'react'

/**
 * The Content Security Policy nonce of this response (docs/decisions/0018). Pages rendered
 * at build time have no response yet and carry this placeholder instead; at start-up
 * server/static-files.ts removes it and names those pages' inline scripts by hash in the
 * policy (docs/decisions/0022), so a prerendered page is served with no nonce at all.
 */
export const PRERENDER_NONCE_PLACEHOLDER = '__CSP_NONCE__'

const NonceContext = createContext<string | undefined>(undefined)
export const NonceProvider = NonceContext.Provider
export const useNonce = () => useContext(NonceContext)
