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
