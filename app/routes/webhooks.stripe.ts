import { getEnv } from '#app/config/env.server.ts'
import { getDb } from '#app/db/db.server.ts'
import { receiveStripeWebhook } from '#app/features/payments/stripe-webhook.server.ts'
import { onlyPost, respond } from '#app/utils/reply.ts'
import type { Route } from './+types/webhooks.stripe'

/** GET answers 405: Stripe only posts here. */
export const loader = onlyPost

/** POST /webhooks/stripe: Stripe's signed events about card payments (see receiveStripeWebhook). */
export async function action({ request }: Route.ActionArgs) {
  return respond(await receiveStripeWebhook({ request, db: getDb(), env: getEnv() }))
}
