import type { Db } from '#app/db/db.server.ts'
import { listMessagesFrom } from '#app/features/contact/contact-messages.server.ts'
import { writeBakeryMoment } from '#app/utils/dates.ts'

/** A message a customer sent through the contact form, as her page in the book shows it. */
export interface CustomerMessage {
  id: number
  /** ISO timestamp. */
  receivedAt: string
  /** When it came, in the bakery's time, written on the server (see writeBakeryMoment). */
  receivedLabel: string
  message: string
  handled: boolean
}

/** The messages a customer sent from any of her addresses, newest first. */
export async function readCustomerMessages(
  db: Db,
  emails: readonly string[],
): Promise<CustomerMessage[]> {
  const messages = await listMessagesFrom(db, emails)
  return messages.map((message) => ({
    id: message.id,
    receivedAt: message.receivedAt,
    receivedLabel: writeBakeryMoment(new Date(message.receivedAt), {
      dateStyle: 'medium',
      timeStyle: 'short',
    }),
    message: message.message,
    handled: message.handled,
  }))
}
