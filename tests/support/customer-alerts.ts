/**
 * The owner's phone, for the customer alerts' tests: a push service on
 * loopback, a phone subscribed to it, what the phone shows once what is due
 * has been sent, and the customer's "Ask for a change" or "Cancel" that
 * alerts it.
 */
import { onTestFinished } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import { receiveSelfService } from '#app/features/customer-changes/self-service.server.ts'
import { sendDueAlerts } from '#app/features/owner-alerts/push-sender.server.ts'
import { saveSubscription } from '#app/features/owner-alerts/subscriptions.server.ts'
import { NOW, SITE, nextIp, type openCardBook } from './card-book.ts'
import { type Phone, type PushService, startPushService, subscribePhone } from './push-service.ts'

const CONTACT = 'mailto:hello@butterandbloom.ca'
/** The tests' push service listens on loopback: allowed here as PUSH_ALLOW_LOOPBACK allows it. */
const SENDER = { contact: CONTACT, allowLoopback: true }
// Every alert the tests queue is due by then; the sender's clock is set to it.
const LATER = Date.parse('2026-12-31T17:00:00Z')

/** What a phone shows for one push. */
export interface Words {
  title: string
  body: string
  url: string
}

/** A push service on loopback, closed when the test ends. */
export async function listen() {
  const push = await startPushService()
  onTestFinished(() => push.close())
  return push
}

/** A phone named `name`, subscribed for the owner to the push service. */
export async function addPhone(db: Db, push: PushService, name: string): Promise<Phone> {
  const phone = subscribePhone(`${push.url}/push/${name}`)
  await saveSubscription(db, {
    userId: 'owner',
    subscription: phone.subscription,
    label: name,
    now: NOW,
  })
  return phone
}

/** Sends what is due, and what the phone shows for each push it received (decrypted with its keys). */
export async function deliver(
  db: Db,
  push: PushService,
  phone: Phone,
  name: string,
): Promise<Words[]> {
  await sendDueAlerts(db, { ...SENDER, now: () => LATER })
  return push.received
    .filter((received) => received.path === `/push/${name}`)
    .map((received) => phone.read(received) as Words)
}

/** Each push as one line, its title and its body. */
export const lines = (words: Words[]) => words.map((word) => `${word.title}: ${word.body}`)

/** Her "Ask for a change" or "Cancel", as her private page posts it. */
export function selfService(
  book: Awaited<ReturnType<typeof openCardBook>>,
  fields: Record<string, string>,
  now: number,
) {
  return receiveSelfService({
    request: new Request(`${SITE}/requests/${book.token}?change`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields),
    }),
    token: book.token,
    clientIp: nextIp(),
    db: book.db,
    now,
    siteUrl: SITE,
    env: book.env,
  })
}
