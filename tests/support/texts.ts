import type { Env, TextKeys } from '#app/config/env.server.ts'
import type { Db } from '#app/db/db.server.ts'
import { sendNextText } from '#app/features/texts/text-sender.server.ts'
import { type FakeTwilio, TWILIO_TEST_KEYS, startFakeTwilio } from './fake-twilio.ts'

/** The environment the webhook reads, texts on. */
export type TwilioTestEnv = Pick<
  Env,
  'TWILIO_ACCOUNT_SID' | 'TWILIO_AUTH_TOKEN' | 'TWILIO_FROM' | 'TWILIO_API_URL' | 'SITE_URL'
>

/**
 * A fake Twilio for one test, her keys pointed at it, and the environment
 * the webhook reads with them (SITE_URL being the address Twilio signs).
 */
export async function fakeTwilioWithKeys(
  siteUrl: string,
): Promise<{ twilio: FakeTwilio; keys: TextKeys; env: () => TwilioTestEnv }> {
  const twilio: FakeTwilio = await startFakeTwilio()
  const keys: TextKeys = { ...TWILIO_TEST_KEYS, apiUrl: twilio.url }
  const env: TwilioTestEnv = {
    TWILIO_ACCOUNT_SID: keys.accountSid,
    TWILIO_AUTH_TOKEN: keys.authToken,
    TWILIO_FROM: keys.from,
    TWILIO_API_URL: keys.apiUrl,
    SITE_URL: siteUrl,
  }
  return { twilio, keys, env: () => env }
}

/** Sends what is due at `now`, one text at a time, as the sender would; what became of each. */
export async function sendDueTexts(db: Db, keys: TextKeys, now: number) {
  const outcomes = []
  for (let outcome; (outcome = await sendNextText(db, { keys, now: () => now, log: () => {} }));) {
    outcomes.push(outcome)
  }
  return outcomes
}
