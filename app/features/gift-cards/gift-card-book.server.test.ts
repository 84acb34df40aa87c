import { expect, test } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import { readPageVersion } from '#app/db/page-version.server.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import { giftCardsOn, receiveGiftCardSwitch } from './gift-card-book.server.ts'

const SITE = 'https://butterandbloom.example'

function flip(db: Db, intent: string, cardsOn: boolean) {
  return receiveGiftCardSwitch({
    db,
    cardsOn,
    request: new Request(`${SITE}/admin/gift-cards`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ intent }),
    }),
  })
}

test('her switch says what it did, waits for card payments truthfully, and renews the pages’ footer', async () => {
  const { db } = await openTestDatabase()
  expect(await giftCardsOn(db)).toBe(false)
  const before = await readPageVersion(db)
  expect(await flip(db, 'start', false)).toMatchObject({
    status: 200,
    body: {
      ok: true,
      message: 'Saved: your site sells gift cards as soon as card payments are set up.',
    },
  })
  expect(await giftCardsOn(db)).toBe(true)
  // Every public page's footer links the shop or not: their cache token moves with the switch.
  expect(await readPageVersion(db)).not.toBe(before)
  expect((await flip(db, 'start', true)).body).toEqual({
    ok: true,
    message: 'Your site sells gift cards now.',
  })
  expect((await flip(db, 'stop', true)).body).toEqual({
    ok: true,
    message: 'Your site no longer sells gift cards.',
  })
  expect(await giftCardsOn(db)).toBe(false)
  expect(await flip(db, 'sideways', true)).toMatchObject({ status: 400, body: { ok: false } })
})
