import Fraction from 'fraction.js'
import { ALLERGENS, ALLERGEN_KEYS, type Allergen } from '#app/features/kitchen/allergens.ts'
import type { MadeOf } from '#app/features/kitchen/kitchen-forms.ts'
import type { Ingredient, Kitchen } from '#app/features/kitchen/recipe-walk.ts'
import { UNITS, type Unit, convert } from '#app/features/kitchen/units.ts'
import { ALLERGEN_FRENCH, WORDS, labelDate } from './label-words.ts'
import { type Language, type Region, regionOf } from './regions.ts'

/**
 * A label's words, made once from her recipes and kept (decision 106):
 * the name, the ingredients by descending weight with what is inside each
 * in brackets, the allergens the recipes contain, the net quantity in
 * metric and US units, the day it was made, and her region's statement and
 * fields. Pure; the browser may load it.
 */

export interface Label {
  name: string
  languages: Language[]
  /** "Flour (wheat flour, niacin), Butter (cream, salt), Sugar": her words, by weight. */
  ingredients: string
  /** The allergens named in each language, in the list's order; empty when none. */
  contains: Partial<Record<Language, string>>
  /** "450 g (15.8 oz)" in each language. */
  net: Partial<Record<Language, string>>
  /** The day it was made, as its country's labels write it: "2026 NO 30", "Nov 30, 2026". */
  madeOn: string
  statement: Partial<Record<Language, string>> | null
  statementPoints: number | null
  maker: string
  permit: string
}

export interface LabelSettings {
  region: string
  permit: string
  maker: string
}

/** One thing sold, as a label needs it. */
export interface LabelFacts {
  name: string
  made: readonly MadeOf[]
  /** What one weighs, in grams, as she weighed it; null when not given. */
  netGrams: Fraction | null
}

export type Composed = { ok: true; label: Label } | { ok: false; problems: string[] }

/** What the label must still be told before it can be made, or the label. */
export function composeLabel(
  kitchen: Kitchen,
  facts: LabelFacts,
  settings: LabelSettings,
  madeOn: string,
): Composed {
  const problems: string[] = []
  const region = regionOf(settings.region)
  if (!region) problems.push('Choose your region in the Kitchen’s label settings.')
  if (!settings.maker.trim()) {
    problems.push('Write the name and address your labels print, in the Kitchen’s label settings.')
  }
  if (region?.permit === 'required' && !settings.permit.trim()) {
    problems.push(`${region.name} asks for your registration or permit number on each label.`)
  }
  if (facts.made.length === 0) {
    problems.push(`${facts.name}: choose the recipes it is made of, on What you sell.`)
  }
  const tree = partsOf(kitchen, facts, problems)
  const net = netOf(kitchen, facts, problems)
  if (problems.length > 0 || !region || !net) return { ok: false, problems: unique(problems) }
  const languages = [...region.languages]
  return {
    ok: true,
    label: {
      name: facts.name,
      languages,
      ingredients: tree.parts.map(partText).join(', '),
      contains: containsLine(tree.allergens, region, languages),
      net: Object.fromEntries(languages.map((language) => [language, net(language, region)])),
      // Written once as her country's labels write it, and kept so.
      madeOn: labelDate(madeOn, region.country),
      statement: region.statement,
      statementPoints: region.statementPoints,
      maker: settings.maker.trim(),
      permit: settings.permit.trim(),
    },
  }
}

/** One thing on the ingredients list: an ingredient, or a sub-recipe and its own list. */
interface Part {
  key: string
  name: string
  grams: Fraction
  /** An ingredient's own pack list; a sub-recipe's parts. */
  contents: string
  parts: Part[]
}

function partsOf(kitchen: Kitchen, facts: LabelFacts, problems: string[]) {
  const allergens = new Set<Allergen>()
  const walk = (recipeId: number, batches: Fraction, path: readonly number[]): Part[] => {
    const recipe = kitchen.recipes.get(recipeId)
    if (!recipe || path.includes(recipeId)) {
      problems.push(`${facts.name}: a recipe it is made of has been deleted or is inside itself.`)
      return []
    }
    const parts: Part[] = []
    for (const line of recipe.lines) {
      if ('ingredientId' in line) {
        const ingredient = kitchen.ingredients.get(line.ingredientId)
        const grams = ingredient && gramsOf(ingredient, line.amount, line.unit)
        if (!ingredient || !grams) {
          problems.push(weightProblem(recipe.name, ingredient, line.unit))
          continue
        }
        for (const allergen of ingredient.allergens) allergens.add(allergen)
        parts.push({
          key: `i${ingredient.id}`,
          name: ingredient.name,
          grams: grams.mul(batches),
          contents: ingredient.contents,
          parts: [],
        })
        continue
      }
      const sub = kitchen.recipes.get(line.recipeId)
      const subBatches =
        line.unit === 'batch'
          ? line.amount
          : sub && convert(line.amount, line.unit, sub.yields.unit)?.div(sub.yields.amount)
      if (!sub || !subBatches) {
        problems.push(`${recipe.name}: a recipe it uses cannot be measured for a label.`)
        continue
      }
      parts.push(
        recipePart(sub.id, sub.name, walk(sub.id, subBatches.mul(batches), [...path, recipeId])),
      )
    }
    return merge(parts)
  }
  const [only] = facts.made
  const parts =
    facts.made.length === 1 && only
      ? walk(only.recipeId, only.batches, [])
      : merge(
          facts.made.map((use) =>
            recipePart(
              use.recipeId,
              kitchen.recipes.get(use.recipeId)?.name ?? '',
              walk(use.recipeId, use.batches, []),
            ),
          ),
        )
  return { parts, allergens }
}

function recipePart(id: number, name: string, parts: Part[]): Part {
  return {
    key: `r${id}`,
    name,
    grams: parts.reduce((sum, part) => sum.add(part.grams), new Fraction(0)),
    contents: '',
    parts,
  }
}

/** Each thing once at its level, its weights summed; heaviest first, then by name. */
function merge(parts: readonly Part[]): Part[] {
  const byKey = new Map<string, Part>()
  for (const part of parts) {
    const known = byKey.get(part.key)
    byKey.set(
      part.key,
      known
        ? {
            ...known,
            grams: known.grams.add(part.grams),
            parts: merge([...known.parts, ...part.parts]),
          }
        : part,
    )
  }
  return [...byKey.values()].sort(
    (a, b) => b.grams.compare(a.grams) || a.name.localeCompare(b.name, 'en'),
  )
}

function partText(part: Part): string {
  const inside = part.parts.length > 0 ? part.parts.map(partText).join(', ') : part.contents.trim()
  return inside ? `${part.name} (${inside})` : part.name
}

/** What `amount` of `unit` of an ingredient weighs, in grams; null when it cannot be told. */
function gramsOf(ingredient: Ingredient, amount: Fraction, unit: Unit): Fraction | null {
  if (UNITS[unit].dimension === 'count') {
    const pieces = convert(amount, unit, 'each')
    return pieces && ingredient.pieceGrams ? pieces.mul(ingredient.pieceGrams) : null
  }
  return convert(amount, unit, 'g', ingredient.density)
}

function weightProblem(recipe: string, ingredient: Ingredient | undefined, unit: Unit): string {
  if (!ingredient) return `${recipe}: an ingredient it uses has been deleted.`
  return UNITS[unit].dimension === 'count'
    ? `${ingredient.name}: give the weight of one piece, so labels can list it by weight.`
    : `${ingredient.name}: give its grams per millilitre, so labels can weigh what ${recipe} measures by volume.`
}

const OUNCE_GRAMS = new Fraction('28.349523125')

/**
 * The net quantity: her weighing in grams and ounces (never rounded up), or,
 * for what is made by the piece, the count its first recipe makes. Null
 * with a problem otherwise.
 */
function netOf(kitchen: Kitchen, facts: LabelFacts, problems: string[]) {
  if (facts.netGrams) {
    const grams = facts.netGrams.floor().toString()
    const ounces = facts.netGrams.div(OUNCE_GRAMS).floor(1)
    // A pound or more is also said in pounds and ounces, as US labels do.
    const pounds = ounces.div(16).floor()
    const inPounds =
      pounds.compare(0) > 0 ? ` (${pounds} lb ${ounces.sub(pounds.mul(16)).toString()} oz)` : ''
    return (language: Language, region: Region) => {
      if (language === 'fr') return `Poids net\u00a0: ${grams}\u00a0g (${ounces}\u00a0oz)`
      return region.country === 'US'
        ? `Net wt ${ounces} oz${inPounds} ${grams} g`
        : `Net weight ${grams} g (${ounces} oz)`
    }
  }
  // Counted by its first recipe, the thing itself (the cupcakes, not their frosting).
  const main = facts.made[0]?.recipeId
  let pieces = new Fraction(0)
  for (const use of facts.made.filter((made) => made.recipeId === main)) {
    const recipe = kitchen.recipes.get(use.recipeId)
    const each = recipe && convert(recipe.yields.amount, recipe.yields.unit, 'each')
    if (!each) {
      problems.push(`${facts.name}: weigh one and write its net weight, on What you sell.`)
      return null
    }
    pieces = pieces.add(each.mul(use.batches))
  }
  if (pieces.d !== 1n || pieces.compare(0) <= 0) {
    problems.push(`${facts.name}: weigh one and write its net weight, on What you sell.`)
    return null
  }
  const many = pieces.compare(1) > 0
  return (language: Language) =>
    `${WORDS[language].count}${language === 'fr' ? '\u00a0:' : ':'} ${pieces.toString()} ${many ? WORDS[language].pieces : WORDS[language].piece}`
}

function containsLine(
  allergens: ReadonlySet<Allergen>,
  region: Region,
  languages: readonly Language[],
): Partial<Record<Language, string>> {
  const named = ALLERGEN_KEYS.filter(
    (key) =>
      allergens.has(key) &&
      (ALLERGENS[key].lists as readonly string[]).includes(region.allergenList),
  )
  if (named.length === 0) return {}
  return Object.fromEntries(
    languages.map((language) => [
      language,
      named
        .map((key) => (language === 'fr' ? ALLERGEN_FRENCH[key] : ALLERGENS[key].label))
        .join(', '),
    ]),
  )
}

/** A label as the lines it prints, in order; the PDF and the tests read these. */
export interface LabelLine {
  text: string
  kind: 'name' | 'body' | 'statement'
}

export function labelLines(label: Label): LabelLine[] {
  const [main = 'en'] = label.languages
  const both = (key: 'ingredients' | 'contains' | 'madeOn') =>
    label.languages.map((language) => WORDS[language][key]).join(' / ')
  const colon = main === 'fr' ? '\u00a0:' : ':'
  const lines: LabelLine[] = [{ text: label.name, kind: 'name' }]
  lines.push({ text: `${both('ingredients')}${colon} ${label.ingredients}.`, kind: 'body' })
  const contains = label.languages.map((language) => label.contains[language]).filter(Boolean)
  if (contains.length > 0) {
    lines.push({ text: `${both('contains')}${colon} ${contains.join(' / ')}.`, kind: 'body' })
  }
  lines.push({
    text: label.languages.map((language) => label.net[language]).join(' / '),
    kind: 'body',
  })
  lines.push({ text: `${both('madeOn')} ${label.madeOn}`, kind: 'body' })
  for (const language of label.languages) {
    const statement = label.statement?.[language]
    if (statement) lines.push({ text: statement, kind: 'statement' })
  }
  for (const line of label.maker.split('\n')) lines.push({ text: line, kind: 'body' })
  if (label.permit) lines.push({ text: label.permit, kind: 'body' })
  return lines
}

function unique(problems: string[]): string[] {
  return [...new Set(problems)]
}
