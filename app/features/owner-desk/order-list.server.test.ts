import { expect, test } from 'vitest'
import { setWeekdayCapacity } from '#app/features/availability/booking-settings.server.ts'
import { seedMenu } from '#app/features/menu/menu.server.ts'
import { recordPayment } from '#app/features/order-book/money-in.server.ts'
import { quoteParty } from '#app/features/order-book/party-quote.server.ts'
import { quoteRequest } from '#app/features/order-book/quotes.server.ts'
import { moveRequest } from '#app/features/order-book/request-moves.server.ts'
import { submitOrderRequests } from '#app/features/orders/order-requests.server.ts'
import { openTestDatabase } from '#tests/support/database.ts'
import { quoteFor } from '#tests/support/order-book.ts'
import { birthdayCakeOrder } from '#tests/support/orders.ts'
import { listOrderBook, searchOpens } from './order-list.server.ts'
import {
  ORDER_PAGE_SIZE,
  type OrderFilters,
  orderListHref,
  parseOrderFilters,
} from './order-list.ts'

const NOW = Date.parse('2026-11-23T20:00:00Z')
const all: OrderFilters = { status: null, from: null, to: null, q: '', sort: 'newest', page: 1 }

/** Four requests in three sends: Priya (two), Marcus, and Zoë whose name has a % in it. */
async function openBook() {
  const { db } = await openTestDatabase()
  await seedMenu(db)
  await setWeekdayCapacity(db, [5, 5, 5, 5, 5, 5, 5])
  const send = async (orders: (typeof birthdayCakeOrder)[]) => {
    const sent = await submitOrderRequests(db, orders, {
      products: [],
      siteUrl: 'https://butterandbloom.example',
      now: new Date(NOW),
    })
    if (!sent.ok) throw new Error('Not booked')
  }
  await send([
    { ...birthdayCakeOrder, due_date: '2026-12-20' },
    { ...birthdayCakeOrder, product_type: 'Cupcakes', due_date: '2026-12-05' },
  ])
  await send([
    {
      ...birthdayCakeOrder,
      name: 'Marcus Lee',
      email: 'MARCUS@Example.com',
      due_date: '2026-12-12',
    },
  ])
  await send([
    {
      ...birthdayCakeOrder,
      name: 'Zoë 100% Sweet',
      email: 'zoe@example.com',
      due_date: '2026-12-30',
    },
  ])
  const ids = (await db.selectFrom('order_request').select('id').orderBy('id').execute()).map(
    (row) => row.id,
  )
  return { db, ids }
}

test('every request, one row each, newest first, with the counts of each status', async () => {
  const { db, ids } = await openBook()
  const [priyaLate, , marcus] = ids as [number, number, number, number]
  await db.transaction().execute(async (trx) => {
    await quoteRequest(trx, {
      requestId: marcus,
      quote: {
        priceCents: 9_000,
        depositCents: 3_000,
        depositDue: null,
        paymentInstructions: '',
        message: '',
      },
      now: NOW,
    })
    await moveRequest(trx, {
      requestId: priyaLate,
      to: 'declined',
      actor: 'owner',
      note: 'Full',
      now: NOW,
    })
  })
  await recordPayment(db, {
    requestId: marcus,
    payment: { amountCents: 1_000, receivedOn: '2026-11-24', method: 'Cash' },
    now: NOW,
  })
  const book = await listOrderBook(db, all)
  expect(book.rows.map((row) => row.id)).toEqual([...ids].reverse())
  expect(book.total).toBe(4)
  expect(book.counts).toMatchObject({ new: 2, quoted: 1, declined: 1, confirmed: 0 })
  expect(book.rows.find((row) => row.id === marcus)).toMatchObject({
    name: 'Marcus Lee',
    status: 'quoted',
    dueDate: '2026-12-12',
    effort: 1,
    money: { totalCents: 9_000, depositOwed: 2_000, balanceOwed: 6_000, stillOwed: 8_000 },
  })
  expect(book.rows.find((row) => row.id === priyaLate)!.money).toBeNull()

  const quoted = await listOrderBook(db, { ...all, status: 'quoted' })
  expect(quoted.rows.map((row) => row.id)).toEqual([marcus])
  // The chips still count every status under the other filters.
  expect(quoted.counts).toEqual(book.counts)
})

test('search by name or email ignores case; LIKE’s characters match themselves', async () => {
  const { db, ids } = await openBook()
  const names = async (q: string) =>
    (await listOrderBook(db, { ...all, q })).rows.map((row) => row.name)
  expect(await names('marcus@example')).toEqual(['Marcus Lee'])
  expect(await names('PRIYA')).toEqual(['Priya Sharma', 'Priya Sharma'])
  expect(await names('lee')).toEqual(['Marcus Lee'])
  expect(await names('100%')).toEqual(['Zoë 100% Sweet'])
  expect(await names('%')).toEqual(['Zoë 100% Sweet'])
  expect(await names('_')).toEqual([])
  // Search syntax of the index is text too: nothing matches, nothing fails.
  expect(await names('lee OR priya')).toEqual([])
  expect(await names('"lee"')).toEqual([])
  expect(await names('pri*')).toEqual([])
  expect(await names('NEAR(lee')).toEqual([])
  // Shorter than the index's three characters: still found.
  expect(await names('zo')).toEqual(['Zoë 100% Sweet'])
  const counted = await listOrderBook(db, { ...all, q: 'priya' })
  expect(counted.total).toBe(2)
  expect(counted.counts?.new).toBe(2)
  expect(ids).toHaveLength(4)
})

test('a payment reference, however it is typed, opens its one request', async () => {
  const { db, ids } = await openBook()
  const marcus = ids[2]!
  const { payment_reference: reference } = await db
    .selectFrom('order_request')
    .select('payment_reference')
    .where('id', '=', marcus)
    .executeTakeFirstOrThrow()
  const digits = reference!.slice('BB-'.length)
  for (const typed of [reference!, `bb${digits}`, `Bb ${digits}`, ` bB - ${digits} `]) {
    expect(await searchOpens(db, { ...all, q: typed.trim() }), typed).toBe(
      `/admin/orders/${marcus}`,
    )
  }
  // Whatever else the list was filtered by: the reference names the request.
  expect(await searchOpens(db, { ...all, q: reference!, status: 'confirmed' })).toBe(
    `/admin/orders/${marcus}`,
  )
  // A name, or a reference no request has, stays a search of the list.
  expect(await searchOpens(db, { ...all, q: 'marcus' })).toBeNull()
  expect(await searchOpens(db, { ...all, q: '' })).toBeNull()
  // References are drawn from 1000 up: none is BB-0000.
  const unknown = 'BB-0000'
  expect(await searchOpens(db, { ...all, q: unknown })).toBeNull()
  expect((await listOrderBook(db, { ...all, q: unknown })).rows).toEqual([])
})

test('the reference of a party, or of any of its members, finds every member of the party', async () => {
  const { db, ids } = await openBook()
  const [priyaLate, priyaSoon, marcus] = ids as [number, number, number, number]
  const quoted = await db.transaction().execute((trx) =>
    quoteParty(trx, {
      requestId: priyaSoon,
      lines: new Map([[priyaLate, 12_000]]),
      quote: {
        priceCents: 4_500,
        depositCents: 5_000,
        depositDue: null,
        paymentInstructions: '',
        message: '',
      },
      now: NOW,
    }),
  )
  if (!quoted.ok) throw new Error(quoted.error)
  const references = new Map(
    (
      await db
        .selectFrom('order_request')
        .select(['id', 'payment_reference', 'party_lead_id'])
        .execute()
    ).map((row) => [Number(row.id), row]),
  )
  const lead = Number(references.get(priyaSoon)!.party_lead_id)
  expect([priyaLate, priyaSoon]).toContain(lead)

  for (const member of [priyaLate, priyaSoon]) {
    const reference = references.get(member)!.payment_reference!
    const found = await listOrderBook(db, { ...all, q: reference.toLowerCase() })
    expect(found.rows.map((row) => row.id)).toEqual([priyaSoon, priyaLate])
    expect(found).toMatchObject({ total: 2, matching: 2 })
    expect(found.counts).toMatchObject({ new: 0, quoted: 2 })
    // Two requests: the list shows them both, rather than opening one.
    expect(await searchOpens(db, { ...all, q: reference.toLowerCase() })).toBeNull()
  }
  // A request quoted on its own still opens.
  expect(await searchOpens(db, { ...all, q: references.get(marcus)!.payment_reference! })).toBe(
    `/admin/orders/${marcus}`,
  )
})

test('a due-date range, both ends included, and soonest due first', async () => {
  const { db } = await openBook()
  const due = async (filters: Partial<OrderFilters>) =>
    (await listOrderBook(db, { ...all, ...filters })).rows.map((row) => row.dueDate)
  expect(await due({ sort: 'due' })).toEqual([
    '2026-12-05',
    '2026-12-12',
    '2026-12-20',
    '2026-12-30',
  ])
  expect(await due({ sort: 'due', from: '2026-12-12', to: '2026-12-20' })).toEqual([
    '2026-12-12',
    '2026-12-20',
  ])
  expect((await listOrderBook(db, { ...all, from: '2026-12-13' })).total).toBe(2)
})

test('filters come from the query string; what cannot be read is left out and said', () => {
  expect(
    parseOrderFilters(
      new URLSearchParams('status=quoted&q=%20Priya%20&sort=due&from=2026-12-01&page=3'),
    ),
  ).toEqual({
    filters: { status: 'quoted', from: '2026-12-01', to: null, q: 'Priya', sort: 'due', page: 3 },
    problems: [],
  })
  const odd = parseOrderFilters(new URLSearchParams('status=baked&from=tomorrow&sort=x'))
  expect(odd.filters).toEqual(all)
  expect(odd.problems).toEqual(['The from date “tomorrow” is not a date, so it was left out.'])
  // A range typed backwards is read the right way round.
  expect(
    parseOrderFilters(new URLSearchParams('from=2026-12-31&to=2026-12-01')).filters,
  ).toMatchObject({
    from: '2026-12-01',
    to: '2026-12-31',
  })
  expect(orderListHref({ ...all, status: 'new', q: 'a b' })).toBe('/admin/orders?status=new&q=a+b')
  expect(orderListHref(all)).toBe('/admin/orders')
  expect(orderListHref({ ...all, status: 'new', page: 2 })).toBe('/admin/orders?status=new&page=2')
  // A page that cannot be is the first, and said.
  for (const page of ['0', '-1', '2.5', 'last', '99999999']) {
    const read = parseOrderFilters(new URLSearchParams({ page }))
    expect(read.filters.page).toBe(1)
    expect(read.problems).toEqual([`There is no page “${page}”, so the first is shown.`])
  }
})

test('the list comes a page at a time, newest or soonest first, each filter paging its own rows', async () => {
  const { db } = await openTestDatabase()
  await seedMenu(db)
  await setWeekdayCapacity(db, [99, 99, 99, 99, 99, 99, 99])
  const orders = Array.from({ length: ORDER_PAGE_SIZE + 5 }, (_, index) => ({
    ...birthdayCakeOrder,
    name: `Customer ${index}`,
    due_date: `2026-12-${String(1 + (index % 28)).padStart(2, '0')}`,
  }))
  for (let start = 0; start < orders.length; start += 5) {
    const sent = await submitOrderRequests(db, orders.slice(start, start + 5), {
      products: [],
      siteUrl: 'https://butterandbloom.example',
      now: new Date(NOW),
    })
    if (!sent.ok) throw new Error('Not booked')
  }
  const ids = (
    await db.selectFrom('order_request').select('id').orderBy('id', 'desc').execute()
  ).map((row) => row.id)
  const first = await listOrderBook(db, all)
  expect(first.rows.map((row) => row.id)).toEqual(ids.slice(0, ORDER_PAGE_SIZE))
  expect(first).toMatchObject({ matching: ids.length, page: 1, hasMore: true })
  const second = await listOrderBook(db, { ...all, page: 2 })
  expect(second.rows.map((row) => row.id)).toEqual(ids.slice(ORDER_PAGE_SIZE))
  expect(second.hasMore).toBe(false)
  expect((await listOrderBook(db, { ...all, page: 3 })).rows).toEqual([])

  // Soonest first pages through the dates in order; a status pages its own rows.
  const due = [
    ...(await listOrderBook(db, { ...all, sort: 'due' })).rows,
    ...(await listOrderBook(db, { ...all, sort: 'due', page: 2 })).rows,
  ].map((row) => row.dueDate)
  expect(due).toEqual([...due].sort())
  expect(due).toHaveLength(ids.length)
  const quoted = await listOrderBook(db, { ...all, status: 'quoted' })
  expect(quoted).toMatchObject({ rows: [], matching: 0, hasMore: false })
})

test('an accepted quote awaiting its deposit is a state of its own: its chip, its filter, its count', async () => {
  const { db, ids } = await openBook()
  const [priyaLate, priyaSoon, marcus] = ids as [number, number, number, number]
  await quoteFor(db, marcus, { depositDue: '2026-11-25' })
  await quoteFor(db, priyaSoon, { depositDue: '2026-11-30' })
  await quoteFor(db, priyaLate)
  // Marcus and Priya (December 5) accept; Priya's later cake waits for an answer.
  await db
    .updateTable('request_quote')
    .set({ accepted_at: NOW + 1000 })
    .where('request_id', 'in', [marcus, priyaSoon])
    .execute()

  const book = await listOrderBook(db, all, '2026-11-26')
  expect(book.counts).toMatchObject({ new: 1, quoted: 1, accepted: 2 })
  expect(book.total).toBe(4)
  const marcusRow = book.rows.find((row) => row.id === marcus)!
  expect(marcusRow).toMatchObject({ status: 'quoted', state: 'accepted', depositOverdue: true })
  // Due November 30: not overdue on the 26th.
  expect(book.rows.find((row) => row.id === priyaSoon)).toMatchObject({
    state: 'accepted',
    depositOverdue: false,
  })
  expect(book.rows.find((row) => row.id === priyaLate)).toMatchObject({ state: 'quoted' })

  const accepted = await listOrderBook(db, { ...all, status: 'accepted' }, '2026-11-26')
  expect(accepted.rows.map((row) => row.id)).toEqual([marcus, priyaSoon])
  expect(accepted.counts).toEqual(book.counts)
  const quoted = await listOrderBook(db, { ...all, status: 'quoted' }, '2026-11-26')
  expect(quoted.rows.map((row) => row.id)).toEqual([priyaLate])

  // The deposit in, Marcus's order is confirmed and nothing is overdue.
  await recordPayment(db, {
    requestId: marcus,
    payment: { amountCents: 3_000, receivedOn: '2026-11-26', method: 'Cash' },
    now: NOW,
  })
  const after = await listOrderBook(db, all, '2026-11-26')
  expect(after.counts).toMatchObject({ accepted: 1, confirmed: 1 })
  expect(after.rows.find((row) => row.id === marcus)).toMatchObject({
    state: 'confirmed',
    depositOverdue: false,
  })
  expect(parseOrderFilters(new URLSearchParams('status=accepted')).filters.status).toBe('accepted')
})

test('a search narrows the chips’ counts too, each status counted once, accepted apart; non-ASCII names are found', async () => {
  const { db, ids } = await openBook()
  const [priyaLate, priyaSoon, marcus, zoe] = ids as [number, number, number, number]
  await quoteFor(db, priyaLate)
  await quoteFor(db, priyaSoon)
  await quoteFor(db, zoe)
  await db
    .updateTable('request_quote')
    .set({ accepted_at: NOW + 1000 })
    .where('request_id', '=', priyaSoon)
    .execute()

  const priya = await listOrderBook(db, { ...all, q: 'PRIYA' }, '2026-11-26')
  expect(priya.rows.map((row) => row.id)).toEqual([priyaSoon, priyaLate])
  expect(priya.counts).toMatchObject({ new: 0, quoted: 1, accepted: 1 })
  expect(priya.total).toBe(2)

  const everyone = await listOrderBook(db, all, '2026-11-26')
  expect(everyone.counts).toMatchObject({ new: 1, quoted: 2, accepted: 1 })
  expect(everyone.total).toBe(4)
  // A status filter leaves the chips as the search alone makes them.
  const accepted = await listOrderBook(db, { ...all, q: 'priya', status: 'accepted' }, '2026-11-26')
  expect(accepted.rows.map((row) => row.id)).toEqual([priyaSoon])
  expect(accepted.counts).toEqual(priya.counts)

  const names = async (q: string) =>
    (await listOrderBook(db, { ...all, q })).rows.map((row) => row.name)
  expect(await names('zoë')).toEqual(['Zoë 100% Sweet'])
  expect(await names('ZOë 1')).toEqual(['Zoë 100% Sweet'])
  expect(await names('ë 100% s')).toEqual(['Zoë 100% Sweet'])
  expect(await names('zoé')).toEqual([])
  expect(await names('\\')).toEqual([])
  expect(await names('mar_us')).toEqual([])
  expect(ids).toContain(marcus)
})

test('a search counts up to its limit and says "more than" past it; the whole book and a date range always count', async () => {
  const { db, ids } = await openBook()
  const [priyaLate, priyaSoon, , zoe] = ids as [number, number, number, number]
  await quoteFor(db, priyaLate)
  await quoteFor(db, zoe)
  await db
    .updateTable('request_quote')
    .set({ accepted_at: NOW + 1000 })
    .where('request_id', '=', zoe)
    .execute()
  const list = (filters: Partial<OrderFilters>, countLimit: number) =>
    listOrderBook(db, { ...all, ...filters }, '2026-11-26', { countLimit })

  // Every email is at example.com: four matches, counted up to a limit of four.
  const atLimit = await list({ q: 'example' }, 4)
  expect(atLimit).toMatchObject({ total: 4, matching: 4 })
  expect(atLimit.counts).toMatchObject({ new: 2, quoted: 1, accepted: 1 })

  // Past the limit nothing is counted, and the list itself is whole.
  const past = await list({ q: 'example' }, 3)
  expect(past).toMatchObject({ counts: null, total: null, matching: null, hasMore: false })
  expect(past.rows.map((row) => row.id)).toEqual([...ids].reverse())
  expect(past.rows.find((row) => row.id === zoe)?.state).toBe('accepted')

  // A status under an uncounted search counts its own rows, up to the same limit.
  const quoted = await list({ q: 'example', status: 'quoted' }, 3)
  expect(quoted).toMatchObject({ counts: null, matching: 1 })
  expect(quoted.rows.map((row) => row.id)).toEqual([priyaLate])
  const accepted = await list({ q: 'example', status: 'accepted' }, 3)
  expect(accepted).toMatchObject({ counts: null, matching: 1 })
  expect(accepted.rows.map((row) => row.id)).toEqual([zoe])
  const unnumbered = await list({ q: 'example', status: 'new' }, 1)
  expect(unnumbered.matching).toBeNull()
  expect(unnumbered.rows.map((row) => row.id)).toEqual([ids[2], priyaSoon])

  // The whole book and a date range count exactly, whatever the limit.
  expect(await list({}, 1)).toMatchObject({ total: 4, matching: 4 })
  expect(await list({ from: '2026-12-01', to: '2026-12-31' }, 1)).toMatchObject({
    total: 4,
    matching: 4,
  })
})

test('the search follows the book: a renamed or erased customer is found by what she is now', async () => {
  const { db, ids } = await openBook()
  const names = async (q: string) =>
    (await listOrderBook(db, { ...all, q })).rows.map((row) => row.name)
  await db
    .updateTable('order_request')
    .set({ name: 'Marcus Okafor' })
    .where('id', '=', ids[2]!)
    .execute()
  expect(await names('okafor')).toEqual(['Marcus Okafor'])
  expect(await names('marcus lee')).toEqual([])
  await db.deleteFrom('order_request').where('id', '=', ids[2]!).execute()
  expect(await names('marcus')).toEqual([])
  expect(await names('priya')).toEqual(['Priya Sharma', 'Priya Sharma'])
})

test('the chips’ counts follow every send, move and erasure, as a count of the book would', async () => {
  const { db, ids } = await openBook()
  const [priyaLate, priyaSoon, marcus] = ids as [number, number, number, number]
  // What the chips say, beside the book counted row by row.
  const chips = async () => (await listOrderBook(db, all, '2026-11-23')).counts!
  const counted = async () => {
    const rows = await db.selectFrom('order_request').select('status').execute()
    const counts = Object.fromEntries(Object.keys(await chips()).map((state) => [state, 0]))
    for (const { status } of rows) counts[status]! += 1
    return counts
  }
  expect(await chips()).toEqual(await counted())
  expect((await chips()).new).toBe(4)

  await db.transaction().execute(async (trx) => {
    await quoteRequest(trx, {
      requestId: priyaLate,
      quote: {
        priceCents: 9000,
        depositCents: 0,
        depositDue: null,
        paymentInstructions: '',
        message: '',
        expiresInDays: 3,
      },
      now: NOW,
    })
    await moveRequest(trx, { requestId: marcus, to: 'declined', actor: 'owner', now: NOW })
  })
  // A write that leaves the status as it was moves no count.
  await db
    .updateTable('order_request')
    .set({ name: 'Priya S.' })
    .where('id', '=', priyaSoon)
    .execute()
  expect(await chips()).toMatchObject({ new: 2, quoted: 1, declined: 1 })
  expect(await chips()).toEqual(await counted())

  await db.deleteFrom('order_request').where('id', 'in', [marcus, priyaSoon]).execute()
  expect(await chips()).toMatchObject({ new: 1, quoted: 1, declined: 0 })
  expect(await chips()).toEqual(await counted())
})
