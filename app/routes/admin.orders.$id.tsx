import { type ShouldRevalidateFunction, data } from 'react-router'
import { getEnv } from '#app/config/env.server.ts'
import { pageTitle } from '#app/content/format.ts'
import { getDb } from '#app/db/db.server.ts'
import { bakeryToday } from '#app/features/availability/availability.server.ts'
import { OrderDetailPage } from '#app/features/order-book/order-detail-page.tsx'
import {
  readOrderDetail,
  receiveOrderAction,
} from '#app/features/order-book/order-detail.server.ts'
import { respond } from '#app/utils/reply.ts'
import type { Route } from './+types/admin.orders.$id'

/** The request's id from the URL; undefined for anything that is not one. */
function requestIdOf(param: string | undefined): number | undefined {
  return param && /^\d{1,15}$/.test(param) ? Number(param) : undefined
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: pageTitle(
      loaderData?.detail
        ? `${loaderData.detail.request.productType} for ${loaderData.detail.request.name}`
        : 'Order not found',
    ),
  },
  { name: 'robots', content: 'noindex' },
]

export async function loader({ params }: Route.LoaderArgs) {
  const id = requestIdOf(params.id)
  const today = bakeryToday()
  const detail = id === undefined ? undefined : await readOrderDetail(getDb(), id, today)
  // The owner layout's error page says which order is not there, with the way back.
  if (!detail) throw data('That request is not in the order book.', { status: 404 })
  return { detail, today }
}

/**
 * A refused post leaves the page as it was, except one refused because the
 * page was out of date (409): then the page shows the request as it stands.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  actionStatus,
  defaultShouldRevalidate,
}) => defaultShouldRevalidate || actionStatus === 409

export async function action({ request, params }: Route.ActionArgs) {
  const id = requestIdOf(params.id)
  if (id === undefined) {
    return data(
      { ok: false as const, intent: null, error: 'That request is not in the order book.' },
      { status: 404 },
    )
  }
  return respond(
    await receiveOrderAction({ request, db: getDb(), requestId: id, siteUrl: getEnv().SITE_URL }),
  )
}

export default function OrderDetail({ loaderData, actionData }: Route.ComponentProps) {
  return <OrderDetailPage detail={loaderData.detail} result={actionData} today={loaderData.today} />
}
