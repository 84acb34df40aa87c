import type { Transaction } from 'kysely'
import { tablesFor } from '#app/db/feature-tables.ts'
import type { Database } from '#app/db/schema.ts'
import { enqueueEmail } from '#app/features/mail/outbox.server.ts'
import { recordEvent } from '#app/features/order-book/request-moves.server.ts'
import { queueRequestUpdate } from '#app/features/order-book/update-emails.server.ts'
import { queueOwnerAlert } from '#app/features/owner-alerts/alert-queue.server.ts'
import { cancelledAlert } from '#app/features/owner-alerts/alert-words.ts'
import { formatMoney } from '#app/utils/money.ts'
import type { CancelRefund } from './change-policy.ts'
import { type holdLead, partyForOwner } from './change-rules.server.ts'
import { composeSelfCancelledForOwner } from './self-service-emails.ts'

/**
 * What follows a customer's cancellation from her page, once it is made
 * (self-cancel.server.ts): it is kept, written on the timeline, and both
 * sides are told.
 */

const ownTables = tablesFor('customer-changes')

/** The cancellation as kept (what the owner still sends back is read from it) and on the timeline, in the policy's words. */
export async function recordCancellation(
  trx: Transaction<Database>,
  {
    leadId,
    refund,
    cardCents,
    giftCardCents,
    now,
  }: {
    leadId: number
    refund: CancelRefund
    cardCents: number
    giftCardCents: number
    now: number
  },
) {
  await ownTables(trx)
    .insertInto('customer_change')
    .values({
      request_id: leadId,
      kind: 'cancel',
      status: 'done',
      refund_cents: refund.totalCents,
      card_refund_cents: cardCents,
      gift_card_refund_cents: giftCardCents,
      created_at: now,
      answered_at: now,
    })
    .execute()
  const manualCents = refund.totalCents - cardCents
  await recordEvent(trx, {
    requestId: leadId,
    from: 'cancelled',
    to: 'cancelled',
    actor: 'site',
    note:
      refund.totalCents === 0
        ? 'Under the cancellation policy nothing is refunded.'
        : `Under the cancellation policy ${formatMoney(refund.totalCents)} goes back (${refund.percent}% of the deposit paid${refund.beyondDepositCents > 0 ? ', and all paid beyond it' : ''}).${manualCents > 0 ? ` To send back by e-Transfer or cash: ${formatMoney(manualCents)}.` : ''}`,
    now,
  })
}

/** Both sides hear of it once each (dedupe keys): her email, the owner's, and the owner's alert. */
export async function tellOfCancellation(
  trx: Transaction<Database>,
  {
    party,
    shares,
    siteUrl,
    now,
  }: {
    party: Awaited<ReturnType<typeof holdLead>>
    shares: { totalCents: number; cardCents: number; giftCardCents: number }
    siteUrl: string
    now: number
  },
) {
  await queueRequestUpdate(trx, 'self_cancelled', {
    requestId: party.leadId,
    siteUrl,
    now,
    dedupeKey: `self-cancel:${party.leadId}`,
  })
  const { request, links, about } = await partyForOwner(trx, party, siteUrl)
  await enqueueEmail(
    trx,
    {
      topic: 'request_update',
      subjectId: party.leadId,
      dedupeKey: `self-cancel-owner:${party.leadId}`,
      email: composeSelfCancelledForOwner(request, shares, links),
    },
    now,
  )
  await queueOwnerAlert(trx, cancelledAlert(about, shares), now)
}
