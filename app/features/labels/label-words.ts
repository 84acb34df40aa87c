import type { Allergen } from '#app/features/kitchen/allergens.ts'

/**
 * The words a label prints around her own, in each of its languages: the
 * headings, the unit of a count, and the priority allergens' French names
 * as Health Canada writes them. Only a bakery whose region labels in French
 * (Quebec) shows the French ones. Pure; the browser may load it.
 */

export const WORDS = {
  en: {
    ingredients: 'Ingredients',
    contains: 'Contains',
    madeOn: 'Made on',
    count: 'Net quantity',
    piece: 'piece',
    pieces: 'pieces',
  },
  fr: {
    ingredients: 'Ingrédients',
    contains: 'Contient',
    madeOn: 'Fabriqué le',
    count: 'Quantité nette',
    piece: 'unité',
    pieces: 'unités',
  },
} as const

export const ALLERGEN_FRENCH: Record<Allergen, string> = {
  milk: 'lait',
  eggs: 'œufs',
  wheat: 'blé',
  triticale: 'triticale',
  peanuts: 'arachides',
  tree_nuts: 'noix',
  soy: 'soja',
  sesame: 'sésame',
  fish: 'poisson',
  crustaceans: 'crustacés',
  molluscs: 'mollusques',
  mustard: 'moutarde',
  sulphites: 'sulfites',
}
