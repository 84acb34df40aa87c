/** What the data growth section times and what a row of its report holds. */
import type { SyntheticBook } from './synthetic-book.ts'

/** What is timed, in the report's column order. */
export const GROWTH_ENDPOINTS = [
  '/admin',
  '/admin/orders',
  '/admin/orders?q=…',
  '/admin/orders/<id>',
  '/admin/calendar',
  '/admin/settings',
  '/admin/orders?view=messages',
  '/api/availability',
  'order send',
  '/admin/orders.csv',
  'orders.csv first byte',
  'availability during CSV',
  '/admin/calendar.ics',
  'calendar.ics first byte',
] as const
export type GrowthEndpoint = (typeof GROWTH_ENDPOINTS)[number]

/**
 * The downloads whose length is the book's (the CSV) or the feed window's:
 * an empty book's has no rows, so their whole time is reported but judged by
 * their first byte and by the requests timed while they stream.
 */
export const CONTENT_SIZED: readonly GrowthEndpoint[] = ['/admin/orders.csv', '/admin/calendar.ics']

export interface GrowthRow {
  database: 'sqlite' | 'pg'
  requests: number
  seed: Omit<SyntheticBook, 'sampleRequestId'> | null
  /** Median ms per endpoint; null when every run failed. */
  medianMs: Partial<Record<GrowthEndpoint, number | null>>
  /** Non-2xx answers and errors, per endpoint. */
  failures: Partial<Record<GrowthEndpoint, string[]>>
  /** VmHWM once every endpoint has been measured. */
  peakRssBytes: number | null
  /** The server stopped on its own (out of memory, say), and was started again. */
  serverStops: string[]
}

/**
 * Passes over every endpoint before any is timed. The owner's server has
 * been up for hours: each page's code is compiled by the JIT and the boot's
 * work (quote expiry, the digest) is done. Measured on a 100,000-request
 * book: the Today page answers in 410, 140, 150, 125 … ms and settles near
 * its steady time after about fifteen requests, so fewer passes would time
 * the JIT, not the page.
 */
export const WARM_UP_PASSES = 15
