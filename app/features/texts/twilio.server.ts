import { createHmac, timingSafeEqual } from 'node:crypto'
import type { TextKeys } from '#app/config/env.server.ts'

/**
 * The two things we ask of Twilio, written against its documented REST API
 * rather than its SDK (decision 111): sending a text is one form POST, and
 * checking the signature on what it posts to us is one HMAC.
 */

/** A Twilio API that has not answered in this long is tried again later. */
export const TWILIO_TIMEOUT_MS = 10_000

/**
 * Twilio's signature of a webhook (X-Twilio-Signature): the URL it called,
 * followed by each posted field's name and value, sorted by name, signed
 * with HMAC-SHA1 under her auth token, in base64.
 */
export function twilioSignature(
  authToken: string,
  url: string,
  params: ReadonlyArray<readonly [string, string]>,
): string {
  const sorted = [...params].sort(([a, x], [b, y]) => (a === b ? cmp(x, y) : cmp(a, b)))
  const signed = url + sorted.map(([name, value]) => name + value).join('')
  return createHmac('sha1', authToken).update(signed, 'utf8').digest('base64')
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

/** Whether a webhook carries Twilio's signature under her token, compared in constant time. */
export function isSignedByTwilio(
  authToken: string,
  signature: string | null,
  url: string,
  params: ReadonlyArray<readonly [string, string]>,
): boolean {
  if (!signature) return false
  const expected = Buffer.from(twilioSignature(authToken, url, params))
  const given = Buffer.from(signature)
  return expected.length === given.length && timingSafeEqual(expected, given)
}

/** What became of one text handed to Twilio. */
export type TextOutcome =
  | { ok: true; providerId: string }
  /** Try again later: Twilio was busy or could not be reached. */
  | { ok: false; retry: true; reason: string }
  /** Never send it: the number refuses texts from us, or cannot take them. */
  | { ok: false; retry: false; reason: string; optedOut: boolean }

/** Twilio's error for a number that replied STOP to us (so we must not text it). */
const OPTED_OUT = 21610

/**
 * Hands one text to Twilio (POST /2010-04-01/Accounts/<sid>/Messages.json).
 * A refusal for a number that opted out says so, so her records can follow;
 * a 429 or 5xx, a timeout or no answer are tried again later.
 */
export async function postText(
  keys: TextKeys,
  { to, body }: { to: string; body: string },
  { timeoutMs = TWILIO_TIMEOUT_MS }: { timeoutMs?: number } = {},
): Promise<TextOutcome> {
  const url = `${keys.apiUrl}/2010-04-01/Accounts/${keys.accountSid}/Messages.json`
  let response: Response
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${keys.accountSid}:${keys.authToken}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ To: to, From: keys.from, Body: body }),
      signal: AbortSignal.timeout(timeoutMs),
    })
  } catch (error) {
    return { ok: false, retry: true, reason: `Twilio could not be reached (${describe(error)})` }
  }
  const answer = (await response.json().catch(() => ({}))) as {
    sid?: unknown
    code?: unknown
    message?: unknown
  }
  if (response.ok && typeof answer.sid === 'string') return { ok: true, providerId: answer.sid }
  const reason = `Twilio answered ${response.status}${
    typeof answer.message === 'string' ? `: ${answer.message}` : ''
  }`
  if (response.status === 429 || response.status >= 500 || response.ok) {
    return { ok: false, retry: true, reason }
  }
  return { ok: false, retry: false, reason, optedOut: answer.code === OPTED_OUT }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
