import type { Generated } from 'kysely'
import type { Millis } from './shared.ts'

/*
 * Her discount codes (features/discount-codes, decision 109). What a code
 * took off an order is the order's own (order_request.discount_cents).
 */

export interface DiscountCodeTable {
  id: Generated<number>
  /** As customers type it, in capitals: 'SPRING10'. */
  code: string
  kind: 'amount' | 'percent'
  /** Cents off for an amount; whole percent off for a percent. */
  value: number
  /** The smallest price (before delivery) it applies to; null for any. */
  min_price_cents: number | null
  first_order_only: Generated<number>
  once_per_customer: Generated<number>
  /** YYYY-MM-DD, the first and last days it may be used, in the bakery's time zone; null for open. */
  starts_on: string | null
  ends_on: string | null
  /** How many orders may use it in all; null for no limit. */
  max_uses: number | null
  /** How many orders have used it: moved in the statement that takes a use. */
  uses: Generated<number>
  created_at: Millis
  /** When she stopped it; null while it may be used. */
  retired_at: Millis | null
}

export interface DiscountCodeUseTable {
  request_id: number
  code_id: number
  used_at: Millis
}
