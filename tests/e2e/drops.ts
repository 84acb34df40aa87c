import path from 'node:path'
import SQLite from 'better-sqlite3'

/**
 * A drop set straight in the card server's database file (the owner's drop
 * pages are built elsewhere): open since a minute ago, for an hour, with a
 * slug of its own so journeys in parallel never share its stock. Returns its id.
 */
export function seedOpenDrop({
  slug,
  items,
  windows = [{ start: '10:00', end: '12:00', capacity: null }],
  payAtPickup = false,
}: {
  slug: string
  items: { name: string; priceCents: number; stock: number }[]
  windows?: { start: string; end: string; capacity: number | null }[]
  /** Whether she may book it and pay at pickup (with card payments on, card is offered too). */
  payAtPickup?: boolean
}): number {
  const db = new SQLite(path.join(process.env.E2E_CARD_DATA_DIR!, 'bakery.sqlite'))
  try {
    db.pragma('busy_timeout = 5000')
    const now = Date.now()
    return db.transaction(() => {
      const { lastInsertRowid: dropId } = db
        .prepare(
          `insert into drop_sale (slug, name, description, pickup_date, opens_at, closes_at, created_at, pay_at_pickup)
           values (?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          slug,
          'Saturday bake',
          'Loaves and buns from the morning bake.',
          '2026-12-19',
          now - 60_000,
          now + 3_600_000,
          now,
          payAtPickup ? 1 : 0,
        )
      const item = db.prepare(
        'insert into drop_item (drop_id, name, price_cents, stock, position) values (?, ?, ?, ?, ?)',
      )
      items.forEach((entry, position) =>
        item.run(dropId, entry.name, entry.priceCents, entry.stock, position),
      )
      const window = db.prepare(
        'insert into drop_window (drop_id, start_time, end_time, capacity) values (?, ?, ?, ?)',
      )
      for (const entry of windows) window.run(dropId, entry.start, entry.end, entry.capacity)
      return Number(dropId)
    })()
  } finally {
    db.close()
  }
}

/**
 * A treat sold now at a set price, with no options, set straight in the
 * card server's database file (the owner's form is walked in
 * card-payments.spec.ts): named for the journey alone, taken at pickup too.
 */
export function seedBuyNowTreat({ name, priceCents }: { name: string; priceCents: number }) {
  const db = new SQLite(path.join(process.env.E2E_CARD_DATA_DIR!, 'bakery.sqlite'))
  try {
    db.pragma('busy_timeout = 5000')
    const { lastInsertRowid: id } = db
      .prepare(
        `insert into product (name, description, price_from_cents, notice_days, effort, active, position, sells_now, set_price_cents, pay_at_pickup)
         values (?, ?, ?, 0, 1, 1, 900, 1, ?, 1)`,
      )
      .run(name, 'Baked the morning you collect it.', priceCents, priceCents)
    return Number(id)
  } finally {
    db.close()
  }
}
