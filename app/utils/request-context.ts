import { createContext } from 'react-router'

/**
 * What the server (server/app.ts `getLoadContext`) knows about a request
 * before React Router sees it, read by loaders, actions and middleware with
 * `context.get(...)`. No defaults: a context the server forgot to set fails
 * loudly rather than passing an empty nonce or a shared address.
 */

/** This response's CSP nonce (server/security-headers.ts), for inline scripts. */
export const cspNonceContext = createContext<string>()

/** The visitor's address (from the proxy on this machine, if any), for rate limits. */
export const clientIpContext = createContext<string>()
