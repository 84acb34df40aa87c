import { type HeadersFunction, data } from 'react-router'

/**
 * What a feature answers to a request: the HTTP status, the body the page or
 * client reads, and any headers (Set-Cookie, Retry-After, Allow). Every
 * feature's request handler returns one; its route answers it with
 * `respond`. See docs/decisions/010-one-reply-shape.md.
 */
export interface Reply<Body> {
  status: number
  body: Body
  headers?: Headers
}

export function reply<Body>(status: number, body: Body, headers?: HeadersInit): Reply<Body> {
  return headers === undefined ? { status, body } : { status, body, headers: new Headers(headers) }
}

/** The route's answer for a feature's reply (a page's action data, or a resource route's JSON). */
export function respond<Body>({ status, body, headers }: Reply<Body>) {
  return data(body, { status, headers })
}

/**
 * A page route's `headers`: the headers its action's reply carried (Allow,
 * Retry-After) reach the page's response. React Router passes on only their
 * cookies otherwise.
 */
export const actionReplyHeaders: HeadersFunction = ({ parentHeaders, actionHeaders }) => {
  const headers = new Headers(parentHeaders)
  for (const [name, value] of actionHeaders) {
    // React Router adds the action's cookies itself.
    if (name !== 'set-cookie') headers.set(name, value)
  }
  return headers
}

/**
 * The loader of a route that only takes posts (signing in and out): a GET is
 * answered 405 with Allow, in plain text, rather than as a server error.
 */
export function onlyPost() {
  return new Response('Use POST here.', {
    status: 405,
    headers: { Allow: 'POST', 'Content-Type': 'text/plain; charset=utf-8' },
  })
}
