import type { Transaction } from 'kysely'
import { serializeTransactions } from '#app/db/db.server.ts'
import { tablesFor } from '#app/db/feature-tables.ts'
import type { Database, StripeEventOutcome } from '#app/db/schema.ts'
import { settleGiftCardSale } from '#app/features/gift-cards/gift-card-sales.server.ts'
import { enqueueEmail } from '#app/features/mail/outbox.server.ts'
import { recordPaymentIn } from '#app/features/order-book/money-in.server.ts'
import { moneyOf } from '#app/features/order-book/money.server.ts'
import { partyAlertRequest, partyOf, partyTreats } from '#app/features/order-book/party.server.ts'
import { queueRequestUpdate } from '#app/features/order-book/update-emails.server.ts'
import { amountsOwed } from '#app/features/order-status/money-owed.ts'
import { CLOSED_STATUSES, isIn } from '#app/features/order-status/order-status.ts'
import { queueOwnerAlert } from '#app/features/owner-alerts/alert-queue.server.ts'
import { paymentAlert } from '#app/features/owner-alerts/alert-words.ts'
import { readSiteSection } from '#app/features/site-content/site-content.server.ts'
import { bakeryToday } from '#app/utils/dates.ts'
import { formatMoney } from '#app/utils/money.ts'
import { partyName } from '#app/utils/party-name.ts'
import {
  type CardPaid,
  composeCardPaymentOwner,
  composeCardPaymentReceived,
} from './card-payment-emails.ts'
import type { CheckoutSessionRead } from './stripe-objects.ts'

const ownTables = tablesFor('payments')

/** What an event came to, as the webhook stores it on the event's row. */
export interface Looked {
  outcome: StripeEventOutcome
  note: string
  requestId: number | null
  reference: string | null
  sessionId: string | null
  amountCents: number | null
  currency: string | null
}

/** What every answer about a session carries: its request once found, reference and amount. */
type SessionBase = Omit<Looked, 'outcome' | 'note'>

/**
 * Holds back a second event about the same session until this one is in,
 * then finds whether the session's payment is already recorded.
 */
async function alreadyRecorded(
  trx: Transaction<Database>,
  base: SessionBase & { sessionId: string },
  eventId: string,
): Promise<Looked | null> {
  // A second event about the same session (completed, then async succeeded;
  // or a retry racing on another instance) waits here until this one is in.
  await serializeTransactions(trx, `stripe-session:${base.sessionId}`)
  const already = await ownTables(trx)
    .selectFrom('payment')
    .select('request_id')
    .where('checkout_session_id', '=', base.sessionId)
    .executeTakeFirst()
  if (!already) return null
  return {
    ...base,
    requestId: already.request_id,
    outcome: 'ignored',
    note: `This Checkout session was already recorded (event ${eventId} repeats it).`,
  }
}

/** What a recorded payment came to: paid, or more than was still owed and kept for a look. */
function recordedOutcome(
  found: SessionBase,
  {
    paid,
    named,
    kind,
    amountCents,
    confirmed,
    owedBefore,
  }: {
    paid: string
    named: string
    kind: OpenedCheckout['kind']
    amountCents: number
    confirmed: boolean
    owedBefore: number
  },
): Looked {
  // More than was owed when it came (an e-Transfer crossed it): kept, and shown.
  if (amountCents > owedBefore) {
    return {
      ...found,
      outcome: 'needs_look',
      note: `${paid} for ${named} was recorded, but only ${formatMoney(owedBefore)} of the ${kind} was still owed: refund the difference in Stripe's dashboard if you agree.`,
    }
  }
  return {
    ...found,
    outcome: 'paid',
    note: `${paid} (${kind}) recorded${confirmed ? '; the request is confirmed' : ''}.`,
  }
}

/**
 * A paid Checkout session, settled on the request it was opened for: the
 * payment recorded once (the session's lock holds back a second event about
 * it until the first is in), her email and the owner's queued, the owner's
 * phone told. A session the site cannot place, for a closed request or of
 * another amount than was opened is not recorded, and comes back as
 * `needs_look`.
 */
export async function settleSession(
  trx: Transaction<Database>,
  session: CheckoutSessionRead,
  { now, siteUrl, eventId }: { now: number; siteUrl: string; eventId: string },
): Promise<Looked> {
  const { amountCents, currency, reference } = session
  const base = { requestId: null, reference, sessionId: session.id, amountCents, currency }
  const look = (note: string, more: Partial<Looked> = {}): Looked => ({
    ...base,
    outcome: 'needs_look',
    note,
    ...more,
  })
  if (!base.sessionId) return look('Stripe told of a payment without its Checkout session.')
  if (session.paymentStatus !== 'paid') {
    return { ...base, outcome: 'unpaid', note: 'Checkout finished; the payment is not in yet.' }
  }
  const repeated = await alreadyRecorded(trx, { ...base, sessionId: base.sessionId }, eventId)
  if (repeated) return repeated
  // A gift card bought on the site (decision 114) is no request's payment.
  const sale = await settleGiftCardSale(
    trx,
    { sessionId: base.sessionId, amountCents, currency, paymentIntent: session.paymentIntent },
    { now, siteUrl },
  )
  if (sale.bought) return { ...base, outcome: sale.outcome, note: sale.note }
  const opened = await readOpenedCheckout(trx, base.sessionId)
  const paid =
    amountCents === null ? 'A card payment' : `A card payment of ${formatMoney(amountCents)}`
  if (!opened) {
    return look(
      `${paid}${reference ? ` naming ${reference}` : ''} came for a request this site does not have (it may have been erased). Find the customer in Stripe's dashboard and record or refund it.`,
    )
  }
  const found = { requestId: opened.request_id, reference: opened.payment_reference ?? reference }
  const named = found.reference ?? 'a request'
  if (isIn(CLOSED_STATUSES, opened.status)) {
    return look(
      `${paid} came for ${named}, which is ${opened.status}. It was not added to the request: refund it in Stripe's dashboard, or reopen the conversation with the customer.`,
      found,
    )
  }
  if (amountCents !== opened.amount_cents || currency !== opened.currency) {
    return look(
      `${paid} came for ${named}, but the payment opened was ${formatMoney(opened.amount_cents)} in ${opened.currency.toUpperCase()}. It was not added to the request: check it in Stripe's dashboard.`,
      found,
    )
  }
  const settled = await recordCardPayment(trx, opened, {
    amountCents,
    sessionId: base.sessionId,
    paymentIntent: session.paymentIntent,
    now,
    siteUrl,
  })
  if (!settled.ok) return look(`${paid} could not be added: ${settled.error}`, found)
  return recordedOutcome(
    { ...base, ...found },
    {
      paid,
      named,
      kind: opened.kind,
      amountCents,
      confirmed: settled.confirmed,
      owedBefore: settled.owedBefore,
    },
  )
}

/** The payment the site opened as this Checkout session, with its request. */
function readOpenedCheckout(trx: Transaction<Database>, sessionId: string) {
  return ownTables(trx)
    .selectFrom('card_checkout')
    .innerJoin('order_request', 'order_request.id', 'card_checkout.request_id')
    .select([
      'card_checkout.request_id',
      'card_checkout.kind',
      'card_checkout.amount_cents',
      'card_checkout.currency',
      'order_request.status',
      'order_request.name',
      'order_request.email',
      'order_request.product_type',
      'order_request.due_date',
      'order_request.customer_token',
      'order_request.payment_reference',
    ])
    .where('card_checkout.session_id', '=', sessionId)
    .executeTakeFirst()
}

type OpenedCheckout = NonNullable<Awaited<ReturnType<typeof readOpenedCheckout>>>

/**
 * The payment recorded on its request, with her email (that it is booked,
 * or that it arrived), the owner's and the owner's alert. Returns whether
 * it confirmed the request, and what of its kind was owed before it came.
 */
async function recordCardPayment(
  trx: Transaction<Database>,
  opened: OpenedCheckout,
  {
    amountCents,
    sessionId,
    paymentIntent,
    now,
    siteUrl,
  }: {
    amountCents: number
    sessionId: string
    paymentIntent: string | null
    now: number
    siteUrl: string
  },
): Promise<{ ok: true; confirmed: boolean; owedBefore: number } | { ok: false; error: string }> {
  const before = amountsOwed(await moneyOf(trx, opened.request_id))
  const recorded = await recordPaymentIn(trx, {
    requestId: opened.request_id,
    payment: {
      amountCents,
      receivedOn: bakeryToday(new Date(now)),
      method: 'card',
      checkoutSessionId: sessionId,
      paymentIntentId: paymentIntent,
    },
    actor: 'customer',
    now,
  })
  if (!recorded.ok) return recorded
  const confirmed = Boolean(recorded.confirmed)
  const after = amountsOwed(await moneyOf(trx, opened.request_id))
  await queueCardPaidEmails(trx, opened, {
    cardPaid: { kind: opened.kind, amountCents, stillOwedCents: after.stillOwed },
    confirmed,
    dedupe: `card-paid:${sessionId}`,
    now,
    siteUrl,
  })
  await queueOwnerAlert(
    trx,
    // A party's payment (its checkout names the lead) is the party's: every treat is named.
    paymentAlert(await partyAlertRequest(trx, opened.request_id), {
      amountCents: opened.amount_cents,
      kind: opened.kind,
      reference: sessionId,
    }),
    now,
  )
  const owedBefore = opened.kind === 'deposit' ? before.depositOwed : before.stillOwed
  return { ok: true, confirmed, owedBefore }
}

/** The request an online payment is about, as its emails name it. */
export type PaidRequest = Pick<
  OpenedCheckout,
  | 'request_id'
  | 'name'
  | 'email'
  | 'product_type'
  | 'due_date'
  | 'customer_token'
  | 'payment_reference'
>

/**
 * Her email (booked, when it confirmed the request; else the payment's) and
 * the owner's, each once by `dedupe` (the Checkout session, or the gift card
 * payment): a card payment's, or one made with a gift card.
 */
export async function queueCardPaidEmails(
  trx: Transaction<Database>,
  opened: PaidRequest,
  {
    cardPaid,
    confirmed,
    dedupe,
    now,
    siteUrl,
  }: {
    cardPaid: CardPaid
    confirmed: boolean
    /** 'card-paid:cs_…', 'gift-card-paid:12' */
    dedupe: string
    now: number
    siteUrl: string
  },
) {
  // A party's payment is the party's: its emails name every treat, not the lead's alone.
  const paidFor = {
    ...opened,
    product_type: partyName(await partyTreats(trx, await partyOf(trx, opened.request_id))),
  }
  if (confirmed) {
    await queueRequestUpdate(trx, 'confirmed', {
      requestId: opened.request_id,
      siteUrl,
      now,
      dedupeKey: `${dedupe}:customer`,
    })
  } else {
    await enqueueEmail(
      trx,
      {
        topic: 'request_update',
        subjectId: opened.request_id,
        email: composeCardPaymentReceived(paidFor, cardPaid, {
          siteUrl,
          bakery: await readSiteSection(trx, 'identity'),
        }),
        dedupeKey: `${dedupe}:customer`,
      },
      now,
    )
  }
  await enqueueEmail(
    trx,
    {
      topic: 'request_update',
      subjectId: opened.request_id,
      email: composeCardPaymentOwner(
        paidFor,
        { ...cardPaid, confirmed },
        `${siteUrl}/admin/orders/${opened.request_id}`,
        (await readSiteSection(trx, 'identity')).name,
      ),
      dedupeKey: `${dedupe}:owner`,
    },
    now,
  )
}
