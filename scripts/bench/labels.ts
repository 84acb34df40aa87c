import Fraction from 'fraction.js'
import type { Ingredient, Kitchen, Recipe } from '#app/features/kitchen/recipe-walk.ts'
import type { LayoutKey } from '#app/features/labels/label-layouts.ts'
import { renderLabelsPdf } from '#app/features/labels/label-pdf.server.ts'
import { type Label, composeLabel } from '#app/features/labels/label-text.ts'
import { formatTable } from './markdown.ts'
import type { Section } from './section.ts'
import { envInt, median } from './stats.ts'

/**
 * Labels: the time to make the labels of a drop of 100 pieces (ten items,
 * each composed from a kitchen of nested recipes, then set and drawn), on a
 * letter sheet and on a thermal roll, beside one label as the baseline. In
 * this process: a label print is this work plus one read of the kept words.
 */

const f = (value: string | number) => new Fraction(value)

function ingredient(id: number, name: string, contents = ''): Ingredient {
  return {
    id,
    name,
    pack: { amount: f(1), unit: 'kg', priceCents: 500 },
    density: f('0.8'),
    allergens: id % 3 === 0 ? ['milk'] : id % 3 === 1 ? ['wheat', 'eggs'] : [],
    pantry: null,
    contents,
    pieceGrams: f(50),
  }
}

/** Twelve ingredients by id; every fourth has a flour's list of contents. */
function benchIngredients(): Map<number, Ingredient> {
  const names = [
    'Flour',
    'Sugar',
    'Butter',
    'Eggs',
    'Milk',
    'Cocoa',
    'Cream',
    'Vanilla',
    'Salt',
    'Baking powder',
    'Chocolate',
    'Icing sugar',
  ]
  return new Map(
    names.map((name, n) => [
      n + 1,
      ingredient(
        n + 1,
        name,
        n % 4 === 0
          ? 'wheat flour, niacin, reduced iron, thiamine mononitrate, riboflavin, folic acid'
          : '',
      ),
    ]),
  )
}

/** A recipe line of `grams` g of ingredient `id`. */
function gramsOf(id: number, grams: number) {
  return {
    ingredientId: id,
    amount: f(grams),
    unit: 'g' as const,
  }
}

/** The sponge, buttercream and ganache every cake is built from. */
function baseRecipes(): Recipe[] {
  return [
    {
      id: 100,
      name: 'Sponge',
      yields: { amount: f(1), unit: 'each' },
      labourMinutes: 30,
      packagingCents: 0,
      lines: [
        gramsOf(1, 300),
        gramsOf(2, 250),
        gramsOf(3, 200),
        gramsOf(4, 200),
        gramsOf(8, 5),
        gramsOf(9, 2),
        gramsOf(10, 8),
      ],
    },
    {
      id: 101,
      name: 'Buttercream',
      yields: { amount: f(1), unit: 'kg' },
      labourMinutes: 15,
      packagingCents: 0,
      lines: [gramsOf(3, 400), gramsOf(12, 550), gramsOf(8, 5), gramsOf(5, 45)],
    },
    {
      id: 102,
      name: 'Ganache',
      yields: { amount: f(500), unit: 'g' },
      labourMinutes: 10,
      packagingCents: 0,
      lines: [gramsOf(11, 250), gramsOf(7, 250)],
    },
  ]
}

/** Ten layer cakes of sponge, buttercream, ganache and cocoa, each in slightly different amounts. */
function layerCakes(): Recipe[] {
  return Array.from({ length: 10 }, (_, n) => ({
    id: 200 + n,
    name: `Layer cake ${n + 1}`,
    yields: { amount: f(1), unit: 'each' },
    labourMinutes: 60,
    packagingCents: 300,
    lines: [
      { recipeId: 100, amount: f(2 + (n % 3)), unit: 'batch' },
      { recipeId: 101, amount: f(400 + 50 * n), unit: 'g' },
      { recipeId: 102, amount: f(200), unit: 'g' },
      gramsOf(6, 20 + n),
    ],
  }))
}

/** A kitchen like a busy home bakery's: twelve ingredients, a sponge, a buttercream, a ganache, ten cakes. */
function benchKitchen(): { kitchen: Kitchen; made: { name: string; recipeId: number }[] } {
  const ingredients = benchIngredients()
  const base = baseRecipes()
  const cakes = layerCakes()
  return {
    kitchen: {
      ingredients,
      recipes: new Map([...base, ...cakes].map((recipe) => [recipe.id, recipe])),
    },
    made: cakes.map((cake) => ({ name: cake.name, recipeId: cake.id })),
  }
}

const SETTINGS = { region: 'QC', maker: 'Butter & Bloom\n12 Baker Street, Montréal QC', permit: '' }

function composeAll(count: number): Label[] {
  const { kitchen, made } = benchKitchen()
  return made.slice(0, count).map((cake) => {
    const composed = composeLabel(
      kitchen,
      { name: cake.name, made: [{ recipeId: cake.recipeId, batches: f(1) }], netGrams: f(1850) },
      SETTINGS,
      '2026-12-11',
    )
    if (!composed.ok) throw new Error(composed.problems.join(' '))
    return composed.label
  })
}

async function timed(items: number, each: number, layout: LayoutKey): Promise<number> {
  const started = performance.now()
  const labels = composeAll(items).map((label) => ({ label, count: each }))
  await renderLabelsPdf(labels, layout, { title: 'Labels' })
  return performance.now() - started
}

export const labelsSection: Section = {
  id: 'labels',
  title: 'Labels',
  async run() {
    const runs = Math.max(5, envInt('BENCH_RUNS', 3))
    const cases = [
      { name: 'One label, letter sheet (baseline)', items: 1, each: 1, layout: 'avery-5163' },
      { name: '100 labels of 10 cakes, letter sheets', items: 10, each: 10, layout: 'avery-5163' },
      {
        name: '100 labels of 10 cakes, 2" × 1" thermal',
        items: 10,
        each: 10,
        layout: 'thermal-2x1',
      },
    ] as const
    const rows: { name: string; medianMs: number; runsMs: number[] }[] = []
    for (const { name, items, each, layout } of cases) {
      const runsMs: number[] = []
      for (let run = 0; run < runs; run++) runsMs.push(await timed(items, each, layout))
      rows.push({ name, medianMs: median(runsMs), runsMs })
    }
    const markdown = formatTable(
      ['Labels', 'Median', 'Runs'],
      rows.map((row) => [row.name, `${row.medianMs.toFixed(0)} ms`, String(row.runsMs.length)]),
    )
    return { markdown, data: { rows } }
  },
}
