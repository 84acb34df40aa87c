/**
 * Settings › Taxes (decision 113): her rates, the classes of what she sells
 * with the rule she follows for each, and which class each treat is in.
 * Every post is read and bounded here; a refused one comes back with what
 * she wrote and why, by the card it came from.
 */
import { type Db, serializeTransactions } from '#app/db/db.server.ts'
import { type Executor, tablesFor } from '#app/db/feature-tables.ts'
import { productTaxClasses, setProductTaxClass } from '#app/features/menu/menu.server.ts'
import { TAX_NUMBER_MAX, taxLabel } from '#app/features/order-status/tax-rules.ts'
import { NOT_UNDERSTOOD, readAdminForm } from '#app/utils/admin-form.server.ts'
import { type Reply, reply } from '#app/utils/reply.ts'
import { TAX_INTENTS, TAX_LIMITS, type TaxIntent, readRate, readWords } from './tax-input.ts'

const ownTables = tablesFor('taxes')

/** Her form posts at most a few fields a treat: room for a long menu. */
const MAX_TAX_FORM_BYTES = 32 * 1024

export interface TaxRateRow {
  id: number
  name: string
  ppm: number
  /** Her registration number for it, as receipts print it; '' for none. */
  number: string
}

export interface TaxClassRow {
  id: number
  name: string
  rule: string
  rateIds: number[]
  /** The class a drop's own items (not from the menu) are taxed as. */
  dropItems: boolean
}

export interface TaxesPage {
  rates: TaxRateRow[]
  classes: TaxClassRow[]
  treats: { id: number; name: string; active: boolean; classId: number | null }[]
}

export type TaxAnswer =
  | { ok: true; intent: TaxIntent; message: string; id?: number }
  | {
      ok: false
      intent?: TaxIntent
      /** The class the refused form was for; absent for a new one. */
      id?: number
      error: string
      values?: Record<string, string>
    }

export async function loadTaxesPage(db: Executor): Promise<TaxesPage> {
  const [rates, classes, links, treats] = await Promise.all([
    ownTables(db).selectFrom('tax_rate').selectAll().orderBy('position').orderBy('id').execute(),
    ownTables(db).selectFrom('tax_class').selectAll().orderBy('position').orderBy('id').execute(),
    ownTables(db).selectFrom('tax_class_rate').selectAll().execute(),
    productTaxClasses(db),
  ])
  return {
    rates: rates.map((row) => ({
      id: Number(row.id),
      name: row.name,
      ppm: Number(row.ppm),
      number: row.number,
    })),
    classes: classes.map((row) => ({
      id: Number(row.id),
      name: row.name,
      rule: row.rule,
      dropItems: Number(row.drop_items) === 1,
      rateIds: links
        .filter((link) => Number(link.class_id) === Number(row.id))
        .map((link) => Number(link.rate_id)),
    })),
    treats: treats.map(({ id, name, active, taxClassId }) => ({
      id,
      name,
      active,
      classId: taxClassId,
    })),
  }
}

/** One post of her Taxes page: a rate added or removed, a class made, saved or removed, her treats' classes. */
export async function receiveTaxPost({
  db,
  request,
}: {
  db: Db
  request: Request
}): Promise<Reply<TaxAnswer>> {
  const form = await readAdminForm(request, MAX_TAX_FORM_BYTES)
  const intent = TAX_INTENTS.find((name) => name === form?.intent)
  if (!form || !intent) return reply(400, { ok: false, error: NOT_UNDERSTOOD })
  // One change to her taxes at a time, across instances: its checks (a name taken, a limit
  // reached, the one class for a drop's own items) hold until it is written.
  const answer = await db.transaction().execute(async (trx) => {
    await serializeTransactions(trx, 'tax-settings')
    return ACTIONS[intent](trx, form)
  })
  return reply(answer.ok ? 200 : answer.status, withoutStatus(answer, intent, form))
}

type Refusal = { ok: false; status: 400 | 404 | 409; error: string; id?: number }
type Done = { ok: true; message: string; id?: number }
type Action = (trx: Executor, form: Record<string, string>) => Promise<Done | Refusal>

function withoutStatus(
  answer: Done | Refusal,
  intent: TaxIntent,
  form: Record<string, string>,
): TaxAnswer {
  if (answer.ok) return { ...answer, intent }
  const { status: _status, ...refused } = answer
  return { ...refused, intent, values: form }
}

const ACTIONS: Record<TaxIntent, Action> = {
  'add-rate': (trx, form) => saveRate(trx, form, null),
  'save-rate': (trx, form) => {
    const id = idOf(form.id)
    if (id === null) return Promise.resolve(NO_SUCH_RATE)
    // A refusal names its rate, so the page shows it in that rate's own form.
    return saveRate(trx, form, id).then((answer) => (answer.ok ? answer : { ...answer, id }))
  },
  'remove-rate': removeRate,
  'add-class': (trx, form) => saveClass(trx, form, null),
  'save-class': (trx, form) => {
    const id = idOf(form.id)
    return id === null ? Promise.resolve(NO_SUCH_CLASS) : saveClass(trx, form, id)
  },
  'remove-class': removeClass,
  'save-treats': saveTreats,
}

const NO_SUCH_RATE: Refusal = {
  ok: false,
  status: 404,
  error: 'That rate is no longer there: the page is out of date.',
}

const NO_SUCH_CLASS: Refusal = {
  ok: false,
  status: 404,
  error: 'That class is no longer there: the page is out of date.',
}

function idOf(typed: string | undefined): number | null {
  return typed && /^\d{1,9}$/.test(typed) ? Number(typed) : null
}

/**
 * A rate added, or one changed in place (`id`): a province's new rate is
 * charged by every class that carries it from now on; orders already
 * priced keep theirs.
 */
async function saveRate(
  trx: Executor,
  form: Record<string, string>,
  id: number | null,
): Promise<Done | Refusal> {
  const name = readWords(form.name, TAX_LIMITS.name)
  if (!name) {
    return {
      ok: false,
      status: 400,
      error: `Name the tax as your customers read it, like HST, in up to ${TAX_LIMITS.name} characters.`,
    }
  }
  const rate = readRate(form.rate ?? '')
  if (!rate.ok) return { ok: false, status: 400, error: rate.error }
  const number = (form.number ?? '').replace(/\s+/g, ' ').trim()
  if (number.length > TAX_NUMBER_MAX) {
    return {
      ok: false,
      status: 400,
      error: `Write the registration number in up to ${TAX_NUMBER_MAX} characters, like 123456789 RT0001.`,
    }
  }
  const rates = await ownTables(trx).selectFrom('tax_rate').select(['id', 'name', 'ppm']).execute()
  if (id !== null && !rates.some((row) => Number(row.id) === id)) {
    return NO_SUCH_RATE
  }
  if (id === null && rates.length >= TAX_LIMITS.rates) {
    return { ok: false, status: 409, error: `You can keep up to ${TAX_LIMITS.rates} rates.` }
  }
  const label = taxLabel({ name, ppm: rate.ppm })
  const same = (row: { id: number; name: string; ppm: number }) =>
    Number(row.id) !== id &&
    taxLabel({ name: row.name, ppm: Number(row.ppm) }).toLowerCase() === label.toLowerCase()
  if (rates.some(same)) {
    return { ok: false, status: 409, error: `${label} is already one of your rates.` }
  }
  if (id !== null) {
    await ownTables(trx)
      .updateTable('tax_rate')
      .set({ name, ppm: rate.ppm, number })
      .where('id', '=', id)
      .execute()
    return {
      ok: true,
      message: `Now ${label}. New quotes and orders charge it; orders already priced keep theirs.`,
    }
  }
  await ownTables(trx)
    .insertInto('tax_rate')
    .values({ name, ppm: rate.ppm, number, position: rates.length + 1 })
    .execute()
  return { ok: true, message: `${label} added. Put it in a class below to charge it.` }
}

async function removeRate(trx: Executor, form: Record<string, string>): Promise<Done | Refusal> {
  const id = idOf(form.id)
  const row =
    id === null
      ? undefined
      : await ownTables(trx)
          .selectFrom('tax_rate')
          .selectAll()
          .where('id', '=', id)
          .executeTakeFirst()
  if (!row) return { ok: false, status: 404, error: 'That rate is no longer there.' }
  // Its classes' links to it go with it (the links' own rule, migration 063).
  await ownTables(trx).deleteFrom('tax_rate').where('id', '=', row.id).execute()
  return {
    ok: true,
    message: `${taxLabel({ name: row.name, ppm: Number(row.ppm) })} removed. Orders already priced keep it.`,
  }
}

/** A class made or saved: its name, its rule, its rates, and whether a drop's own items take it. */
async function saveClass(
  trx: Executor,
  form: Record<string, string>,
  id: number | null,
): Promise<Done | Refusal> {
  const refuse = (error: string, status: 400 | 409 = 400): Refusal =>
    id === null ? { ok: false, status, error } : { ok: false, status, error, id }
  const name = readWords(form.name, TAX_LIMITS.className)
  if (!name) {
    return refuse(
      `Name the class, like Taxable treats, in up to ${TAX_LIMITS.className} characters.`,
    )
  }
  const rule = (form.rule ?? '').trim()
  if (rule.length > TAX_LIMITS.rule) {
    return refuse(
      `Keep the rule to ${TAX_LIMITS.rule} characters: link to the source for the rest.`,
    )
  }
  const rates = await ownTables(trx).selectFrom('tax_rate').select('id').execute()
  const rateIds = rates
    .map((row) => Number(row.id))
    .filter((rateId) => form[`rate.${rateId}`] === 'on')
  const classes = await ownTables(trx).selectFrom('tax_class').select(['id', 'name']).execute()
  if (id !== null && !classes.some((row) => Number(row.id) === id)) return NO_SUCH_CLASS
  const same = classes.find(
    (row) => row.name.toLowerCase() === name.toLowerCase() && Number(row.id) !== id,
  )
  if (same) return refuse(`You have a class called ${same.name} already.`, 409)
  if (id === null && classes.length >= TAX_LIMITS.classes) {
    return refuse(`You can keep up to ${TAX_LIMITS.classes} classes.`, 409)
  }
  const dropItems = form.drop_items === 'on' ? 1 : 0
  // One class at most takes a drop's own items: marking this one unmarks the last.
  if (dropItems === 1)
    await ownTables(trx).updateTable('tax_class').set({ drop_items: 0 }).execute()
  const classId =
    id ??
    Number(
      (
        await ownTables(trx)
          .insertInto('tax_class')
          .values({ name, rule, drop_items: dropItems, position: classes.length + 1 })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id,
    )
  if (id !== null) {
    await ownTables(trx)
      .updateTable('tax_class')
      .set({ name, rule, drop_items: dropItems })
      .where('id', '=', id)
      .execute()
    await ownTables(trx).deleteFrom('tax_class_rate').where('class_id', '=', id).execute()
  }
  if (rateIds.length > 0) {
    await ownTables(trx)
      .insertInto('tax_class_rate')
      .values(rateIds.map((rateId) => ({ class_id: classId, rate_id: rateId })))
      .execute()
  }
  return { ok: true, id: classId, message: `${name} ${id === null ? 'added' : 'saved'}.` }
}

async function removeClass(trx: Executor, form: Record<string, string>): Promise<Done | Refusal> {
  const id = idOf(form.id)
  const row =
    id === null
      ? undefined
      : await ownTables(trx)
          .selectFrom('tax_class')
          .selectAll()
          .where('id', '=', id)
          .executeTakeFirst()
  if (!row) return NO_SUCH_CLASS
  // Named for her before they go: its treats are left in no class and its rates' links go
  // with it, by the columns' own rules (migration 063).
  const treats = (await productTaxClasses(trx)).filter(
    (treat) => treat.taxClassId === Number(row.id),
  )
  await ownTables(trx).deleteFrom('tax_class').where('id', '=', row.id).execute()
  const moved =
    treats.length > 0 ? ` ${treats.map((treat) => treat.name).join(', ')}: no tax now.` : ''
  return { ok: true, message: `${row.name} removed.${moved}` }
}

/** Each treat's class, as the form's `class.<treat id>` says: a class's id, or '' for none. */
async function saveTreats(trx: Executor, form: Record<string, string>): Promise<Done | Refusal> {
  const classIds = new Set(
    (await ownTables(trx).selectFrom('tax_class').select('id').execute()).map((row) =>
      Number(row.id),
    ),
  )
  const treats = await productTaxClasses(trx)
  const changes: { productId: number; classId: number | null }[] = []
  for (const treat of treats) {
    const typed = form[`class.${treat.id}`]
    if (typed === undefined) continue
    const classId = typed === '' ? null : idOf(typed)
    if (typed !== '' && (classId === null || !classIds.has(classId))) {
      return {
        ok: false,
        status: 409,
        error: 'A class on this page is no longer there: reload it.',
      }
    }
    if (classId !== treat.taxClassId) changes.push({ productId: treat.id, classId })
  }
  for (const change of changes) await setProductTaxClass(trx, change)
  return {
    ok: true,
    message:
      changes.length === 0
        ? 'Nothing changed.'
        : `Saved. New orders and quotes are taxed by these classes; orders already priced keep theirs.`,
  }
}
