import { formatCalendarDate } from '#app/utils/dates.ts'
import type { OrderRequest } from './order-schema.ts'

export const ORDER_SEPARATOR = '\n\n------------------------------\n\n'

/** An order as the cart keeps it or as the database stores it (its choices as text, no comment as null). */
export type OrderDetails = Record<Exclude<keyof OrderRequest, 'comments'>, string> & {
  comments?: string | null
}

type Line = [label: string, value: string]

/** Who sent an order: the lines the owner's inbox shows once per batch. */
export function customerLines(order: OrderDetails): Line[] {
  return [
    ['Name', order.name],
    ['Email', order.email],
    ['Phone', order.phone_number],
  ]
}

/** The details of one order after its product, with the due date as people write it. */
export function orderDetailLines(order: OrderDetails): Line[] {
  return [
    ['Event/Theme', order.event_theme],
    ['Due Date', formatCalendarDate(order.due_date)],
    ['How did you hear about us', order.hear_about_us],
    ['Comments', order.comments?.trim() ? order.comments : 'N/A'],
  ]
}

/** The labelled details of one order, in the order the email lists them. */
export function orderLines(order: OrderDetails): Line[] {
  return [...customerLines(order), ['Product Type', order.product_type], ...orderDetailLines(order)]
}

/**
 * The text block the owner reads: each order numbered with its details,
 * orders separated by a dashed line. Also EmailJS's `orders_summary`.
 */
export function ordersSummary(orders: OrderDetails[]): string {
  return orders
    .map((order, index) =>
      [
        `Order ${index + 1}`,
        ...orderLines(order).map(([label, value]) => `${label}: ${value}`),
      ].join('\n'),
    )
    .join(ORDER_SEPARATOR)
}
