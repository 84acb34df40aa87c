import type Fraction from 'fraction.js'
import { optionalLine, singleLine } from '#app/utils/form-fields.ts'
import { MAX_DOLLARS, formatMoney, moneyProblemMessage, readMoney } from '#app/utils/money.ts'
import { ALLERGEN_KEYS, type Allergen } from './allergens.ts'
import { type Unit, isUnit, parseAmount } from './units.ts'

/**
 * The kitchen's forms read as the server reads them, field by field: what
 * she buys and her recipes. The same rules answer in her browser as she
 * types. Pure; the browser may load it.
 */

export const KITCHEN_LIMITS = {
  name: 80,
  /** A recipe's lines: a long one is about thirty. */
  lines: 60,
  labourMinutes: 24 * 60,
  /** Grams per millilitre: from puffed rice to honey, with room. */
  density: { min: '0.05', max: '5' },
  /** What an ingredient's own pack lists: a long list is about 300 characters. */
  contents: 600,
  /** One piece, in grams: from a raisin's worth to a whole pineapple. */
  pieceGrams: { max: '5000' },
  /** What one thing sold weighs, in grams: a wedding tier is a few kilos. */
  netGrams: { max: '50000' },
} as const

/** A form field's problem, by the field's name. */
export type FieldErrors = Record<string, string>

export type Read<T> = { ok: true; value: T } | { ok: false; fieldErrors: FieldErrors }

export interface IngredientInput {
  name: string
  pack: { amount: Fraction; unit: Unit; priceCents: number }
  density: Fraction | null
  allergens: Allergen[]
  pantry: Fraction | null
  contents: string
  pieceGrams: Fraction | null
}

/** A recipe's line as posted: `line.<n>.thing` is "ingredient:<id>" or "recipe:<id>". */
export interface LineInput {
  /** The form's row it came from (empty rows are skipped), for a message to land on. */
  row: number
  thing: { ingredientId: number } | { recipeId: number }
  amount: Fraction
  unit: Unit | 'batch'
}

export interface RecipeInput {
  name: string
  yields: { amount: Fraction; unit: Unit }
  labourMinutes: number
  packagingCents: number
  lines: LineInput[]
}

const nameField = singleLine('Name', KITCHEN_LIMITS.name)
const contentsField = optionalLine('What its pack lists', KITCHEN_LIMITS.contents)

function readName(form: Record<string, string>, errors: FieldErrors): string {
  const name = nameField.safeParse(form.name ?? '')
  if (!name.success) errors.name = name.error.issues[0]!.message
  return name.success ? name.data : ''
}

/** An amount as bakers write it, or a message naming `label`. */
function readAmount(
  text: string | undefined,
  label: string,
  field: string,
  errors: FieldErrors,
): Fraction | null {
  const amount = parseAmount(text ?? '')
  if (!amount) errors[field] = `${label} must be a number like 2, 1.5 or 1 1/2.`
  return amount
}

function readUnit(text: string | undefined, field: string, errors: FieldErrors): Unit | null {
  if (text && isUnit(text)) return text
  errors[field] = 'Choose a unit from the list.'
  return null
}

function readCents(
  text: string | undefined,
  label: string,
  field: string,
  errors: FieldErrors,
): number {
  if (!text?.trim()) return 0
  const money = readMoney(text)
  if (!money.ok) {
    errors[field] = moneyProblemMessage(label, money)
    return 0
  }
  return money.cents
}

export function readIngredientForm(form: Record<string, string>): Read<IngredientInput> {
  const errors: FieldErrors = {}
  const name = readName(form, errors)
  const amount = readAmount(form.pack_amount, 'The pack size', 'pack_amount', errors)
  const unit = readUnit(form.pack_unit, 'pack_unit', errors)
  if (!form.pack_price?.trim()) errors.pack_price = 'Give what the pack costs.'
  const priceCents = readCents(form.pack_price, 'The price', 'pack_price', errors)
  let density: Fraction | null = null
  if (form.density?.trim()) {
    density = readAmount(form.density, 'Grams per millilitre', 'density', errors)
    const { min, max } = KITCHEN_LIMITS.density
    if (density && (density.compare(min) < 0 || density.compare(max) > 0)) {
      errors.density = `Grams per millilitre must be from ${min} to ${max} (water is 1, flour about 0.53).`
    }
  }
  const pantry = form.pantry?.trim()
    ? readAmount(form.pantry, 'What is in the pantry', 'pantry', errors)
    : null
  const allergens = ALLERGEN_KEYS.filter((key) => form[`allergen.${key}`] === 'on')
  const contents = contentsField.safeParse(form.contents ?? '')
  if (!contents.success) errors.contents = contents.error.issues[0]!.message
  let pieceGrams: Fraction | null = null
  if (form.piece_grams?.trim()) {
    pieceGrams = readAmount(form.piece_grams, 'The weight of one piece', 'piece_grams', errors)
    if (pieceGrams && pieceGrams.compare(KITCHEN_LIMITS.pieceGrams.max) > 0) {
      errors.piece_grams = `One piece must weigh at most ${KITCHEN_LIMITS.pieceGrams.max} g.`
    }
  }
  if (Object.keys(errors).length > 0) return { ok: false, fieldErrors: errors }
  return {
    ok: true,
    value: {
      name,
      pack: { amount: amount!, unit: unit!, priceCents },
      density,
      allergens,
      pantry,
      contents: (contents.success ? contents.data : undefined) ?? '',
      pieceGrams,
    },
  }
}

function readLine(form: Record<string, string>, n: number, errors: FieldErrors): LineInput | null {
  const thing = /^(ingredient|recipe):(\d{1,15})$/.exec(form[`line.${n}.thing`] ?? '')
  if (!thing) {
    errors[`line.${n}.thing`] = 'Choose an ingredient or a recipe.'
    return null
  }
  const amount = readAmount(form[`line.${n}.amount`], 'The amount', `line.${n}.amount`, errors)
  const typedUnit = form[`line.${n}.unit`]
  if (typedUnit === 'batch' && thing[1] === 'ingredient') {
    errors[`line.${n}.unit`] = 'Batches are for a recipe used in this one: choose a unit.'
  }
  const unit =
    typedUnit === 'batch'
      ? thing[1] === 'recipe'
        ? 'batch'
        : null
      : readUnit(typedUnit, `line.${n}.unit`, errors)
  if (!amount || !unit) return null
  const id = Number(thing[2])
  return {
    row: n,
    thing: thing[1] === 'ingredient' ? { ingredientId: id } : { recipeId: id },
    amount,
    unit,
  }
}

/**
 * The recipe form: its name, what a batch makes, her minutes, packaging,
 * and lines `line.0…` in order; a line with nothing chosen and no amount is
 * an empty row of the form, left out.
 */
export function readRecipeForm(form: Record<string, string>): Read<RecipeInput> {
  const errors: FieldErrors = {}
  const name = readName(form, errors)
  const amount = readAmount(form.yield_amount, 'What a batch makes', 'yield_amount', errors)
  const unit = readUnit(form.yield_unit, 'yield_unit', errors)
  const minutes = (form.labour_minutes ?? '').trim() || '0'
  const labourMinutes = /^\d{1,4}$/.test(minutes) ? Number(minutes) : -1
  if (labourMinutes < 0 || labourMinutes > KITCHEN_LIMITS.labourMinutes) {
    errors.labour_minutes = `Your minutes must be a whole number from 0 to ${KITCHEN_LIMITS.labourMinutes}.`
  }
  const packagingCents = readCents(form.packaging, 'Packaging', 'packaging', errors)
  if (packagingCents > MAX_DOLLARS * 100) {
    errors.packaging = `Packaging must be at most ${formatMoney(MAX_DOLLARS * 100)}.`
  }
  const lines: LineInput[] = []
  for (let n = 0; n < KITCHEN_LIMITS.lines; n++) {
    const given = ['thing', 'amount'].some((part) => form[`line.${n}.${part}`]?.trim())
    if (!given) continue
    const line = readLine(form, n, errors)
    if (line) lines.push(line)
  }
  if (form[`line.${KITCHEN_LIMITS.lines}.thing`] !== undefined) {
    errors.lines = `A recipe takes at most ${KITCHEN_LIMITS.lines} lines.`
  }
  if (Object.keys(errors).length > 0) return { ok: false, fieldErrors: errors }
  return {
    ok: true,
    value: { name, yields: { amount: amount!, unit: unit! }, labourMinutes, packagingCents, lines },
  }
}

/** "treat.3" for a menu treat, "item.12" for a drop's item, an OptionKey for a treat's choice. */
export type SoldKey = `treat.${number}` | `item.${number}` | OptionKey

/** "option.3.size.eight-inch": what choosing eight-inch for a treat's size adds. */
export type OptionKey = `option.${number}.${string}`

/** A sold thing's key taken apart: a treat (with a choice's key for an option) or a drop's item. */
export function soldKeyParts(key: SoldKey): {
  kind: 'treat' | 'item'
  id: number
  option: string | null
} {
  const [kind, id, ...option] = key.split('.')
  return {
    kind: kind === 'item' ? 'item' : 'treat',
    id: Number(id),
    option: kind === 'option' ? option.join('.') : null,
  }
}

export interface MadeOf {
  recipeId: number
  batches: Fraction
}

/** The most recipes one thing is made of, on the form. */
export const MADE_OF_ROWS = 3

/** What the form posted for one thing: its rows, or the problem of each row by field. */
export function readMadeOf(
  form: Record<string, string>,
  key: SoldKey,
  recipeIds: ReadonlySet<number>,
): { made: MadeOf[]; netGrams: Fraction | null; errors: Record<string, string> } {
  const made: MadeOf[] = []
  const errors: Record<string, string> = {}
  const net = (form[`${key}.net`] ?? '').trim()
  const netGrams = net ? parseAmount(net) : null
  if (net && (!netGrams || netGrams.compare(KITCHEN_LIMITS.netGrams.max) > 0)) {
    errors[`${key}.net`] =
      `Its weight must be in grams, like 450 or 1200, and at most ${KITCHEN_LIMITS.netGrams.max}.`
  }
  for (let row = 0; row < MADE_OF_ROWS; row++) {
    const recipe = form[`${key}.recipe.${row}`] ?? ''
    const batches = form[`${key}.batches.${row}`] ?? ''
    if (!recipe && !batches.trim()) continue
    const recipeId = /^\d{1,9}$/.test(recipe) ? Number(recipe) : NaN
    if (!recipeIds.has(recipeId)) {
      errors[`${key}.recipe.${row}`] = 'Choose one of your recipes.'
      continue
    }
    const amount = parseAmount(batches.trim() || '1')
    if (!amount) {
      errors[`${key}.batches.${row}`] = 'Batches must be a number like 1, 1.5 or 1/2.'
      continue
    }
    made.push({ recipeId, batches: amount })
  }
  return { made, netGrams, errors }
}
