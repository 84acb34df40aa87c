/**
 * When the balance falls due: the setting's days before the order date, or
 * the date the owner picks on the quote form, each refused with its reason
 * when it cannot be, and told to the customer in the quote's email.
 */
import { expect, test } from 'vitest'
import { receiveOrderAction } from '#app/features/order-page/order-action.server.ts'
import { receiveBalanceDueAction } from '#app/features/payments/payment-schedule-settings.server.ts'
import { SAVE_BALANCE_DUE } from '#app/features/payments/payment-schedule-settings.tsx'
import { formatCalendarDate } from '#app/utils/dates.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import { BOOK_NOW, openBakery, sendRequest } from '#tests/support/order-book.ts'
import { quote, tokenOf } from '#tests/support/payment-schedule.ts'
import { currentQuote } from './quotes.server.ts'

const SITE_URL = 'https://butterandbloom.example'

test('the balance falls due the setting’s days before the order date, or on the date the owner picks', async () => {
  const { db } = await openTestDatabase()
  await openBakery(db)
  // Sent on Monday, November 23; due Saturday, December 19.
  const byDefault = await sendRequest(db, { due_date: '2026-12-19' })
  const picked = await sendRequest(db, { due_date: '2026-12-19' })
  const soon = await sendRequest(db, { due_date: '2026-11-26' })

  expect(await quote(db, byDefault)).toMatchObject({ ok: true })
  expect((await currentQuote(db, byDefault))?.balance_due).toBe('2026-12-12')

  // The owner's setting changes what the next quote gets.
  const saved = await receiveBalanceDueAction({
    request: settingsPost({ balance_due_days: '10' }),
    db,
  })
  expect(saved.status).toBe(200)
  expect(await quote(db, byDefault)).toMatchObject({ ok: true })
  expect((await currentQuote(db, byDefault))?.balance_due).toBe('2026-12-09')

  expect(await quote(db, picked, { balanceDue: '2026-12-17' })).toMatchObject({ ok: true })
  expect((await currentQuote(db, picked))?.balance_due).toBe('2026-12-17')

  // An order three days off: ten days before would be in the past, so it is today.
  expect(await quote(db, soon)).toMatchObject({ ok: true })
  expect((await currentQuote(db, soon))?.balance_due).toBe('2026-11-23')

  // Dates that cannot be: each refused with its reason, nothing stored.
  const refusals = [
    [{ balanceDue: '2026-11-20' }, 'The balance cannot be due before today.'],
    [
      { balanceDue: '2026-12-20' },
      `The balance must be due by the order date, ${formatCalendarDate('2026-12-19')}.`,
    ],
    [
      { balanceDue: '2026-12-01', depositDue: '2026-12-05' },
      `The balance cannot be due before the deposit, due ${formatCalendarDate('2026-12-05')}.`,
    ],
  ] as const
  for (const [change, error] of refusals) {
    expect(await quote(db, picked, change)).toEqual({
      ok: false,
      status: 400,
      error,
      field: 'balance_due',
    })
  }
  expect((await currentQuote(db, picked))?.balance_due).toBe('2026-12-17')

  // The setting's own bounds.
  for (const days of ['61', '-1', 'seven', '']) {
    const refused = await receiveBalanceDueAction({
      request: settingsPost({ balance_due_days: days }),
      db,
    })
    expect(refused.status).toBe(400)
    expect(refused.body).toMatchObject({ error: 'Choose 0 to 60 days before the order date.' })
  }
})

function settingsPost(fields: Record<string, string>) {
  return new Request(`${SITE_URL}/admin/settings`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ intent: SAVE_BALANCE_DUE, ...fields }),
  })
}

test('the owner’s quote form takes a balance date, and refuses one after the order', async () => {
  const { db } = await openTestDatabase()
  await openBakery(db)
  const id = await sendRequest(db, { due_date: '2026-12-19' })
  const post = async (balance_due: string) =>
    receiveOrderAction({
      request: new Request(`${SITE_URL}/admin/orders/${id}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          intent: 'quote',
          version: String(
            (
              await db
                .selectFrom('order_request')
                .select('version')
                .where('id', '=', id)
                .executeTakeFirstOrThrow()
            ).version,
          ),
          price: '120',
          deposit_kind: 'percent',
          deposit: '25',
          deposit_due: '',
          balance_due,
          payment_instructions: '',
          message: '',
          expires_in_days: '7',
        }),
      }),
      db,
      requestId: id,
      siteUrl: SITE_URL,
      now: BOOK_NOW,
    })
  const late = await post('2026-12-24')
  expect(late.status).toBe(400)
  expect(late.body).toMatchObject({
    fieldErrors: {
      balance_due: `The balance must be due by the order date, ${formatCalendarDate('2026-12-19')}.`,
    },
  })
  const notADate = await post('2026-02-30')
  expect(notADate.status).toBe(400)
  expect(notADate.body).toMatchObject({
    fieldErrors: { balance_due: 'Choose the date the balance is due, or leave it empty.' },
  })
  expect(await currentQuote(db, id)).toBeUndefined()

  expect((await post('2026-12-15')).status).toBe(200)
  expect((await currentQuote(db, id))?.balance_due).toBe('2026-12-15')
  // The quote email says what is due when, and the reference to pay with.
  const { reference } = await tokenOf(db, id)
  const [email] = await db
    .selectFrom('outbox')
    .select('payload')
    .where('topic', '=', 'request_update')
    .where('subject_id', '=', id)
    .execute()
  const { text } = JSON.parse(email!.payload) as { text: string }
  expect(text).toContain('Deposit: $30')
  expect(text).toContain(`Balance: $90, due by ${formatCalendarDate('2026-12-15')}`)
  expect(text).toContain(`Payment reference: ${reference}`)
  expect(text).toContain(`Put ${reference} in the e-Transfer message`)
})
