/**
 * Her own corrections to the customer book (decision 112): two customers
 * she says are one person, and an email or phone she says ties no one
 * person (a family's shared number), each undone as easily. The book is
 * still made from the requests; these are its only hand-made edges.
 */
import type { Db } from '#app/db/db.server.ts'
import { type Executor, tablesFor } from '#app/db/feature-tables.ts'
import { NOT_UNDERSTOOD } from '#app/utils/admin-form.server.ts'
import { counted } from '#app/utils/count.ts'
import { phoneDigits } from '#app/utils/phone-number.ts'
import { type Reply, reply } from '#app/utils/reply.ts'
import { handleWords } from './customer-groups.ts'
import { customersNamed, readCustomer } from './customers.server.ts'

const ownTables = tablesFor('customers')

export const LINK_INTENTS = ['join', 'unjoin', 'apart', 'unapart'] as const
export type LinkIntent = (typeof LINK_INTENTS)[number]

export type LinkAnswer =
  | { link: true; ok: true; message: string }
  | { link: true; ok: false; error: string; other?: string }

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
  const refuse = (status: 400 | 404 | 409, error: string, other?: string) =>
    reply(status, { link: true as const, ok: false as const, error, ...(other ? { other } : {}) })
  const done = (message: string) => reply(200, { link: true as const, ok: true as const, message })
  const customer = await readCustomer(db, requestId)
  if (!customer) return refuse(404, 'No customer has that order.')
  switch (form.intent as LinkIntent) {
    case 'join': {
      const other = (form.other ?? '').trim().slice(0, 120)
      if (!other) return refuse(400, 'Write their email, phone number or order reference.')
      const keys = await customersNamed(db, other)
      if (keys.length === 0) {
        return refuse(
          404,
          'No customer in your book has that email, phone number or order reference.',
          other,
        )
      }
      if (keys.includes(customer.key)) return refuse(409, 'That is this customer already.', other)
      const [a, b] = [Math.min(customer.key, keys[0]!), Math.max(customer.key, keys[0]!)]
      await ownTables(db)
        .insertInto('customer_join')
        .values({ request_a: a, request_b: b, created_at: now })
        .onConflict((conflict) => conflict.columns(['request_a', 'request_b']).doNothing())
        .execute()
      const joined = await readCustomer(db, requestId)
      return done(`Joined: ${joined!.name} now has ${counted(joined!.orders, 'order')}.`)
    }
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
      return done(
        `Kept apart: orders that share ${handleWords(handle)} are no longer joined by it.`,
      )
    }
    case 'unapart': {
      const handle = form.handle ?? ''
      if (!customer.keptApart.includes(handle))
        return refuse(409, 'That joins their orders already.')
      await ownTables(db).deleteFrom('customer_apart').where('handle', '=', handle).execute()
      return done(`Orders that share ${handleWords(handle)} are joined by it again.`)
    }
    default:
      return refuse(400, NOT_UNDERSTOOD)
  }
}

/**
 * Erasing a customer (owner-desk's erasure): what she kept apart by her
 * address or numbers, and every join of her requests, go with her.
 */
export async function eraseLinksOf(
  db: Executor,
  { address, phones, requestIds }: { address: string; phones: string[]; requestIds: number[] },
): Promise<void> {
  const handles = [
    `email:${address.toLowerCase()}`,
    ...phones.flatMap((phone) => {
      const digits = phoneDigits(phone)
      return digits ? [`phone:${digits}`] : []
    }),
  ]
  await ownTables(db).deleteFrom('customer_apart').where('handle', 'in', handles).execute()
  if (requestIds.length === 0) return
  await ownTables(db)
    .deleteFrom('customer_join')
    .where((eb) => eb.or([eb('request_a', 'in', requestIds), eb('request_b', 'in', requestIds)]))
    .execute()
}
