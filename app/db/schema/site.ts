import type { Generated } from 'kysely'
import type { Millis } from './shared.ts'

/* What the public pages show (the menu, the owner's words, reviews) and what visitors send. */

export interface ProductTable {
  id: Generated<number>
  /** Unique; the value an order's product_type carries. */
  name: string
  description: Generated<string>
  /** The "from" price in cents; null when none is shown. */
  price_from_cents: number | null
  notice_days: Generated<number>
  /** How much of a day's capacity one order uses; at least 1. */
  effort: Generated<number>
  /** 1 when offered, 0 when the owner has taken it off the menu. */
  active: Generated<number>
  /** Order on the menu, smallest first. */
  position: number
  /** 1 when sold at once at set_price_cents ("buy now", decisions 102 and 103); 0 when quoted. */
  sells_now: Generated<number>
  /** Its set price, kept while it is quoted too; null when she has given none. */
  set_price_cents: Generated<number | null>
  /** An order for a date fewer than this many days away pays rush_fee_cents more; 0 for none. */
  rush_within_days: Generated<number>
  rush_fee_cents: Generated<number>
  /** Its tax class (decision 113); null for none. */
  tax_class_id: Generated<number | null>
  /** 1 when a customer buying it now may pay at pickup instead of by card. */
  pay_at_pickup: Generated<number>
}

/** A set-price treat's group of options: size, flavour, a message on top. */
export interface ProductOptionGroupTable {
  id: Generated<number>
  product_id: number
  /** The form's field after `option.`. */
  key: string
  label: string
  kind: 'choice' | 'text'
  required: Generated<number>
  /** A text option's price when she writes one. */
  price_cents: Generated<number>
  position: number
}

export interface ProductOptionChoiceTable {
  id: Generated<number>
  group_id: number
  key: string
  label: string
  /** What it adds, or below 0 takes off, in cents. */
  price_cents: Generated<number>
  quote_needed: Generated<number>
  position: number
}

/** One section of the owner's words (features/site-content): its key and its JSON. */
export interface SiteContentTable {
  key: string
  value: string
  /** A section written in Markdown (the FAQ): its safe HTML, rendered at save; else null. */
  html: string | null
  updated_at: Millis
}

/**
 * A customer's review of her order (features/reviews, decision 056): one per
 * private link, keyed by the link's first request. Shown on Home and About
 * only while `shown` is 1, which needs `may_show` (her permission).
 */
export interface ReviewTable {
  id: Generated<number>
  /** The first request (lowest id) of her private link. */
  request_id: number
  /** 1–5 stars. */
  rating: number
  /** Her words, plain text, at most 1000 characters; may be empty. */
  words: string
  /** The name shown beside it, as she wrote it. */
  display_name: string
  /** 1 when she ticked "You may show this on the bakery's site". */
  may_show: Generated<number>
  /** 1 while the owner shows it on the site. */
  shown: Generated<number>
  created_at: Millis
  updated_at: Millis
  shown_at: Millis | null
  /**
   * When the owner showed it or chose to keep it off her site; null while a
   * review she may show waits for her (Today's "Reviews to approve"). Her
   * changes to an unshown review make it wait again.
   */
  decided_at: Millis | null
}

export interface ContactMessageTable {
  id: Generated<number>
  created_at: string
  name: string
  email: string
  phone_number: string
  message: string
  handled_at: string | null
}
