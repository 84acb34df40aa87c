import type { Transaction } from 'kysely'
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

/**
 * Stores a batch of order requests, each holding its share of its day's
 * capacity, and queues the owner's email and each customer's confirmation in
 * one transaction: once this returns ok, the orders survive a crash or an
 * email outage, and the delivery worker will send the emails. A request
 * whose day cannot be booked stores nothing and says which one it was.
 */
export async function submitOrderRequests(
  db: Db,
  orders: (OrderRequest & Pick<OrderDetails, 'event_theme_holds'>)[],
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
    claim?: (trx: Transaction<Database>) => Promise<boolean>
  },
): Promise<SubmitResult> {
  // Without a claim nothing is written before a refusal; with one, the refusal rolls it back.
  const refuse = (result: SubmitResult): SubmitResult => {
    if (claim) throw new Refused(result)
    return result
  }
  return db
    .transaction()
    .execute(async (trx): Promise<SubmitResult> => {
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

      // The very terms and words she ticked, kept with her send (decision 079).
      const policies = await readAcceptedPolicies(trx)
      // One link per customer: a send for two people (a gift, a shared event)
      // tells each about their own requests only.
      const tokens = new Map<string, string>()
      const tokenFor = (email: string) => {
        const key = email.toLowerCase()
        if (!tokens.has(key)) tokens.set(key, newCustomerToken())
        return tokens.get(key)!
      }
      // The order book stores them and starts each one's timeline.
      const { batchId, requests } = await storeSentRequests(trx, {
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
      for (const { id, position } of requests) {
        const keys = orders[position - 1]!.photos ?? []
        if (!(await attachInspirationPhotos(trx, { requestId: id, keys }))) {
          // Nothing of the send is kept: the customer adds the photo again and resends.
          throw new PhotosGone(position - 1)
        }
      }

      // Her name and reply time as they stand now (Settings › Your site).
      const bakery = await readSiteSection(trx, 'identity')
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
      const links = [...tokens.values()].map((token) => {
        const own = orders.filter((order) => tokenFor(order.email) === token)
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
      const referenceAt = new Map(requests.map((request) => [request.position, request.reference]))
      return {
        ok: true,
        batchId,
        links: links.map(({ email, token }) => ({
          email,
          token,
          // Her requests' references, in the send's order: what she pays with.
          references: orders.flatMap((order, index) =>
            tokenFor(order.email) === token
              ? [{ productType: order.product_type, reference: referenceAt.get(index + 1)! }]
              : [],
          ),
        })),
      }
    })
    .catch((error: unknown) => {
      if (error instanceof PhotosGone) return { ok: false, photosGone: error.index }
      if (error instanceof Refused) return error.result
      throw error
    })
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
