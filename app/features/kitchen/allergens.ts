/**
 * The priority allergens a label must declare: Health Canada's list (milk,
 * eggs, mustard, peanuts, crustaceans and molluscs, fish, sesame, soy,
 * sulphites, tree nuts, wheat and triticale) and the US's nine major food
 * allergens under FALCPA and the FASTER Act (milk, eggs, fish, crustacean
 * shellfish, tree nuts, peanuts, wheat, soybeans, sesame). An ingredient is
 * marked with the keys it contains; a recipe contains every key of every
 * ingredient in it, through its sub-recipes. Pure; the browser may load it.
 */
export const ALLERGENS = {
  milk: { label: 'Milk', lists: ['CA', 'US'] },
  eggs: { label: 'Eggs', lists: ['CA', 'US'] },
  wheat: { label: 'Wheat', lists: ['CA', 'US'] },
  triticale: { label: 'Triticale', lists: ['CA'] },
  peanuts: { label: 'Peanuts', lists: ['CA', 'US'] },
  tree_nuts: { label: 'Tree nuts', lists: ['CA', 'US'] },
  soy: { label: 'Soy', lists: ['CA', 'US'] },
  sesame: { label: 'Sesame', lists: ['CA', 'US'] },
  fish: { label: 'Fish', lists: ['CA', 'US'] },
  crustaceans: { label: 'Crustaceans', lists: ['CA', 'US'] },
  molluscs: { label: 'Molluscs', lists: ['CA'] },
  mustard: { label: 'Mustard', lists: ['CA'] },
  sulphites: { label: 'Sulphites', lists: ['CA'] },
} as const satisfies Record<string, { label: string; lists: readonly ('CA' | 'US')[] }>

export type Allergen = keyof typeof ALLERGENS

/** In the list's order, so every page and label names them alike. */
export const ALLERGEN_KEYS = Object.keys(ALLERGENS) as Allergen[]

export function isAllergen(value: string): value is Allergen {
  return Object.hasOwn(ALLERGENS, value)
}

/** Stored as the keys joined by commas, in the list's order: "milk,eggs,wheat". */
export function allergensToStore(allergens: Iterable<Allergen>): string {
  const marked = new Set(allergens)
  return ALLERGEN_KEYS.filter((key) => marked.has(key)).join(',')
}

/** What `allergensToStore` wrote; a key no longer listed is left out. */
export function storedAllergens(text: string): Allergen[] {
  const stored = new Set(text.split(','))
  return ALLERGEN_KEYS.filter((key) => stored.has(key))
}

/** "Milk, Eggs, Wheat": the keys in the list's order, named. */
export function allergenNames(allergens: Iterable<Allergen>): string {
  return storedAllergens(allergensToStore(allergens))
    .map((key) => ALLERGENS[key].label)
    .join(', ')
}
