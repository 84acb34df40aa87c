/**
 * Reading what the site answers: the bits of its pages and emails the
 * owner-site steps carry on to the next form.
 */

/** The version the order page's forms carry back (the page is out of date without it). */
export function orderVersionOf(html: string): number | null {
  const match = /name="version" value="(\d+)"/.exec(html)
  return match ? Number(match[1]) : null
}

/** A request's id from the owner's order list (its link, /admin/orders/<id>). */
export function requestIdOf(html: string): number | null {
  const match = /\/admin\/orders\/(\d+)/.exec(html)
  return match ? Number(match[1]) : null
}

/** The customer's private link's token in an email's text. */
export function requestTokenOf(text: string): string | null {
  return /\/requests\/([A-Za-z0-9_-]{16,})/.exec(text)?.[1] ?? null
}

/** The reviews her list offers to show (each Show form's hidden `review` field), oldest id first. */
export function reviewIdsOf(html: string): number[] {
  const ids = [...html.matchAll(/name="review" value="(\d+)"/g)].map((match) => Number(match[1]))
  return [...new Set(ids)].sort((a, b) => a - b)
}

/** What a refusal says: a JSON error, the page's alert, or the start of the body. */
export function refusalOf(text: string): string {
  const json = /"error":\s*"([^"]{1,300})"/.exec(text)
  if (json) return json[1]!
  const alert = /role="alert"[^>]*>([\s\S]{1,600}?)<\/(?:p|div)>/.exec(text)
  const said = alert ? alert[1]!.replace(/<[^>]+>/g, ' ') : text
  return said.replace(/\s+/g, ' ').trim().slice(0, 300)
}

/** The hidden fields of the Accept quote form on her private page. */
export function quoteAnswerFieldsOf(html: string): { request: string; quote: string } | null {
  const request = /name="request" value="(\d+)"/.exec(html)?.[1]
  const quote = /name="quote" value="(\d+)"/.exec(html)?.[1]
  return request && quote ? { request, quote } : null
}
