import type { Env } from '#app/config/env.server.ts'
import { textKeysOf } from '#app/config/env.server.ts'
import type { Db } from '#app/db/db.server.ts'
import { BodyTooLargeError, readBodyBytes } from '#app/utils/read-body.server.ts'
import { answerTextConsent, withdrawTextConsent } from './text-consent.server.ts'
import { phoneOfE164, replyMeaning } from './text-rules.ts'
import { isSignedByTwilio } from './twilio.server.ts'

/** A reply to a text is a few fields; anything much larger is not Twilio's. */
const MAX_SMS_WEBHOOK_BYTES = 64 * 1024

/** What we answer Twilio: nothing to say back (Twilio itself confirms a STOP). */
const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response></Response>'

/**
 * POST /webhooks/sms: a customer's reply to one of her texts, as Twilio
 * posts it, signed with her auth token. STOP (and Twilio's other opt-out
 * words) withdraws that number's consent at once and drops its queued
 * texts; START gives it again, and YES confirms a sign-up that asked her
 * (news of drops opening). Anything else is left to her phone: Twilio
 * can forward replies, and we keep no one's words we do not need.
 */
export async function receiveSmsWebhook({
  request,
  db,
  env,
  now = Date.now(),
}: {
  request: Request
  db: Db
  env: Pick<
    Env,
    'TWILIO_ACCOUNT_SID' | 'TWILIO_AUTH_TOKEN' | 'TWILIO_FROM' | 'TWILIO_API_URL' | 'SITE_URL'
  >
  now?: number
}): Promise<Response> {
  if (request.method !== 'POST') return plain(405, 'Use POST here.', { Allow: 'POST' })
  const keys = textKeysOf(env)
  if (!keys) return plain(404, 'Texts are off.')
  let body: Buffer
  try {
    body = await readBodyBytes(request, MAX_SMS_WEBHOOK_BYTES)
  } catch (error) {
    if (error instanceof BodyTooLargeError) return plain(413, 'This message is too large.')
    throw error
  }
  const fields = [...new URLSearchParams(body.toString('utf8'))]
  // Signed for the address Twilio was given: the site's own, whatever proxy is in front.
  const url = `${env.SITE_URL}/webhooks/sms${new URL(request.url).search}`
  if (!isSignedByTwilio(keys.authToken, request.headers.get('x-twilio-signature'), url, fields)) {
    return plain(403, 'This does not carry Twilio’s signature.')
  }
  const field = (name: string) => fields.find(([key]) => key === name)?.[1] ?? ''
  const phone = phoneOfE164(field('From'))
  const meaning = replyMeaning(field('Body'))
  if (phone && meaning === 'stop') {
    await withdrawTextConsent(db, { phone, how: 'replied STOP', now })
  } else if (phone && (meaning === 'yes' || meaning === 'start')) {
    await answerTextConsent(db, { phone, reply: meaning, now })
  }
  return new Response(EMPTY_TWIML, {
    status: 200,
    headers: { 'content-type': 'text/xml; charset=utf-8', 'cache-control': 'no-store' },
  })
}

function plain(status: number, text: string, headers: Record<string, string> = {}): Response {
  return new Response(text, {
    status,
    headers: {
      'content-type': 'text/plain; charset=utf-8',
      'cache-control': 'no-store',
      ...headers,
    },
  })
}
