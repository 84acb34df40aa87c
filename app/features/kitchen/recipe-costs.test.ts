import { expect, test } from 'vitest'
import { buttercream, f, kitchenOf, layerCake, line, sponge } from '#tests/support/kitchen.ts'
import { costOf, marginOf } from './recipe-costs.ts'
import type { Recipe } from './recipe-walk.ts'
import { walkRecipe } from './recipe-walk.ts'

test('a cake is costed through its sponge and its buttercream, to the cent', () => {
  const cost = costOf(kitchenOf(sponge, buttercream, layerCake), 12, { hourlyRateCents: 2_400 })
  // Sponge: 4 cups of flour at 0.5 g/ml (473.176473 g, 94.6352946¢), sugar 100¢, butter 300¢,
  // four eggs 160¢, a teaspoon of vanilla 49.2892159375¢: 703.9245105375¢.
  // Buttercream: 600¢ + 125¢ + 98.578431875¢ = 823.578431875¢.
  // 1.5 sponges and half the buttercream: 1,467.67598174375¢, rounded once.
  expect(cost).toEqual({
    ingredientsCents: 1_468,
    packagingCents: 350,
    // 45 + 10 + 60 minutes at $24 an hour.
    labourMinutes: 115,
    labourCents: 4_600,
    materialsCents: 1_818,
    totalCents: 6_418,
    problems: [],
  })
  expect(marginOf(9_000, cost, 30)).toEqual({
    profitCents: 2_582,
    percent: 28,
    // ($90 − $18.18) over 115 minutes.
    perHourCents: 3_747,
    belowTarget: true,
  })
  expect(marginOf(9_000, cost, 25).belowTarget).toBe(false)
})

test('taking a recipe apart counts every batch and each allergen through its sub-recipes', () => {
  const walked = walkRecipe(kitchenOf(sponge, buttercream, layerCake), 12, f(2))
  expect(
    Object.fromEntries([...walked.batches].map(([id, n]) => [id, n.toFraction(true)])),
  ).toEqual({
    12: '2',
    10: '3',
    11: '1',
  })
  // Butter: three sponges' half pound and one batch of buttercream's pound.
  expect(walked.ingredients.get(3)!.toFraction(true)).toBe('2 1/2')
  // Eggs by the dozen: twelve.
  expect(walked.ingredients.get(4)!.toFraction(true)).toBe('1')
  expect([...walked.allergens].sort()).toEqual(['eggs', 'milk', 'wheat'])
})

test('a line that cannot be counted is named for her to mend, and the rest is still costed', () => {
  const eggsByWeight: Recipe = {
    ...sponge,
    lines: [...sponge.lines.slice(0, 3), line(4, '200', 'g')],
  }
  const cost = costOf(kitchenOf(eggsByWeight), 10, { hourlyRateCents: 0 })
  expect(cost.problems).toEqual([
    'Vanilla sponge: Eggs is bought in dozen, so measure it in dozen too.',
  ])
  expect(cost.ingredientsCents).toBe(495)

  const sugarByCup: Recipe = { ...buttercream, lines: [line(2, '2', 'cup')] }
  expect(costOf(kitchenOf(sugarByCup), 11, { hourlyRateCents: 0 }).problems).toEqual([
    'Buttercream: Sugar is measured in cups but bought by weight; give Sugar its weight per millilitre.',
  ])

  const frostingByCup: Recipe = {
    ...layerCake,
    lines: [{ recipeId: 11, amount: f(2), unit: 'cup' }],
  }
  expect(
    costOf(kitchenOf(buttercream, frostingByCup), 12, { hourlyRateCents: 0 }).problems,
  ).toEqual([
    'Nine-inch layer cake: Buttercream makes 1 kg, so it is used in kg or batches, not cups.',
  ])
})

test('a recipe inside itself is refused by name, never walked forever', () => {
  const looping: Recipe = { ...sponge, lines: [{ recipeId: 12, amount: f(1), unit: 'batch' }] }
  const cost = costOf(kitchenOf(looping, buttercream, layerCake), 12, { hourlyRateCents: 0 })
  expect(cost.problems).toEqual([
    'Nine-inch layer cake → Vanilla sponge → Nine-inch layer cake: a recipe cannot be inside itself.',
  ])
})
