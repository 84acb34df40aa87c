import type { Transaction } from 'kysely'
import type { Db } from '#app/db/db.server.ts'
import type { Database } from '#app/db/schema.ts'
import { findUnbookable, lockBookings } from '#app/features/availability/availability.server.ts'
import { readAcceptedPolicies } from '#app/features/availability/order-policies.server.ts'
import { findWindowRefusal } from '#app/features/availability/pickup-windows.server.ts'
import { kickDeliveryWorker } from '#app/features/mail/delivery-worker.server.ts'
import type { PriceLine } from '#app/features/menu/option-prices.ts'
import { newCustomerToken } from '#app/features/order-book/request-intake.server.ts'
import type { OrderRequest } from '#app/features/orders/order-schema.ts'
import { unbookableMessage, windowMessage } from '#app/features/orders/order-send.server.ts'
import {
  SHORTEST_CHECKOUT_MS,
  openCardCheckout,
} from '#app/features/payments/card-payments.server.ts'
import {
  GiftCardRefused,
  giftCardAtBooking,
} from '#app/features/payments/gift-card-at-order.server.ts'
import {
  PAYMENT_WORD_MS,
  type SetPriceOrder,
  type SetPricePayment,
  bookAtSetPrice,
  orderOfSend,
  sameSend,
} from '#app/features/set-price-orders/set-price-orders.server.ts'
import { formatCalendarDate } from '#app/utils/dates.ts'
import { formatMoney } from '#app/utils/money.ts'
import type { Reply } from '#app/utils/reply.ts'
import type { BuyNowEnv, BuyNowRefusal } from './buy-now-send.server.ts'

/** What a buy-now order is made of, as receiveBuyNow read and priced it. */
interface BuyNowBooking {
  order: OrderRequest
  /** The form's own id: sent again, it is answered with the order it made. */
  sendId?: string
  productId: number
  treatName: string
  /** Her choice of each group of choices, by keys, with the choice's name. */
  choices: readonly { group: string; choice: string; label: string }[]
  /** Its price before any code, line by line. */
  priced: { totalCents: number; lines: PriceLine[]; deliveryFeeCents: number }
  /** The total her page showed, a code and taxes with it: the order is made at it or not at all. */
  shownCents: number
  payment: SetPricePayment
  /** The discount code she typed, if any: used as the order is made, or the order is refused. */
  code?: string
  /** A gift card's code: it pays what it holds as the order is made, the rest paid as she chose. */
  giftCard?: string
  effort: number
  products: Parameters<typeof findUnbookable>[2]['products']
  now: number
  env: BuyNowEnv
  refuse: (
    status: 409 | 502 | 503,
    problems: { field: string; message: string }[],
  ) => Reply<BuyNowRefusal>
}

/** A gift card's part in the order, paid as it is made. */
type GiftAtBooking = ReturnType<typeof giftCardAtBooking> | null

/**
 * Makes the order under the booking lock, so two orders racing for a day's
 * last room or a window's last place make one; then sends her to pay by
 * card, or to her order's page.
 */
export async function bookBuyNow(db: Db, booking: BuyNowBooking) {
  const { productId, payment, giftCard, now, env, refuse } = booking
  const byCard = payment === 'card'
  const token = newCustomerToken()
  const checkoutEnds = now + SHORTEST_CHECKOUT_MS
  // A gift card pays as the order is made, before her booked email is written; a card
  // refused undoes the order, and she is told beside the card's code.
  const gift = giftCard ? giftCardAtBooking(giftCard, { byCard, now, siteUrl: env.SITE_URL }) : null
  const stored = await db
    .transaction()
    .execute((trx) => makeOrder(trx, { booking, token, checkoutEnds, gift }))
    .catch(refusalOfUndone)
  if (!stored.ok) return refuse(409, [{ field: stored.field, message: stored.message }])
  // The same form again (a second tap while the first was on its way): her
  // order's page, which offers the card if it is still to pay.
  if ('madeBefore' in stored) {
    return {
      location: stored.madeBefore ? `/requests/${stored.madeBefore}` : `/ordernow/${productId}`,
    }
  }
  const orderPage = `/requests/${token}`
  // Her "booked" email and the owner's, or the gift card's, are in the outbox: off they go.
  if (!byCard || giftCard) kickDeliveryWorker()
  if (stored.cardCents === 0) return { location: orderPage }
  const opened = await openCheckoutFor(db, { booking, stored, token, checkoutEnds })
  if ('redirect' in opened) return { location: opened.redirect }
  // The order stands and waits for its payment: her page offers the card again.
  return { location: orderPage }
}

/**
 * Inside the transaction, after the lock: the order the same form made
 * before, or the day's and the window's refusal, or the order made at the
 * total her page showed, with what is left to pay by card.
 */
async function makeOrder(
  trx: Transaction<Database>,
  {
    booking,
    token,
    checkoutEnds,
    gift,
  }: { booking: BuyNowBooking; token: string; checkoutEnds: number; gift: GiftAtBooking },
) {
  const { order, sendId, productId, payment, shownCents } = booking
  await lockBookings(trx)
  // The same form again is the order it made; a page changed and sent again is a new order.
  const made = sendId ? await orderOfSend(trx, sendId) : null
  const asked = {
    productId,
    email: order.email,
    dueDate: order.due_date,
    choices: order.event_theme,
  }
  if (made && sameSend(made.sent, asked)) return { ok: true as const, madeBefore: made.token }
  const refused = await findDayRefusal(trx, booking)
  if (refused) return refused
  const acceptedPolicies = await readAcceptedPolicies(trx)
  const booked = await bookAtSetPrice(
    trx,
    setPriceOrderOf({ booking, acceptedPolicies, checkoutEnds, sendIdUsed: made !== null, gift }),
    token,
  )
  // A tax changed between her page's total and now: nothing is kept, and she is told.
  if (booked.ok && booked.totalCents !== shownCents) throw new TotalChanged(booked.totalCents)
  return { ...booked, cardCents: payment === 'card' ? shownCents - (gift?.paidCents() ?? 0) : 0 }
}

/** Why her day or her pickup window cannot take the order now, by the field that chose it. */
async function findDayRefusal(
  trx: Transaction<Database>,
  { order, products, now }: Pick<BuyNowBooking, 'order' | 'products' | 'now'>,
) {
  const unbookable = await findUnbookable(
    trx,
    [{ dueDate: order.due_date, productType: order.product_type }],
    { products, now: new Date(now) },
  )
  if (unbookable) {
    return {
      ok: false as const,
      field: 'due_date',
      message: unbookableMessage(order, unbookable),
    }
  }
  const window = await findWindowRefusal(trx, [
    { dueDate: order.due_date, window: order.pickup_window },
  ])
  if (window) {
    return { ok: false as const, field: 'pickup_window', message: windowMessage(order, window) }
  }
  return null
}

/** The order as the book makes one at a set price: her request, its price, how it is paid. */
function setPriceOrderOf({
  booking,
  acceptedPolicies,
  checkoutEnds,
  sendIdUsed,
  gift,
}: {
  booking: BuyNowBooking
  acceptedPolicies: SetPriceOrder['acceptedPolicies']
  checkoutEnds: number
  /** Whether the form's send id already names an order (a page changed and sent again). */
  sendIdUsed: boolean
  gift: GiftAtBooking
}): SetPriceOrder {
  const { priced, payment, productId, sendId, code, env, now } = booking
  return {
    request: requestOf(booking),
    priceCents: priced.totalCents,
    deliveryFeeCents: priced.deliveryFeeCents,
    payment,
    acceptedPolicies,
    pricedBy: `${booking.treatName} at its set price.`,
    lines: priced.lines,
    taxedLines: [{ productId, cents: priced.totalCents - priced.deliveryFeeCents }],
    siteUrl: env.SITE_URL,
    now,
    productId,
    choices: booking.choices,
    ...(payment === 'card' ? { unpaidUntil: checkoutEnds + PAYMENT_WORD_MS } : {}),
    ...(sendId && !sendIdUsed ? { sendId } : {}),
    ...(code ? { code } : {}),
    ...(gift ? { atBooking: gift.atBooking } : {}),
  }
}

/** Her request as the book stores it: empty words as none, the address only for a delivery. */
function requestOf({ order, effort }: Pick<BuyNowBooking, 'order' | 'effort'>) {
  return {
    name: order.name,
    email: order.email,
    phone_number: order.phone_number,
    product_type: order.product_type,
    event_theme: order.event_theme,
    due_date: order.due_date,
    hear_about_us: order.hear_about_us,
    comments: order.comments?.trim() ? order.comments : null,
    effort,
    servings: null,
    allergies: order.allergies || null,
    fulfilment: order.fulfilment ?? 'pickup',
    pickup_window: order.pickup_window ?? null,
    ...(order.fulfilment === 'delivery'
      ? {
          delivery_street: order.delivery_street ?? null,
          delivery_city: order.delivery_city ?? null,
          delivery_postal_code: order.delivery_postal_code ?? null,
          delivery_notes: order.delivery_notes || null,
        }
      : {}),
  }
}

/** A gift card refused or a total changed undid the order: she is told beside the field. */
function refusalOfUndone(error: unknown) {
  if (error instanceof GiftCardRefused) {
    return { ok: false as const, field: 'gift_card', message: error.message }
  }
  if (!(error instanceof TotalChanged)) throw error
  const message = `The total has changed since this page was opened: it is now ${formatMoney(error.totalCents)}. Check it and order again.`
  return { ok: false as const, field: 'total', message }
}

/** A Checkout session for what is left to pay by card once a gift card has paid its part. */
function openCheckoutFor(
  db: Db,
  {
    booking,
    stored,
    token,
    checkoutEnds,
  }: {
    booking: BuyNowBooking
    stored: { requestId: number; reference: string; totalCents: number; cardCents: number }
    token: string
    checkoutEnds: number
  },
) {
  const { order, treatName, env, now } = booking
  return openCardCheckout(db, {
    request: {
      id: stored.requestId,
      email: order.email,
      due_date: order.due_date,
      payment_reference: stored.reference,
    },
    token,
    due: { kind: 'deposit', amountCents: stored.cardCents },
    paidCents: stored.totalCents - stored.cardCents,
    endsAt: checkoutEnds,
    inFull: true,
    giftCardCents: stored.totalCents - stored.cardCents,
    label: `${treatName}: ${order.event_theme}, ${formatCalendarDate(order.due_date)}`,
    env,
    now,
  })
}

/** Thrown to undo an order made at another total than her page showed. */
class TotalChanged extends Error {
  constructor(readonly totalCents: number) {
    super('total changed')
  }
}
