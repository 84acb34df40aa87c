import type { Db } from '#app/db/db.server.ts'
import { withLease } from '#app/db/lease.server.ts'
import { kickDeliveryWorker } from '#app/features/mail/delivery-worker.server.ts'
import { giveUpUnpaidOrders } from '#app/features/payments/unpaid-orders.server.ts'
import { withBakeryLocalSettings } from '#app/features/site-content/site-content.server.ts'
import { offerFreedDays } from '#app/features/waitlist/day-waitlist.server.ts'
import { offerFreedStock } from '#app/features/waitlist/waitlist.server.ts'

/**
 * A drop's waitlist: what came free is offered to the first waiting within
 * a minute (decision 101), by one instance at a time; and set-price orders
 * (a drop's, a treat bought now) whose card payment never came are closed
 * within a minute of their end (decisions 100 and 103).
 */
const WAITLIST_LEASE = 'drop-waitlist'
export const WAITLIST_EVERY_MS = 30_000
const WAITLIST_LEASE_MS = 60_000

/** One pass of the waitlist's offers, under its lease; its emails go out at once. */
export function waitlistPass(
  db: Db,
  { holder, siteUrl }: { holder: string; siteUrl: string },
): () => Promise<void> {
  return () =>
    withLease(db, { name: WAITLIST_LEASE, holder, ttlMs: WAITLIST_LEASE_MS }, () =>
      withBakeryLocalSettings(db, async () => ({
        // Card orders never paid close first, so what they held is offered in the same pass.
        unpaid: await giveUpUnpaidOrders(db, { siteUrl }),
        offered:
          (await offerFreedStock(db, { now: new Date(), siteUrl })) +
          (await offerFreedDays(db, { now: new Date(), siteUrl })),
      })),
    )
      .then((run) => {
        if (!run.ran) return
        const { unpaid, offered } = run.result
        if (unpaid > 0) console.log(`orders: ${unpaid} cancelled, never paid by card`)
        if (unpaid > 0 && offered === 0) kickDeliveryWorker()
        if (offered === 0) return
        console.log(`drops: ${offered} waitlist offers made`)
        kickDeliveryWorker()
      })
      .catch((error: unknown) => console.error('drops: could not offer to the waitlist', error))
}
