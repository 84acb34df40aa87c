import { expect, test } from 'vitest'
import { buyTwoDozen, cupcakeKitchen } from '#tests/support/buy-now.ts'
import { readOrdersToMake } from './orders-to-make.server.ts'
import { readSellables } from './recipe-uses.server.ts'
import { readSoldView } from './sold-view.server.ts'

test('each choice of a treat sold now is listed with what it adds, and costs what its recipes do', async () => {
  const { db, id } = await cupcakeKitchen()
  const sellables = await readSellables(db, new Date('2026-11-29T15:00:00Z'))
  expect(sellables.filter((sellable) => sellable.key.startsWith(`option.${id}.`))).toEqual([
    expect.objectContaining({ name: 'Cakes · How many: A dozen', priceCents: 0, adds: true }),
    expect.objectContaining({ name: 'Cakes · How many: Two dozen', priceCents: 3_200 }),
    expect.objectContaining({ name: 'Cakes · How many: A hundred', priceCents: 21_000 }),
    expect.objectContaining({ name: 'Cakes · Frosting: Cream cheese', priceCents: 450 }),
    expect.objectContaining({ name: 'Cakes · Frosting: Plain glaze', priceCents: -200 }),
  ])
  const view = await readSoldView(db, new Date('2026-11-29T15:00:00Z'))
  const frosting = view.rows.find((row) => row.key === `option.${id}.frosting.cream-cheese`)
  // 250 g of cream cheese at $4 a kilo; a choice has no margin of its own.
  expect(frosting).toMatchObject({ costCents: 100, margin: null })
})

test('an order bought now is baked with the recipes its choices add', async () => {
  const { db, id, batter, frosting } = await cupcakeKitchen()
  await buyTwoDozen(db, id)
  const orders = await readOrdersToMake(db, '2026-12-01', '2026-12-01')
  // A dozen's batter for the treat, another for two dozen, and the frosting chosen.
  expect(
    orders.map((order) => order.made.map((use) => [use.recipeId, use.batches.toFraction()])),
  ).toEqual([
    [
      [batter, '2'],
      [frosting, '1'],
    ],
  ])
})
