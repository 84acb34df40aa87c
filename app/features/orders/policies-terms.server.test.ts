import { expect, test } from 'vitest'
import { setWeekdayCapacity } from '#app/features/availability/booking-settings.server.ts'
import { readPoliciesHtml } from '#app/features/availability/order-policies.server.ts'
import { seedMenu } from '#app/features/menu/menu.server.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import { birthdayCakeOrder } from '#tests/support/orders.ts'
import { submitOrderRequests } from './order-requests.server.ts'

// Monday, November 23, 2026, 3 p.m. in Toronto.
const NOW = new Date('2026-11-23T20:00:00Z')

/** Text without tags and with its spaces made one, as a reader sees it. */
const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()

test('a fresh bakery’s policies say what its rules do: the balance a week before, all of the deposit back a week ahead', async () => {
  const { db } = await openTestDatabase()
  const shown = textOf(await readPoliciesHtml(db))
  expect(shown).toContain('What every order follows')
  expect(shown).toContain('Balance. The rest is due 7 days before the day of your order')
  expect(shown).toContain(
    'If you cancel 7 days or more before your date, 100% of your deposit comes back to you',
  )
  // Nothing of the starting words that said otherwise.
  expect(shown).not.toMatch(/non-refundable|due at pickup/i)
  expect(shown).toContain('made in a home kitchen')
})

test('the policies follow the rules as she changes them, and each send keeps the terms its customer ticked', async () => {
  const { db } = await openTestDatabase()
  await seedMenu(db)
  await setWeekdayCapacity(db, [3, 3, 3, 3, 3, 3, 3])
  const send = () =>
    submitOrderRequests(db, [birthdayCakeOrder], {
      products: [],
      siteUrl: 'https://x.test',
      now: NOW,
    })
  expect((await send()).ok).toBe(true)

  await db
    .updateTable('booking_settings')
    .set({
      balance_due_days: 0,
      refund_cutoff_days: 14,
      refund_after_percent: 50,
      policies: 'Her words.',
    })
    .where('id', '=', 1)
    .execute()
  const shown = textOf(await readPoliciesHtml(db))
  expect(shown).toContain('The rest is due on the day of your order')
  expect(shown).toContain(
    'If you cancel 14 days or more before your date, 100% of your deposit comes back to you; later, 50%.',
  )
  expect(shown.indexOf('What every order follows')).toBeLessThan(shown.indexOf('Her words.'))
  expect((await send()).ok).toBe(true)

  const batches = await db
    .selectFrom('order_batch')
    .select('accepted_policies')
    .orderBy('id')
    .execute()
  const [first, second] = batches.map((batch) => batch.accepted_policies!)
  expect(first).toContain('The rest is due 7 days before the day of your order')
  expect(second).toContain('The rest is due on the day of your order')
  expect(second).toMatch(/later, 50%\.[\s\S]*Her words\.$/)
})
