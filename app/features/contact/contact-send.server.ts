import type { Db } from '#app/db/db.server.ts'
import { type FieldErrors, fieldErrorsOf } from '#app/utils/field-errors.ts'
import { HONEYPOT_FIELD, isHoneypotFilled } from '#app/utils/honeypot.ts'
import {
  type PostFailure,
  type PostOutcome,
  readPublicPost,
} from '#app/utils/public-post.server.ts'
import { createRateLimitStore } from '#app/utils/rate-limit.ts'
import { kickDeliveryWorker } from '../mail/delivery-worker.server.ts'
import { submitContactMessage } from './contact-messages.server.ts'
import { type ContactField, ContactMessageSchema } from './contact-schema.ts'

export const MAX_CONTACT_BODY_BYTES = 16 * 1024

export type ContactSendResult =
  | { ok: true }
  | (PostFailure & { fieldErrors?: FieldErrors<ContactField>; values?: Record<string, string> })

const contactLimits = createRateLimitStore()

/**
 * Handles a posted contact form (urlencoded, with or without JavaScript):
 * rate limit, size cap, honeypot, validation, then store and queue the email.
 */
export async function receiveContactMessage({
  request,
  clientIp,
  db,
}: {
  request: Request
  clientIp: string
  db: Db
}): Promise<PostOutcome<ContactSendResult>> {
  const post = await readPublicPost({
    request,
    clientIp,
    limits: contactLimits,
    maxBytes: MAX_CONTACT_BODY_BYTES,
  })
  if ('refused' in post) return post.refused

  const form = Object.fromEntries(new URLSearchParams(post.text))
  if (isHoneypotFilled(form[HONEYPOT_FIELD])) return { status: 200, body: { ok: true } }

  const parsed = ContactMessageSchema.safeParse(form)
  if (!parsed.success) {
    return {
      status: 400,
      body: {
        ok: false,
        error: 'Please check the highlighted fields.',
        fieldErrors: fieldErrorsOf<ContactField>(parsed.error),
        values: pick(form, ['name', 'email', 'phone_number', 'message']),
      },
    }
  }
  await submitContactMessage(db, parsed.data)
  kickDeliveryWorker()
  return { status: 200, body: { ok: true } }
}

function pick(source: Record<string, string>, keys: string[]): Record<string, string> {
  return Object.fromEntries(keys.map((key) => [key, String(source[key] ?? '').slice(0, 5000)]))
}
