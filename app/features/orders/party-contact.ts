import type { CartOrder } from './cart.ts'

/**
 * What the order form asks once per party, not once per treat: who she is
 * and how she heard of us. The cart holds one party's treats
 * (docs/decisions/086): each queued order carries these fields, and a
 * change to them applies to every treat in the cart.
 */
export const PARTY_FIELDS = ['name', 'email', 'phone_number', 'hear_about_us'] as const
export type PartyField = (typeof PARTY_FIELDS)[number]
export type PartyContact = Pick<CartOrder, PartyField>

/** An order's party fields. */
export function contactOf(order: PartyContact): PartyContact {
  return {
    name: order.name,
    email: order.email,
    phone_number: order.phone_number,
    hear_about_us: order.hear_about_us,
  }
}

/** The cart's party: the details of the treat added last, or null for an empty cart. */
export function partyContactOf(orders: readonly CartOrder[]): PartyContact | null {
  const last = orders.at(-1)
  return last ? contactOf(last) : null
}

export function sameContact(a: PartyContact, b: PartyContact): boolean {
  return PARTY_FIELDS.every((field) => a[field] === b[field])
}

/** Every queued order with the party's details. */
export function withContact(orders: readonly CartOrder[], contact: PartyContact): CartOrder[] {
  return orders.map((order) => ({ ...order, ...contactOf(contact) }))
}
