import type { Transaction } from 'kysely'
import type { IdentityWords } from '#app/content/site-words.ts'
import type { Db } from '#app/db/db.server.ts'
import type { Database } from '#app/db/schema.ts'
import { lockBookings } from '#app/features/availability/availability.server.ts'
import {
  type Unbookable,
  demandOf,
  findUnbookable,
} from '#app/features/availability/availability.server.ts'
import { readAcceptedPolicies } from '#app/features/availability/order-policies.server.ts'
import {
  type WindowRefusal,
  findWindowRefusal,
} from '#app/features/availability/pickup-windows.server.ts'
import { attachInspirationPhotos } from '#app/features/inspiration/inspiration-photos.server.ts'
import { enqueueEmail } from '#app/features/mail/outbox.server.ts'
import type { Product } from '#app/features/menu/product.ts'
import {
  newCustomerToken,
  storeSentRequests,
} from '#app/features/order-book/request-intake.server.ts'
import { queueOwnerAlert } from '#app/features/owner-alerts/alert-queue.server.ts'
import { newRequestAlert } from '#app/features/owner-alerts/alert-words.ts'
import { readSiteSection } from '#app/features/site-content/site-content.server.ts'
import { composeRequestConfirmation } from './confirmation-email.ts'
import { composeOrderEmail } from './order-email.ts'
import type { OrderRequest } from './order-schema.ts'
import type { OrderDetails } from './order-summary.ts'

export { newCustomerToken }

export type SubmitResult =
  | {
      ok: true
      batchId: number
      /** One private status page per distinct customer email in the send, with her references. */
      links: {
        email: string
        token: string
        references: { productType: string; reference: string }[]
      }[]
    }
  | { ok: false; unbookable: Unbookable }
  /** A request without a window on a day that has them, with one the day has not, or with a full one. */
  | { ok: false; window: WindowRefusal }
  /** The 0-based order whose inspiration photos are gone (swept) or were sent before. */
  | { ok: false; photosGone: number }
  /** The room a waitlist's offer kept for her has lapsed or been used (see `claim`). */
  | { ok: false; claimGone: true }

/** One order of a send, with what her event's theme holds. */
type SentOrder = OrderRequest & Pick<OrderDetails, 'event_theme_holds'>

/** One request as the order book stored it: its id, its place in the send, its payment reference. */
type StoredRequest = { id: number; position: number; reference: string }

/** Takes the room a waitlist's offer kept for the sender (see `claim` below). */
type Claim = (trx: Transaction<Database>) => Promise<boolean>

/**
 * Stores a batch of order requests, each holding its share of its day's
 * capacity, and queues the owner's email and each customer's confirmation in
 * one transaction: once this returns ok, the orders survive a crash or an
 * email outage, and the delivery worker will send the emails. A request
 * whose day cannot be booked stores nothing and says which one it was.
 */
export async function submitOrderRequests(
  db: Db,
  orders: SentOrder[],
  {
    products,
    siteUrl,
    now = new Date(),
    claim,
  }: {
    products: readonly Product[]
    siteUrl: string
    now?: Date
    /**
     * A day's room kept for the sender by a waitlist's offer (decision 104):
     * used in this transaction, it lets the send take that room; false when
     * it has lapsed or been used, and nothing is stored.
     */
    claim?: Claim
  },
): Promise<SubmitResult> {
  return db
    .transaction()
    .execute(async (trx): Promise<SubmitResult> => {
      const refusal = await checkRoom(trx, { orders, products, now, claim })
      if (refusal) return refusal
      // One link per customer: a send for two people (a gift, a shared event)
      // tells each about their own requests only.
      const tokens = customerTokens()
      const { batchId, requests } = await storeRequests(trx, {
        orders,
        products,
        now,
        tokenFor: tokens.tokenFor,
      })
      await attachPhotos(trx, { orders, requests })

      // Her name and reply time as they stand now (Settings › Your site).
      const bakery = await readSiteSection(trx, 'identity')
      await tellOwner(trx, { orders, batchId, requests, bakery, siteUrl, now })
      const links = await confirmToCustomers(trx, {
        orders,
        batchId,
        tokens,
        bakery,
        siteUrl,
        now,
      })
      return {
        ok: true,
        batchId,
        links: linksWithReferences({ orders, requests, links, tokenFor: tokens.tokenFor }),
      }
    })
    .catch((error: unknown) => {
      if (error instanceof PhotosGone) return { ok: false, photosGone: error.index }
      if (error instanceof Refused) return error.result
      throw error
    })
}

/**
 * Why the send cannot be booked, if it cannot: the claimed offer is gone, a
 * day is full, or a pickup window is refused. Without a claim nothing is
 * written before a refusal; with one, the refusal rolls it back.
 */
async function checkRoom(
  trx: Transaction<Database>,
  {
    orders,
    products,
    now,
    claim,
  }: { orders: SentOrder[]; products: readonly Product[]; now: Date; claim?: Claim },
): Promise<SubmitResult | undefined> {
  const refuse = (result: SubmitResult): SubmitResult => {
    if (claim) throw new Refused(result)
    return result
  }
  // First, so two sends never weigh the same free capacity.
  await lockBookings(trx)
  if (claim && !(await claim(trx))) return { ok: false, claimGone: true }
  const unbookable = await findUnbookable(
    trx,
    orders.map((order) => ({ dueDate: order.due_date, productType: order.product_type })),
    // A claimed offer is used by now: its room counts as hers, not as kept.
    { products, now },
  )
  // Refused, a claimed offer is given back with the rest of the transaction.
  if (unbookable) return refuse({ ok: false, unbookable })
  // Under the same lock: of sends racing for a window's last place, one takes it.
  const window = await findWindowRefusal(
    trx,
    orders.map((order) => ({ dueDate: order.due_date, window: order.pickup_window })),
  )
  if (window) return refuse({ ok: false, window })
  return undefined
}

/** Each customer's private token, drawn the first time her email (in any case) comes up. */
function customerTokens() {
  const tokens = new Map<string, string>()
  return {
    tokenFor: (email: string) => {
      const key = email.toLowerCase()
      if (!tokens.has(key)) tokens.set(key, newCustomerToken())
      return tokens.get(key)!
    },
    /** The tokens drawn so far, in the order their customers first came up. */
    drawn: () => [...tokens.values()],
  }
}

/** The order book stores the send with the very terms she ticked and starts each request's timeline. */
async function storeRequests(
  trx: Transaction<Database>,
  {
    orders,
    products,
    now,
    tokenFor,
  }: {
    orders: SentOrder[]
    products: readonly Product[]
    now: Date
    tokenFor: (email: string) => string
  },
) {
  // The very terms and words she ticked, kept with her send (decision 079).
  const policies = await readAcceptedPolicies(trx)
  return storeSentRequests(trx, {
    acceptedPolicies: policies,
    now,
    requests: orders.map((order) => ({
      name: order.name,
      email: order.email,
      phone_number: order.phone_number,
      product_type: order.product_type,
      event_theme: order.event_theme,
      event_theme_holds: order.event_theme_holds ?? 'event',
      due_date: order.due_date,
      hear_about_us: order.hear_about_us,
      comments: order.comments?.trim() ? order.comments : null,
      effort: demandOf(order.product_type, products).effort,
      servings: order.servings || null,
      allergies: order.allergies || null,
      fulfilment: order.fulfilment ?? null,
      pickup_window: order.pickup_window ?? null,
      // Only a delivery keeps an address.
      ...(order.fulfilment === 'delivery'
        ? {
            delivery_street: order.delivery_street ?? null,
            delivery_city: order.delivery_city ?? null,
            delivery_postal_code: order.delivery_postal_code ?? null,
            delivery_notes: order.delivery_notes || null,
          }
        : {}),
      customer_token: tokenFor(order.email),
    })),
  })
}

/** Each stored request takes its order's inspiration photos; one gone, and nothing of the send is kept. */
async function attachPhotos(
  trx: Transaction<Database>,
  { orders, requests }: { orders: SentOrder[]; requests: StoredRequest[] },
) {
  for (const { id, position } of requests) {
    const keys = orders[position - 1]!.photos ?? []
    if (!(await attachInspirationPhotos(trx, { requestId: id, keys }))) {
      // Nothing of the send is kept: the customer adds the photo again and resends.
      throw new PhotosGone(position - 1)
    }
  }
}

/** The owner's email about the send and her new-request alert, both listing the requests in the send's order. */
async function tellOwner(
  trx: Transaction<Database>,
  {
    orders,
    batchId,
    requests,
    bakery,
    siteUrl,
    now,
  }: {
    orders: SentOrder[]
    batchId: number
    requests: StoredRequest[]
    bakery: IdentityWords
    siteUrl: string
    now: Date
  },
) {
  await enqueueEmail(
    trx,
    {
      topic: 'order_batch',
      subjectId: batchId,
      email: composeOrderEmail(orders, {
        bakeryName: bakery.name,
        siteUrl,
        requestIds: [...requests]
          .sort((a, b) => a.position - b.position)
          .map((request) => request.id),
      }),
    },
    now.getTime(),
  )
  await queueOwnerAlert(
    trx,
    newRequestAlert(
      batchId,
      [...requests]
        .sort((a, b) => a.position - b.position)
        .map(({ id, position }) => {
          const order = orders[position - 1]!
          return {
            id,
            name: order.name,
            productType: order.product_type,
            dueDate: order.due_date,
          }
        }),
    ),
    now.getTime(),
  )
}

/** Each customer's confirmation of her own requests, with the link to her status page; returns who got which. */
async function confirmToCustomers(
  trx: Transaction<Database>,
  {
    orders,
    batchId,
    tokens,
    bakery,
    siteUrl,
    now,
  }: {
    orders: SentOrder[]
    batchId: number
    tokens: ReturnType<typeof customerTokens>
    bakery: IdentityWords
    siteUrl: string
    now: Date
  },
) {
  const links = tokens.drawn().map((token) => {
    const own = orders.filter((order) => tokens.tokenFor(order.email) === token)
    return { email: own[0]!.email, token, own }
  })
  for (const { token, own } of links) {
    await enqueueEmail(
      trx,
      {
        topic: 'request_confirmation',
        subjectId: batchId,
        email: composeRequestConfirmation({
          orders: own,
          statusUrl: `${siteUrl}/requests/${token}`,
          bakery,
        }),
      },
      now.getTime(),
    )
  }
  return links
}

/** Each customer's link to her status page, with her requests' references in the send's order. */
function linksWithReferences({
  orders,
  requests,
  links,
  tokenFor,
}: {
  orders: SentOrder[]
  requests: StoredRequest[]
  links: { email: string; token: string }[]
  tokenFor: (email: string) => string
}) {
  const referenceAt = new Map(requests.map((request) => [request.position, request.reference]))
  return links.map(({ email, token }) => ({
    email,
    token,
    // Her requests' references, in the send's order: what she pays with.
    references: orders.flatMap((order, index) =>
      tokenFor(order.email) === token
        ? [{ productType: order.product_type, reference: referenceAt.get(index + 1)! }]
        : [],
    ),
  }))
}

/** Thrown inside the send's transaction so that everything it wrote is rolled back. */
class PhotosGone extends Error {
  constructor(readonly index: number) {
    super(`The photos of order ${index + 1} are no longer available.`)
  }
}

/** Thrown to roll back a claimed offer with a send that was refused. */
class Refused extends Error {
  constructor(readonly result: SubmitResult) {
    super('The send was refused.')
  }
}
