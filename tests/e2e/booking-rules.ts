import path from 'node:path'
import type { APIRequestContext } from '@playwright/test'
import SQLite from 'better-sqlite3'
import { expect } from './fixtures.ts'

/**
 * The calendar server's booking rules, set straight in its database file (the
 * owner's settings page is built elsewhere): each calendar journey starts
 * from the rules it states, on the server only these journeys use.
 */
export function setBookingRules({
  weekdayCapacity = [4, 4, 4, 4, 4, 4, 4],
  closedDates = [],
  notice = {},
  delivery,
}: {
  weekdayCapacity?: number[]
  closedDates?: string[]
  /** Notice in days by product name; every other product needs none. */
  notice?: Record<string, number>
  delivery?: { enabled: boolean; note: string }
}) {
  const db = new SQLite(path.join(process.env.E2E_CALENDAR_DATA_DIR!, 'bakery.sqlite'))
  try {
    db.pragma('busy_timeout = 5000')
    db.transaction(() => {
      const capacity = db.prepare('UPDATE weekday_capacity SET capacity = ? WHERE weekday = ?')
      weekdayCapacity.forEach((units, weekday) => capacity.run(units, weekday))
      db.prepare('DELETE FROM closed_period').run()
      const close = db.prepare(
        'INSERT INTO closed_period (start_date, end_date, note) VALUES (?, ?, ?)',
      )
      for (const date of closedDates) close.run(date, date, 'calendar journey')
      db.prepare('UPDATE product SET notice_days = 0').run()
      const setNotice = db.prepare('UPDATE product SET notice_days = ? WHERE name = ?')
      for (const [name, days] of Object.entries(notice)) setNotice.run(days, name)
      if (delivery) {
        db.prepare('UPDATE booking_settings SET delivery_enabled = ?, delivery_note = ?').run(
          delivery.enabled ? 1 : 0,
          delivery.note,
        )
      }
    })()
  } finally {
    db.close()
  }
}

let sender = 0

/** Sends `count` orders for `date` the way another customer's cart would, filling the day. */
export async function bookDay(
  request: APIRequestContext,
  baseURL: string,
  { date, count, product = 'Cakes' }: { date: string; count: number; product?: string },
) {
  const response = await request.post('/ordernow', {
    // Each from an address of its own, so the per-address limit on sends is not what answers.
    headers: {
      'content-type': 'application/json',
      origin: baseURL,
      'x-forwarded-for': `203.0.113.${++sender}`,
    },
    data: JSON.stringify({
      orders: Array.from({ length: count }, (_, index) => ({
        name: `Other Customer ${index + 1}`,
        email: 'other@example.com',
        phone_number: '416-555-0111',
        product_type: product,
        event_theme: 'Someone else’s party',
        due_date: date,
        hear_about_us: 'Instagram',
      })),
      accept_policies: true,
      website: '',
    }),
  })
  expect(response.status()).toBe(200)
}
