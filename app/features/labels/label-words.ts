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

/**
 * Canada's month symbols for dates on food labels, the same in English and
 * French (Food and Drug Regulations, B.01.007): JA for January … DE for
 * December.
 */
const CANADA_MONTHS = ['JA', 'FE', 'MR', 'AL', 'MA', 'JN', 'JL', 'AU', 'SE', 'OC', 'NO', 'DE']

const US_MONTHS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
]

/**
 * The day a thing was made (YYYY-MM-DD) as its country's labels write it:
 * in Canada year, month symbol and day ("2026 NO 30"), which reads the same
 * in both languages and cannot be taken for another day; in the US the
 * month in letters ("Nov 30, 2026"), never 11/30, which a Canadian or
 * European customer could read the other way.
 */
export function labelDate(day: string, country: 'CA' | 'US'): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number]
  return country === 'CA'
    ? `${year} ${CANADA_MONTHS[month - 1]} ${String(date).padStart(2, '0')}`
    : `${US_MONTHS[month - 1]} ${date}, ${year}`
}
