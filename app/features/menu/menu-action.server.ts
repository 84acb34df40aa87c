import { z } from 'zod/mini'
import type { Db } from '#app/db/db.server.ts'
import { NOT_UNDERSTOOD, readAdminForm } from '#app/utils/admin-form.server.ts'
import { plainText } from '#app/utils/form-fields.ts'
import { moneyProblemMessage, readMoney } from '#app/utils/money.ts'
import { type Reply, reply } from '#app/utils/reply.ts'
import {
  addProduct,
  type MenuChange,
  moveProduct,
  type ProductInput,
  setProductActive,
  updateProduct,
} from './menu.server.ts'
import { MENU_INTENTS, type MenuIntent, PRODUCT_LIMITS } from './product.ts'

/** A product form's fields as she typed them, given back with a refusal (see `typedProduct`). */
export type TypedProduct = Partial<Record<(typeof PRODUCT_FIELD_NAMES)[number], string>>

/**
 * The answer names the form (`intent`) and the product (`id`) it is for, when
 * the post said them, so Settings shows it in that product's card (decision 083).
 */
export type MenuActionResult =
  | { ok: true; intent: MenuIntent; id?: number }
  | { ok: false; intent?: MenuIntent; id?: number; error: string; typed?: TypedProduct }

const PRODUCT_FIELD_NAMES = ['name', 'price', 'description', 'notice_days', 'effort'] as const

/**
 * What she typed into a product's fields. A page drawn without JavaScript
 * (her save posted before the scripts ran) fills the refused fields from it,
 * so nothing she typed is lost; each is cut to far more than a field takes.
 */
function typedProduct(form: Record<string, string>): TypedProduct | undefined {
  const typed = PRODUCT_FIELD_NAMES.flatMap((name) =>
    form[name] === undefined ? [] : [[name, form[name].slice(0, 2000)]],
  )
  return typed.length > 0 ? Object.fromEntries(typed) : undefined
}

/** The form and the product a post names, as far as it names them plainly. */
function postedTo(form: Record<string, string>): { intent?: MenuIntent; id?: number } {
  const intent = MENU_INTENTS.find((known) => known === form.intent)
  if (!intent) return {}
  return intent !== 'add' && /^\d{1,15}$/.test(form.id ?? '')
    ? { intent, id: Number(form.id) }
    : { intent }
}

const id = z.pipe(z.string().check(z.regex(/^\d{1,15}$/)), z.transform(Number))

/** A whole number typed in a form, between min and max; `label` names it in the message. */
function wholeNumber(label: string, min: number, max: number) {
  const message = `${label} must be a whole number from ${min} to ${max}.`
  return z.pipe(
    z.string(message).check(z.trim(), z.regex(/^\d{1,6}$/, message)),
    z.pipe(z.transform(Number), z.number().check(z.gte(min, message), z.lte(max, message))),
  )
}

const productFields = {
  name: z.string('Name is required.').check(
    ...plainText(
      'Name',
      'line',
      z.minLength(1, 'Name is required.'),
      z.maxLength(PRODUCT_LIMITS.name, `Name must be at most ${PRODUCT_LIMITS.name} characters.`),
    ),
    z.refine(
      (value) => value.toLowerCase() !== 'other',
      '“Other” is always offered; choose another name.',
    ),
  ),
  description: z
    .string('Description is required.')
    .check(
      ...plainText(
        'Description',
        'line',
        z.maxLength(
          PRODUCT_LIMITS.description,
          `Description must be at most ${PRODUCT_LIMITS.description} characters.`,
        ),
      ),
    ),
  // Dollars as people write them ("45", "12.50", "12,50"; app/utils/money.ts); empty for no price.
  price: z.pipe(
    z.string().check(
      z.trim(),
      z.superRefine((value, context) => {
        const reading = readMoney(value)
        if (value !== '' && !reading.ok) {
          const message = `${moneyProblemMessage('Price', reading).slice(0, -1)}, or empty.`
          context.issues.push({ code: 'custom', input: value, message })
        }
      }),
    ),
    z.transform((value) => {
      const reading = readMoney(value)
      return reading.ok ? reading.cents : null
    }),
  ),
  notice_days: wholeNumber('Notice', 0, 365),
  effort: wholeNumber('Effort', 1, 100),
}

/** What the settings page's forms post (urlencoded), one intent each. */
export const MenuActionSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal('add'), ...productFields }),
  z.object({ intent: z.literal('update'), id, ...productFields }),
  z.object({ intent: z.literal('move'), id, direction: z.enum(['up', 'down']) }),
  z.object({ intent: z.enum(['deactivate', 'activate']), id }),
])

/**
 * The owner's menu forms at /admin/settings. A bad field is a 400 with its
 * message; a clash with another product's name is a 409; never a 500.
 */
export async function receiveMenuAction({
  request,
  db,
}: {
  request: Request
  db: Db
}): Promise<Reply<MenuActionResult>> {
  const form = await readAdminForm(request)
  if (!form) return reply(400, { ok: false, error: NOT_UNDERSTOOD })
  const parsed = MenuActionSchema.safeParse(form)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const field = issue?.path[0]
    const known = typeof field === 'string' && field in productFields
    return reply(400, {
      ok: false,
      ...postedTo(form),
      error: known ? issue!.message : NOT_UNDERSTOOD,
      typed: typedProduct(form),
    })
  }

  const action = parsed.data
  let done: MenuChange
  if (action.intent === 'add' || action.intent === 'update') {
    const input: ProductInput = {
      name: action.name,
      description: action.description,
      priceFromCents: action.price,
      noticeDays: action.notice_days,
      effort: action.effort,
    }
    done =
      action.intent === 'add'
        ? await addProduct(db, input)
        : await updateProduct(db, action.id, input)
  } else if (action.intent === 'move') {
    done = await moveProduct(db, action.id, action.direction)
  } else {
    done = await setProductActive(db, action.id, action.intent === 'activate')
  }
  const about = action.intent === 'add' ? {} : { id: action.id }
  return done.ok
    ? reply(200, { ok: true, intent: action.intent, ...about })
    : reply(409, {
        ok: false,
        intent: action.intent,
        ...about,
        error: done.error,
        typed: typedProduct(form),
      })
}
