import { randomBytes } from 'node:crypto'
import { type Env, getEnv } from '#app/config/env.server.ts'
import type { Db } from '#app/db/db.server.ts'
import { readBookingSettings } from '#app/features/availability/booking-settings.server.ts'
import { readDeliveryFees } from '#app/features/availability/delivery-fees.server.ts'
import { readPoliciesHtml } from '#app/features/availability/order-policies.server.ts'
import { windowValue } from '#app/features/availability/pickup-windows.ts'
import { anyGiftCardSold } from '#app/features/gift-cards/gift-card-book.server.ts'
import { listActiveProducts } from '#app/features/menu/menu.server.ts'
import { readSetPrice } from '#app/features/menu/set-prices.server.ts'
import { treatTaxes } from '#app/features/taxes/order-taxes.server.ts'
import { bakeryToday } from '#app/utils/dates.ts'
import type { BuyNowPageData } from './buy-now-form.tsx'
import { buyNowTerms } from './buy-now-send.server.ts'

/**
 * What the buy-now page of the treat `productId` shows: the treat with its
 * options and rush fee, the delivery fees (public, as a price list is), the
 * booking rules the date and time choices need, the ways to pay, the
 * policies and the form's own send id. `{ quoted }` for a treat on the menu that is not sold now (its
 * order form is the way), null for one not on it.
 */
export async function buyNowPageData(
  db: Db,
  productId: number,
  {
    now = new Date(),
    env = getEnv(),
  }: {
    now?: Date
    env?: Pick<Env, 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_API_URL' | 'SITE_URL'>
  } = {},
): Promise<BuyNowPageData | { quoted: string } | null> {
  const [products, treat] = await Promise.all([listActiveProducts(db), readSetPrice(db, productId)])
  const product = products.find((candidate) => candidate.id === productId)
  if (!product) return null
  if (!treat) return { quoted: product.name }
  const [booking, policiesHtml, taxes] = await Promise.all([
    readBookingSettings(db),
    readPoliciesHtml(db),
    treatTaxes(db, productId),
  ])
  const fees = booking.deliveryEnabled ? await readDeliveryFees(db) : []
  const { payAtPickup, productId: id, ...setPrice } = treat
  return {
    productId: id,
    description: product.description,
    noticeDays: product.noticeDays,
    setPrice,
    taxes,
    fees,
    today: bakeryToday(now),
    horizonDays: booking.horizonDays,
    // Delivery is offered for a treat bought now only where a fee says what it costs.
    deliveryEnabled: fees.length > 0,
    deliveryNote: booking.deliveryNote,
    // The times only: the caps and the pickup address stay private.
    pickupWindows: booking.pickupWindows.map((window) => ({
      weekday: window.weekday,
      value: windowValue(window),
    })),
    paymentTerms: buyNowTerms({ payAtPickup }, env),
    policiesHtml,
    // Each page its own: the page is never kept in a shared cache (server/cache-policy.ts).
    sendId: newSendId(),
    giftCards: await anyGiftCardSold(db),
  }
}

/** 144 random bits, URL-safe, as the form's `send_id`. */
export function newSendId(): string {
  return randomBytes(18).toString('base64url')
}
