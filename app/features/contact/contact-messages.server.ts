import type { Db } from '#app/db/db.server.ts'
import { enqueueEmail } from '#app/features/mail/outbox.server.ts'
import { composeContactEmail } from './contact-email.ts'
import type { ContactMessage } from './contact-schema.ts'

/** Stores a visitor's message and queues the owner's email about it, in one transaction. */
export async function submitContactMessage(
  db: Db,
  message: ContactMessage,
  now: Date = new Date(),
): Promise<{ messageId: number }> {
  return db.transaction().execute(async (trx) => {
    const { id: messageId } = await trx
      .insertInto('contact_message')
      .values({ created_at: now.toISOString(), ...message })
      .returning('id')
      .executeTakeFirstOrThrow()
    await enqueueEmail(
      trx,
      { topic: 'contact_message', subjectId: messageId, email: composeContactEmail(message) },
      now.getTime(),
    )
    return { messageId }
  })
}
