import { expect, expectTypeOf, test } from 'vitest'
import type { Db } from './db.server.ts'
import { type TablesOf, tablesFor } from './feature-tables.ts'

/** The tables kept by shared code, which every feature may use for rows of its own. */
type Shared = 'app_state' | 'rate_limit' | 'lease' | 'page_version' | 'booking_version'

test('a feature sees its own tables, the shared ones and its grants, and no other', () => {
  expectTypeOf<TablesOf<'reviews'>>().toEqualTypeOf<'review' | Shared>()
  expectTypeOf<TablesOf<'availability'>>().toEqualTypeOf<
    | 'weekday_capacity'
    | 'closed_period'
    | 'pickup_window'
    | 'booking_settings'
    | 'delivery_fee_rule'
    | 'order_request'
    | 'drop_sale'
    | 'drop_hold'
    | 'drop_hold_line'
    | 'drop_item'
    | 'day_waitlist_entry'
    | Shared
  >()
  // The payments room: its own two tables, the book's rows it settles and the settings row
  // that says when a balance falls due.
  expectTypeOf<TablesOf<'payments'>>().toEqualTypeOf<
    | 'card_checkout'
    | 'stripe_event'
    | 'order_request'
    | 'payment'
    | 'refund'
    | 'booking_settings'
    | Shared
  >()
})

test('a query of another feature’s table does not compile', () => {
  const reviews = tablesFor('reviews')
  // Never run: what matters is what the compiler accepts (npm run typecheck).
  const queries = (db: Db) => [
    reviews(db).selectFrom('review').select('id'),
    // @ts-expect-error the order book's requests are not the reviews' to read
    reviews(db).selectFrom('order_request').select('id'),
    // @ts-expect-error nor is the outbox, which mail owns
    reviews(db).insertInto('outbox'),
  ]
  expect(typeof queries).toBe('function')
  // At run time the view is the same handle: a transaction stays that transaction.
  const handle = {} as Db
  expect(reviews(handle)).toBe(handle)
})
