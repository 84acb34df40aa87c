import type { Generated } from 'kysely'
import type { Millis } from './shared.ts'

/*
 * Drops (features/drops, decision 099): batch sales that open and close at
 * set moments, their stock, and the holds that reserve it.
 */

export interface DropSaleTable {
  id: Generated<number>
  /** Its public address, /drops/<slug>. */
  slug: string
  name: string
  description: Generated<string>
  /** YYYY-MM-DD, in the bakery's time zone. */
  pickup_date: string
  /** The moment it takes orders from, and the moment it stops. */
  opens_at: Millis
  closes_at: Millis
  /** How long a hold keeps its stock before it returns, 1 to 60 minutes. */
  hold_minutes: Generated<number>
  /** 1 when a customer may confirm a hold and pay at pickup. */
  pay_at_pickup: Generated<number>
  created_at: Millis
}

/** Items that share one stock between them ("any 3 pies"). */
export interface DropSectionTable {
  id: Generated<number>
  drop_id: number
  name: string
  stock: number
  position: number
}

export interface DropItemTable {
  id: Generated<number>
  drop_id: number
  section_id: number | null
  /** The menu's product it sells, if any. */
  product_id: number | null
  name: string
  description: Generated<string>
  price_cents: number
  stock: number
  /** The most one customer (by email) may have of it; null for no limit. */
  per_customer_limit: number | null
  /** Each one's share of the pickup day's capacity, in effort units; 0 for none. */
  effort: Generated<number>
  position: number
}

export interface DropWindowTable {
  id: Generated<number>
  drop_id: number
  /** HH:MM */
  start_time: string
  end_time: string
  /** Orders it takes; null for no cap. */
  capacity: number | null
}

export type DropHoldState = 'held' | 'ordered' | 'released'

export interface DropHoldTable {
  id: Generated<number>
  drop_id: number
  /** The hold page's address, /drops/<slug>/hold/<token>. */
  token: string
  name: string
  /** Lower case. */
  email: string
  phone: string
  /** HH:MM-HH:MM */
  pickup_window: string
  created_at: Millis
  expires_at: Millis
  extensions: Generated<number>
  /** A 'held' hold past expires_at holds nothing, marked or not. */
  state: Generated<DropHoldState>
  /** The order it became (state 'ordered'); null before. */
  request_id: Generated<number | null>
  /** 1 for a hold the site keeps for someone on the waitlist: claimed only through its link. */
  offered: Generated<number>
}

export interface DropHoldLineTable {
  id: Generated<number>
  hold_id: number
  item_id: number
  quantity: number
}

export type WaitlistState = 'waiting' | 'offered'

/** Who waits for a drop's sold-out item or full pickup time (features/waitlist, decision 101). */
export interface WaitlistEntryTable {
  id: Generated<number>
  drop_id: number
  /** 'item:<id>' or 'window:HH:MM-HH:MM'. */
  wants: string
  /** Lower case. */
  email: string
  created_at: Millis
  state: Generated<WaitlistState>
  offered_at: Millis | null
  /** The token of the hold kept for them: the claim link's. */
  offer_token: string | null
}

export type DayWaitlistState = 'waiting' | 'offered' | 'done'

/** Who waits for a full day of the custom-order calendar (decision 104). */
export interface DayWaitlistEntryTable {
  id: Generated<number>
  /** YYYY-MM-DD */
  due_date: string
  /** The treat, as an order names it. */
  product_type: string
  effort: number
  /** Lower case. */
  email: string
  created_at: Millis
  state: Generated<DayWaitlistState>
  /** An offer keeps the day's room for her until then. */
  kept_until: Millis | null
  /** The offer's link: /ordernow/kept/<token>. */
  offer_token: string | null
}
