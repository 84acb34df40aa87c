import type { Db } from '#app/db/db.server.ts'
import { kickDeliveryWorker } from '#app/features/mail/delivery-worker.server.ts'
import { type FieldErrors, fieldErrorsOf } from '#app/utils/field-errors.ts'
import { HONEYPOT_FIELD, isHoneypotFilled } from '#app/utils/honeypot.ts'
import { FORM_URLENCODED } from '#app/utils/media-type.ts'
import { type PostFailure, readPublicPost } from '#app/utils/public-post.server.ts'
import { type Reply, reply } from '#app/utils/reply.ts'
import { submitContactMessage } from './contact-messages.server.ts'
import { type ContactField, ContactMessageSchema } from './contact-schema.ts'

export const MAX_CONTACT_BODY_BYTES = 16 * 1024

export type ContactSendResult =
  | { ok: true }
  | (PostFailure & { fieldErrors?: FieldErrors<ContactField>; values?: Record<string, string> })

/**
 * Handles a posted contact form: POST only, urlencoded only (as the form
 * sends itself, and as React Router's fetcher sends it with JavaScript),
 * rate limit, size cap, honeypot, validation, then store and queue the email.
 */
export async function receiveContactMessage({
  request,
  clientIp,
  db,
  now = Date.now(),
}: {
  request: Request
  clientIp: string
  db: Db
  now?: number
}): Promise<Reply<ContactSendResult>> {
  const post = await readPublicPost({
    request,
    clientIp,
    db,
    form: 'contact',
    now,
    maxBytes: MAX_CONTACT_BODY_BYTES,
    mediaTypes: [FORM_URLENCODED],
  })
  if ('refused' in post) return post.refused

  const form = Object.fromEntries(new URLSearchParams(post.text))
  if (isHoneypotFilled(form[HONEYPOT_FIELD])) return reply(200, { ok: true })

  const parsed = ContactMessageSchema.safeParse(form)
  if (!parsed.success) {
    return reply(400, {
      ok: false,
      error: 'Please check the highlighted fields.',
      fieldErrors: fieldErrorsOf<ContactField>(parsed.error),
      values: pick(form, ['name', 'email', 'phone_number', 'message']),
    })
  }
  await submitContactMessage(db, parsed.data)
  kickDeliveryWorker()
  return reply(200, { ok: true })
}

function pick(source: Record<string, string>, keys: string[]): Record<string, string> {
  return Object.fromEntries(keys.map((key) => [key, String(source[key] ?? '').slice(0, 5000)]))
}
