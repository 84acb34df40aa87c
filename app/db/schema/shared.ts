/*
 * Tables kept by shared code (app/db, app/utils), the sign-in throttle's,
 * and the column type the newer tables share.
 */

/**
 * Epoch milliseconds in a bigint column. The pg driver may read bigint as a
 * string, so code that reads one passes it through Number().
 */
export type Millis = number

export interface AppStateTable {
  key: string
  value: string
}

export interface RateLimitTable {
  key: string
  /** JSON array of hit times (epoch ms), oldest first. */
  hits: string
  /** When the newest hit leaves the window; the row may be pruned after. */
  expires_at: Millis
}

export interface SignInFailureTable {
  key: string
  failed_at: Millis
  id: string
}

export interface LeaseTable {
  name: string
  /** Who holds it: an instance name and boot, or one upload's id. */
  holder: string
  /** Epoch ms when the lease ends unless renewed; after it, anyone may take it. */
  until: Millis
}

/** One row (id = 1): the token every write to a public page's tables replaces (migration 011). */
export interface PageVersionTable {
  id: number
  token: string
}

/** One row (id = 1): the token every change to a request's date, status or effort replaces (migration 013). */
export interface BookingVersionTable {
  id: number
  token: string
}
