import type { Generated } from 'kysely'
import type { Millis } from './shared.ts'

/*
 * Her customer book's own rows (features/customers): what she writes about
 * a customer. The customers themselves are made from the order book's
 * requests (decision 107).
 */

export interface CustomerNoteTable {
  /** The customer's address, in lower case: a customer's notes are those of any address she used. */
  email: string
  /** Her private words about the customer, as she wrote them. */
  note: string
  updated_at: Millis
}

/** Two customers she says are one: a request of each, the lower id first (decision 112). */
export interface CustomerJoinTable {
  id: Generated<number>
  request_a: number
  request_b: number
  created_at: Millis
}

/** An email or phone she says does not tie orders to one person: 'phone:4165550101'. */
export interface CustomerApartTable {
  handle: string
  created_at: Millis
}
