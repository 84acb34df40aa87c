import { describe, expect, it } from 'vitest'
import type { GrowthRow } from './growth-endpoints.ts'
import { formatGrowth } from './growth.ts'

const MIB = 1024 * 1024

function row(
  database: GrowthRow['database'],
  requests: number,
  ms: number,
  extra: Partial<GrowthRow> = {},
): GrowthRow {
  return {
    database,
    requests,
    seed: null,
    medianMs: {
      '/admin': ms,
      '/admin/orders': ms * 1.5,
      '/admin/orders?q=…': 8.25,
      '/api/availability': null,
      '/admin/orders.csv': ms * 40,
    },
    failures: {},
    peakRssBytes: 140 * MIB,
    serverStops: [],
    ...extra,
  }
}

describe('formatGrowth', () => {
  it('prints each database’s books against the empty one, and what failed', () => {
    const markdown = formatGrowth(
      [
        row('sqlite', 0, 12),
        row('sqlite', 100_000, 30, { failures: { '/api/availability': ['HTTP 500'] } }),
        row('pg', 0, 20, { peakRssBytes: null }),
        row('pg', 10_000, 25, { serverStops: ['/admin: the server exited with code 137'] }),
      ],
      5,
    )
    expect(markdown).toMatchInlineSnapshot(`
      "Median ms of 5 runs after 15 warm-up passes, each book on a fresh server started as \`npm run serve\` starts it; (n×) against the empty book (0 requests) in the same run; ! = some runs failed (listed below). Each book: sends of 1–3 requests over three years and four months ahead, with quotes, payments, timelines and outbox emails (scripts/bench/synthetic-book.ts). Peak RSS: VmHWM after all of them.

      ### SQLite

      | Requests |    /admin | /admin/orders | /admin/orders?q=… | /admin/orders/<id> | /admin/calendar | /admin/settings | /admin/orders?view=messages | /api/availability | order send | /admin/orders.csv | orders.csv first byte | availability during CSV | /admin/calendar.ics | calendar.ics first byte | Peak RSS MB |
      | -------: | --------: | ------------: | ----------------: | -----------------: | --------------: | --------------: | --------------------------: | ----------------: | ---------: | ----------------: | --------------------: | ----------------------: | ------------------: | ----------------------: | ----------: |
      |        0 |        12 |            18 |               8.3 |                  — |               — |               — |                           — |                 — |          — |               480 |                     — |                       — |                   — |                       — |         140 |
      |  100,000 | 30 (2.5×) |     45 (2.5×) |        8.3 (1.0×) |                  — |               — |               — |                           — |               — ! |          — |       1200 (2.5×) |                     — |                       — |                   — |                       — |         140 |

      ### PostgreSQL

      | Requests |    /admin | /admin/orders | /admin/orders?q=… | /admin/orders/<id> | /admin/calendar | /admin/settings | /admin/orders?view=messages | /api/availability | order send | /admin/orders.csv | orders.csv first byte | availability during CSV | /admin/calendar.ics | calendar.ics first byte | Peak RSS MB |
      | -------: | --------: | ------------: | ----------------: | -----------------: | --------------: | --------------: | --------------------------: | ----------------: | ---------: | ----------------: | --------------------: | ----------------------: | ------------------: | ----------------------: | ----------: |
      |        0 |        20 |            30 |               8.3 |                  — |               — |               — |                           — |                 — |          — |               800 |                     — |                       — |                   — |                       — |           — |
      |   10,000 | 25 (1.3×) |     38 (1.3×) |        8.3 (1.0×) |                  — |               — |               — |                           — |                 — |          — |       1000 (1.3×) |                     — |                       — |                   — |                       — |         140 |

      Failures:

      - sqlite 100000: /api/availability failed: HTTP 500
      - pg 10000: /admin: the server exited with code 137"
    `)
  })
})
