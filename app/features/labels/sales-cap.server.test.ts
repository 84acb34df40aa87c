import { expect, test } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import { recordRefundIn } from '#app/features/order-book/money-back.server.ts'
import { recordPayment } from '#app/features/order-book/money-in.server.ts'
import { runWithLocalSettings } from '#app/utils/local-settings.server.ts'
import { SEED_LOCAL_SETTINGS } from '#app/utils/local-settings.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import { BOOK_NOW, openBakery, quoteFor, sendRequest } from '#tests/support/order-book.ts'
import { saveLabelSettings } from './labels.server.ts'
import { readSalesCap } from './sales-cap.server.ts'

const inDollars = <T>(work: () => T) =>
  runWithLocalSettings({ ...SEED_LOCAL_SETTINGS, currency: 'USD' }, work)

async function paid(db: Db, name: string, payments: [cents: number, on: string][]) {
  const id = await sendRequest(db, { name, email: `${name.toLowerCase()}@example.com` })
  await quoteFor(db, id)
  for (const [amountCents, receivedOn] of payments) {
    const recorded = await recordPayment(db, {
      requestId: id,
      payment: { amountCents, receivedOn, method: 'e-Transfer' },
      now: BOOK_NOW,
    })
    if (!recorded.ok) throw new Error(recorded.error)
  }
  return id
}

const settings = (region: string, salesCapCents: number | null) => ({
  region,
  maker: 'Butter & Bloom',
  permit: '',
  layout: 'avery-5163',
  salesCapCents,
})

test('her year’s sales are its payments less its refunds, against her region’s cap', async () => {
  const { db } = await openTestDatabase()
  await openBakery(db)
  await saveLabelSettings(db, settings('TX', null))
  // Last December's deposit is last year's; this year's payments less a refund count.
  await paid(db, 'Ana', [
    [3_000, '2025-12-30'],
    [6_000, '2026-02-01'],
  ])
  const ben = await paid(db, 'Ben', [[9_000, '2026-03-01']])
  await db.transaction().execute((trx) =>
    recordRefundIn(trx, {
      requestId: ben,
      amountCents: 2_500,
      refundedOn: '2026-03-02',
      method: 'e-Transfer',
      reason: 'Smaller cake',
      now: BOOK_NOW,
    }),
  )
  expect(await inDollars(() => readSalesCap(db, '2026-11-30'))).toEqual({
    year: 2026,
    salesCents: 12_500,
    capCents: 150_000_00,
    whose: 'Texas’s',
    percent: 0,
    warn: false,
  })
  // Texas's cap is in dollars: a bakery counting in another currency is not measured by it.
  expect(await readSalesCap(db, '2026-11-30')).toBeNull()
})

test('from 80% of her own cap Settings warns her', async () => {
  const { db } = await openTestDatabase()
  await openBakery(db)
  await paid(db, 'Ana', [[8_000, '2026-05-01']])
  await saveLabelSettings(db, settings('CA', 10_001))
  expect(await readSalesCap(db, '2026-11-30')).toMatchObject({ percent: 79, warn: false })
  await saveLabelSettings(db, settings('CA', 10_000))
  expect(await readSalesCap(db, '2026-11-30')).toMatchObject({
    whose: 'your',
    percent: 80,
    warn: true,
  })
  // No region with a cap and none of her own: nothing to measure.
  await saveLabelSettings(db, settings('ON', null))
  expect(await readSalesCap(db, '2026-11-30')).toBeNull()
})
