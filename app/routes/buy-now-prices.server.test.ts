/**
 * One number for every combination (decision 103): the total the price API
 * shows for what she chose is what Stripe's Checkout is asked for, what her
 * receipt and the owner's CSV say, and what her "booked" email says, for
 * every combination of a treat's options, inside and outside the rush
 * notice, picked up and delivered. A choice that needs a quote is never
 * charged: it becomes a request. Both databases; the Stripe fake.
 */
import { parse } from 'csv-parse/sync'
import { expect, test } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import { receiveBuyNow } from '#app/features/buy-now/buy-now-send.server.ts'
import type { OutgoingEmail } from '#app/features/mail/email.ts'
import { everyCombination } from '#app/features/menu/option-prices.ts'
import { readSetPrice } from '#app/features/menu/set-prices.server.ts'
import { streamOrdersCsv } from '#app/features/owner-desk/orders-csv.server.ts'
import { readReceipts } from '#app/features/receipts/receipt.server.ts'
import { answerPrice } from '#app/features/set-price-orders/price-api.server.ts'
import { formatMoney } from '#app/utils/money.ts'
import { buyNowBakery, buyNowPost } from '#tests/support/buy-now.ts'
import { withFakeStripe } from '#tests/support/card-book.ts'

// Sunday, November 29, 2026, 10 in the morning in Toronto.
const NOW = Date.parse('2026-11-29T15:00:00Z')
const SITE = 'https://butterandbloom.example'

async function csvTotals(db: Db): Promise<Map<string, string>> {
  const text = await new Response(streamOrdersCsv(db)).text()
  const [head, ...rows] = parse(text) as string[][]
  const id = head!.indexOf('id')
  const total = head!.indexOf('total')
  return new Map(rows.map((row) => [row[id]!, row[total]!]))
}

async function bookedEmail(db: Db, address: string): Promise<OutgoingEmail> {
  const rows = await db.selectFrom('outbox').select('payload').orderBy('id').execute()
  const emails = rows
    .map((row) => JSON.parse(row.payload) as OutgoingEmail)
    .filter((email) => email.to?.address === address && /is booked/.test(email.subject))
  expect(emails).toHaveLength(1)
  return emails[0]!
}

test('for every combination, the total shown is the total charged at Checkout, on the receipt, in the CSV and in her email', async () => {
  const { db, id } = await buyNowBakery()
  await db.updateTable('weekday_capacity').set({ capacity: 1_000 }).execute()
  const { env, fake } = await withFakeStripe(db, { now: NOW })
  const treat = (await readSetPrice(db, id))!
  const handovers: Record<string, string>[] = [
    { due_date: '2026-12-01', fulfilment: 'pickup' },
    {
      due_date: '2026-12-18',
      fulfilment: 'delivery',
      delivery_street: '12 Elm St',
      delivery_city: 'Toronto',
      delivery_postal_code: 'M4C 1B5',
    },
  ]
  let n = 0
  let charged = 0
  for (const options of everyCombination(treat.groups)) {
    for (const handover of handovers) {
      n += 1
      const optionFields = Object.fromEntries(
        Object.entries(options)
          .filter(([, value]) => value !== '')
          .map(([group, value]) => [`option.${group}`, value]),
      )
      // What her page shows: the price API's answer for what she chose.
      const query = new URLSearchParams({
        product: String(id),
        date: handover.due_date!,
        fulfilment: handover.fulfilment!,
        postal_code: handover.delivery_postal_code ?? '',
        ...optionFields,
      })
      const shown = await answerPrice({
        db,
        url: new URL(`${SITE}/api/price?${query}`),
        clientIp: '198.51.100.1',
        now: new Date(NOW),
      })
      expect(shown.status).toBe(200)
      const { total_cents: totalCents, quote_needed: quoteNeeded } = shown.body as {
        total_cents: number
        quote_needed: boolean
      }
      const email = `buyer.${n}@example.com`
      const sessionsBefore = fake.sessions.size
      const sent = await receiveBuyNow({
        db,
        productId: id,
        request: buyNowPost(id, {
          name: `Buyer ${n}`,
          email,
          phone_number: '416-555-0134',
          hear_about_us: 'Word of Mouth',
          accept_policies: 'on',
          payment: 'card',
          total_cents: String(totalCents),
          ...handover,
          ...optionFields,
        }),
        clientIp: `203.0.113.${n}`,
        now: new Date(NOW),
        env,
      })
      if (!('location' in sent)) throw new Error(JSON.stringify(sent.body))
      const token = /\/requests\/([\w-]+)$/.exec(sent.location)?.[1]
      if (quoteNeeded) {
        // A quote's choice: a request for the owner to price, and nothing charged.
        expect(fake.sessions.size).toBe(sessionsBefore)
        const request = await db
          .selectFrom('order_request')
          .select('status')
          .where('customer_token', '=', token!)
          .executeTakeFirstOrThrow()
        expect(request.status).toBe('new')
        continue
      }
      charged += 1
      const session = [...fake.sessions.values()].at(-1)!
      expect(sent.location).toBe(session.url)
      expect(session.amount_total).toBe(totalCents)
      expect(await fake.pay(session.id)).toBe(200)

      const pageToken = new URL(session.success_url).pathname.split('/').at(-1)!
      const [receipt] = (await readReceipts(db, { token: pageToken, now: NOW }))!
      expect(receipt!.price).toBe(formatMoney(totalCents))
      expect(receipt!.paid).toBe(formatMoney(totalCents))
      const requestId = await db
        .selectFrom('order_request')
        .select('id')
        .where('customer_token', '=', pageToken)
        .executeTakeFirstOrThrow()
      expect((await csvTotals(db)).get(String(requestId.id))).toBe((totalCents / 100).toFixed(2))
      expect((await bookedEmail(db, email)).text).toContain(formatMoney(totalCents))
    }
  }
  // The walk reached both kinds: orders charged, and choices sent for a quote.
  expect(charged).toBeGreaterThan(0)
  expect(charged).toBeLessThan(n)
})
