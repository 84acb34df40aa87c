/**
 * The site's cream paper, for the places CSS cannot reach: the browser's
 * theme colour, and the background a transparent photo is flattened onto
 * (in the browser's compression and the server's pipeline). Everywhere else
 * it is `--color-cream` in app.css, which a test keeps equal to this.
 */
export const CREAM = '#fff8f0'

/** The site's raspberry (`--color-raspberry`), for a mark drawn outside CSS: the browser tab's icon. */
export const RASPBERRY = '#a93443'
