import { expect, test } from 'vitest'
import type { Ingredient, Kitchen } from '#app/features/kitchen/recipe-walk.ts'
import {
  buttercream,
  f,
  ingredients,
  kitchenOf,
  layerCake,
  sponge,
} from '#tests/support/kitchen.ts'
import { type LabelFacts, type LabelSettings, composeLabel, labelLines } from './label-text.ts'
import { labelDate } from './label-words.ts'
import { REGION_CODES } from './regions.ts'

/** The test kitchen, its vanilla weighed by the millilitre so every line can be weighed. */
function labelKitchen(...changes: Partial<Ingredient & { id: number }>[]): Kitchen {
  const kitchen = kitchenOf(sponge, buttercream, layerCake)
  const weighed = new Map(kitchen.ingredients)
  weighed.set(5, { ...weighed.get(5)!, density: f('0.9') })
  for (const change of changes) weighed.set(change.id!, { ...weighed.get(change.id!)!, ...change })
  return { ...kitchen, ingredients: weighed }
}

const SETTINGS: LabelSettings = {
  region: 'ON',
  maker: 'Butter & Bloom\n12 Baker Street, Springfield',
  permit: 'Registration 12345, Placer County',
}

const CAKE: LabelFacts = {
  name: 'Nine-inch layer cake',
  made: [{ recipeId: 12, batches: f(1) }],
  netGrams: f(1200),
}

function label(settings: Partial<LabelSettings> = {}, kitchen = labelKitchen(), facts = CAKE) {
  const composed = composeLabel(kitchen, facts, { ...SETTINGS, ...settings }, '2026-12-11')
  if (!composed.ok) throw new Error(composed.problems.join(' '))
  return composed.label
}

test('ingredients are listed by weight, heaviest first, with what is inside each in brackets', () => {
  // 1.5 sponges (1,957 g) and half a kilo batch of buttercream (481 g): in
  // the buttercream, 250 g of sugar outweighs 227 g of butter.
  expect(label().ingredients).toBe(
    'Vanilla sponge (Flour (wheat flour, niacin), Sugar, Butter (cream, salt), Eggs, Vanilla), ' +
      'Buttercream (Sugar, Butter (cream, salt), Vanilla)',
  )
})

test('a thing made of two recipes lists each with its own ingredients; one recipe lists its own', () => {
  const twoRecipes = {
    ...CAKE,
    made: [
      { recipeId: 11, batches: f(2) },
      { recipeId: 10, batches: f('0.5') },
    ],
  }
  // Two kilos of buttercream outweigh half a sponge (652 g).
  expect(label({}, labelKitchen(), twoRecipes).ingredients).toMatch(
    /^Buttercream \(.*\), Vanilla sponge \(/,
  )
  const justSponge = { ...CAKE, made: [{ recipeId: 10, batches: f(1) }] }
  expect(label({}, labelKitchen(), justSponge).ingredients).toBe(
    'Flour (wheat flour, niacin), Sugar, Butter (cream, salt), Eggs, Vanilla',
  )
})

test('allergens roll up through sub-recipes, named from the region’s own list', () => {
  // Butter's milk is in the buttercream, a sub-recipe two levels down.
  const sulphited = labelKitchen({ id: 2, allergens: ['sulphites'] })
  expect(label({ region: 'ON' }, sulphited).contains).toEqual({
    en: 'Milk, Eggs, Wheat, Sulphites',
  })
  // Sulphites are not among the US's nine.
  expect(label({ region: 'TX' }, sulphited).contains).toEqual({ en: 'Milk, Eggs, Wheat' })
  expect(label({ region: 'QC' }, sulphited).contains).toEqual({
    fr: 'lait, œufs, blé, sulfites',
    en: 'Milk, Eggs, Wheat, Sulphites',
  })
})

test('the net weight is said in grams and ounces, never rounded up; a piece count when not weighed', () => {
  expect(label({ region: 'ON' }).net).toEqual({ en: 'Net weight 1200 g (42.3 oz)' })
  expect(label({ region: 'FL' }).net).toEqual({ en: 'Net wt 42.3 oz (2 lb 10.3 oz) 1200 g' })
  const small = { ...CAKE, netGrams: f('113.9') }
  expect(label({ region: 'NY' }, labelKitchen(), small).net).toEqual({ en: 'Net wt 4 oz 113 g' })
  // A sponge makes one cake: unweighed, the label counts pieces.
  const counted = { ...CAKE, made: [{ recipeId: 10, batches: f(2) }], netGrams: null }
  expect(label({}, labelKitchen(), counted).net).toEqual({ en: 'Net quantity: 2 pieces' })
  const one = { ...counted, made: [{ recipeId: 10, batches: f(1) }] }
  expect(label({ region: 'QC' }, labelKitchen(), one).net).toEqual({
    fr: 'Quantité nette\u00a0: 1 unité',
    en: 'Net quantity: 1 piece',
  })
})

test('what a label cannot yet say is named for her to mend, all at once', () => {
  const eggsUnweighed = labelKitchen({ id: 4, pieceGrams: null })
  const vanillaUnweighed = { ...eggsUnweighed, ingredients: new Map(eggsUnweighed.ingredients) }
  vanillaUnweighed.ingredients.set(5, { ...ingredients[4]!, density: null })
  const composed = composeLabel(
    vanillaUnweighed,
    { ...CAKE, netGrams: null },
    { region: 'CA', maker: '', permit: '' },
    '2026-12-11',
  )
  expect(composed).toEqual({
    ok: false,
    problems: [
      'Write the name and address your labels print, in the Kitchen’s label settings.',
      'California asks for your registration or permit number on each label.',
      'Eggs: give the weight of one piece, so labels can list it by weight.',
      'Vanilla: give its grams per millilitre, so labels can weigh what Vanilla sponge measures by volume.',
      'Vanilla: give its grams per millilitre, so labels can weigh what Buttercream measures by volume.',
    ],
  })
  // A kilo batch of buttercream is no count of pieces: unweighed, it has no net quantity.
  const frosting = {
    name: 'Buttercream tub',
    made: [{ recipeId: 11, batches: f('0.5') }],
    netGrams: null,
  }
  expect(composeLabel(labelKitchen(), frosting, SETTINGS, '2026-12-11')).toEqual({
    ok: false,
    problems: ['Buttercream tub: weigh one and write its net weight, on What you sell.'],
  })
  expect(composeLabel(labelKitchen(), CAKE, { ...SETTINGS, region: '' }, '2026-12-11')).toEqual({
    ok: false,
    problems: ['Choose your region in the Kitchen’s label settings.'],
  })
})

test.each(REGION_CODES)('the %s label says what its law asks, as its golden file', async (code) => {
  const lines = labelLines(label({ region: code }))
  const text = lines.map((line) => `${line.kind.padEnd(9)} ${line.text}`).join('\n')
  await expect(`${text}\n`).toMatchFileSnapshot(`golden/label-${code}.txt`)
})

test('the day it was made is written as its country’s labels write it, never in digits alone', () => {
  expect(labelDate('2027-01-05', 'CA')).toBe('2027 JA 05')
  expect(labelDate('2026-07-31', 'CA')).toBe('2026 JL 31')
  expect(labelDate('2027-01-05', 'US')).toBe('Jan 5, 2027')
})
