import type { Transaction } from 'kysely'
import type { Database } from '#app/db/schema.ts'
import { bakeryToday, readPickupAddress } from '#app/features/availability/availability.server.ts'
import { enqueueEmail } from '#app/features/mail/outbox.server.ts'
import type { UpdateKind } from '#app/features/order-status/owner-intents.ts'
import { readSiteSection } from '#app/features/site-content/site-content.server.ts'
import { partyName } from '#app/utils/party-name.ts'
import { cardPaymentsOn } from './card-payments.server.ts'
import type { ChangedPart } from './change-parts.ts'
import { HANDOVER_COLUMNS, addressOf, formatDeliveryAddress } from './handover.ts'
import { currentQuote, moneyOf, partyOf, partyTreats } from './order-book.server.ts'
import { composeRequestUpdate } from './update-emails.ts'

/**
 * Queues the customer's email about a change to their request, in the
 * transaction that made the change: the change and its email are stored
 * together or not at all. Reads the request as the change left it.
 */
export async function queueRequestUpdate(
  trx: Transaction<Database>,
  kind: UpdateKind,
  {
    requestId: asked,
    siteUrl,
    note = null,
    changes,
    now,
    dedupeKey,
    cardPayments = cardPaymentsOn(),
  }: {
    requestId: number
    siteUrl: string
    note?: string | null
    /** What accepting her change changed, for 'change_accepted'. */
    changes?: readonly ChangedPart[]
    now: number
    /** Names the email so it is queued once (a card payment's confirmation). */
    dedupeKey?: string
    /** Card payments on (decision 045); read from the environment unless given. */
    cardPayments?: boolean
  },
): Promise<number | undefined> {
  // A party hears once, about the whole party, from its lead (decision 049);
  // only "ready" is each member's own, as each may be baked for its own day.
  const party = await partyOf(trx, asked)
  const requestId = kind === 'ready' ? asked : party.leadId
  const [found, quote, money, treats] = await Promise.all([
    trx
      .selectFrom('order_request')
      .select([
        'name',
        'email',
        'product_type',
        'due_date',
        'fulfilment',
        'customer_token',
        ...HANDOVER_COLUMNS,
        'payment_reference',
        'status',
        'position',
      ])
      .where('id', '=', requestId)
      .executeTakeFirstOrThrow(),
    currentQuote(trx, requestId),
    moneyOf(trx, requestId),
    kind !== 'ready' && party.memberIds.length > 1 ? partyTreats(trx, party) : [],
  ])
  const request = treats.length > 1 ? { ...found, product_type: partyName(treats) } : found
  // The pickup address is private until the request is confirmed: read for that email only.
  const place =
    kind !== 'confirmed'
      ? null
      : request.fulfilment === 'delivery'
        ? formatDeliveryAddress(addressOf(request))
        : (await readPickupAddress(trx)).trim() || null
  // A refund's email tells the newest refund, the one just recorded.
  const refund =
    kind === 'refunded'
      ? await trx
          .selectFrom('refund')
          .select(['amount_cents', 'refunded_on', 'method', 'reason', 'lowered_to_cents'])
          .where('request_id', '=', requestId)
          .orderBy('id', 'desc')
          .executeTakeFirst()
      : undefined
  const cancellation =
    kind === 'self_cancelled'
      ? await trx
          .selectFrom('customer_change')
          .select(['refund_cents', 'card_refund_cents'])
          .where('request_id', '=', requestId)
          .where('kind', '=', 'cancel')
          .executeTakeFirst()
      : undefined
  const email = composeRequestUpdate(kind, {
    bakery: await readSiteSection(trx, 'identity'),
    cancellation: cancellation && {
      refundCents: Number(cancellation.refund_cents),
      cardCents: Number(cancellation.card_refund_cents),
    },
    refund: refund && {
      amountCents: Number(refund.amount_cents),
      refundedOn: refund.refunded_on,
      method: refund.method,
      reason: refund.reason,
      loweredToCents: refund.lowered_to_cents == null ? null : Number(refund.lowered_to_cents),
    },
    request,
    place,
    money,
    siteUrl,
    note,
    changes,
    today: bakeryToday(new Date(now)),
    cardPayments,
    quote: quote && {
      depositDue: quote.deposit_due,
      balanceDue: quote.balance_due,
      paymentInstructions: quote.payment_instructions,
      message: quote.message,
      expiresAt: Number(quote.expires_at),
    },
  })
  return enqueueEmail(
    trx,
    { topic: 'request_update', subjectId: requestId, email, ...(dedupeKey ? { dedupeKey } : {}) },
    now,
  )
}
