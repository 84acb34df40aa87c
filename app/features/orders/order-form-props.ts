import type { ReactNode, Ref } from 'react'
import type { FieldErrors } from '#app/utils/field-errors.ts'
import type { CartOrder } from './cart.ts'
import type { WeeklyWindow } from './handover-fields.tsx'
import type { OrderField } from './order-schema.ts'
import type { PartyContact } from './party-contact.ts'

/** What the Order Now page hands its order form. */
export interface OrderFormProps {
  /** The bakery's date today, YYYY-MM-DD: the earliest order date offered. */
  today: string
  /** The menu's active product names, as the page's loader read them. */
  products: readonly string[]
  /** The treat a link chose, shown chosen from the first paint. */
  chosenProduct?: string
  /** Each product's notice in days. */
  notice: Readonly<Record<string, number>>
  /** Each product's "from" price in cents (null: none shown). */
  prices?: Readonly<Record<string, number | null>>
  /** How many days ahead the bakery takes orders. */
  horizonDays: number
  deliveryEnabled?: boolean
  deliveryNote?: string
  /** Every weekday's pickup windows (times only). */
  pickupWindows?: readonly WeeklyWindow[]
  /** The owner's order policies, for the tick a form without JavaScript sends. */
  policiesHtml: string
  disabled: boolean
  onAdd: (order: CartOrder) => void
  /** Orders in the cart, for the line that says what was just added. */
  cartCount?: number
  /** The cart's party: her details, once a treat is queued (null with an empty cart). */
  party?: PartyContact | null
  /** Her changed details, kept for every treat in the cart. */
  onKeepContact?: (contact: PartyContact) => void
  onViewCart?: () => void
  postedErrors?: FieldErrors<OrderField>
  /** The server's message when a form without JavaScript came without the policy tick. */
  postedPoliciesError?: string
  /** What the form posted without JavaScript, when the server refused it. */
  postedValues?: Partial<Record<OrderField, string>>
  honeypotRef?: Ref<HTMLInputElement>
  /** Drawn beside a fully booked day of the treat: its waitlist, from the waitlist's room. */
  dayWaitlist?: (day: { date: string; product: string; email: string }) => ReactNode
}

/** The props with every default filled in, as the form's parts read them. */
export type OrderFormSettings = OrderFormProps &
  Required<
    Pick<
      OrderFormProps,
      | 'chosenProduct'
      | 'prices'
      | 'deliveryEnabled'
      | 'deliveryNote'
      | 'pickupWindows'
      | 'cartCount'
      | 'party'
      | 'onKeepContact'
      | 'onViewCart'
    >
  >

export function withDefaults({
  chosenProduct = '',
  prices = {},
  deliveryEnabled = false,
  deliveryNote = '',
  pickupWindows = [],
  cartCount = 0,
  party = null,
  onKeepContact = () => {},
  onViewCart = () => {},
  ...given
}: OrderFormProps): OrderFormSettings {
  return {
    ...given,
    chosenProduct,
    prices,
    deliveryEnabled,
    deliveryNote,
    pickupWindows,
    cartCount,
    party,
    onKeepContact,
    onViewCart,
  }
}
