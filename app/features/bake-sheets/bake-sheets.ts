import Fraction from 'fraction.js'
import type { OrderToMake } from '#app/features/kitchen/orders-to-make.server.ts'
import { type Kitchen, type Recipe, walkRecipe } from '#app/features/kitchen/recipe-walk.ts'
import { formatAmount } from '#app/features/kitchen/units.ts'
import { formatCalendarDate } from '#app/utils/dates.ts'
import { formatMoney } from '#app/utils/money.ts'

/**
 * The bake-day sheets for a range of days: what to make, recipe by recipe in
 * the order she bakes (each sub-recipe before what uses it, all of it at
 * once), and what to buy. Both add up the one walk the costs read, so they
 * agree with them and with each other. Pure; the browser may load it.
 */

export interface PrepRecipe {
  id: number
  name: string
  /** "1 1/2" batches. */
  batches: string
  /** "36 pieces", "1.35 kg": what those batches make. */
  makes: string
  /** Each line of the recipe, scaled: "Butter", "681 g". */
  lines: { what: string; amount: string }[]
  /** The orders it is made for directly: "Ana Lima, Cakes (Sat, Dec 5)". */
  forOrders: string[]
}

/** An order none of whose parts has a recipe yet, or some of them. */
export interface UnmadeOrder {
  requestId: number
  label: string
  parts: string[]
}

export interface PrepSheet {
  recipes: PrepRecipe[]
  unmade: UnmadeOrder[]
  problems: string[]
}

export interface ShoppingLine {
  name: string
  need: string
  pantry: string | null
  toBuy: string
  /** Whole packs to buy, and what they cost. */
  packs: number
  costCents: number
}

export interface ShoppingList {
  lines: ShoppingLine[]
  totalCents: number
  problems: string[]
}

const orderLabel = (order: OrderToMake) =>
  `${order.name}, ${order.what} (${formatCalendarDate(order.dueDate)})`

/** Every order's recipes taken apart and added up. */
function addUp(kitchen: Kitchen, orders: readonly OrderToMake[]) {
  const batches = new Map<number, Fraction>()
  const ingredients = new Map<number, Fraction>()
  const problems = new Set<string>()
  for (const order of orders) {
    for (const use of order.made) {
      const walked = walkRecipe(kitchen, use.recipeId, use.batches)
      for (const [id, amount] of walked.batches) batches.set(id, amount.add(batches.get(id) ?? 0))
      for (const [id, amount] of walked.ingredients) {
        ingredients.set(id, amount.add(ingredients.get(id) ?? 0))
      }
      for (const problem of walked.problems) problems.add(problem)
    }
  }
  return { batches, ingredients, problems: [...problems] }
}

/** How deep a recipe's sub-recipes go: 0 for none. Each recipe counted once; a loop counts 0. */
function levelOf(kitchen: Kitchen, recipe: Recipe, levels: Map<number, number>): number {
  const known = levels.get(recipe.id)
  if (known !== undefined) return known
  levels.set(recipe.id, 0)
  let level = 0
  for (const line of recipe.lines) {
    const sub = 'recipeId' in line ? kitchen.recipes.get(line.recipeId) : undefined
    if (sub) level = Math.max(level, 1 + levelOf(kitchen, sub, levels))
  }
  levels.set(recipe.id, level)
  return level
}

/** Batches as a baker reads them: exact when it is a kitchen fraction, else to the nearest eighth. */
function batchWords(amount: Fraction): string {
  if (amount.d <= 16n) return amount.toFraction(true)
  const near = amount.roundTo('1/8')
  return near.compare(0) > 0 ? `about ${near.toFraction(true)}` : 'under 1/8'
}

export function prepSheet(kitchen: Kitchen, orders: readonly OrderToMake[]): PrepSheet {
  const { batches, problems } = addUp(kitchen, orders)
  const rank = [...kitchen.recipes.keys()]
  const levels = new Map<number, number>()
  const level = (recipe: Recipe) => levelOf(kitchen, recipe, levels)
  const recipes = [...batches.keys()]
    .map((id) => kitchen.recipes.get(id)!)
    .sort((a, b) => level(a) - level(b) || rank.indexOf(a.id) - rank.indexOf(b.id))
    .map((recipe) => {
      const total = batches.get(recipe.id)!
      return {
        id: recipe.id,
        name: recipe.name,
        batches: batchWords(total),
        makes: formatAmount(recipe.yields.amount.mul(total), recipe.yields.unit),
        lines: recipe.lines.map((line) => scaledLine(kitchen, line, total)),
        forOrders: orders
          .filter((order) => order.made.some((use) => use.recipeId === recipe.id))
          .map(orderLabel),
      }
    })
  const unmade = orders
    .filter((order) => order.unmade.length > 0)
    .map((order) => ({ requestId: order.requestId, label: orderLabel(order), parts: order.unmade }))
  return { recipes, unmade, problems }
}

function scaledLine(kitchen: Kitchen, line: Recipe['lines'][number], batches: Fraction) {
  const amount = line.amount.mul(batches)
  if ('ingredientId' in line) {
    return {
      what: kitchen.ingredients.get(line.ingredientId)?.name ?? 'A deleted ingredient',
      amount: formatAmount(amount, line.unit),
    }
  }
  const sub = kitchen.recipes.get(line.recipeId)?.name ?? 'A deleted recipe'
  return {
    what: sub,
    amount:
      line.unit === 'batch'
        ? `${batchWords(amount)} ${amount.compare(1) > 0 ? 'batches' : 'batch'}`
        : formatAmount(amount, line.unit),
  }
}

export function shoppingList(kitchen: Kitchen, orders: readonly OrderToMake[]): ShoppingList {
  const { ingredients, problems } = addUp(kitchen, orders)
  const lines = [...kitchen.ingredients.values()]
    .filter((ingredient) => ingredients.has(ingredient.id))
    .map((ingredient) => {
      const need = ingredients.get(ingredient.id)!
      const { amount: packSize, unit, priceCents } = ingredient.pack
      const short = ingredient.pantry ? need.sub(ingredient.pantry) : need
      const toBuy = short.compare(0) > 0 ? short : new Fraction(0)
      const packs = Number(toBuy.div(packSize).ceil(0).valueOf())
      return {
        name: ingredient.name,
        need: formatAmount(need, unit),
        pantry: ingredient.pantry ? formatAmount(ingredient.pantry, unit) : null,
        toBuy: toBuy.compare(0) > 0 ? formatAmount(toBuy, unit) : 'nothing',
        packs,
        costCents: packs * priceCents,
      }
    })
  return {
    lines,
    totalCents: lines.reduce((sum, line) => sum + line.costCents, 0),
    problems,
  }
}

/** The prep sheet as plain text: what a printer or a golden file reads. */
export function prepSheetText(sheet: PrepSheet): string {
  const out: string[] = []
  for (const recipe of sheet.recipes) {
    out.push(`${recipe.name} × ${recipe.batches} (makes ${recipe.makes})`)
    for (const line of recipe.lines) out.push(`  ${line.amount}  ${line.what}`)
    for (const order of recipe.forOrders) out.push(`  for ${order}`)
  }
  for (const order of sheet.unmade)
    out.push(`No recipe yet: ${order.parts.join(', ')} for ${order.label}`)
  for (const problem of sheet.problems) out.push(`Not counted: ${problem}`)
  return `${out.join('\n')}\n`
}

export function shoppingListText(list: ShoppingList): string {
  const out = list.lines.map(
    (line) =>
      `${line.name}: need ${line.need}${line.pantry ? `, have ${line.pantry}` : ''}; buy ${line.toBuy} = ${line.packs} pack${line.packs === 1 ? '' : 's'}, ${formatMoney(line.costCents)}`,
  )
  out.push(`Total ${formatMoney(list.totalCents)}`)
  for (const problem of list.problems) out.push(`Not counted: ${problem}`)
  return `${out.join('\n')}\n`
}
