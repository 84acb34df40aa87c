/**
 * Request paths as the access log prints them, with the secrets in them
 * replaced: a customer's private link (/requests/<token>, its photos), the
 * owner's calendar feed key (?key=…, also as ?key[]=… or any bracketed form),
 * sign-in, reset and invitation tokens, and each of these in the paths React
 * Router's route discovery asks about. Logs are read, copied and kept longer
 * than anything else, so a secret in one is a secret given away.
 */

/** Query parameters whose value is a secret, whatever the path. */
// `q` is the owner's search of her orders and customers: a customer's name, email or phone.
const SECRET_PARAMS = new Set(['key', 'token', 'code', 'secret', 'password', 'signature', 'q'])

/** A path segment that looks like a random token (128 bits as base64url or hex, or longer). */
const TOKEN_LIKE = /^[A-Za-z0-9_-]{22,}$/

function decoded(text: string): string {
  try {
    return decodeURIComponent(text).toLowerCase()
  } catch {
    return text.toLowerCase()
  }
}

/** Keeps React Router's `.data` ending on a replaced segment, so the log still says what was fetched. */
function replaced(segment: string, label: string): string {
  return segment.toLowerCase().endsWith('.data') ? `${label}.data` : label
}

function redactPath(path: string): string {
  const segments = path.split('/')
  const name = (index: number) => decoded(segments[index] ?? '')
  // Routes match case-insensitively and decoded, so the checks do too.
  if (name(1) === 'requests' && segments.length > 2) {
    segments[2] = replaced(segments[2]!, ':token')
    if (name(3) === 'photos' && segments.length > 4) segments[4] = replaced(segments[4]!, ':key')
  }
  if (name(1) === 'admin' && name(2) === 'photos' && segments.length > 3) {
    segments[3] = replaced(segments[3]!, ':key')
  }
  if (
    name(1) === 'admin' &&
    ['reset-password', 'invite'].includes(name(2)) &&
    segments.length > 3
  ) {
    segments[3] = replaced(segments[3]!, ':token')
  }
  return segments
    .map((segment) =>
      TOKEN_LIKE.test(segment.replace(/\.data$/i, '')) ? replaced(segment, ':secret') : segment,
    )
    .join('/')
}

/**
 * React Router's route discovery (`/__manifest?paths=/a,/b`) names the page
 * the browser is on and the links on it, a customer's private link among
 * them: each path in it is redacted as a request's own path would be.
 */
function redactPathList(value: string): string {
  let paths: string
  try {
    paths = decodeURIComponent(value.replace(/\+/g, ' '))
  } catch {
    return '…'
  }
  return encodeURIComponent(paths.split(',').map(redactPath).join(',')).replaceAll('%3A', ':')
}

/**
 * The parameter a query name means, as a reader of the query would take it:
 * decoded, in lower case, and without the brackets that make an array or an
 * object of it (`key[]`, `key[0]`, `key%5B%5D` are all `key` to the usual
 * query parsers, Express's among them).
 */
function paramOf(name: string): string {
  const param = decoded(name.replace(/\+/g, ' '))
  // %5b stays when the rest of the name could not be decoded.
  const bracket = param.search(/\[|%5b/)
  return (bracket === -1 ? param : param.slice(0, bracket)).trim()
}

function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=')
      const name = equals === -1 ? pair : pair.slice(0, equals)
      const param = paramOf(name)
      if (SECRET_PARAMS.has(param)) return `${name}=…`
      if (param === 'paths' && equals !== -1)
        return `${name}=${redactPathList(pair.slice(equals + 1))}`
      return pair
    })
    .join('&')
}

/** A request's URL (path and query) for the log, with every secret in it replaced. */
export function redactSecrets(url: string): string {
  const question = url.indexOf('?')
  if (question === -1) return redactPath(url)
  return `${redactPath(url.slice(0, question))}?${redactQuery(url.slice(question + 1))}`
}
