/**
 * Her own corrections to the customer book (decision 112): two customers
 * she says are one person, and an email or phone she says ties no one
 * person (a family's shared number), each undone as easily. The book is
 * still made from the requests; these are its only hand-made edges.
 */
import type { Db } from '#app/db/db.server.ts'
import { type Executor, tablesFor } from '#app/db/feature-tables.ts'
import { listSenders } from '#app/features/contact/contact-messages.server.ts'
import { NOT_UNDERSTOOD } from '#app/utils/admin-form.server.ts'
import { counted } from '#app/utils/count.ts'
import { phoneDigits } from '#app/utils/phone-number.ts'
import { type Reply, reply } from '#app/utils/reply.ts'
import { JOIN_TYPED_MAX, handleWords } from './customer-groups.ts'
import { BOOK_ROWS, customersNamed, readCustomer } from './customers.server.ts'

const ownTables = tablesFor('customers')

export const LINK_INTENTS = ['join', 'unjoin', 'apart', 'unapart'] as const

export type LinkIntent = (typeof LINK_INTENTS)[number]

export type LinkAnswer =
  | { link: true; ok: true; message: string }
  | { link: true; ok: false; error: string; other?: string }

const refuse = (status: 400 | 404 | 409, error: string, other?: string) =>
  reply(status, { link: true as const, ok: false as const, error, ...(other ? { other } : {}) })
const done = (message: string) => reply(200, { link: true as const, ok: true as const, message })

/**
 * POST /admin/customers/<id> with a link intent: joins this customer to the
 * one an email, phone or reference names; undoes a join; keeps apart, or
 * joins again by, one of her emails or phones. Each answers where she looks.
 */
export async function receiveCustomerLink({
  db,
  form,
  requestId,
  now = Date.now(),
}: {
  db: Db
  form: Record<string, string>
  requestId: number
  now?: number
}): Promise<Reply<LinkAnswer>> {
  const customer = await readCustomer(db, requestId)
  if (!customer) return refuse(404, 'No customer has that order.')
  switch (form.intent as LinkIntent) {
    case 'join':
      return joinCustomer({
        db,
        other: (form.other ?? '').trim(),
        key: customer.key,
        requestId,
        now,
      })
    case 'unjoin': {
      const join = customer.joined.find((candidate) => String(candidate.id) === form.join)
      if (!join) return refuse(409, 'That join is undone already.')
      await ownTables(db).deleteFrom('customer_join').where('id', '=', join.id).execute()
      return done('Undone: they are apart again, unless an email or phone they share joins them.')
    }
    case 'apart': {
      const handle = form.handle ?? ''
      if (!customer.shared.includes(handle))
        return refuse(409, 'That no longer joins their orders.')
      await ownTables(db)
        .insertInto('customer_apart')
        .values({ handle, created_at: now })
        .onConflict((conflict) => conflict.column('handle').doNothing())
        .execute()
      return done(`Kept apart: ${handleWords(handle)} no longer joins anyone in your book.`)
    }
    case 'unapart': {
      const handle = form.handle ?? ''
      if (!customer.keptApart.includes(handle))
        return refuse(409, 'That joins their orders already.')
      await ownTables(db).deleteFrom('customer_apart').where('handle', '=', handle).execute()
      return done(`${handleWords(handle)} joins your customers again.`)
    }
    default:
      return refuse(400, NOT_UNDERSTOOD)
  }
}

/** Joins the customer `key` of `requestId` to the one customer `other` names, unless it names none, her, or several. */
async function joinCustomer({
  db,
  other,
  key,
  requestId,
  now,
}: {
  db: Db
  other: string
  key: number
  requestId: number
  now: number
}): Promise<Reply<LinkAnswer>> {
  if (!other) return refuse(400, 'Write their email, phone number or order reference.')
  if (other.length > JOIN_TYPED_MAX) {
    return refuse(
      400,
      `An email, phone number or reference is at most ${JOIN_TYPED_MAX} characters.`,
      other.slice(0, JOIN_TYPED_MAX),
    )
  }
  const named = await customersNamed(db, other)
  if (named.length === 0) {
    return refuse(
      404,
      'No customer in your book has that email, phone number or order reference.',
      other,
    )
  }
  if (named.some((match) => match.key === key)) {
    return refuse(409, 'That is this customer already.', other)
  }
  if (named.length > 1) {
    return refuse(
      409,
      `That belongs to ${named.length} customers: write one’s order reference (like BB-4821) to choose.`,
      other,
    )
  }
  // The join ties this page's order to the one that matched, so it holds
  // whichever handles are kept apart later.
  const [a, b] = [Math.min(requestId, named[0]!.rowId), Math.max(requestId, named[0]!.rowId)]
  await ownTables(db)
    .insertInto('customer_join')
    .values({ request_a: a, request_b: b, created_at: now })
    .onConflict((conflict) => conflict.columns(['request_a', 'request_b']).doNothing())
    .execute()
  const joined = await readCustomer(db, requestId)
  return done(`Joined: ${joined!.name} now has ${counted(joined!.orders, 'order')}.`)
}

/**
 * Erasing a customer (owner-desk's erasure): what she kept apart by her
 * address, and by a number no one else in the book uses (a family's shared
 * number stays kept apart for the others), and every join of her requests.
 */
export async function eraseLinksOf(
  db: Executor,
  { address, phones, requestIds }: { address: string; phones: string[]; requestIds: number[] },
): Promise<void> {
  const own = address.toLowerCase()
  const others = await ownTables(db)
    .selectFrom('order_request')
    .select('phone_number')
    .where((eb) => eb(eb.fn('lower', ['email']), '!=', own))
    .where('phone_number', '!=', '')
    .limit(BOOK_ROWS)
    .execute()
  const senders = await listSenders(db, BOOK_ROWS)
  const stillUsed = new Set(
    [...others, ...senders.filter((sender) => sender.email.toLowerCase() !== own)].map((row) =>
      phoneDigits(row.phone_number),
    ),
  )
  const handles = [
    `email:${own}`,
    ...phones.flatMap((phone) => {
      const digits = phoneDigits(phone)
      return digits && !stillUsed.has(digits) ? [`phone:${digits}`] : []
    }),
  ]
  await ownTables(db).deleteFrom('customer_apart').where('handle', 'in', handles).execute()
  if (requestIds.length === 0) return
  await ownTables(db)
    .deleteFrom('customer_join')
    .where((eb) => eb.or([eb('request_a', 'in', requestIds), eb('request_b', 'in', requestIds)]))
    .execute()
}
