import { expect, test } from 'vitest'
import { eraseCustomer } from '#app/features/erasure/erase-customer.server.ts'
import { createLocalMediaStore } from '#app/features/media/local-media-store.server.ts'
import { openTestDatabase, openTwoInstances, testDatabaseKind } from '#tests/support/database.ts'
import { openBakery, sendRequest } from '#tests/support/order-book.ts'
import { readNote, receiveCustomerNote } from './customer-notes.server.ts'
import { readCustomer } from './customers.server.ts'

function notePost(note: string) {
  return new Request('https://butterandbloom.example/admin/customers/1', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ note }).toString(),
  })
}

test('her note on a customer is kept, read on her page by any of her orders, and emptied away', async () => {
  const { db } = await openTestDatabase()
  await openBakery(db)
  const first = await sendRequest(db)
  const save = (note: string, requestId = first) =>
    receiveCustomerNote({ db, request: notePost(note), requestId, now: 1_000 })

  expect(await save('  Loves lemon.\r\nOrders for her mum’s birthday in March.  ')).toEqual({
    status: 200,
    body: { ok: true, message: 'Note saved.' },
  })
  const priya = (await readCustomer(db, first))!
  expect(await readNote(db, priya.emails)).toBe(
    'Loves lemon.\nOrders for her mum’s birthday in March.',
  )

  // Too long is refused beside the field, kept as typed; nothing changes.
  const long = await save('x'.repeat(4_001))
  expect(long).toMatchObject({
    status: 400,
    body: { ok: false, errors: { note: 'A note can be at most 4,000 characters.' } },
  })
  expect(long.body).toMatchObject({ values: { note: 'x'.repeat(4_001) } })
  expect(await readNote(db, priya.emails)).toContain('Loves lemon.')

  expect(await save('')).toMatchObject({ status: 200, body: { message: 'Note removed.' } })
  expect(await readNote(db, priya.emails)).toBe('')
  expect(await save('Hello', 999_999)).toMatchObject({ status: 404 })
})

test('two addresses joined by one phone read both notes, and saving keeps one under the newest', async () => {
  const { db } = await openTestDatabase()
  await openBakery(db)
  const home = await sendRequest(db)
  await receiveCustomerNote({ db, request: notePost('Home: ring the side door.'), requestId: home })
  // Her work address, alone at first, with a note of its own; then an order from it with her phone.
  const work = await sendRequest(db, {
    email: 'p.sharma@work.example',
    phone_number: '647-555-0100',
  })
  await receiveCustomerNote({ db, request: notePost('Work: pays by card.'), requestId: work })
  await sendRequest(db, { email: 'p.sharma@work.example', due_date: '2026-12-19' })

  const priya = (await readCustomer(db, work))!
  expect(priya.emails).toEqual(['p.sharma@work.example', 'priya@example.com'])
  expect(await readNote(db, priya.emails)).toBe('Work: pays by card.\n\nHome: ring the side door.')
  await receiveCustomerNote({
    db,
    request: notePost('Pays by card; ring the side door.'),
    requestId: home,
  })
  const kept = await db.selectFrom('customer_note').select(['email', 'note']).execute()
  expect(kept).toEqual([
    { email: 'p.sharma@work.example', note: 'Pays by card; ring the side door.' },
  ])
})

test('saves at once each answer, and one whole note is kept', async () => {
  // On PostgreSQL two servers on one database; SQLite is one server's file, so one server there.
  const [db, other = db] =
    testDatabaseKind() === 'pg' ? await openTwoInstances() : [(await openTestDatabase()).db]
  await openBakery(db)
  const first = await sendRequest(db)
  const notes = Array.from({ length: 6 }, (_, n) => `Note from tab ${n + 1}.`)
  const answers = await Promise.all(
    notes.map((note, n) =>
      receiveCustomerNote({ db: n % 2 ? other : db, request: notePost(note), requestId: first }),
    ),
  )
  expect(answers.map((answer) => answer.status)).toEqual(notes.map(() => 200))
  const kept = await db.selectFrom('customer_note').select('note').execute()
  expect(kept).toHaveLength(1)
  expect(notes).toContain(kept[0]!.note)
})

test('erasing a customer removes her note, and no one else’s', async () => {
  const { db, dataDir } = await openTestDatabase()
  await openBakery(db)
  const priya = await sendRequest(db)
  const sam = await sendRequest(db, {
    name: 'Sam Lee',
    email: 'sam@example.com',
    phone_number: '647-555-0101',
  })
  await receiveCustomerNote({ db, request: notePost('Priya’s note'), requestId: priya })
  await receiveCustomerNote({ db, request: notePost('Sam’s note'), requestId: sam })
  await eraseCustomer(
    db,
    { store: createLocalMediaStore(dataDir), dataDir },
    { email: 'PRIYA@example.com' },
  )
  expect(await db.selectFrom('customer_note').select('note').execute()).toEqual([
    { note: 'Sam’s note' },
  ])
})
