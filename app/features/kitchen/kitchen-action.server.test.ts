import { expect, test } from 'vitest'
import { openTestDatabase } from '#tests/support/database.ts'
import { receiveKitchenRates, receiveKitchenThing } from './kitchen-action.server.ts'
import { readKitchen, readKitchenSettings } from './kitchen.server.ts'

const post = (fields: Record<string, string>) =>
  new Request('http://localhost/admin/kitchen/ingredients/new', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  })

test('a refused ingredient comes back with every problem by its field and what she typed', async () => {
  const { db } = await openTestDatabase()
  const typed = {
    name: '',
    pack_amount: '0',
    pack_unit: 'bushel',
    pack_price: 'lots',
    density: '9',
  }
  const answer = await receiveKitchenThing({
    request: post(typed),
    db,
    kind: 'ingredient',
    id: 'new',
  })
  expect(answer).toEqual({
    status: 400,
    body: {
      ok: false,
      values: typed,
      errors: {
        name: 'Name is required.',
        pack_amount: 'The pack size must be a number like 2, 1.5 or 1 1/2.',
        pack_unit: 'Choose a unit from the list.',
        pack_price: 'The price must be an amount of money, like $45 or $12.50.',
        density: 'Grams per millilitre must be from 0.05 to 5 (water is 1, flour about 0.53).',
      },
    },
  })
  expect((await readKitchen(db)).ingredients.size).toBe(0)
})

test('a saved ingredient goes back to the kitchen at its card; a recipe line in batches of an ingredient is refused', async () => {
  const { db } = await openTestDatabase()
  const saved = await receiveKitchenThing({
    request: post({
      name: 'Cocoa',
      pack_amount: '1',
      pack_unit: 'lb',
      pack_price: '12',
      'allergen.milk': 'on',
    }),
    db,
    kind: 'ingredient',
    id: 'new',
  })
  const [cocoa] = (await readKitchen(db)).ingredients.values()
  expect(saved).toEqual({
    location: `/admin/kitchen?saved=ingredient-${cocoa!.id}#ingredient-${cocoa!.id}`,
  })
  expect(cocoa!.allergens).toEqual(['milk'])
  const refused = await receiveKitchenThing({
    request: post({
      name: 'Brownies',
      yield_amount: '16',
      yield_unit: 'each',
      'line.0.thing': `ingredient:${cocoa!.id}`,
      'line.0.amount': '1',
      'line.0.unit': 'batch',
    }),
    db,
    kind: 'recipe',
    id: 'new',
  })
  expect(refused).toMatchObject({
    status: 400,
    body: {
      errors: { 'line.0.unit': 'Batches are for a recipe used in this one: choose a unit.' },
    },
  })
  // Not a form at all.
  const garbled = await receiveKitchenThing({
    request: new Request('http://localhost/admin/kitchen/recipes/new', {
      method: 'POST',
      body: '{}',
    }),
    db,
    kind: 'recipe',
    id: 'new',
  })
  expect(garbled).toMatchObject({
    status: 400,
    body: { error: 'That request could not be understood.' },
  })
})

test('her rate is read as money and her margin as a whole percent', async () => {
  const { db } = await openTestDatabase()
  expect(
    await receiveKitchenRates({
      request: post({ hourly_rate: 'twenty', target_margin: '120' }),
      db,
    }),
  ).toMatchObject({
    status: 400,
    body: {
      errors: {
        hourly_rate: 'Your hourly rate must be an amount of money, like $45 or $12.50.',
        target_margin: 'The margin you aim for must be a whole percent from 0 to 95.',
      },
    },
  })
  expect(
    await receiveKitchenRates({
      request: post({ hourly_rate: '$27.50', target_margin: '35%' }),
      db,
    }),
  ).toMatchObject({
    status: 200,
  })
  expect(await readKitchenSettings(db)).toEqual({ hourlyRateCents: 2_750, targetMarginPercent: 35 })
})
