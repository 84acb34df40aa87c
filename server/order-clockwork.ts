import type { Env } from '#app/config/env.server.ts'
import type { Db } from '#app/db/db.server.ts'
import { withLease } from '#app/db/lease.server.ts'
import { expireQuotesAndTell } from '#app/features/customer-page/customer-quotes.server.ts'
import { kickDeliveryWorker } from '#app/features/mail/delivery-worker.server.ts'
import { recordCardFees } from '#app/features/payments/card-fees.server.ts'
import { queueReviewRequestsDue } from '#app/features/scheduled-work/review-links.server.ts'
import { runSchedule } from '#app/features/scheduled-work/schedule.server.ts'
import { withBakeryLocalSettings } from '#app/features/site-content/site-content.server.ts'

/**
 * A quote lapses at its own minute, so its date frees up (and its customer
 * hears) within a few minutes of it, by one instance at a time.
 */
const QUOTE_EXPIRY_LEASE = 'quote-expiry'
export const QUOTE_EXPIRY_EVERY_MS = 5 * 60_000
const QUOTE_EXPIRY_LEASE_MS = 5 * 60_000

/**
 * One pass of the order book's clockwork, under its lease: quotes that ran
 * out, then the owner's morning digest and tomorrow's reminders, each queued
 * once through the outbox.
 */
export function clockworkPass(
  db: Db,
  { holder, env }: { holder: string; env: Env },
): () => Promise<void> {
  return () =>
    withLease(db, { name: QUOTE_EXPIRY_LEASE, holder, ttlMs: QUOTE_EXPIRY_LEASE_MS }, () =>
      // Each run's emails and "today" follow the local settings stored as it starts.
      withBakeryLocalSettings(db, async () => {
        const expired = await expireQuotesAndTell(db, { now: Date.now(), siteUrl: env.SITE_URL })
        const scheduled = await runSchedule(db, { now: new Date(), siteUrl: env.SITE_URL })
        const reviewRequests = await queueReviewRequestsDue(db, {
          now: new Date(),
          siteUrl: env.SITE_URL,
        })
        // What Stripe kept of each card payment, for her year's numbers.
        const fees = await recordCardFees(db, { env })
        return { expired, scheduled, reviewRequests, fees }
      }),
    )
      .then((run) => {
        if (!run.ran) return
        const { expired, scheduled, reviewRequests, fees } = run.result
        if (fees > 0) console.log(`payments: ${fees} card fees read from Stripe`)
        if (expired.length > 0) console.log(`orders: ${expired.length} quotes expired unanswered`)
        if (scheduled.digest) console.log('orders: the morning digest is queued')
        if (scheduled.reminders > 0) console.log(`orders: ${scheduled.reminders} reminders queued`)
        if (reviewRequests > 0) console.log(`reviews: ${reviewRequests} invitations queued`)
        if (scheduled.digest || scheduled.reminders > 0 || reviewRequests > 0) kickDeliveryWorker()
      })
      .catch((error: unknown) => console.error('orders: could not run the schedule', error))
}
