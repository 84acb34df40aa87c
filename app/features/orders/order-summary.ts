import type { OrderRequest } from './order-schema.ts'

export const ORDER_SEPARATOR = '\n\n------------------------------\n\n'

/** The labelled details of one order, in the order the email lists them. */
export function orderLines(order: OrderRequest): [label: string, value: string][] {
  return [
    ['Name', order.name],
    ['Email', order.email],
    ['Phone', order.phone_number],
    ['Product Type', order.product_type],
    ['Event/Theme', order.event_theme],
    ['Due Date', order.due_date],
    ['How did you hear about us', order.hear_about_us],
    ['Comments', order.comments?.trim() ? order.comments : 'N/A'],
  ]
}

/**
 * The text block the owner reads: each order numbered with its details,
 * orders separated by a dashed line. Also EmailJS's `orders_summary`.
 */
export function ordersSummary(orders: OrderRequest[]): string {
  return orders
    .map((order, index) =>
      [
        `Order ${index + 1}`,
        ...orderLines(order).map(([label, value]) => `${label}: ${value}`),
      ].join('\n'),
    )
    .join(ORDER_SEPARATOR)
}
