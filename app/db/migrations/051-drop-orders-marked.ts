import { type Kysely, type Migration, sql } from 'kysely'

// Drop orders made before 049-set-price-orders are marked as set-price orders
// too (docs/decisions/103), each still waiting for its card payment with the
// moment its hold ends, so the one pass that gives up unpaid card orders
// closes them as it closes those made since.
export const migration: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`
      insert into set_price_order (request_id, product_id, unpaid_until)
      select drop_hold.request_id, null,
        case when order_request.status = 'quoted' then drop_hold.expires_at else null end
      from drop_hold
      join order_request on order_request.id = drop_hold.request_id
      where drop_hold.state = 'ordered'
        and not exists (
          select 1 from set_price_order where set_price_order.request_id = drop_hold.request_id
        )
    `.execute(db)
  },
}
