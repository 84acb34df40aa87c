import Fraction from 'fraction.js'
import { expect, test } from 'vitest'
import { quoteRequest } from '#app/features/order-book/quotes.server.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import { BOOK_NOW, openBakery, quoteFor, sendRequest } from '#tests/support/order-book.ts'
import { readIngredientForm, readRecipeForm } from './kitchen-forms.ts'
import { readKitchenOverview } from './kitchen-view.server.ts'
import { saveIngredient, saveRecipe } from './kitchen.server.ts'
import { saveRecipeUses } from './recipe-uses.server.ts'

test('an open quote whose price no longer covers her margin is flagged; its newer quote stands', async () => {
  const { db } = await openTestDatabase()
  await openBakery(db)
  const flour = readIngredientForm({
    name: 'Flour',
    pack_amount: '1',
    pack_unit: 'kg',
    pack_price: '2',
  })
  if (!flour.ok) throw new Error('flour')
  const flourId = await saveIngredient(db, null, flour.value)
  if (!flourId.ok) throw new Error('flour')
  // Three hours of her time at $20: $60, and 300 g of flour: 60¢.
  const cake = readRecipeForm({
    name: 'Wedding sponge',
    yield_amount: '1',
    yield_unit: 'each',
    labour_minutes: '180',
    'line.0.thing': `ingredient:${flourId.id}`,
    'line.0.amount': '300',
    'line.0.unit': 'g',
  })
  if (!cake.ok) throw new Error('cake')
  const cakeId = await saveRecipe(db, null, cake.value)
  if (!cakeId.ok) throw new Error('cake')
  const cakes = await db
    .selectFrom('product')
    .select('id')
    .where('name', '=', 'Cakes')
    .executeTakeFirstOrThrow()
  await saveRecipeUses(
    db,
    new Map([[`treat.${cakes.id}` as const, [{ recipeId: cakeId.id, batches: new Fraction(1) }]]]),
  )

  // Quoted $90 against $60.60: 32%, under an aim of 40% once she raises it.
  const ana = await sendRequest(db, { name: 'Ana Lima' })
  await quoteFor(db, ana)
  await db.updateTable('kitchen_settings').set({ target_margin_percent: 40 }).execute()
  expect((await readKitchenOverview(db)).quotesUnder).toEqual([
    {
      requestId: ana,
      label: 'Cakes for Ana Lima',
      priceCents: 9_000,
      costCents: 6_060,
      percent: 32,
    },
  ])
  // A new quote at $150 replaces it: nothing under.
  await db.transaction().execute((trx) =>
    quoteRequest(trx, {
      requestId: ana,
      quote: {
        priceCents: 15_000,
        depositCents: 0,
        depositDue: null,
        paymentInstructions: '',
        message: '',
        expiresInDays: 30,
      },
      now: BOOK_NOW + 60_000,
    }),
  )
  expect((await readKitchenOverview(db)).quotesUnder).toEqual([])
})
