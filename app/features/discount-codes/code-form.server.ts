/**
 * POST /admin/codes: her form to make a code, and the switch that stops a
 * code or starts it again. Every field is read and bounded here; a refused
 * form comes back with each problem by its field and what she wrote.
 */
import type { Db } from '#app/db/db.server.ts'
import { tablesFor } from '#app/db/feature-tables.ts'
import { readAdminForm } from '#app/utils/admin-form.server.ts'
import { bakeryToday, isCalendarDate, isRealDate } from '#app/utils/dates.ts'
import { moneyProblemMessage, readMoney } from '#app/utils/money.ts'
import { type Reply, reply } from '#app/utils/reply.ts'
import { setCodeStopped } from './discount-codes.server.ts'
import { codeOf } from './discount-rules.ts'

const ownTables = tablesFor('discount-codes')

/** Uses a code may be given at most: far beyond a home bakery's year. */
const MOST_USES = 100_000

export const CODE_FIELDS = [
  'code',
  'kind',
  'amount',
  'percent',
  'min_price',
  'starts_on',
  'ends_on',
  'max_uses',
  'first_order_only',
  'once_per_customer',
] as const

export type CodeField = (typeof CODE_FIELDS)[number]

export type CodeFormAnswer =
  | { ok: true; message: string }
  | {
      ok: false
      error: string
      errors: Partial<Record<CodeField, string>>
      values: Partial<Record<CodeField, string>>
    }

/** Her code's terms as the table keeps them, or each problem by its field. */
function readTerms(form: Record<string, string>, today: string) {
  const errors: Partial<Record<CodeField, string>> = {}
  const code = codeOf(form.code ?? '')
  if (!code) {
    errors.code = 'Write the code with 3 to 24 letters, digits or dashes, like SPRING10.'
  }
  const kind: 'amount' | 'percent' = form.kind === 'percent' ? 'percent' : 'amount'
  let value = 0
  if (kind === 'amount') {
    const amount = readMoney(form.amount ?? '')
    if (!amount.ok) errors.amount = moneyProblemMessage('The amount off', amount)
    else if (amount.cents <= 0) errors.amount = 'The amount off must be more than nothing.'
    else value = amount.cents
  } else {
    const percent = (form.percent ?? '').trim().replace(/%$/, '').trim()
    if (!/^\d{1,3}$/.test(percent) || Number(percent) < 1 || Number(percent) > 100) {
      errors.percent = 'The percent off must be a whole number from 1 to 100.'
    } else value = Number(percent)
  }
  let minPriceCents: number | null = null
  if ((form.min_price ?? '').trim()) {
    const min = readMoney(form.min_price!)
    if (!min.ok) errors.min_price = moneyProblemMessage('The smallest order', min)
    else minPriceCents = min.cents > 0 ? min.cents : null
  }
  const dateOf = (field: 'starts_on' | 'ends_on') => {
    const typed = (form[field] ?? '').trim()
    if (!typed) return null
    if (!isRealDate(typed) || !isCalendarDate(typed)) {
      errors[field] = 'Choose a date within the calendar, or leave it empty.'
      return null
    }
    return typed
  }
  const startsOn = dateOf('starts_on')
  const endsOn = dateOf('ends_on')
  if (endsOn && startsOn && endsOn < startsOn) {
    errors.ends_on = 'The last day cannot come before the first.'
  } else if (endsOn && endsOn < today) {
    errors.ends_on = 'The last day has already passed.'
  }
  let maxUses: number | null = null
  const uses = (form.max_uses ?? '').trim()
  if (uses) {
    if (!/^\d{1,6}$/.test(uses) || Number(uses) < 1 || Number(uses) > MOST_USES) {
      errors.max_uses = 'Uses in all must be a whole number of at least 1, or empty for no limit.'
    } else maxUses = Number(uses)
  }
  if (Object.keys(errors).length > 0 || !code) return { ok: false as const, errors }
  return {
    ok: true as const,
    terms: {
      code,
      kind,
      value,
      min_price_cents: minPriceCents,
      first_order_only: form.first_order_only === 'on' ? 1 : 0,
      once_per_customer: form.once_per_customer === 'on' ? 1 : 0,
      starts_on: startsOn,
      ends_on: endsOn,
      max_uses: maxUses,
    },
  }
}

/**
 * `intent=add` makes a code from her form; `intent=stop` and
 * `intent=start` with `id` switch one. A code is never edited once made:
 * orders were made by its terms, so she stops it and makes another.
 */
export async function receiveCodePost({
  db,
  request,
  now = Date.now(),
}: {
  db: Db
  request: Request
  now?: number
}): Promise<Reply<CodeFormAnswer>> {
  const form = await readAdminForm(request)
  const values = Object.fromEntries(
    CODE_FIELDS.map((field) => [field, (form?.[field] ?? '').slice(0, 200)]),
  )
  const refuse = (
    status: 400 | 404 | 409,
    error: string,
    errors: Partial<Record<CodeField, string>> = {},
  ) => reply(status, { ok: false as const, error, errors, values })
  if (!form) return refuse(400, 'That form could not be read. Please try again.')
  if (form.intent === 'stop' || form.intent === 'start') {
    const id = /^\d{1,9}$/.test(form.id ?? '') ? Number(form.id) : null
    const stopped = form.intent === 'stop'
    if (id === null || !(await setCodeStopped(db, { id, stopped, now }))) {
      return refuse(404, 'That code is not one of yours any more.')
    }
    return reply(200, {
      ok: true as const,
      message: stopped
        ? 'Code stopped: customers can no longer use it.'
        : 'Code started again: customers can use it.',
    })
  }
  if (form.intent !== 'add') return refuse(400, 'That form could not be read. Please try again.')
  const read = readTerms(form, bakeryToday(new Date(now)))
  if (!read.ok) {
    const errors = read.errors
    return refuse(400, Object.values(errors).join(' '), errors)
  }
  const made = await ownTables(db)
    .insertInto('discount_code')
    .values({ ...read.terms, created_at: now })
    .onConflict((conflict) => conflict.column('code').doNothing())
    .executeTakeFirst()
  if (Number(made.numInsertedOrUpdatedRows ?? 0n) !== 1) {
    const error = `You already have a code ${read.terms.code}: choose another, or start that one again.`
    return refuse(409, error, { code: error })
  }
  return reply(200, { ok: true as const, message: `Code ${read.terms.code} made.` })
}
