import type { Selectable } from 'kysely'
import { cardPaymentsOn } from '#app/config/env.server.ts'
import type { Db } from '#app/db/db.server.ts'
import { tablesFor } from '#app/db/feature-tables.ts'
import type { OutboxStatus, OutboxTopic, RequestEventTable, RequestStatus } from '#app/db/schema.ts'
import { pendingChangeOf } from '#app/features/customer-changes/change-answer.server.ts'
import { selfCancellationOf } from '#app/features/customer-changes/self-cancel.server.ts'
import { listInspirationPhotos } from '#app/features/inspiration/inspiration-photos.server.ts'
import { type EmailAbout, listEmailsAbout } from '#app/features/mail/outbox-lists.server.ts'
import { addressOf } from '#app/features/order-book/handover.ts'
import { moneyOf, paymentTotals } from '#app/features/order-book/money.server.ts'
import { readPartyChoices } from '#app/features/order-book/party-quote.server.ts'
import { partyOf } from '#app/features/order-book/party.server.ts'
import { currentQuote, defaultBalanceDue } from '#app/features/order-book/quotes.server.ts'
import { displayStateOf } from '#app/features/order-status/display-state.ts'
import { amountsOwed } from '#app/features/order-status/money-owed.ts'
import { balanceOverdue, depositOverdue } from '#app/features/order-status/payment-schedule.ts'
import { themeLabel } from '#app/features/order-status/theme-label.ts'
import { cardPaymentsOf } from '#app/features/payments/card-refunds.server.ts'
import { cardPaymentsToLook } from '#app/features/payments/stripe-webhook.server.ts'
import { receiptNumber } from '#app/features/receipts/receipt.server.ts'
import { receiptPath, receiptPdfPath } from '#app/features/receipts/receipt.ts'
import { treatTaxes } from '#app/features/taxes/order-taxes.server.ts'
import { bakeryToday } from '#app/utils/dates.ts'
import { bakeryDateTimeFormat } from '#app/utils/local-settings.ts'

const ownTables = tablesFor('order-page')

const timeFormat = () =>
  bakeryDateTimeFormat({
    dateStyle: 'medium',
    timeStyle: 'short',
  })

/** A moment (epoch ms) in the bakery's time zone: 'Nov 23, 2026, 3:00 p.m.' */
export function bakeryTime(at: number): string {
  return timeFormat().format(new Date(at))
}

export interface TimelineEntry {
  id: number
  at: number
  atLabel: string
  from: RequestStatus | null
  to: RequestStatus
  actor: RequestEventTable['actor']
  note: string | null
}

export interface CustomerEmail {
  id: number
  topic: OutboxTopic
  subject: string
  to: string
  status: OutboxStatus
  error: string | null
  createdLabel: string
}

/**
 * Everything /admin/orders/<id> shows about one request; undefined when
 * there is none. `today` is the bakery's, for what is overdue.
 */
export async function readOrderDetail(db: Db, requestId: number, today = bakeryToday()) {
  const request = await readRequestRow(db, requestId)
  if (!request) return undefined
  // A party's quote, money and receipt are its lead's (decision 049).
  const party = await partyOf(db, requestId)
  const leadId = party.leadId
  const read = await readAround(db, { request, requestId, leadId })
  const { quote, money, settings, choices, ownQuote } = read
  const total = read.totals.get(leadId) ?? { receivedCents: 0, refundedCents: 0, paidCents: 0 }
  const owed = amountsOwed(money)
  return {
    ...standingOf({ request, quote, owed, today }),
    request: requestOf(request),
    /**
     * The requests quoted together with this one, this one included, in
     * the send's order (decision 049); null for a request quoted on its own.
     */
    party:
      party.memberIds.length > 1
        ? partyOfDetail({ request, leadId, reference: read.leadReference, ownQuote, choices })
        : null,
    /** The send's other requests, for the quote form's "Quote these together". */
    partyChoices: choices,
    /** The taxes its treat's class carries now: what a quote sent now adds (decision 113). */
    taxesNow: read.taxesNow,
    /** This request's own price on its newest quote: its line on a party's. */
    ownPriceCents: ownQuote ? Number(ownQuote.line_cents ?? ownQuote.price_cents) : null,
    quote: quote ? quoteOf(quote) : null,
    money: {
      ...money,
      ...owed,
      receivedCents: total.receivedCents,
      refundedCents: total.refundedCents,
    },
    /** The customer's receipt, once something is paid: the owner opens the page the customer sees. */
    receipt:
      total.receivedCents > 0 && request.customer_token
        ? {
            number: read.receipt ? receiptNumber(Number(read.receipt.id)) : null,
            href: receiptPath(request.customer_token, request.position),
            pdfHref: receiptPdfPath(request.customer_token, request.position),
          }
        : null,
    /** Card payments and their refunds through Stripe, and what needs a look (decision 050). */
    card: read.card,
    /** The change the customer asked from her page, waiting for an answer (decision 054). */
    pendingChange: read.pendingChange && {
      ...read.pendingChange,
      askedLabel: bakeryTime(read.pendingChange.askedAt),
    },
    /** Her cancellation from her page, and what is still to send back to her. */
    selfCancellation: read.selfCancellation,
    photos: read.photos.map(({ key, preview }) => ({ key, preview })),
    timeline: read.events.map(timelineEntryOf),
    emails: customerEmailsOf(read.emails, request.email),
    quoteExpiryDays: Number(settings?.quote_expiry_days ?? 3),
    balanceDueDays: Number(settings?.balance_due_days ?? 7),
    /** The balance date a new quote gets when the owner leaves it empty (the setting's). */
    defaultBalanceDue: defaultBalanceDue({
      orderDate: request.due_date,
      daysBefore: Number(settings?.balance_due_days ?? 7),
      today,
      depositDue: null,
    }),
  }
}

export type OrderDetail = NonNullable<Awaited<ReturnType<typeof readOrderDetail>>>

/** The request's row, with when its send came in. */
function readRequestRow(db: Db, requestId: number) {
  return ownTables(db)
    .selectFrom('order_request')
    .innerJoin('order_batch', 'order_batch.id', 'order_request.batch_id')
    .selectAll('order_request')
    .select('order_batch.created_at as received_at')
    .where('order_request.id', '=', requestId)
    .executeTakeFirst()
}

type RequestRow = NonNullable<Awaited<ReturnType<typeof readRequestRow>>>
type QuoteRow = NonNullable<Awaited<ReturnType<typeof currentQuote>>>

/**
 * All else the page shows, read at once: the timeline, the party's quote,
 * money and receipt (its lead's), her photos and emails, the quote rules,
 * the send's other requests, the card side, and what she asked from her page.
 */
async function readAround(
  db: Db,
  { request, requestId, leadId }: { request: RequestRow; requestId: number; leadId: number },
) {
  const [
    events,
    quote,
    money,
    photos,
    emails,
    settings,
    totals,
    receipt,
    choices,
    ownQuote,
    card,
    pendingChange,
    selfCancellation,
    taxesNow,
  ] = await Promise.all([
    ownTables(db)
      .selectFrom('request_event')
      .selectAll()
      .where('request_id', '=', requestId)
      .orderBy('at')
      .orderBy('id')
      .execute(),
    currentQuote(db, leadId),
    moneyOf(db, requestId),
    listInspirationPhotos(db, [requestId]),
    listEmailsAbout(db, [
      { topic: 'request_confirmation', subjectIds: [request.batch_id] },
      { topic: 'request_update', subjectIds: [...new Set([requestId, leadId])] },
      { topic: 'request_reminder', subjectIds: [requestId] },
      { topic: 'payment_notice', subjectIds: [leadId] },
    ]),
    ownTables(db)
      .selectFrom('booking_settings')
      .select(['quote_expiry_days', 'balance_due_days'])
      .where('id', '=', 1)
      .executeTakeFirst(),
    paymentTotals(db, [leadId]),
    ownTables(db)
      .selectFrom('receipt')
      .select('id')
      .where('request_id', '=', leadId)
      .executeTakeFirst(),
    readPartyChoices(db, requestId),
    currentQuote(db, requestId),
    readCardSide(db, leadId),
    pendingChangeOf(db, leadId),
    selfCancellationOf(db, leadId),
    treatTaxes(db, request.product_type),
  ])
  const leadReference =
    leadId === requestId
      ? request.payment_reference
      : ((
          await ownTables(db)
            .selectFrom('order_request')
            .select('payment_reference')
            .where('id', '=', leadId)
            .executeTakeFirst()
        )?.payment_reference ?? null)
  return {
    ...{ events, quote, money, photos, emails, settings, totals, receipt, choices, ownQuote },
    ...{ card, pendingChange, selfCancellation, leadReference, taxesNow },
  }
}

/**
 * The order page's card side: the request's card payments with what is left
 * of each to refund, whether refunds through Stripe are on, and the card
 * events about it that need the owner's look (as Today lists them).
 */
async function readCardSide(db: Db, requestId: number) {
  const [payments, looks] = await Promise.all([
    cardPaymentsOf(db, requestId),
    cardPaymentsToLook(db, 10, { requestId }),
  ])
  return { refundsOn: cardPaymentsOn(), payments, looks }
}

/** Where the request stands, as the owner reads it, and what is overdue. */
function standingOf({
  request,
  quote,
  owed,
  today,
}: {
  request: RequestRow
  quote: QuoteRow | undefined
  owed: ReturnType<typeof amountsOwed>
  today: string
}) {
  return {
    /** The version the page's forms carry back (see claimVersion). */
    version: Number(request.version),
    /** The request as the owner reads it: "Accepted, awaiting the deposit" is derived. */
    state: displayStateOf({
      status: request.status,
      accepted: Boolean(quote?.accepted_at),
      depositOwed: owed.depositOwed,
    }),
    depositOverdue: depositOverdue({
      status: request.status,
      depositDue: quote?.deposit_due ?? null,
      depositOwed: owed.depositOwed,
      today,
    }),
    balanceOverdue: balanceOverdue({
      status: request.status,
      balanceDue: quote?.balance_due ?? null,
      stillOwed: owed.stillOwed,
      today,
    }),
  }
}

/** The request as the page shows it. */
function requestOf(request: RequestRow) {
  return {
    id: request.id,
    batchId: request.batch_id,
    status: request.status,
    name: request.name,
    email: request.email,
    phoneNumber: request.phone_number,
    productType: request.product_type,
    eventTheme: request.event_theme,
    eventThemeLabel: themeLabel(request.event_theme_holds),
    dueDate: request.due_date,
    hearAboutUs: request.hear_about_us,
    comments: request.comments,
    servings: request.servings,
    allergies: request.allergies,
    fulfilment: request.fulfilment,
    window: request.pickup_window,
    delivery: addressOf(request),
    effort: Number(request.effort),
    paymentReference: request.payment_reference,
    declineReason: request.decline_reason,
    receivedLabel: bakeryTime(Date.parse(request.received_at)),
  }
}

/** A party quoted together: this request and the send's others on its quote, in order. */
function partyOfDetail({
  request,
  leadId,
  reference,
  ownQuote,
  choices,
}: {
  request: RequestRow
  leadId: number
  reference: string | null
  ownQuote: QuoteRow | undefined
  choices: Awaited<ReturnType<typeof readPartyChoices>>
}) {
  return {
    leadId,
    /** The party is paid with its lead's reference. */
    reference,
    members: [
      {
        id: request.id,
        position: request.position,
        productType: request.product_type,
        dueDate: request.due_date,
        status: request.status,
        lineCents: Number(ownQuote?.line_cents ?? 0),
        here: true,
      },
      ...choices
        .filter((choice) => choice.inParty)
        .map((choice) => ({
          id: choice.id,
          position: choice.position,
          productType: choice.productType,
          dueDate: choice.dueDate,
          status: choice.status,
          lineCents: choice.lineCents ?? 0,
          here: false,
        })),
    ].sort((a, b) => a.position - b.position),
  }
}

function quoteOf(quote: QuoteRow) {
  return {
    priceCents: Number(quote.price_cents),
    deliveryFeeCents: Number(quote.delivery_fee_cents),
    depositCents: Number(quote.deposit_cents),
    depositDue: quote.deposit_due,
    balanceDue: quote.balance_due,
    paymentInstructions: quote.payment_instructions,
    message: quote.message,
    expiresAt: Number(quote.expires_at),
    expiresLabel: bakeryTime(Number(quote.expires_at)),
    acceptedLabel: quote.accepted_at ? bakeryTime(Number(quote.accepted_at)) : null,
  }
}

function timelineEntryOf(event: Selectable<RequestEventTable>): TimelineEntry {
  return {
    id: event.id,
    at: Number(event.at),
    atLabel: bakeryTime(Number(event.at)),
    from: event.from_status,
    to: event.to_status,
    actor: event.actor,
    note: event.note,
  }
}

/**
 * Only what went to this customer: a send's confirmations go one to each
 * customer in it, and the owner's own news of their answer is no email to them.
 */
function customerEmailsOf(emails: EmailAbout[], to: string): CustomerEmail[] {
  return emails
    .map((email) => ({
      id: email.outboxId,
      topic: email.topic,
      subject: email.subject,
      to: email.to ?? '',
      status: email.status,
      error: email.lastError,
      createdLabel: bakeryTime(email.createdAt),
    }))
    .filter((email) => email.to.toLowerCase() === to.toLowerCase())
}
