import { pageMeta } from '#app/components/page-meta.ts'
import { getEnv } from '#app/config/env.server.ts'
import { site } from '#app/content/site.ts'
import { getDb } from '#app/db/db.server.ts'
import { bakeryToday, readBookingSettings } from '#app/features/availability/availability.server.ts'
import { listActiveProducts } from '#app/features/menu/menu.server.ts'
import { cart } from '#app/features/orders/cart.ts'
import { OrderPage } from '#app/features/orders/order-page.tsx'
import {
  type OrderSendResult,
  receiveOrderRequests,
} from '#app/features/orders/order-send.server.ts'
import { actionReplyHeaders, respond } from '#app/utils/reply.ts'
import { replyWhenUnreachable } from '#app/utils/unreachable.ts'
import type { Route } from './+types/order-now'

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta({ page: site.pages.orderNow, path: '/ordernow', matches })

export async function loader() {
  const db = getDb()
  const [products, booking] = await Promise.all([listActiveProducts(db), readBookingSettings(db)])
  return {
    today: bakeryToday(),
    products: products.map((product) => product.name),
    /** Each treat's notice, for the date choice's explanations. */
    notice: Object.fromEntries(products.map((product) => [product.name, product.noticeDays])),
    horizonDays: booking.horizonDays,
    deliveryEnabled: booking.deliveryEnabled,
    deliveryNote: booking.deliveryNote,
    policies: booking.policies,
  }
}

// The loader supplies today's date, the menu and the booking rules; a send
// changes none of them (the date choice asks /api/availability for the days).
export const shouldRevalidate = () => false

export async function action({ request, context }: Route.ActionArgs) {
  return respond(
    await receiveOrderRequests({
      request,
      clientIp: context.clientIp,
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
export async function clientAction({ serverAction }: Route.ClientActionArgs) {
  const reply = await replyWhenUnreachable<OrderSendResult>(serverAction)
  if (reply.ok) cart.clear()
  return reply
}

export default function OrderNow({ loaderData }: Route.ComponentProps) {
  return <OrderPage {...loaderData} />
}
