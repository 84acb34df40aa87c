import { formatWindow } from '#app/features/availability/pickup-windows.ts'
import { type EventThemeHolds, themeLabel } from '#app/features/order-status/theme-label.ts'
import { formatCalendarDate } from '#app/utils/dates.ts'
import { formatPhoneNumber } from '#app/utils/phone-number.ts'
import { type OPTIONAL_ORDER_FIELDS } from './order-options.ts'
import type { OrderRequest } from './order-schema.ts'

export const ORDER_SEPARATOR = '\n\n------------------------------\n\n'

type OptionalField = (typeof OPTIONAL_ORDER_FIELDS)[number]

/** An order as the cart keeps it or as the database stores it (its choices as text, a missing optional field as null). */
export type OrderDetails = Record<Exclude<keyof OrderRequest, OptionalField | 'photos'>, string> &
  Partial<Record<OptionalField, string | null>> & {
    /** What event_theme holds: her event (when not said), or her choices of a set-price treat. */
    event_theme_holds?: EventThemeHolds | null
  }

type Line = [label: string, value: string]

/** Who sent an order: the lines the owner's inbox shows once per batch. */
export function customerLines(order: OrderDetails): Line[] {
  return [
    ['Name', order.name],
    ['Email', order.email],
    ['Phone', formatPhoneNumber(order.phone_number)],
  ]
}

/**
 * The details of one order after its product, with the due date as people
 * write it. The spec's lines always; servings, allergies, pickup or
 * delivery, its time and a delivery's address only when the customer gave
 * them, so an order without them reads exactly as it always has.
 */
export function orderDetailLines(order: OrderDetails): Line[] {
  const given = (value: string | null | undefined) => (value?.trim() ? value : undefined)
  const delivery = order.fulfilment === 'delivery'
  const address = delivery
    ? [
        order.delivery_street,
        [order.delivery_city, order.delivery_postal_code].filter((part) => given(part)).join(' '),
      ]
        .filter((part) => given(part))
        .join(', ')
    : ''
  const window = given(order.pickup_window)
  const extras: [string, string | undefined][] = [
    ['Servings/Quantity', given(order.servings)],
    ['Allergies/Dietary needs', given(order.allergies)],
    ['Pickup or delivery', given(order.fulfilment) && fulfilmentLabel(order.fulfilment!)],
    [delivery ? 'Delivery time' : 'Pickup time', window && formatWindow(window)],
    ['Deliver to', given(address)],
    ['Delivery notes', delivery ? given(order.delivery_notes) : undefined],
  ]
  return [
    [themeLabel(order.event_theme_holds), order.event_theme],
    ['Due Date', formatCalendarDate(order.due_date)],
    ...extras.filter((line): line is Line => line[1] !== undefined),
    ['How did you hear about us', order.hear_about_us],
    ['Comments', order.comments?.trim() ? order.comments : 'N/A'],
  ]
}

export function fulfilmentLabel(value: string): string {
  return value === 'delivery' ? 'Delivery' : value === 'pickup' ? 'Pickup' : value
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
