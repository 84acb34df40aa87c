import { expect, test } from 'vitest'
import type { Db } from '#app/db/db.server.ts'
import { eraseCustomer } from '#app/features/erasure/erase-customer.server.ts'
import { createLocalMediaStore } from '#app/features/media/local-media-store.server.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import { openBakery, sendRequest } from '#tests/support/order-book.ts'
import { receiveCustomerLink } from './customer-links.server.ts'
import { readNote, receiveCustomerNote } from './customer-notes.server.ts'
import { listCustomers, readCustomer } from './customers.server.ts'

/** Ana and her daughter Bea share the family's number; Ana also ordered from work, without it. */
async function familyBook() {
  const { db, dataDir } = await openTestDatabase()
  await openBakery(db)
  const ana = await sendRequest(db, {
    name: 'Ana Costa',
    email: 'ana@example.com',
    phone_number: '416-555-0150',
  })
  const bea = await sendRequest(db, {
    name: 'Bea Costa',
    email: 'bea@example.com',
    phone_number: '(416) 555-0150',
    due_date: '2026-12-19',
  })
  const work = await sendRequest(db, {
    name: 'Ana C.',
    email: 'ana.costa@work.example',
    phone_number: '',
    due_date: '2026-12-26',
  })
  return { db, dataDir, ana, bea, work }
}

const post = (db: Db, requestId: number, form: Record<string, string>) =>
  receiveCustomerLink({ db, form, requestId, now: Date.parse('2026-11-30T15:00:00Z') })

const orderCounts = async (db: Db) =>
  (await listCustomers(db)).customers.map((customer) => [customer.name, customer.orders])

test('she keeps apart two people who share a number, joins an address the book could not tie, and undoes each', async () => {
  const { db, ana, bea, work } = await familyBook()
  expect(await orderCounts(db)).toEqual([
    ['Ana C.', 1],
    ['Bea Costa', 2],
  ])
  expect((await readCustomer(db, ana))!.shared).toEqual(['phone:4165550150'])

  // The family's number ties no one person.
  expect(await post(db, ana, { intent: 'apart', handle: 'phone:4165550150' })).toEqual({
    status: 200,
    body: {
      link: true,
      ok: true,
      message: 'Kept apart: 416-555-0150 no longer joins anyone in your book.',
    },
  })
  expect(await orderCounts(db)).toEqual([
    ['Ana C.', 1],
    ['Bea Costa', 1],
    ['Ana Costa', 1],
  ])

  // The family's number now names two customers: she is asked to choose by a reference.
  expect((await post(db, work, { intent: 'join', other: '416-555-0150' })).body).toMatchObject({
    ok: false,
    error: 'That belongs to 2 customers: write one’s order reference (like BB-4821) to choose.',
  })

  // Her work address is Ana too: typed as people write it.
  expect(await post(db, ana, { intent: 'join', other: ' Ana.Costa@work.example ' })).toEqual({
    status: 200,
    body: { link: true, ok: true, message: 'Joined: Ana C. now has 2 orders.' },
  })
  const joined = (await readCustomer(db, work))!
  expect(joined).toMatchObject({
    orders: 2,
    emails: ['ana.costa@work.example', 'ana@example.com'],
    keptApart: ['phone:4165550150'],
    joined: [{ words: 'Ana Costa (ana@example.com) and Ana C. (ana.costa@work.example)' }],
  })
  expect((await readCustomer(db, bea))!.orders).toBe(1)

  // Each refusal says why, and changes nothing.
  expect((await post(db, ana, { intent: 'join', other: '' })).body).toMatchObject({
    ok: false,
    error: 'Write their email, phone number or order reference.',
  })
  expect(await post(db, ana, { intent: 'join', other: 'nobody@example.com' })).toMatchObject({
    status: 404,
    body: {
      error: 'No customer in your book has that email, phone number or order reference.',
      other: 'nobody@example.com',
    },
  })
  expect((await post(db, ana, { intent: 'join', other: 'ana.costa@work.example' })).body).toEqual({
    link: true,
    ok: false,
    error: 'That is this customer already.',
    other: 'ana.costa@work.example',
  })
  expect(
    (await post(db, ana, { intent: 'join', other: `${'a'.repeat(121)}@example.com` })).body,
  ).toMatchObject({
    ok: false,
    error: 'An email, phone number or reference is at most 120 characters.',
  })
  expect((await post(db, 999, { intent: 'apart', handle: 'x' })).status).toBe(404)
  expect((await post(db, ana, { intent: 'drop tables' })).status).toBe(400)

  // Undone, each: her work order stands alone, then the number joins the family again.
  const undo = await post(db, ana, { intent: 'unjoin', join: String(joined.joined[0]!.id) })
  expect(undo.body).toMatchObject({ ok: true })
  expect((await readCustomer(db, ana))!.orders).toBe(1)
  expect(
    (await post(db, ana, { intent: 'unjoin', join: String(joined.joined[0]!.id) })).status,
  ).toBe(409)
  expect(await post(db, bea, { intent: 'unapart', handle: 'phone:4165550150' })).toMatchObject({
    status: 200,
    body: { message: '416-555-0150 joins your customers again.' },
  })
  expect(await orderCounts(db)).toEqual([
    ['Ana C.', 1],
    ['Bea Costa', 2],
  ])
})

test('erasing one of a family keeps the number apart for the others; a post that is not her note never empties it', async () => {
  const { db, dataDir, ana, bea } = await familyBook()
  const cal = await sendRequest(db, {
    name: 'Cal Costa',
    email: 'cal@example.com',
    phone_number: '416-555-0150',
    due_date: '2027-01-09',
  })
  await post(db, ana, { intent: 'apart', handle: 'phone:4165550150' })
  await eraseCustomer(
    db,
    { store: createLocalMediaStore(dataDir), dataDir },
    { email: 'bea@example.com' },
  )
  expect((await readCustomer(db, ana))!.orders).toBe(1)
  expect((await readCustomer(db, cal))!.keptApart).toEqual(['phone:4165550150'])
  expect(await readCustomer(db, bea)).toBeUndefined()

  await receiveCustomerNote({ db, request: notePost('note=Loves+lemon'), requestId: ana })
  const stray = await receiveCustomerNote({ db, request: notePost('intent=merge'), requestId: ana })
  expect(stray.status).toBe(400)
  expect(await readNote(db, ['ana@example.com'])).toBe('Loves lemon')
})

function notePost(body: string) {
  return new Request('https://butterandbloom.example/admin/customers/1', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body,
  })
}
