import { expect, test } from 'vitest'
import type { OrderToMake } from '#app/features/kitchen/orders-to-make.server.ts'
import { buttercream, f, kitchenOf, layerCake, sponge } from '#tests/support/kitchen.ts'
import { prepSheet, prepSheetText, shoppingList, shoppingListText } from './bake-sheets.ts'

/** A week of booked orders: cakes, a drop basket of sponges, one treat with no recipe yet. */
const week: OrderToMake[] = [
  {
    requestId: 1,
    dueDate: '2026-12-05',
    name: 'Ana Lima',
    what: 'Cakes',
    made: [{ recipeId: 12, batches: f(1) }],
    unmade: [],
  },
  {
    requestId: 2,
    dueDate: '2026-12-05',
    name: 'Ben Ode',
    what: 'Saturday bake',
    made: [{ recipeId: 10, batches: f(2) }],
    unmade: [],
  },
  {
    requestId: 3,
    dueDate: '2026-12-06',
    name: 'Cy Park',
    what: 'Cupcakes',
    made: [],
    unmade: ['Cupcakes'],
  },
  {
    requestId: 4,
    dueDate: '2026-12-07',
    name: 'Dee Marsh',
    what: 'Cakes',
    made: [{ recipeId: 12, batches: f(2) }],
    unmade: [],
  },
]

function weekKitchen() {
  const kitchen = kitchenOf(layerCake, sponge, buttercream)
  // Half a kilo of flour and a pound of butter in the pantry.
  const flour = kitchen.ingredients.get(1)!
  const butter = kitchen.ingredients.get(3)!
  const ingredients = new Map(kitchen.ingredients)
  ingredients.set(1, { ...flour, pantry: f('0.5') })
  ingredients.set(3, { ...butter, pantry: f(1) })
  return { ...kitchen, ingredients }
}

test('a week of orders makes one prep sheet: each sub-recipe once, scaled, before what uses it', async () => {
  const sheet = prepSheet(weekKitchen(), week)
  // Three cakes need 4.5 sponges and 1.5 buttercreams; the basket two sponges more.
  expect(sheet.recipes.map((recipe) => [recipe.name, recipe.batches])).toEqual([
    ['Vanilla sponge', '6 1/2'],
    ['Buttercream', '1 1/2'],
    ['Nine-inch layer cake', '3'],
  ])
  await expect(prepSheetText(sheet)).toMatchFileSnapshot('./golden/prep-week.txt')
})

test('the shopping list buys what the week needs less the pantry, in whole packs', async () => {
  const list = shoppingList(weekKitchen(), week)
  const flour = list.lines.find((line) => line.name === 'Flour')!
  // 6.5 sponges × 473.176473 g of flour, less the half kilo in the pantry: three 1 kg bags.
  expect(flour).toMatchObject({ need: '3.08 kg', pantry: '0.5 kg', toBuy: '2.58 kg', packs: 3 })
  expect(list.totalCents).toBe(list.lines.reduce((sum, line) => sum + line.costCents, 0))
  await expect(shoppingListText(list)).toMatchFileSnapshot('./golden/shopping-week.txt')
})
