import type { Kysely, Transaction } from 'kysely'
import { cardPaymentsOn } from '#app/config/env.server.ts'
import { tablesFor } from '#app/db/feature-tables.ts'
import type { Database } from '#app/db/schema.ts'
import { readPickupAddress } from '#app/features/availability/booking-settings.server.ts'
import { enqueueEmail } from '#app/features/mail/outbox.server.ts'
import { BOOKED_STATUSES, isIn } from '#app/features/order-status/order-status.ts'
import type { UpdateKind } from '#app/features/order-status/owner-intents.ts'
import { readSiteSection } from '#app/features/site-content/site-content.server.ts'
import { bakeryToday } from '#app/utils/dates.ts'
import { partyName } from '#app/utils/party-name.ts'
import type { ChangedPart } from './change-parts.ts'
import { HANDOVER_COLUMNS, addressOf, formatDeliveryAddress } from './handover.ts'
import { moneyOf } from './money.server.ts'
import { partyOf, partyTreats } from './party.server.ts'
import { currentQuote } from './quotes.server.ts'
import { composeRequestUpdate } from './update-emails.ts'

const ownTables = tablesFor('order-book')

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
  // "ready" is about one handover: the members handed over together hear
  // once, when the last of them is ready (decision 087).
  const party = await partyOf(trx, asked)
  const pickup = kind === 'ready' ? await pickupOf(trx, asked) : null
  if (pickup && pickup.waiting.length > 0) return undefined
  const requestId = kind === 'ready' ? asked : party.leadId
  const [request, quote, money, { refund, cancellation }] = await Promise.all([
    readUpdatedRequest(trx, { requestId, party, pickup }),
    currentQuote(trx, requestId),
    moneyOf(trx, requestId),
    readKindDetails(trx, kind, requestId),
  ])
  const place = await privatePlace(trx, kind, request)
  const email = composeRequestUpdate(kind, {
    bakery: await readSiteSection(trx, 'identity'),
    ...moneyWords({ refund, cancellation, quote }),
    request,
    ...(pickup && pickup.treats.length > 1 ? { treats: pickup.treats } : {}),
    place,
    money,
    siteUrl,
    note,
    changes,
    today: bakeryToday(new Date(now)),
    cardPayments,
  })
  // A pickup is told it is ready once, however many of its members' moves
  // (or instances) come to queue it.
  const key = pickup ? `ready:${pickup.ids.join('+')}` : dedupeKey
  return enqueueEmail(
    trx,
    { topic: 'request_update', subjectId: requestId, email, ...(key ? { dedupeKey: key } : {}) },
    now,
  )
}

/** The pickup address is private until the request is confirmed: read for that email only. */
async function privatePlace(
  trx: Transaction<Database>,
  kind: UpdateKind,
  request: { fulfilment: string | null } & Parameters<typeof addressOf>[0],
): Promise<string | null> {
  if (kind !== 'confirmed') return null
  if (request.fulfilment === 'delivery') return formatDeliveryAddress(addressOf(request))
  return (await readPickupAddress(trx)).trim() || null
}

/** The refund, cancellation and quote an update speaks of, as its words read them. */
function moneyWords({
  refund,
  cancellation,
  quote,
}: Awaited<ReturnType<typeof readKindDetails>> & {
  quote: Awaited<ReturnType<typeof currentQuote>>
}) {
  return {
    cancellation: cancellation && {
      refundCents: Number(cancellation.refund_cents),
      cardCents: Number(cancellation.card_refund_cents),
      giftCardCents: Number(cancellation.gift_card_refund_cents),
    },
    refund: refund && {
      amountCents: Number(refund.amount_cents),
      refundedOn: refund.refunded_on,
      method: refund.method,
      reason: refund.reason,
      loweredToCents: refund.lowered_to_cents == null ? null : Number(refund.lowered_to_cents),
    },
    quote: quote && {
      depositDue: quote.deposit_due,
      balanceDue: quote.balance_due,
      paymentInstructions: quote.payment_instructions,
      message: quote.message,
      expiresAt: Number(quote.expires_at),
    },
  }
}

/**
 * The request an update is about, as the customer reads it: a party's
 * treats named together, and the lead's payment reference, which the party
 * pays with whichever member the email is about.
 */
async function readUpdatedRequest(
  trx: Transaction<Database>,
  {
    requestId,
    party,
    pickup,
  }: { requestId: number; party: Awaited<ReturnType<typeof partyOf>>; pickup: Pickup | null },
) {
  const [found, treats, lead] = await Promise.all([
    ownTables(trx)
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
    pickup ? pickup.treats : party.memberIds.length > 1 ? partyTreats(trx, party) : [],
    requestId === party.leadId
      ? undefined
      : ownTables(trx)
          .selectFrom('order_request')
          .select('payment_reference')
          .where('id', '=', party.leadId)
          .executeTakeFirst(),
  ])
  return {
    ...found,
    ...(treats.length > 1 ? { product_type: partyName(treats) } : {}),
    ...(lead ? { payment_reference: lead.payment_reference } : {}),
  }
}

/**
 * What only some kinds of update tell: a refund's email the newest refund,
 * the one just recorded; her cancellation's what it returns.
 */
async function readKindDetails(trx: Transaction<Database>, kind: UpdateKind, requestId: number) {
  const [refund, cancellation] = await Promise.all([
    kind === 'refunded'
      ? ownTables(trx)
          .selectFrom('refund')
          .select(['amount_cents', 'refunded_on', 'method', 'reason', 'lowered_to_cents'])
          .where('request_id', '=', requestId)
          .orderBy('id', 'desc')
          .executeTakeFirst()
      : undefined,
    kind === 'self_cancelled'
      ? ownTables(trx)
          .selectFrom('customer_change')
          .select(['refund_cents', 'card_refund_cents', 'gift_card_refund_cents'])
          .where('request_id', '=', requestId)
          .where('kind', '=', 'cancel')
          .executeTakeFirst()
      : undefined,
  ])
  return { refund, cancellation }
}

/**
 * One handover of a party (decision 087): the members of `requestId`'s
 * party handed over with it (the same day, window, pickup or delivery, and
 * address) and still to hand over, in the send's order. A request on its
 * own is a pickup of one. `waiting` names those not yet ready: the
 * customer hears the pickup is ready once none is left.
 */
export interface Pickup {
  ids: number[]
  treats: string[]
  waiting: string[]
}

export async function pickupOf(
  db: Kysely<Database> | Transaction<Database>,
  requestId: number,
): Promise<Pickup> {
  const party = await partyOf(db, requestId)
  const rows = await ownTables(db)
    .selectFrom('order_request')
    .select(['id', 'product_type', 'status', 'due_date', 'fulfilment', ...HANDOVER_COLUMNS])
    .where('id', 'in', party.memberIds)
    .orderBy('position')
    .orderBy('id')
    .execute()
  const handover = (row: (typeof rows)[number]) =>
    JSON.stringify([
      row.due_date,
      row.fulfilment,
      row.pickup_window,
      row.fulfilment === 'delivery' ? formatDeliveryAddress(addressOf(row)) : null,
    ])
  const asked = rows.find((row) => Number(row.id) === requestId)
  const together = rows.filter(
    (row) =>
      asked !== undefined &&
      (Number(row.id) === requestId ||
        (handover(row) === handover(asked) && isIn(BOOKED_STATUSES, row.status))),
  )
  return {
    ids: together.map((row) => Number(row.id)),
    treats: together.map((row) => row.product_type),
    waiting: together.filter((row) => row.status !== 'ready').map((row) => row.product_type),
  }
}
