/** Pages whose HTML depends only on the database, the day and the build, never on the query string. */
const PLAIN_PAGES = new Set(['/', '/about', '/faq', '/policies'])
/**
 * The order form renders the treat a link chose (`?product=Cakes`, from
 * About's cards) and nothing else of its query: one page per treat asked for.
 */
const ORDER_PAGE = '/ordernow'
/**
 * Contact's form posts back to the page's own address, query and all, so its
 * HTML echoes the query: only the bare page is kept.
 */
const BARE_ONLY = new Set(['/contact'])
/** The gallery renders its query (filters, paging, and the other parameters its links keep). */
const GALLERY = '/gallery'
const GALLERY_PARAMS = new Set(['tag', 'show'])

/**
 * The cache key for a request, or null when it is not kept. Only the
 * canonical spelling of each path (any other case is rendered as before);
 * the gallery only with its own parameters, each query its own page. A
 * campaign's `?utm_source=…` or `?fbclid=…` changes nothing on the plain
 * pages (a browser test pins that), so they all share the one page. React Router's `.data` requests are
 * not kept: they answer clicks inside the site, not the landing spike this
 * is for, and a CDN keeps them by cache-policy.ts.
 */
export function pageCacheKey(path: string, search: string): string | null {
  const query = search.startsWith('?') ? search.slice(1) : search
  if (PLAIN_PAGES.has(path)) return path
  if (path === ORDER_PAGE) {
    const product = new URLSearchParams(query).get('product')
    return product ? `${ORDER_PAGE}?product=${encodeURIComponent(product)}` : ORDER_PAGE
  }
  if (BARE_ONLY.has(path)) return query === '' ? path : null
  if (path !== GALLERY) return null
  if (query === '') return GALLERY
  for (const pair of query.split('&')) {
    const name = decodeURIComponent(pair.split('=')[0]!.replaceAll('+', ' '))
    if (!GALLERY_PARAMS.has(name)) return null
  }
  return `${GALLERY}?${query}`
}
