/**
 * The file an owner takes from one install to another (docs/decisions/058):
 * her words, booking settings, pickup windows, menu, kitchen and her labels'
 * and texts' settings, as one JSON document.
 * Browser-safe: the page shows these names and limits.
 */

export const SITE_FILE_FORMAT = 'bakery-site'
export const SITE_FILE_VERSION = 1

/** The field the chosen file comes in, and the one the preview's Confirm sends it back in. */
export const FILE_FIELD = 'site_file'

/** The largest file Import reads: every section at its longest fits many times over. */
export const MAX_SITE_FILE_BYTES = 512 * 1024

/** The most treats and pickup windows a file may carry. */
export const SITE_FILE_LIMITS = { treats: 200, pickupWindows: 7 * 4 } as const

/** Said in the file and on the page: what the file leaves out. */
export const LEFT_OUT =
  'Photos (the gallery, the hero and About pictures) are not in this file: upload them again on the new site. Neither are customers, orders, drops, waitlists, messages, gift cards sold, discount codes, admins, closed dates or any secret.'

/** What a file holds, counted and named, as the preview shows it before anything changes. */
export interface SiteFileSummary {
  bakeryName: string
  treats: string[]
  pickupWindows: number
  openWeekdays: number
  sections: string[]
  exportedAt: string | null
  /** The later parts it carries: 'your kitchen', 'label settings', 'texts settings'. */
  carries: string[]
}

export type MovingReply =
  | { ok: true; step: 'preview'; summary: SiteFileSummary; fileText: string }
  | { ok: true; step: 'imported'; summary: SiteFileSummary }
  | { ok: false; error: string }

/** The file's name: the bakery's and the day's, e.g. `maya-s-kitchen-2026-11-26.json`. */
export function siteFileName(file: {
  words: { identity: { name: string } }
  exportedAt: string
}): string {
  const slug =
    file.words.identity.name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 40) || 'bakery'
  return `${slug}-site-${file.exportedAt.slice(0, 10)}.json`
}
