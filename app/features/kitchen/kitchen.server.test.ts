import { expect, test } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import { openTestDatabase, openTwoInstances, testDatabaseKind } from '#tests/support/database.ts'
import { readIngredientForm, readRecipeForm } from './kitchen-forms.ts'
import {
  deleteIngredient,
  deleteRecipe,
  readKitchen,
  readKitchenSettings,
  saveIngredient,
  saveRecipe,
} from './kitchen.server.ts'
import { costOf } from './recipe-costs.ts'

function ingredientInput(form: Record<string, string>) {
  const read = readIngredientForm(form)
  if (!read.ok) throw new Error(JSON.stringify(read.fieldErrors))
  return read.value
}

function recipeInput(form: Record<string, string>) {
  const read = readRecipeForm(form)
  if (!read.ok) throw new Error(JSON.stringify(read.fieldErrors))
  return read.value
}

async function oneServer(): Promise<[Db, Db]> {
  const { db } = await openTestDatabase()
  return [db, db]
}

async function stockedKitchen() {
  const { db } = await openTestDatabase()
  const flour = await saveIngredient(
    db,
    null,
    ingredientInput({
      name: 'Flour',
      pack_amount: '2.5',
      pack_unit: 'kg',
      pack_price: '8.99',
      density: '0.53',
      'allergen.wheat': 'on',
    }),
  )
  const butter = await saveIngredient(
    db,
    null,
    ingredientInput({
      name: 'Butter',
      pack_amount: '454',
      pack_unit: 'g',
      pack_price: '6.99',
      'allergen.milk': 'on',
    }),
  )
  if (!flour.ok || !butter.ok) throw new Error('not stocked')
  return { db, flourId: flour.id, butterId: butter.id }
}

test('a recipe is stored exactly as typed and costed from what she pays', async () => {
  const { db, flourId, butterId } = await stockedKitchen()
  const shortbread = await saveRecipe(
    db,
    null,
    recipeInput({
      name: 'Shortbread',
      yield_amount: '24',
      yield_unit: 'each',
      labour_minutes: '40',
      packaging: '1.50',
      'line.0.thing': `ingredient:${flourId}`,
      'line.0.amount': '2 1/4',
      'line.0.unit': 'cup',
      'line.1.thing': `ingredient:${butterId}`,
      'line.1.amount': '1',
      'line.1.unit': 'lb',
    }),
  )
  expect(shortbread.ok).toBe(true)
  const kitchen = await readKitchen(db)
  const recipe = kitchen.recipes.get(shortbread.ok ? shortbread.id : 0)!
  expect(recipe.lines.map((line) => line.amount.toFraction(true))).toEqual(['2 1/4', '1'])
  expect(kitchen.ingredients.get(flourId)!.allergens).toEqual(['wheat'])
  const { hourlyRateCents, targetMarginPercent } = await readKitchenSettings(db)
  expect({ hourlyRateCents, targetMarginPercent }).toEqual({
    hourlyRateCents: 2_000,
    targetMarginPercent: 30,
  })
  // 2¼ cups at 0.53 g/ml is 282.124... g of a $8.99 2.5 kg bag: 101.45¢;
  // a pound (453.59237 g) of a $6.99 454 g block: 698.37¢. 40 minutes at $20.
  expect(costOf(kitchen, recipe.id, { hourlyRateCents })).toMatchObject({
    ingredientsCents: 800,
    packagingCents: 150,
    labourCents: 1_333,
    totalCents: 2_283,
    problems: [],
  })
})

test('names are her own whatever their case, and a deleted thing is said to be gone', async () => {
  const { db, flourId } = await stockedKitchen()
  expect(
    await saveIngredient(
      db,
      null,
      ingredientInput({
        name: 'FLOUR',
        pack_amount: '1',
        pack_unit: 'kg',
        pack_price: '3',
      }),
    ),
  ).toEqual({
    ok: false,
    status: 409,
    field: 'name',
    error: 'You already have an ingredient called “FLOUR”.',
  })
  const cake = recipeInput({ name: 'Sponge', yield_amount: '1', yield_unit: 'each' })
  expect((await saveRecipe(db, null, cake)).ok).toBe(true)
  expect(await saveRecipe(db, null, { ...cake, name: 'sponge' })).toMatchObject({
    ok: false,
    field: 'name',
  })
  expect(await deleteIngredient(db, flourId)).toEqual({ ok: true, id: flourId })
  expect(await deleteIngredient(db, flourId)).toMatchObject({ ok: false, status: 404 })
  expect(
    await saveRecipe(
      db,
      null,
      recipeInput({
        name: 'Scones',
        yield_amount: '8',
        yield_unit: 'each',
        'line.0.thing': `ingredient:${flourId}`,
        'line.0.amount': '3',
        'line.0.unit': 'cup',
      }),
    ),
  ).toEqual({
    ok: false,
    status: 409,
    field: 'line.0.thing',
    error: 'That was deleted meanwhile: choose another.',
  })
})

test('what a recipe uses cannot be deleted from under it, and a recipe is never inside itself', async () => {
  const { db, butterId } = await stockedKitchen()
  const frosting = await saveRecipe(
    db,
    null,
    recipeInput({
      name: 'Buttercream',
      yield_amount: '900',
      yield_unit: 'g',
      'line.0.thing': `ingredient:${butterId}`,
      'line.0.amount': '454',
      'line.0.unit': 'g',
    }),
  )
  if (!frosting.ok) throw new Error('not saved')
  const cake = await saveRecipe(
    db,
    null,
    recipeInput({
      name: 'Layer cake',
      yield_amount: '1',
      yield_unit: 'each',
      'line.0.thing': `recipe:${frosting.id}`,
      'line.0.amount': '300',
      'line.0.unit': 'g',
    }),
  )
  if (!cake.ok) throw new Error('not saved')
  expect(await deleteIngredient(db, butterId)).toEqual({
    ok: false,
    status: 409,
    error: 'It is in Buttercream: take it out of that recipe first.',
  })
  expect(await deleteRecipe(db, frosting.id)).toEqual({
    ok: false,
    status: 409,
    error: 'It is inside Layer cake: take it out first.',
  })
  // Buttercream made with the cake in it: refused, and Buttercream stays as it was.
  expect(
    await saveRecipe(
      db,
      frosting.id,
      recipeInput({
        name: 'Buttercream',
        yield_amount: '900',
        yield_unit: 'g',
        'line.0.thing': `recipe:${cake.id}`,
        'line.0.amount': '1',
        'line.0.unit': 'batch',
      }),
    ),
  ).toEqual({
    ok: false,
    status: 409,
    field: 'lines',
    error: 'Buttercream → Layer cake → Buttercream: a recipe cannot be inside itself.',
  })
  const kept = (await readKitchen(db)).recipes.get(frosting.id)!
  expect(kept.lines).toHaveLength(1)
  expect('ingredientId' in kept.lines[0]!).toBe(true)
  expect(await deleteRecipe(db, cake.id)).toEqual({ ok: true, id: cake.id })
  expect(await deleteRecipe(db, frosting.id)).toEqual({ ok: true, id: frosting.id })
})

test('two saves making the two halves of a loop at once: one is refused', async () => {
  // On PostgreSQL two instances on one database; SQLite is one server's file, so one server there.
  const [one, two] = testDatabaseKind() === 'pg' ? await openTwoInstances() : await oneServer()
  const base = { yield_amount: '1', yield_unit: 'each' }
  const a = await saveRecipe(one, null, recipeInput({ name: 'A', ...base }))
  const b = await saveRecipe(one, null, recipeInput({ name: 'B', ...base }))
  if (!a.ok || !b.ok) throw new Error('not saved')
  const inside = (name: string, id: number) =>
    recipeInput({
      name,
      ...base,
      'line.0.thing': `recipe:${id}`,
      'line.0.amount': '1',
      'line.0.unit': 'batch',
    })
  const answers = await Promise.all([
    saveRecipe(one, a.id, inside('A', b.id)),
    saveRecipe(two, b.id, inside('B', a.id)),
  ])
  expect(answers.filter((answer) => answer.ok)).toHaveLength(1)
  expect(answers.filter((answer) => !answer.ok)).toMatchObject([{ status: 409, field: 'lines' }])
})
