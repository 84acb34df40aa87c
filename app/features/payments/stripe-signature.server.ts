import type { Env } from '#app/config/env.server.ts'
import { stripeClient } from './card-payments.server.ts'

/**
 * Whether the body carries the webhook secret's signature, made within
 * Stripe's tolerance (five minutes) of this handler's clock, either way.
 * The package checks the signature and that it is not older than that; it
 * takes one dated any time ahead, which would stay good until then (a
 * signing clock far ahead, or an event kept to be sent later), so that side
 * is checked here, on the time the signature covers.
 */
export function signedInTime(
  body: Buffer,
  header: string | null,
  {
    env,
    now,
  }: {
    env: Pick<Env, 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'STRIPE_API_URL'>
    now: number
  },
): boolean {
  const webhooks = stripeClient(env).webhooks
  if (!header || !webhooks.signature) return false
  try {
    webhooks.signature.verifyHeader(
      body,
      header,
      env.STRIPE_WEBHOOK_SECRET!,
      webhooks.DEFAULT_TOLERANCE,
      undefined,
      now,
    )
  } catch {
    return false
  }
  const signedAt = signatureTime(header)
  return signedAt !== null && signedAt - now / 1000 <= webhooks.DEFAULT_TOLERANCE
}

/**
 * When a Stripe-Signature header says it was signed, in epoch seconds, read
 * as the stripe package reads it (the last `t=`), so the time checked here
 * is the one its signature covers; null when there is none to read.
 */
function signatureTime(header: string): number | null {
  let time = Number.NaN
  for (const item of header.split(',')) {
    const [name, value] = item.split('=')
    if (name === 't') time = Number.parseInt(value ?? '', 10)
  }
  return Number.isFinite(time) ? time : null
}
