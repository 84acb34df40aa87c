import Fraction from 'fraction.js'
import { expect, test } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import { readIngredientForm, readRecipeForm } from '#app/features/kitchen/kitchen-forms.ts'
import {
  readKitchen,
  readKitchenSettings,
  saveIngredient,
  saveKitchenSettings,
  saveRecipe,
} from '#app/features/kitchen/kitchen.server.ts'
import { costOf } from '#app/features/kitchen/recipe-costs.ts'
import {
  readNetWeights,
  readRecipeUses,
  saveRecipeUses,
} from '#app/features/kitchen/recipe-uses.server.ts'
import { listProducts, seedMenu } from '#app/features/menu/menu.server.ts'
import { seedSiteContent } from '#app/features/site-content/site-content.server.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import { input, saved } from '#tests/support/form-reads.ts'
import { checkSiteFile, exportSiteFile, importSiteFile } from './site-file.server.ts'

/** A bakery whose kitchen holds flour, butter, a buttercream inside a cake, and Cakes made of it. */
async function kitchenInstall(): Promise<Db> {
  const { db } = await openTestDatabase()
  await seedMenu(db)
  await seedSiteContent(db)
  await saveKitchenSettings(db, { hourlyRateCents: 2_750, targetMarginPercent: 40 })
  const flour = await saved(
    saveIngredient(
      db,
      null,
      input(
        readIngredientForm({
          name: 'Flour',
          pack_amount: '2.5',
          pack_unit: 'kg',
          pack_price: '8.99',
          density: '0.53',
          pantry: '1 1/4',
          'allergen.wheat': 'on',
          contents: 'wheat flour, niacin',
        }),
      ),
    ),
  )
  const butter = await saved(
    saveIngredient(
      db,
      null,
      input(
        readIngredientForm({
          name: 'Butter',
          // A block's weight as the wrapper gives it: exported and read back exactly.
          pack_amount: '0.4536',
          pack_unit: 'kg',
          pack_price: '6.49',
          'allergen.milk': 'on',
        }),
      ),
    ),
  )
  const frosting = await saved(
    saveRecipe(
      db,
      null,
      input(
        readRecipeForm({
          name: 'Buttercream',
          yield_amount: '900',
          yield_unit: 'g',
          labour_minutes: '15',
          'line.0.thing': `ingredient:${butter}`,
          'line.0.amount': '1',
          'line.0.unit': 'lb',
        }),
      ),
    ),
  )
  const cake = await saved(
    saveRecipe(
      db,
      null,
      input(
        readRecipeForm({
          name: 'Layer cake',
          yield_amount: '1',
          yield_unit: 'each',
          labour_minutes: '90',
          packaging: '3.25',
          'line.0.thing': `ingredient:${flour}`,
          'line.0.amount': '2 1/4',
          'line.0.unit': 'cup',
          'line.1.thing': `recipe:${frosting}`,
          'line.1.amount': '300',
          'line.1.unit': 'g',
        }),
      ),
    ),
  )
  const cakes = (await listProducts(db)).find((product) => product.name === 'Cakes')!
  await saveRecipeUses(
    db,
    new Map([
      [`treat.${cakes.id}` as const, [{ recipeId: cake, batches: new Fraction(3, 2) }]],
      // What choosing a larger size adds: half a cake more.
      [
        `option.${cakes.id}.size.nine-inch` as const,
        [{ recipeId: cake, batches: new Fraction(1, 2) }],
      ],
    ]),
    new Map([[`treat.${cakes.id}` as const, new Fraction('1250.5')]]),
  )
  return db
}

async function kitchenOf(db: Db) {
  const kitchen = await readKitchen(db)
  const settings = await readKitchenSettings(db)
  const uses = await readRecipeUses(db)
  const treats = new Map(
    (await listProducts(db)).map((product) => [`treat.${product.id}`, product.name]),
  )
  return {
    settings,
    ingredients: [...kitchen.ingredients.values()].map((ingredient) => ({
      ...ingredient,
      id: 0,
      pack: { ...ingredient.pack, amount: ingredient.pack.amount.toFraction() },
      density: ingredient.density?.toFraction() ?? null,
      pantry: ingredient.pantry?.toFraction() ?? null,
      pieceGrams: ingredient.pieceGrams?.toFraction() ?? null,
    })),
    recipes: [...kitchen.recipes.values()].map((recipe) => ({
      name: recipe.name,
      lines: recipe.lines.length,
      cost: costOf(kitchen, recipe.id, { hourlyRateCents: settings.hourlyRateCents }),
    })),
    weighs: [...(await readNetWeights(db))].map(([key, grams]) => [
      treats.get(key),
      grams.toFraction(),
    ]),
    madeOf: [...uses].map(([key, made]) => [
      // "option.3.size.nine-inch" is named by its treat: "Cakes size.nine-inch".
      key.startsWith('option.')
        ? `${treats.get(`treat.${key.split('.')[1]}`)} ${key.split('.').slice(2).join('.')}`
        : treats.get(key),
      made.map((use) => [kitchen.recipes.get(use.recipeId)!.name, use.batches.toFraction()]),
    ]),
  }
}

test('her kitchen moves with the site file: the same ingredients, recipes, costs and what Cakes are made of', async () => {
  const from = await kitchenInstall()
  const text = JSON.stringify(await exportSiteFile(from))
  const { db: to } = await openTestDatabase()
  await seedMenu(to)
  await seedSiteContent(to)
  const checked = checkSiteFile(text)
  if (!checked.ok) throw new Error(checked.error)
  await importSiteFile(to, checked)
  const moved = await kitchenOf(to)
  expect(moved).toEqual(await kitchenOf(from))
  expect(moved.recipes.map((recipe) => recipe.cost.problems)).toEqual([[], []])
  expect(moved.madeOf).toEqual([
    ['Cakes', [['Layer cake', '3/2']]],
    ['Cakes size.nine-inch', [['Layer cake', '1/2']]],
  ])
  expect(moved.weighs).toEqual([['Cakes', '2501/2']])
})

test('a kitchen the forms would refuse keeps the whole file out, said plainly', async () => {
  const file = await exportSiteFile(await kitchenInstall())
  const refused = (kitchen: object) =>
    checkSiteFile(JSON.stringify({ ...file, kitchen: { ...file.kitchen, ...kitchen } }))
  expect(
    refused({ ingredients: [{ ...file.kitchen!.ingredients[0], pack_unit: 'bushel' }] }),
  ).toEqual({
    ok: false,
    error: 'Kitchen: an ingredient: Choose a unit from the list.',
  })
  expect(refused({ ingredients: [file.kitchen!.ingredients[0]] })).toEqual({
    ok: false,
    error: 'Kitchen: Layer cake uses “Flour”, which the file does not have.',
  })
  const looping = file.kitchen!.recipes.map((recipe) =>
    recipe.name === 'Buttercream'
      ? {
          ...recipe,
          'line.1.thing': 'recipe:Layer cake',
          'line.1.amount': '1',
          'line.1.unit': 'batch',
        }
      : recipe,
  )
  expect(refused({ recipes: looping })).toMatchObject({
    ok: false,
    error: expect.stringContaining('a recipe cannot be inside itself'),
  })
})

test('a file without a kitchen keeps this one, and what each treat is made of', async () => {
  const db = await kitchenInstall()
  const before = await kitchenOf(db)
  const { kitchen: _kitchen, ...older } = await exportSiteFile(db)
  const checked = checkSiteFile(JSON.stringify(older))
  if (!checked.ok) throw new Error(checked.error)
  await importSiteFile(db, checked)
  expect(await kitchenOf(db)).toEqual(before)
})
