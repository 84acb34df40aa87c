import { createContext, useContext } from 'react'

/**
 * The per-request CSP nonce, for the few inline scripts we render ourselves.
 * Browsers hide nonce attributes from scripts, so on the client this is ''.
 */
const NonceContext = createContext('')

export const NonceProvider = NonceContext.Provider

export function useNonce(): string {
  return useContext(NonceContext)
}
