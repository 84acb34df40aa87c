import { pageMeta } from '#app/components/page-meta.ts'
import { getEnv } from '#app/config/env.server.ts'
import { getDb } from '#app/db/db.server.ts'
import { readBookingSettings } from '#app/features/availability/booking-settings.server.ts'
import { readPoliciesHtml } from '#app/features/availability/order-policies.server.ts'
import { windowValue } from '#app/features/availability/pickup-windows.ts'
import { listActiveProducts } from '#app/features/menu/menu.server.ts'
import { cart } from '#app/features/orders/cart.ts'
import { OrderPage } from '#app/features/orders/order-page.tsx'
import {
  type OrderSendResult,
  receiveOrderRequests,
} from '#app/features/orders/order-send.server.ts'
import { DayWaitlist } from '#app/features/waitlist/day-waitlist-form.tsx'
import { DayWaitlistWithoutScripts } from '#app/features/waitlist/day-waitlist-plain.tsx'
import { receiveDayWaitlistJoin } from '#app/features/waitlist/day-waitlist.server.ts'
import { bakeryToday } from '#app/utils/dates.ts'
import { actionReplyHeaders, respond } from '#app/utils/reply.ts'
import { clientIpContext } from '#app/utils/request-context.ts'
import { replyWhenUnreachable } from '#app/utils/unreachable.ts'
import type { Route } from './+types/order-now'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ page: 'orderNow', path: '/ordernow', matches })

export async function loader({ request }: Route.LoaderArgs) {
  const db = getDb()
  const [products, booking, policiesHtml] = await Promise.all([
    listActiveProducts(db),
    readBookingSettings(db),
    readPoliciesHtml(db),
  ])
  // About's treat cards link here with their treat chosen (?product=Cakes), with or without JavaScript.
  const asked = new URL(request.url).searchParams.get('product')
  return {
    today: bakeryToday(),
    products: products.map((product) => product.name),
    chosenProduct: products.some((product) => product.name === asked) ? asked! : '',
    /** Each treat's notice, for the date choice's explanations. */
    notice: Object.fromEntries(products.map((product) => [product.name, product.noticeDays])),
    /** Each treat's "from" price in cents, or null when the menu shows none. */
    prices: Object.fromEntries(products.map((product) => [product.name, product.priceFromCents])),
    horizonDays: booking.horizonDays,
    deliveryEnabled: booking.deliveryEnabled,
    deliveryNote: booking.deliveryNote,
    // The times only: the caps and the pickup address stay private.
    pickupWindows: booking.pickupWindows.map((window) => ({
      weekday: window.weekday,
      value: windowValue(window),
    })),
    // What /policies shows: what the tick accepts (decisions 051 and 079).
    policiesHtml,
    buyNow: products.flatMap((product) =>
      product.buyNowCents === null
        ? []
        : [{ id: product.id, name: product.name, priceCents: product.buyNowCents }],
    ),
  }
}

// The loader supplies today's date, the menu, the booking rules and the treat
// a link chose; a send changes none of them (the date choice asks
// /api/availability for the days).
export const shouldRevalidate = () => false

export async function action({ request, context }: Route.ActionArgs) {
  // "Tell me if it frees up" beside a full day: its own small form (decision 104).
  if (new URL(request.url).searchParams.has('waitlist')) {
    return respond(
      await receiveDayWaitlistJoin({
        db: getDb(),
        request,
        clientIp: context.get(clientIpContext),
      }),
    )
  }
  return respond(
    await receiveOrderRequests({
      request,
      clientIp: context.get(clientIpContext),
      db: getDb(),
      siteUrl: getEnv().SITE_URL,
    }),
  )
}

export const headers = actionReplyHeaders

/**
 * A dropped connection shows the form's failure message, not an error page.
 * Once the server has the orders, the cart has done its job: it is emptied
 * here, as the reply arrives, rather than in an effect after the render.
 */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  // Joining a full day's waitlist leaves the cart as it is.
  if (new URL(request.url).searchParams.has('waitlist')) return serverAction()
  const reply = await replyWhenUnreachable<OrderSendResult>(
    serverAction as () => Promise<OrderSendResult>,
  )
  if (reply.ok) cart.clear()
  return reply
}

export default function OrderNow({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <OrderPage
      {...loaderData}
      afterAnswer={<DayWaitlistWithoutScripts posted={actionData} />}
      dayWaitlist={(day) => <DayWaitlist {...day} />}
    />
  )
}
