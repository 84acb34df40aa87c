/**
 * A visitor to a site under test with cookies of their own, as a browser
 * keeps them: each Set-Cookie is sent back with the visitor's later
 * requests. Requests carry no Origin unless given one, and follow no
 * redirect unless told to. Only tests import this.
 */
export interface VisitorRequest extends Omit<RequestInit, 'headers' | 'body'> {
  headers?: Record<string, string>
  /** Sent as a form post (application/x-www-form-urlencoded). */
  form?: Record<string, string>
  /** Sent as JSON (application/json). */
  json?: unknown
  body?: RequestInit['body']
}

export interface Visitor {
  siteUrl: string
  fetch(pathname: string, init?: VisitorRequest): Promise<Response>
  /** The Cookie header the visitor sends now. */
  cookie(): string
}

export function visitor(siteUrl: string, cookies: Record<string, string> = {}): Visitor {
  const jar = new Map(Object.entries(cookies))
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ')
  return {
    siteUrl,
    cookie,
    async fetch(pathname, { headers = {}, form, json, body, ...init } = {}) {
      const sent = new Headers(headers)
      if (jar.size > 0 && !sent.has('cookie')) sent.set('cookie', cookie())
      if (json !== undefined && !sent.has('content-type')) {
        sent.set('content-type', 'application/json')
      }
      const response = await fetch(new URL(pathname, siteUrl), {
        redirect: 'manual',
        ...init,
        headers: sent,
        body: form ? new URLSearchParams(form) : json !== undefined ? JSON.stringify(json) : body,
      })
      for (const setCookie of response.headers.getSetCookie()) {
        const [pair = '', ...attributes] = setCookie.split(';')
        const name = pair.slice(0, pair.indexOf('=')).trim()
        const value = pair.slice(pair.indexOf('=') + 1).trim()
        const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute))
        if (expired || value === '') jar.delete(name)
        else jar.set(name, value)
      }
      return response
    },
  }
}
