const TOKEN = "[!#$%&'*+.^_`|~0-9A-Za-z-]+"
const QUOTED = '"(?:[^"\\\\]|\\\\.)*"'
/** type "/" subtype *( OWS ";" OWS [ name "=" ( token / quoted-string ) ] ), as RFC 9110 has it. */
const CONTENT_TYPE = new RegExp(
  `^[ \\t]*(${TOKEN}/${TOKEN})(?:[ \\t]*;[ \\t]*(?:${TOKEN}=(?:${TOKEN}|${QUOTED}))?)*[ \\t]*$`,
)

/**
 * The media type a Content-Type header names, lower-cased and without its
 * parameters: 'Application/JSON; charset=utf-8' is 'application/json'. A
 * malformed header names none, so a type that merely contains another (such
 * as 'text/html; x=application/json') is never taken for it.
 */
export function mediaTypeOf(contentType: string | null | undefined): string | undefined {
  return CONTENT_TYPE.exec(contentType ?? '')?.[1]?.toLowerCase()
}

export const FORM_URLENCODED = 'application/x-www-form-urlencoded'
export const JSON_TYPE = 'application/json'
