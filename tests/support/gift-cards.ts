/**
 * A gift card bought on the site and paid on the fake Stripe's page, as a
 * customer buys one (decision 114). Only tests import this.
 */
import { expect } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import { saveGiftCardsOn } from '#app/features/gift-cards/gift-card-book.server.ts'
import type { OutgoingEmail } from '#app/features/mail/email.ts'
import { startGiftCardCheckout } from '#app/features/payments/gift-card-checkout.server.ts'
import { type CardBook, NOW, SITE, nextIp } from './card-book.ts'

export const BUYER = {
  buyer_name: 'Ana Giver',
  buyer_email: 'ana@example.com',
  recipient_name: 'Priya Patel',
  recipient_email: 'priya@example.com',
  message: 'Happy birthday!',
}

/** Ana buys Priya a gift card on the site and pays on Stripe's page: its code, as emailed. */
export async function buyGiftCard(
  book: Pick<CardBook, 'db' | 'env' | 'fake'>,
  amount: Record<string, string>,
) {
  await saveGiftCardsOn(book.db, true)
  const started = await startGiftCardCheckout({
    request: new Request(`${SITE}/gift-cards`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...BUYER, ...amount, attempt: `attempt-${Math.random()}` }),
    }),
    clientIp: nextIp(),
    db: book.db,
    env: book.env,
    now: NOW,
  })
  if (!('redirect' in started)) throw new Error(JSON.stringify(started.body))
  const session = [...book.fake.sessions.values()].at(-1)!
  expect(started.redirect).toBe(session.url)
  expect(await book.fake.pay(session.id)).toBe(200)
  const card = await giftCardEmail(book.db, 'card')
  const code = /Your code: ([A-Z0-9-]{19})/.exec(card.text)?.[1]
  if (!code) throw new Error(`No code in: ${card.text}`)
  return { session, code, card }
}

/** The one email of a gift card's sale to its receiver (card), its buyer or the owner. */
export async function giftCardEmail(db: Db, who: 'card' | 'buyer' | 'owner') {
  const rows = await db
    .selectFrom('outbox')
    .select('payload')
    .where('dedupe_key', 'like', `gift-card:%:${who}`)
    .execute()
  expect(rows).toHaveLength(1)
  return JSON.parse(rows[0]!.payload) as OutgoingEmail
}
