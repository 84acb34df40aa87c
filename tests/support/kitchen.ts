import Fraction from 'fraction.js'
import type { Ingredient, Kitchen, Recipe, RecipeLine } from '#app/features/kitchen/recipe-walk.ts'

/**
 * A small kitchen in round numbers, for the kitchen's pure tests: five
 * ingredients, a sponge, a buttercream, and a layer cake made of both.
 */

export const f = (text: string | number) => new Fraction(text)

export const ingredients: Ingredient[] = [
  {
    id: 1,
    name: 'Flour',
    pack: { amount: f(1), unit: 'kg', priceCents: 200 },
    density: f('0.5'),
    allergens: ['wheat'],
    pantry: null,
    contents: 'wheat flour, niacin',
    pieceGrams: null,
  },
  {
    id: 2,
    name: 'Sugar',
    pack: { amount: f(2), unit: 'kg', priceCents: 500 },
    density: null,
    allergens: [],
    pantry: null,
    contents: '',
    pieceGrams: null,
  },
  {
    id: 3,
    name: 'Butter',
    pack: { amount: f(1), unit: 'lb', priceCents: 600 },
    density: null,
    allergens: ['milk'],
    pantry: null,
    contents: 'cream, salt',
    pieceGrams: null,
  },
  {
    id: 4,
    name: 'Eggs',
    pack: { amount: f(1), unit: 'dozen', priceCents: 480 },
    density: null,
    allergens: ['eggs'],
    pantry: null,
    contents: '',
    pieceGrams: f(50),
  },
  {
    id: 5,
    name: 'Vanilla',
    pack: { amount: f(100), unit: 'ml', priceCents: 1000 },
    density: null,
    allergens: [],
    pantry: null,
    contents: '',
    pieceGrams: null,
  },
]

export const line = (ingredientId: number, amount: string, unit: RecipeLine['unit']) =>
  ({ ingredientId, amount: f(amount), unit }) as RecipeLine

export const sponge: Recipe = {
  id: 10,
  name: 'Vanilla sponge',
  yields: { amount: f(1), unit: 'each' },
  labourMinutes: 30,
  packagingCents: 0,
  lines: [
    line(1, '4', 'cup'),
    line(2, '400', 'g'),
    line(3, '1/2', 'lb'),
    line(4, '4', 'each'),
    line(5, '1', 'tsp'),
  ],
}
export const buttercream: Recipe = {
  id: 11,
  name: 'Buttercream',
  yields: { amount: f(1), unit: 'kg' },
  labourMinutes: 20,
  packagingCents: 0,
  lines: [line(3, '1', 'lb'), line(2, '500', 'g'), line(5, '2', 'tsp')],
}
export const layerCake: Recipe = {
  id: 12,
  name: 'Nine-inch layer cake',
  yields: { amount: f(1), unit: 'each' },
  labourMinutes: 60,
  packagingCents: 350,
  lines: [
    { recipeId: 10, amount: f('1.5'), unit: 'batch' },
    { recipeId: 11, amount: f(500), unit: 'g' },
  ],
}

export function kitchenOf(...recipes: Recipe[]): Kitchen {
  return {
    ingredients: new Map(ingredients.map((ingredient) => [ingredient.id, ingredient])),
    recipes: new Map(recipes.map((recipe) => [recipe.id, recipe])),
  }
}
