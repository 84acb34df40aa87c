import Fraction from 'fraction.js'
import type { Transaction } from 'kysely'
import type { Db } from '#app/db/db.server.ts'
import { tablesFor } from '#app/db/feature-tables.ts'
import type { Database } from '#app/db/schema.ts'
import { MAX_DOLLARS, centsToInput } from '#app/utils/money.ts'
import { ingredientFields } from './kitchen-editing.server.ts'
import {
  type IngredientInput,
  KITCHEN_LIMITS,
  type RecipeInput,
  readIngredientForm,
  readRecipeForm,
} from './kitchen-forms.ts'
import { ingredientRow, recipeLineRows, recipeRow } from './kitchen-rows.server.ts'
import { lockKitchen, readKitchen, readKitchenSettings } from './kitchen.server.ts'
import type { Kitchen, Recipe } from './recipe-walk.ts'
import { walkRecipe } from './recipe-walk.ts'
import { restoreTreatWeights, treatWeights } from './treat-links.server.ts'
import { amountToStore, parseAmount, writtenAmount } from './units.ts'

const ownTables = tablesFor('kitchen')

/**
 * The kitchen's part of the site file (decision 058, 105): her rate, what she
 * buys, her recipes and which treats are made of them, each written as its
 * form's fields, so an import checks them with the forms' own rules. Lines
 * and treats are named, not numbered: ids are this install's alone.
 */

export interface KitchenPart {
  hourlyRateCents: number
  targetMarginPercent: number
  /** The ingredient form's fields. */
  ingredients: Record<string, string>[]
  /** The recipe form's fields; a line's thing is "ingredient:<name>" or "recipe:<name>". */
  recipes: Record<string, string>[]
  /** A menu treat by name, made of a recipe by name. */
  madeOf: { treat: string; recipe: string; batches: string; option?: string }[]
  /** What one of a menu treat weighs, in grams, for its labels; older files have none. */
  weighs?: { treat: string; grams: string }[]
}

export interface CheckedKitchen {
  hourlyRateCents: number
  targetMarginPercent: number
  ingredients: IngredientInput[]
  /** Each recipe with its lines' things as indexes into ingredients and recipes. */
  recipes: RecipeInput[]
  madeOf: { treat: string; recipe: number; batches: Fraction; option: string | null }[]
  weighs: { treat: string; grams: Fraction }[]
}

/** The most of each a file may carry: a busy bakery's kitchen several times over. */
const MAX_THINGS = 500

export async function exportKitchen(db: Db): Promise<KitchenPart> {
  const [kitchen, settings] = [await readKitchen(db), await readKitchenSettings(db)]
  const uses = await ownTables(db)
    .selectFrom('recipe_use')
    .innerJoin('product', 'product.id', 'recipe_use.product_id')
    .select([
      'product.name as treat',
      'recipe_use.option_key',
      'recipe_use.recipe_id',
      'recipe_use.batches',
    ])
    .orderBy('recipe_use.id')
    .execute()
  return {
    ...settings,
    ingredients: [...kitchen.ingredients.values()].map(ingredientFields),
    recipes: [...kitchen.recipes.values()].map((recipe) => recipeFields(kitchen, recipe)),
    madeOf: uses.map((use) => ({
      treat: use.treat,
      recipe: kitchen.recipes.get(use.recipe_id)?.name ?? '',
      batches: writtenAmount(new Fraction(use.batches)),
      ...(use.option_key ? { option: use.option_key } : {}),
    })),
    weighs: await treatWeights(db),
  }
}

function recipeFields(kitchen: Kitchen, recipe: Recipe): Record<string, string> {
  const fields: Record<string, string> = {
    name: recipe.name,
    yield_amount: writtenAmount(recipe.yields.amount),
    yield_unit: recipe.yields.unit,
    labour_minutes: String(recipe.labourMinutes),
    packaging: centsToInput(recipe.packagingCents),
  }
  for (const [n, line] of recipe.lines.entries()) {
    fields[`line.${n}.thing`] =
      'ingredientId' in line
        ? `ingredient:${kitchen.ingredients.get(line.ingredientId)?.name ?? ''}`
        : `recipe:${kitchen.recipes.get(line.recipeId)?.name ?? ''}`
    fields[`line.${n}.amount`] = writtenAmount(line.amount)
    fields[`line.${n}.unit`] = line.unit
  }
  return fields
}

const fieldsOf = (value: unknown): Record<string, string> | null =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
    ? Object.fromEntries(
        Object.entries(value).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string',
        ),
      )
    : null

/**
 * The file's kitchen checked by the kitchen's own forms, names told apart
 * and resolved, no recipe inside itself; or the first problem, in a sentence.
 */
export function checkKitchen(
  part: unknown,
): { ok: true; kitchen: CheckedKitchen } | { ok: false; error: string } {
  const refuse = (error: string) => ({ ok: false as const, error: `Kitchen: ${error}` })
  const file = part as Partial<Record<keyof KitchenPart, unknown>>
  const rate = file.hourlyRateCents
  const margin = file.targetMarginPercent
  if (
    !Number.isSafeInteger(rate) ||
    (rate as number) < 0 ||
    (rate as number) > MAX_DOLLARS * 100 ||
    !Number.isSafeInteger(margin) ||
    (margin as number) < 0 ||
    (margin as number) > 95
  ) {
    return refuse('the hourly rate or the margin is not what Export writes.')
  }
  const lists = [file.ingredients, file.recipes, file.madeOf, file.weighs ?? []]
  if (lists.some((list) => !Array.isArray(list) || list.length > MAX_THINGS)) {
    return refuse(`it is damaged or holds more than ${MAX_THINGS} of something.`)
  }
  const readIngredients = checkIngredients(file.ingredients as unknown[])
  if (typeof readIngredients === 'string') return refuse(readIngredients)
  const { ingredients, ingredientIndex } = readIngredients
  const readRecipes = checkRecipes(file.recipes as unknown[], ingredientIndex)
  if (typeof readRecipes === 'string') return refuse(readRecipes)
  const { recipes, recipeIndex } = readRecipes
  const nesting = nestingIn(ingredients, recipes)
  if (nesting) return refuse(nesting)
  const madeOf: CheckedKitchen['madeOf'] = []
  for (const value of file.madeOf as unknown[]) {
    const use = fieldsOf(value) ?? {}
    const recipe = recipeIndex.get((use.recipe ?? '').toLocaleLowerCase('en'))
    const batches = parseAmount(use.batches ?? '')
    if (!use.treat || recipe === undefined || !batches)
      return refuse('what a treat is made of is not what Export writes.')
    // A choice's keys ("size.eight-inch"), as the menu writes them.
    const option = use.option ?? null
    if (option !== null && !/^[\w-]{1,80}\.[\w-]{1,80}$/.test(option))
      return refuse('what a treat is made of is not what Export writes.')
    madeOf.push({ treat: use.treat, recipe, batches, option })
  }
  const weighs: CheckedKitchen['weighs'] = []
  for (const value of (file.weighs ?? []) as unknown[]) {
    const weight = fieldsOf(value) ?? {}
    const grams = parseAmount(weight.grams ?? '')
    if (!weight.treat || !grams || grams.compare(KITCHEN_LIMITS.netGrams.max) > 0)
      return refuse('what a treat weighs is not what Export writes.')
    weighs.push({ treat: weight.treat, grams })
  }
  return {
    ok: true,
    kitchen: {
      hourlyRateCents: rate as number,
      targetMarginPercent: margin as number,
      ingredients,
      recipes,
      madeOf,
      weighs,
    },
  }
}

type NameIndex = Map<string, number>

/** The file's ingredients by the ingredient form, each name once and numbered from 1; or the problem. */
function checkIngredients(
  values: unknown[],
): { ingredients: IngredientInput[]; ingredientIndex: NameIndex } | string {
  const ingredients: IngredientInput[] = []
  const ingredientIndex: NameIndex = new Map()
  for (const value of values) {
    const read = readIngredientForm(fieldsOf(value) ?? {})
    if (!read.ok) return `an ingredient: ${Object.values(read.fieldErrors)[0]}`
    const key = read.value.name.toLocaleLowerCase('en')
    if (ingredientIndex.has(key)) return `“${read.value.name}” is in the file twice.`
    ingredientIndex.set(key, ingredients.length + 1)
    ingredients.push(read.value)
  }
  return { ingredients, ingredientIndex }
}

/** The file's recipes by the recipe form, their lines' names turned to places in the file; or the problem. */
function checkRecipes(
  values: unknown[],
  ingredientIndex: NameIndex,
): { recipes: RecipeInput[]; recipeIndex: NameIndex } | string {
  const recipeFieldsList = values.map((value) => fieldsOf(value) ?? {})
  const recipeIndex = new Map(
    recipeFieldsList.map((fields, n) => [
      (fields.name ?? '').trim().toLocaleLowerCase('en'),
      n + 1,
    ]),
  )
  const recipes: RecipeInput[] = []
  for (const fields of recipeFieldsList) {
    const numbered = { ...fields }
    for (let n = 0; n < KITCHEN_LIMITS.lines; n++) {
      const thing = /^(ingredient|recipe):(.+)$/.exec(fields[`line.${n}.thing`] ?? '')
      if (!thing) continue
      const index = (thing[1] === 'ingredient' ? ingredientIndex : recipeIndex).get(
        thing[2]!.toLocaleLowerCase('en'),
      )
      if (index === undefined)
        return `${fields.name ?? 'a recipe'} uses “${thing[2]}”, which the file does not have.`
      numbered[`line.${n}.thing`] = `${thing[1]}:${index}`
    }
    const read = readRecipeForm(numbered)
    if (!read.ok) return `${fields.name ?? 'a recipe'}: ${Object.values(read.fieldErrors)[0]}`
    recipes.push(read.value)
  }
  if (recipeIndex.size !== recipes.length) return 'a recipe is in the file twice.'
  return { recipes, recipeIndex }
}

/** A recipe of the file inside itself, said; or null. Ids are the file's own, from 1. */
function nestingIn(ingredients: IngredientInput[], recipes: RecipeInput[]): string | null {
  const kitchen: Kitchen = {
    ingredients: new Map(ingredients.map((input, n) => [n + 1, { id: n + 1, ...input }])),
    recipes: new Map(
      recipes.map((input, n) => [
        n + 1,
        {
          id: n + 1,
          name: input.name,
          yields: input.yields,
          labourMinutes: input.labourMinutes,
          packagingCents: input.packagingCents,
          lines: input.lines.map(
            (line) =>
              ({ ...line.thing, amount: line.amount, unit: line.unit }) as Recipe['lines'][number],
          ),
        },
      ]),
    ),
  }
  for (const id of kitchen.recipes.keys()) {
    const [problem] = walkRecipe(kitchen, id, new Fraction(1)).nesting
    if (problem) return problem
  }
  return null
}

/**
 * Replaces the kitchen with a checked file's, inside the import's
 * transaction, after its menu: the drops' items keep their recipes where
 * one of the same name comes in.
 */
export async function replaceKitchen(
  trx: Transaction<Database>,
  checked: CheckedKitchen,
  now = Date.now(),
) {
  await lockKitchen(trx)
  const kept = await ownTables(trx)
    .selectFrom('recipe_use')
    .innerJoin('recipe', 'recipe.id', 'recipe_use.recipe_id')
    .select(['recipe_use.drop_item_id', 'recipe_use.batches', 'recipe.name_key'])
    .where('recipe_use.drop_item_id', 'is not', null)
    .execute()
  await ownTables(trx).deleteFrom('recipe_use').execute()
  await ownTables(trx).deleteFrom('recipe_line').execute()
  await ownTables(trx).deleteFrom('recipe').execute()
  await ownTables(trx).deleteFrom('ingredient').execute()
  await ownTables(trx)
    .updateTable('kitchen_settings')
    .set({
      hourly_rate_cents: checked.hourlyRateCents,
      target_margin_percent: checked.targetMarginPercent,
    })
    .where('id', '=', 1)
    .execute()
  const recipeIds = await insertRecipes(trx, checked, now)
  const treats = await ownTables(trx).selectFrom('product').select(['id', 'name']).execute()
  const uses = recipeUses({ checked, recipeIds, treats, kept })
  if (uses.length > 0) await ownTables(trx).insertInto('recipe_use').values(uses).execute()
  await restoreTreatWeights(
    trx,
    checked.weighs.map((weight) => ({ treat: weight.treat, grams: amountToStore(weight.grams) })),
  )
}

/** Writes the checked ingredients, recipes and lines; the new recipes' ids, in the file's order. */
async function insertRecipes(trx: Transaction<Database>, checked: CheckedKitchen, now: number) {
  const ingredientIds: number[] = []
  for (const input of checked.ingredients) {
    const row = await ownTables(trx)
      .insertInto('ingredient')
      .values(ingredientRow(input, now))
      .returning('id')
      .executeTakeFirstOrThrow()
    ingredientIds.push(Number(row.id))
  }
  const recipeIds: number[] = []
  for (const input of checked.recipes) {
    const row = await ownTables(trx)
      .insertInto('recipe')
      .values(recipeRow(input, now))
      .returning('id')
      .executeTakeFirstOrThrow()
    recipeIds.push(Number(row.id))
  }
  for (const [n, input] of checked.recipes.entries()) {
    if (input.lines.length === 0) continue
    await ownTables(trx)
      .insertInto('recipe_line')
      .values(
        // In a site file, a line names what it uses by its place in the file.
        recipeLineRows(recipeIds[n]!, input.lines, (thing) =>
          'ingredientId' in thing
            ? ingredientIds[thing.ingredientId - 1]!
            : recipeIds[thing.recipeId - 1]!,
        ),
      )
      .execute()
  }
  return recipeIds
}

/** Which recipes each treat and each drop's item is made of, by the new recipes' ids. */
function recipeUses({
  checked,
  recipeIds,
  treats,
  kept,
}: {
  checked: CheckedKitchen
  recipeIds: number[]
  treats: { id: number; name: string }[]
  kept: { drop_item_id: number | null; batches: string; name_key: string }[]
}) {
  const treatIds = new Map(treats.map((treat) => [treat.name.toLocaleLowerCase('en'), treat.id]))
  const recipeByKey = new Map(
    checked.recipes.map((input, n) => [input.name.toLocaleLowerCase('en'), recipeIds[n]!]),
  )
  return [
    ...checked.madeOf.flatMap((use) => {
      const treat = treatIds.get(use.treat.toLocaleLowerCase('en'))
      return treat === undefined
        ? []
        : [
            {
              product_id: treat,
              option_key: use.option,
              drop_item_id: null,
              recipe_id: recipeIds[use.recipe - 1]!,
              batches: amountToStore(use.batches),
            },
          ]
    }),
    ...kept.flatMap((use) => {
      const recipe = recipeByKey.get(use.name_key)
      return recipe === undefined
        ? []
        : [
            {
              product_id: null,
              option_key: null,
              drop_item_id: use.drop_item_id,
              recipe_id: recipe,
              batches: use.batches,
            },
          ]
    }),
  ]
}

export {
  type TreatRecipes,
  rememberTreatRecipes,
  restoreTreatRecipes,
} from './treat-links.server.ts'
