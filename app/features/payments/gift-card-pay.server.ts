import type { Transaction } from 'kysely'
import type { Db } from '#app/db/db.server.ts'
import { tablesFor } from '#app/db/feature-tables.ts'
import type { Database, RequestStatus } from '#app/db/schema.ts'
import {
  type HeldGiftCard,
  holdGiftCard,
  leftWords,
  spendGiftCard,
} from '#app/features/gift-cards/gift-card-ledger.server.ts'
import { kickDeliveryWorker } from '#app/features/mail/delivery-worker.server.ts'
import { recordPaymentIn } from '#app/features/order-book/money-in.server.ts'
import { moneyOf } from '#app/features/order-book/money.server.ts'
import { partyAlertRequest } from '#app/features/order-book/party.server.ts'
import { currentQuote } from '#app/features/order-book/quotes.server.ts'
import { cardMinimumCents } from '#app/features/order-status/card-minimum.ts'
import { type Money, amountsOwed } from '#app/features/order-status/money-owed.ts'
import { giftCardMethod } from '#app/features/order-status/payment-methods.ts'
import { queueOwnerAlert } from '#app/features/owner-alerts/alert-queue.server.ts'
import { paymentAlert } from '#app/features/owner-alerts/alert-words.ts'
import { paidWholeOrGivenUp } from '#app/features/set-price-orders/set-price-orders.server.ts'
import { bakeryToday } from '#app/utils/dates.ts'
import { FORM_URLENCODED } from '#app/utils/media-type.ts'
import { formatMoney } from '#app/utils/money.ts'
import { readPublicPost } from '#app/utils/public-post.server.ts'
import { type Reply, reply } from '#app/utils/reply.ts'
import { type CardKind, giftCardDueOf } from './card-due.ts'
import type { GiftCardOffer, GiftCardPayAnswer } from './card-offer.ts'
import { SHORTEST_CHECKOUT_MS, leadOfLink, linkPosition } from './card-payments.server.ts'
import { type PaidRequest, queueCardPaidEmails } from './checkout-settlement.server.ts'

const ownTables = tablesFor('payments')

const MAX_BYTES = 512

/** What her page offers to pay with a gift card now: all that is still owed; null for nothing. */
export function giftCardOfferOf(
  status: RequestStatus,
  quoteAccepted: boolean,
  money: Money,
): GiftCardOffer | null {
  const due = giftCardDueOf(status, quoteAccepted, money)
  return due && { amountCents: due.amountCents, amount: formatMoney(due.amountCents) }
}

/** A refusal of "Pay with a gift card", beside the request it was for when that is known. */
function refuseGiftCard(status: number, error: string, position?: number) {
  return reply<GiftCardPayAnswer>(status, {
    ok: false,
    card: true,
    giftCard: true,
    error,
    ...(position === undefined ? {} : { position }),
  })
}

/** The post's request position, the amount the page showed, and the code as she typed it. */
async function readGiftCardForm({
  request,
  clientIp,
  db,
  now,
}: {
  request: Request
  clientIp: string
  db: Db
  now: number
}): Promise<
  | { ok: true; position: number; shownCents: number | null; code: string }
  | { ok: false; answer: Reply<GiftCardPayAnswer> }
> {
  const post = await readPublicPost({
    request,
    clientIp,
    db,
    form: 'gift-card-pay',
    now,
    maxBytes: MAX_BYTES,
    mediaTypes: [FORM_URLENCODED],
  })
  if ('refused' in post) {
    return { ok: false, answer: refuseGiftCard(post.refused.status, post.refused.body.error) }
  }
  const form = new URLSearchParams(post.text)
  const position = linkPosition(form)
  const shownCents = /^\d{1,9}$/.test(form.get('amount') ?? '') ? Number(form.get('amount')) : null
  if (position === undefined) {
    const error = 'Please reload your order’s page and try the gift card again.'
    return { ok: false, answer: refuseGiftCard(400, error) }
  }
  const code = (form.get('code') ?? '').slice(0, 64)
  if (code.trim() === '') {
    return { ok: false, answer: refuseGiftCard(400, 'Type the code on your gift card.', position) }
  }
  return { ok: true, position, shownCents, code }
}

/**
 * "Pay with a gift card", posted from her private page to `?gift-card`
 * (`request` = the request's position, `code` as she typed it, `amount` =
 * the cents the page showed as owed). In one transaction, holding the
 * request's and then the card's lock: what is owed is weighed, the card
 * pays as much of it as it holds, the payment is recorded on the order
 * (confirming it when it settles the deposit) with the card's ledger
 * entry, and her email, the owner's and the owner's alert are queued. Two
 * orders spending one card at once take from it one after the other.
 */
export async function payWithGiftCard({
  request,
  token,
  clientIp,
  db,
  siteUrl,
  now = Date.now(),
}: {
  request: Request
  token: string
  clientIp: string
  db: Db
  siteUrl: string
  now?: number
}): Promise<Reply<GiftCardPayAnswer>> {
  const read = await readGiftCardForm({ request, clientIp, db, now })
  if (!read.ok) return read.answer
  const { position, shownCents, code } = read
  // A party is paid once, on its lead (decision 049).
  const requestId = await leadOfLink(db, { token, position })
  if (requestId === undefined) {
    return reply<GiftCardPayAnswer>(404, {
      ok: false,
      card: true,
      giftCard: true,
      error: 'We could not find that request.',
      notFound: true,
    })
  }
  const answer = await db
    .transaction()
    .execute((trx) =>
      payOrderFromCard(trx, { requestId, position, shownCents, code, now, siteUrl }),
    )
  if (answer.body.ok) kickDeliveryWorker()
  return answer
}

/**
 * Inside the payment's transaction: holds the order and weighs what is owed
 * against what the page showed, holds the card, checks that any rest is one
 * a card can still pay, then pays from the card and says what is left.
 */
async function payOrderFromCard(
  trx: Transaction<Database>,
  {
    requestId,
    position,
    shownCents,
    code,
    now,
    siteUrl,
  }: {
    requestId: number
    position: number
    shownCents: number | null
    code: string
    now: number
    siteUrl: string
  },
): Promise<Reply<GiftCardPayAnswer>> {
  const { row, due } = await holdOrderToPay(trx, requestId)
  if (!due) return refuseGiftCard(409, 'Nothing is due on this order just now.', position)
  if (shownCents !== null && shownCents !== due.amountCents) {
    return refuseGiftCard(
      409,
      `What is owed has changed since this page was opened: it is now ${formatMoney(due.amountCents)}. Please check it and try again.`,
      position,
    )
  }
  const card = await holdGiftCard(trx, code)
  if (!card.ok) return refuseGiftCard(409, card.error, position)
  const cents = Math.min(card.balanceCents, due.amountCents)
  const restRefused = await refuseRestByCard(trx, {
    requestId,
    cents,
    owedCents: due.amountCents,
    now,
  })
  if (restRefused) return refuseGiftCard(409, restRefused, position)
  const paid = await payFromHeldCard(trx, {
    requestId,
    row,
    card,
    cents,
    kind: due.kind,
    now,
    siteUrl,
  })
  if (!paid.ok) return refuseGiftCard(409, paid.error, position)
  const { stillOwedCents } = paid
  const left = leftWords({ ending: card.ending, balanceCents: card.balanceCents - cents })
  const owed =
    stillOwedCents > 0
      ? `${formatMoney(stillOwedCents)} is still to pay.`
      : 'Your order is all paid.'
  return reply<GiftCardPayAnswer>(200, {
    ok: true,
    card: true,
    giftCard: true,
    position,
    message: `Paid ${formatMoney(cents)} with your gift card. ${owed} ${left}`,
  })
}

/**
 * Why the card may not pay part of the order, or null when it may. A card
 * order given up unless paid whole gives the card its money back
 * (unpaid-orders.server.ts), but the rest must be one a card can still pay.
 */
async function refuseRestByCard(
  trx: Transaction<Database>,
  {
    requestId,
    cents,
    owedCents,
    now,
  }: { requestId: number; cents: number; owedCents: number; now: number },
): Promise<string | null> {
  const rest = owedCents - cents
  const paidWhole =
    rest > 0
      ? await paidWholeOrGivenUp(trx, requestId, { now, shortestMs: SHORTEST_CHECKOUT_MS })
      : null
  const holds = `Your gift card holds ${formatMoney(cents)} of the ${formatMoney(owedCents)} owed`
  if (paidWhole && rest < cardMinimumCents()) {
    return `${holds}, and the ${formatMoney(rest)} left is less than a card payment can be. Pay it all by card, and keep your gift card for another order.`
  }
  if (paidWhole && !paidWhole.restByCard) {
    return `${holds}, and the time to pay the ${formatMoney(rest)} left by card has run out. Only a gift card that holds it all can pay for this order now.`
  }
  return null
}

/**
 * Pays `cents` of a request from a card held by `holdGiftCard`, in the
 * caller's transaction (which holds the request's row): the payment on the
 * order (confirming it when it settles the deposit), the card's ledger
 * entry, her email, the owner's and the owner's alert, each once.
 */
export async function payFromHeldCard(
  trx: Transaction<Database>,
  {
    requestId,
    row,
    card,
    cents,
    kind,
    now,
    siteUrl,
  }: {
    requestId: number
    row: Omit<PaidRequest, 'request_id'>
    card: HeldGiftCard
    cents: number
    kind: CardKind
    now: number
    siteUrl: string
  },
): Promise<{ ok: true; stillOwedCents: number } | { ok: false; error: string }> {
  const recorded = await recordPaymentIn(trx, {
    requestId,
    payment: {
      amountCents: cents,
      receivedOn: bakeryToday(new Date(now)),
      method: giftCardMethod(card.ending),
    },
    actor: 'customer',
    now,
  })
  if (!recorded.ok || recorded.paymentId === undefined) {
    return { ok: false, error: recorded.ok ? 'Try again.' : recorded.error }
  }
  await spendGiftCard(trx, card, { cents, paymentId: recorded.paymentId, requestId, now })
  const stillOwedCents = amountsOwed(await moneyOf(trx, requestId)).stillOwed
  await queueCardPaidEmails(
    trx,
    { ...row, request_id: requestId },
    {
      cardPaid: { kind, amountCents: cents, stillOwedCents, giftCard: card.ending },
      confirmed: Boolean(recorded.confirmed),
      dedupe: `gift-card-paid:${recorded.paymentId}`,
      now,
      siteUrl,
    },
  )
  await queueOwnerAlert(
    trx,
    paymentAlert(await partyAlertRequest(trx, requestId), {
      amountCents: cents,
      kind,
      reference: `gift-card-${recorded.paymentId}`,
      way: 'gift card',
    }),
    now,
  )
  return { ok: true, stillOwedCents }
}

/**
 * Holds the request's row first, as every change to its money does (a
 * payment the owner records, a refund or her cancelling on another tab
 * waits, or this one does), then reads what a payment's emails name and
 * what a gift card may pay now: all that is still owed.
 */
export async function holdOrderToPay(trx: Transaction<Database>, requestId: number) {
  await ownTables(trx)
    .updateTable('order_request')
    .set((eb) => ({ version: eb.ref('version') }))
    .where('id', '=', requestId)
    .execute()
  const row = await ownTables(trx)
    .selectFrom('order_request')
    .select([
      'status',
      'name',
      'email',
      'product_type',
      'due_date',
      'customer_token',
      'payment_reference',
    ])
    .where('id', '=', requestId)
    .executeTakeFirstOrThrow()
  const [quote, money] = await Promise.all([currentQuote(trx, requestId), moneyOf(trx, requestId)])
  return { row, due: quote && giftCardDueOf(row.status, quote.accepted_at !== null, money) }
}
