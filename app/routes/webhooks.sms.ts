import { getEnv } from '#app/config/env.server.ts'
import { getDb } from '#app/db/db.server.ts'
import { receiveSmsWebhook } from '#app/features/texts/sms-webhook.server.ts'
import { onlyPost } from '#app/utils/reply.ts'
import type { Route } from './+types/webhooks.sms'

/** GET answers 405: Twilio only posts here. */
export const loader = onlyPost

/** POST /webhooks/sms: replies to her texts, signed by Twilio (see receiveSmsWebhook). */
export async function action({ request }: Route.ActionArgs) {
  return receiveSmsWebhook({ request, db: getDb(), env: getEnv() })
}
