import type Fraction from 'fraction.js'
import type { Db } from '#app/db/db.server.ts'
import { NOT_UNDERSTOOD, readAdminForm } from '#app/utils/admin-form.server.ts'
import { moneyProblemMessage, readMoney } from '#app/utils/money.ts'
import { type Reply, reply } from '#app/utils/reply.ts'
import {
  type FieldErrors,
  type MadeOf,
  type SoldKey,
  readIngredientForm,
  readMadeOf,
  readRecipeForm,
} from './kitchen-forms.ts'
import {
  type KitchenChange,
  deleteIngredient,
  deleteRecipe,
  saveIngredient,
  saveKitchenSettings,
  readKitchen,
  saveRecipe,
} from './kitchen.server.ts'
import { readSellables, saveRecipeUses } from './recipe-uses.server.ts'

/**
 * The kitchen's posts: a form refused comes back with what she typed and
 * each problem beside its field; one saved goes back to the kitchen, open
 * at what she saved (decision 105).
 */

/** A refused form: what she typed, each field's problem, and any word for the whole form. */
export interface KitchenRefusal {
  ok: false
  /** 'delete' for a refused delete: said by the delete control; the form keeps what is stored. */
  about?: 'delete'
  error?: string
  errors: FieldErrors
  values: Record<string, string>
}

export type KitchenAnswer = Reply<KitchenRefusal> | { location: string }

/** The recipe form's sixty lines of short fields: well under this. */
const MAX_KITCHEN_FORM_BYTES = 32_768

/** An ingredient's or a recipe's id in an address, or 'new'; anything else is null. */
export function kitchenIdOf(param: string | undefined): number | 'new' | null {
  if (param === 'new') return 'new'
  return param && /^[1-9]\d{0,8}$/.test(param) ? Number(param) : null
}

const refuse = (
  status: number,
  values: Record<string, string>,
  errors: FieldErrors,
  error?: string,
): KitchenAnswer => reply(status, { ok: false, errors, values, ...(error ? { error } : {}) })

/** Where she lands once it is saved: the kitchen, at the card she saved. */
const savedAt = (kind: 'ingredient' | 'recipe', id: number) =>
  `/admin/kitchen?saved=${kind}-${id}#${kind}-${id}`

function answerChange(
  change: KitchenChange,
  kind: 'ingredient' | 'recipe',
  form: Record<string, string>,
): KitchenAnswer {
  if (change.ok) return { location: savedAt(kind, change.id) }
  return change.field
    ? refuse(change.status, form, { [change.field]: change.error })
    : refuse(change.status, form, {}, change.error)
}

/** POST /admin/kitchen/<ingredients|recipes>/<id|new>: save, or `intent=delete`. */
export async function receiveKitchenThing({
  request,
  db,
  kind,
  id,
}: {
  request: Request
  db: Db
  kind: 'ingredient' | 'recipe'
  id: number | 'new'
}): Promise<KitchenAnswer> {
  const form = await readAdminForm(request, MAX_KITCHEN_FORM_BYTES)
  if (!form) return refuse(400, {}, {}, NOT_UNDERSTOOD)
  if (form.intent === 'delete' && id !== 'new') {
    const gone = kind === 'ingredient' ? await deleteIngredient(db, id) : await deleteRecipe(db, id)
    if (!gone.ok)
      return reply(gone.status, {
        ok: false,
        about: 'delete',
        errors: {},
        values: {},
        error: gone.error,
      })
    return { location: `/admin/kitchen?deleted=${encodeURIComponent(form.name ?? '')}` }
  }
  const saveId = id === 'new' ? null : id
  if (kind === 'ingredient') {
    const read = readIngredientForm(form)
    if (!read.ok) return refuse(400, form, read.fieldErrors)
    return answerChange(await saveIngredient(db, saveId, read.value), kind, form)
  }
  const read = readRecipeForm(form)
  if (!read.ok) return refuse(400, form, read.fieldErrors)
  return answerChange(await saveRecipe(db, saveId, read.value), kind, form)
}

/** The kitchen's rate card: her hourly rate and the margin she aims for. */
export async function receiveKitchenRates({
  request,
  db,
}: {
  request: Request
  db: Db
}): Promise<Reply<KitchenRefusal | { ok: true; message: string }>> {
  const form = await readAdminForm(request)
  if (!form) return refuse(400, {}, {}, NOT_UNDERSTOOD) as Reply<KitchenRefusal>
  const errors: FieldErrors = {}
  const rate = readMoney(form.hourly_rate ?? '')
  if (!rate.ok) errors.hourly_rate = moneyProblemMessage('Your hourly rate', rate)
  const margin = (form.target_margin ?? '').trim().replace(/%$/, '')
  const marginPercent = /^\d{1,2}$/.test(margin) ? Number(margin) : -1
  if (marginPercent < 0 || marginPercent > 95) {
    errors.target_margin = 'The margin you aim for must be a whole percent from 0 to 95.'
  }
  if (!rate.ok || Object.keys(errors).length > 0) {
    return reply(400, { ok: false, errors, values: form })
  }
  await saveKitchenSettings(db, { hourlyRateCents: rate.cents, targetMarginPercent: marginPercent })
  return reply(200, {
    ok: true,
    message: 'Saved: every cost and margin now counts your time at this rate.',
  })
}

/**
 * POST /admin/kitchen/sold: what each thing she sells is made of. Every row
 * the page showed is saved at once; one with a problem keeps them all back.
 */
export async function receiveRecipeUses({
  request,
  db,
}: {
  request: Request
  db: Db
}): Promise<Reply<KitchenRefusal | { ok: true; message: string }>> {
  const form = await readAdminForm(request, MAX_KITCHEN_FORM_BYTES)
  if (!form) return refuse(400, {}, {}, NOT_UNDERSTOOD) as Reply<KitchenRefusal>
  const selling = new Set((await readSellables(db)).map((sellable) => sellable.key))
  const recipeIds = new Set((await readKitchen(db)).recipes.keys())
  const shown = (form.shown ?? '')
    .split(',')
    .filter((key): key is SoldKey => selling.has(key as SoldKey))
  const made = new Map<SoldKey, MadeOf[]>()
  const nets = new Map<SoldKey, Fraction | null>()
  const errors: FieldErrors = {}
  for (const key of shown) {
    const read = readMadeOf(form, key, recipeIds)
    Object.assign(errors, read.errors)
    made.set(key, read.made)
    nets.set(key, read.netGrams)
  }
  if (Object.keys(errors).length > 0) return reply(400, { ok: false, errors, values: form })
  const saved = await saveRecipeUses(db, made, nets)
  if (!saved.ok) return reply(409, { ok: false, errors: {}, values: form, error: saved.error })
  return reply(200, { ok: true, message: 'Saved: the costs below count these recipes.' })
}
