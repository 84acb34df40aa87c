/**
 * Her taxes as a site file carries them (moving house): each rate as she
 * typed it, each class with its rule and its rates by label, and each
 * treat's class by the treat's name. Read back through the Taxes page's own
 * readings, so what the page refuses a file cannot bring in.
 */
import { z } from 'zod'
import { type Executor, tablesFor } from '#app/db/feature-tables.ts'
import { productTaxClasses, setProductTaxClass } from '#app/features/menu/menu.server.ts'
import { TAX_NUMBER_MAX, ratePercent, taxLabel } from '#app/features/order-status/tax-rules.ts'
import { TAX_LIMITS, readRate, readWords } from './tax-input.ts'
import { loadTaxesPage } from './tax-settings.server.ts'

const ownTables = tablesFor('taxes')

export interface TaxesPart {
  rates: { name: string; rate: string; number?: string }[]
  classes: { name: string; rule: string; rates: string[]; drop_items: boolean }[]
  /** Treat name → class name, for the treats in a class. */
  treats: Record<string, string>
}

/** The part's outline in the file; each value is checked by checkTaxesPart. */
export const taxesPartOutline = z
  .object({
    rates: z
      .array(z.object({ name: z.string(), rate: z.string(), number: z.string().optional() }))
      .max(TAX_LIMITS.rates),
    classes: z
      .array(
        z.object({
          name: z.string(),
          rule: z.string(),
          rates: z.array(z.string()).max(TAX_LIMITS.rates),
          drop_items: z.boolean(),
        }),
      )
      .max(TAX_LIMITS.classes),
    treats: z.record(z.string().max(200), z.string().max(200)),
  })
  .optional()

export interface CheckedTaxes {
  rates: { name: string; ppm: number; number: string }[]
  classes: { name: string; rule: string; rates: string[]; dropItems: boolean }[]
  treats: Map<string, string>
}

export async function exportTaxesPart(db: Executor): Promise<TaxesPart> {
  const page = await loadTaxesPage(db)
  const labelOf = new Map(page.rates.map((rate) => [rate.id, taxLabel(rate)]))
  const classOf = new Map(page.classes.map((taxClass) => [taxClass.id, taxClass.name]))
  return {
    rates: page.rates.map((rate) => ({
      name: rate.name,
      rate: ratePercent(rate.ppm),
      ...(rate.number ? { number: rate.number } : {}),
    })),
    classes: page.classes.map((taxClass) => ({
      name: taxClass.name,
      rule: taxClass.rule,
      rates: taxClass.rateIds.map((id) => labelOf.get(id)!),
      drop_items: taxClass.dropItems,
    })),
    treats: Object.fromEntries(
      page.treats.flatMap((treat) =>
        treat.classId === null ? [] : [[treat.name, classOf.get(treat.classId)!]],
      ),
    ),
  }
}

/** The part read as the Taxes page reads its forms; the first problem is the answer. */
export function checkTaxesPart(
  part: TaxesPart,
): { ok: true; taxes: CheckedTaxes } | { ok: false; error: string } {
  const refuse = (error: string) => ({ ok: false as const, error: `Taxes: ${error}` })
  const rates: CheckedTaxes['rates'] = []
  for (const typed of part.rates) {
    const name = readWords(typed.name, TAX_LIMITS.name)
    const rate = readRate(typed.rate)
    if (!name) return refuse(`a rate's name must be 1 to ${TAX_LIMITS.name} characters.`)
    if (!rate.ok) return refuse(`${name}: ${rate.error}`)
    const number = (typed.number ?? '').trim()
    if (number.length > TAX_NUMBER_MAX) return refuse(`${name}'s registration number is too long.`)
    rates.push({ name, ppm: rate.ppm, number })
  }
  const labels = new Set(rates.map(taxLabel))
  if (labels.size !== rates.length) return refuse('two rates are the same.')
  const classes: CheckedTaxes['classes'] = []
  for (const typed of part.classes) {
    const name = readWords(typed.name, TAX_LIMITS.className)
    if (!name) return refuse(`a class's name must be 1 to ${TAX_LIMITS.className} characters.`)
    if (typed.rule.length > TAX_LIMITS.rule) return refuse(`${name}'s rule is too long.`)
    const unknown = typed.rates.find((label) => !labels.has(label))
    if (unknown) return refuse(`${name} carries ${unknown}, which is not one of the rates.`)
    classes.push({ name, rule: typed.rule.trim(), rates: typed.rates, dropItems: typed.drop_items })
  }
  const names = new Set(classes.map((taxClass) => taxClass.name))
  if (names.size !== classes.length) return refuse('two classes have the same name.')
  if (classes.filter((taxClass) => taxClass.dropItems).length > 1) {
    return refuse('only one class may take a drop’s own items.')
  }
  const unknownClass = Object.values(part.treats).find((name) => !names.has(name))
  if (unknownClass) return refuse(`a treat is in ${unknownClass}, which is not one of the classes.`)
  return { ok: true, taxes: { rates, classes, treats: new Map(Object.entries(part.treats)) } }
}

/** Her taxes replaced by the file's, in the import's transaction, after its menu is made. */
export async function replaceTaxes(db: Executor, taxes: CheckedTaxes): Promise<void> {
  // Their links and the treats' classes go with them (migration 063's rules).
  await ownTables(db).deleteFrom('tax_class').execute()
  await ownTables(db).deleteFrom('tax_rate').execute()
  const rateIds = new Map<string, number>()
  for (const [index, rate] of taxes.rates.entries()) {
    const { id } = await ownTables(db)
      .insertInto('tax_rate')
      .values({ name: rate.name, ppm: rate.ppm, number: rate.number, position: index + 1 })
      .returning('id')
      .executeTakeFirstOrThrow()
    rateIds.set(taxLabel(rate), Number(id))
  }
  const classIds = new Map<string, number>()
  for (const [index, taxClass] of taxes.classes.entries()) {
    const { id } = await ownTables(db)
      .insertInto('tax_class')
      .values({
        name: taxClass.name,
        rule: taxClass.rule,
        drop_items: taxClass.dropItems ? 1 : 0,
        position: index + 1,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    classIds.set(taxClass.name, Number(id))
    const rates = [...new Set(taxClass.rates)].map((label) => rateIds.get(label)!)
    if (rates.length > 0) {
      await ownTables(db)
        .insertInto('tax_class_rate')
        .values(rates.map((rateId) => ({ class_id: Number(id), rate_id: rateId })))
        .execute()
    }
  }
  for (const treat of await productTaxClasses(db)) {
    const className = taxes.treats.get(treat.name)
    const classId = className === undefined ? null : (classIds.get(className) ?? null)
    if (classId !== treat.taxClassId) await setProductTaxClass(db, { productId: treat.id, classId })
  }
}
