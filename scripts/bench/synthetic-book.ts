/**
 * A synthetic order book of any size, for measuring how the owner's pages
 * grow with it: sends of one to three requests spread over three years
 * before today and four months after, each with the life a real request
 * has (its status, quote, payments, timeline and emails). Written straight
 * into the tables in batches, each batch of sends in one transaction, so a
 * book of 100,000 requests takes seconds, not the hours the site's own
 * functions would. Deterministic: the same size and today make the same book.
 */
import type { Insertable } from 'kysely'
import type { Db } from '#app/db/db.server.ts'
import type { Database, RequestStatus } from '#app/db/schema.ts'
import {
  DAY_MS,
  FIRST_NAMES,
  LAST_NAMES,
  MAX_LEAD_DAYS,
  PAST_DAYS,
  PATH,
  PRODUCTS,
  type Random,
  THEMES,
  emailPayload,
  isoDay,
  randomFrom,
  statusFor,
  weighted,
  withinCapacity,
} from './synthetic-life.ts'

/** Requests written per transaction: a few thousand rows across the tables, well under either database's parameter limit per statement. */
const REQUESTS_PER_CHUNK = 1000
/** Rows per insert statement: 1,000 × ~20 columns stays under SQLite's 32,766 parameters. */
const ROWS_PER_INSERT = 1000

export interface SyntheticBook {
  requests: number
  /** A request with a quote, payments and a long timeline: the order page to measure. */
  sampleRequestId: number | null
  rows: Record<'batches' | 'events' | 'quotes' | 'payments' | 'emails', number>
  ms: number
}

async function insertAll<T extends keyof Database>(
  db: Db,
  table: T,
  rows: readonly Insertable<Database[T]>[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += ROWS_PER_INSERT) {
    await db
      .insertInto(table)
      .values(rows.slice(start, start + ROWS_PER_INSERT) as never)
      .execute()
  }
}

interface Send {
  sentAt: number
  size: number
  customer: { name: string; email: string }
}
interface Life {
  sentAt: number
  status: RequestStatus
  dueDate: string
  price: number
}

/** What stays the same across the book's chunks: its clock, its random numbers, its full days. */
interface Book {
  random: Random
  now: number
  today: string
  heldByDay: Map<string, number>
  firstSentAt: number
  step: number
  rows: SyntheticBook['rows']
  sampleRequestId: number | null
  sampleEvents: number
}

/** The chunk's sends: one to three requests each, from one customer. */
function planSends(book: Book, written: number, chunk: number): Send[] {
  const { random } = book
  const sends: Send[] = []
  for (let planned = 0; planned < chunk;) {
    const size = Math.min(
      weighted(random, [
        [1, 6],
        [2, 3],
        [3, 1],
      ] as const),
      chunk - planned,
    )
    const first = random.pick(FIRST_NAMES)
    const last = random.pick(LAST_NAMES)
    const number = written + planned
    sends.push({
      sentAt: Math.round(book.firstSentAt + (written + planned) * book.step),
      size,
      customer: {
        name: `${first} ${last}`,
        email: `${first}.${last}.${number}@example.com`
          .normalize('NFD')
          .replace(/[^\w.@-]/g, '')
          .toLowerCase(),
      },
    })
    planned += size
  }
  return sends
}

async function insertBatches(trx: Db, book: Book, sends: readonly Send[]): Promise<number[]> {
  const { now } = book
  return (
    await trx
      .insertInto('order_batch')
      .values(
        sends.map((send) => ({
          created_at: new Date(send.sentAt).toISOString(),
          order_count: send.size,
          handled_at:
            send.sentAt < now - 7 * DAY_MS ? new Date(send.sentAt + DAY_MS).toISOString() : null,
          accepted_policies: 'Deposits: 50% holds your date.',
        })),
      )
      .returning('id')
      .execute()
  ).map((row) => Number(row.id))
}

/** One request of a send, as the order form would have written it, and the life it goes on to have. */
function planRequest(
  book: Book,
  send: Send,
  batchId: number,
  position: number,
): { row: Insertable<Database['order_request']>; life: Life } {
  const { random } = book
  const product = random.pick(PRODUCTS)
  const dueMs = send.sentAt + random.int(5, MAX_LEAD_DAYS) * DAY_MS
  const dueDate = isoDay(dueMs)
  const status = withinCapacity(
    random,
    book.heldByDay,
    dueDate,
    product.effort,
    statusFor(random, dueDate < book.today),
  )
  const row: Insertable<Database['order_request']> = {
    batch_id: batchId,
    position,
    name: send.customer.name,
    email: send.customer.email,
    phone_number: `416555${String(random.int(0, 9999)).padStart(4, '0')}`,
    product_type: product.name,
    event_theme: random.pick(THEMES),
    due_date: dueDate,
    hear_about_us: random.pick(['Instagram', 'A friend', 'Google', 'Facebook']),
    comments: random.next() < 0.4 ? 'Could the writing be in gold, please?' : null,
    status,
    effort: product.effort,
    servings: String(random.int(8, 60)),
    allergies: random.next() < 0.15 ? 'No nuts' : null,
    fulfilment: random.next() < 0.8 ? 'pickup' : 'delivery',
    customer_token: `${batchId.toString(36)}-${position}-${random.next().toString(36).slice(2)}${random.next().toString(36).slice(2)}`,
    deposit_waived: random.next() < 0.05 ? 1 : 0,
    decline_reason: status === 'declined' ? 'We are fully booked that week.' : null,
  }
  return { row, life: { sentAt: send.sentAt, status, dueDate, price: random.int(40, 400) * 100 } }
}

/** The owner's news of the send and the customer's confirmation. */
function sendEmails(send: Send, batchId: number): Insertable<Database['outbox']>[] {
  const delivered = {
    status: 'sent' as const,
    attempts: 1,
    created_at: send.sentAt,
    next_attempt_at: send.sentAt,
    sent_at: send.sentAt + 2_000,
  }
  return [
    {
      topic: 'order_batch',
      subject_id: batchId,
      payload: emailPayload(`New order request from ${send.customer.name}`, undefined),
      ...delivered,
    },
    {
      topic: 'request_confirmation',
      subject_id: batchId,
      payload: emailPayload('We have your request', {
        name: send.customer.name,
        address: send.customer.email,
      }),
      ...delivered,
    },
  ]
}

async function insertRequests(
  trx: Db,
  requestRows: readonly Insertable<Database['order_request']>[],
): Promise<number[]> {
  const requestIds: number[] = []
  for (let start = 0; start < requestRows.length; start += ROWS_PER_INSERT) {
    const inserted = await trx
      .insertInto('order_request')
      .values(requestRows.slice(start, start + ROWS_PER_INSERT))
      .returning('id')
      .execute()
    requestIds.push(...inserted.map((row) => Number(row.id)))
  }
  return requestIds
}

interface History {
  events: Insertable<Database['request_event']>[]
  quotes: Insertable<Database['request_quote']>[]
  payments: Insertable<Database['payment']>[]
  emails: Insertable<Database['outbox']>[]
}

/** What one step of a request's path leaves besides its event: a quote and its email, or a payment. */
function recordStep(
  book: Book,
  history: History,
  life: Life,
  requestId: number,
  to: RequestStatus,
  at: number,
): void {
  if (to === 'quoted') {
    const deposit = Math.round(life.price / 2)
    const accepted = life.status !== 'quoted' || book.random.next() < 0.5
    history.quotes.push({
      request_id: requestId,
      created_at: at,
      price_cents: life.price,
      deposit_cents: deposit,
      deposit_due: isoDay(at + 5 * DAY_MS),
      payment_instructions: 'e-Transfer to hello@butterandbloom.example',
      message: 'Here is your quote; the deposit holds your date.',
      expires_at: at + 3 * DAY_MS,
      accepted_at: life.status === 'expired' || !accepted ? null : at + DAY_MS,
      declined_at: null,
    })
    history.emails.push({
      topic: 'request_update',
      subject_id: requestId,
      payload: emailPayload('Your quote from Butter & Bloom', {
        name: 'Customer',
        address: 'customer@example.com',
      }),
      status: 'sent',
      attempts: 1,
      created_at: at,
      next_attempt_at: at,
      sent_at: at + 2_000,
    })
  }
  if (to === 'confirmed') {
    history.payments.push({
      request_id: requestId,
      amount_cents: Math.round(life.price / 2),
      received_on: isoDay(at),
      method: 'e-Transfer',
      created_at: at,
    })
  }
  if (to === 'completed') {
    history.payments.push({
      request_id: requestId,
      amount_cents: life.price - Math.round(life.price / 2),
      received_on: isoDay(at),
      method: 'Cash',
      created_at: at,
    })
  }
}

/** A request's timeline from new to its status, with what each step left behind. */
function liveRequest(book: Book, history: History, life: Life, requestId: number): void {
  const path = PATH[life.status]
  // The steps fall between the send and the due date (or today).
  const end = Math.min(Date.parse(`${life.dueDate}T18:00:00Z`), book.now)
  const stepMs = Math.max(60_000, (end - life.sentAt) / (path.length + 1))
  history.events.push({
    request_id: requestId,
    at: life.sentAt,
    from_status: null,
    to_status: 'new',
    actor: 'site',
    note: null,
  })
  let from: RequestStatus = 'new'
  path.forEach((to, stepIndex) => {
    const at = Math.round(life.sentAt + stepMs * (stepIndex + 1))
    history.events.push({
      request_id: requestId,
      at,
      from_status: from,
      to_status: to,
      actor: to === 'expired' ? 'site' : to === 'confirmed' ? 'customer' : 'owner',
      note: to === 'declined' ? 'Fully booked' : null,
    })
    recordStep(book, history, life, requestId, to, at)
    from = to
  })
  // The newest of the longest lives still open: what the owner opens most.
  if (path.length + 1 >= book.sampleEvents && life.status !== 'completed') {
    book.sampleEvents = path.length + 1
    book.sampleRequestId = requestId
  }
}

/** One chunk of the book, in one transaction: its sends, their requests and everything after. */
async function writeChunk(trx: Db, book: Book, written: number, chunk: number): Promise<void> {
  const sends = planSends(book, written, chunk)
  const batchIds = await insertBatches(trx, book, sends)
  book.rows.batches += sends.length

  const requestRows: Insertable<Database['order_request']>[] = []
  const lives: Life[] = []
  const history: History = { events: [], quotes: [], payments: [], emails: [] }
  sends.forEach((send, index) => {
    const batchId = batchIds[index]!
    for (let position = 0; position < send.size; position++) {
      const { row, life } = planRequest(book, send, batchId, position)
      requestRows.push(row)
      lives.push(life)
    }
    history.emails.push(...sendEmails(send, batchId))
  })
  const requestIds = await insertRequests(trx, requestRows)

  lives.forEach((life, index) => liveRequest(book, history, life, requestIds[index]!))
  await insertAll(trx, 'request_event', history.events)
  await insertAll(trx, 'request_quote', history.quotes)
  await insertAll(trx, 'payment', history.payments)
  await insertAll(trx, 'outbox', history.emails)
  book.rows.events += history.events.length
  book.rows.quotes += history.quotes.length
  book.rows.payments += history.payments.length
  book.rows.emails += history.emails.length
}

/**
 * Writes `requests` order requests (and their sends, quotes, payments,
 * timeline events and outbox emails) into a migrated, otherwise empty
 * database whose menu is seeded. `today` is the bakery's today.
 */
export async function seedSyntheticBook(
  db: Db,
  { requests, now = Date.now(), seed = 20 }: { requests: number; now?: number; seed?: number },
): Promise<SyntheticBook> {
  const started = Date.now()
  const book: Book = {
    random: randomFrom(seed),
    now,
    today: isoDay(now),
    heldByDay: new Map<string, number>(),
    // Oldest sends first, so ids rise with time as the site's own do.
    firstSentAt: now - PAST_DAYS * DAY_MS,
    step: requests > 0 ? (PAST_DAYS * DAY_MS) / requests : 0,
    rows: { batches: 0, events: 0, quotes: 0, payments: 0, emails: 0 },
    sampleRequestId: null,
    sampleEvents: 0,
  }
  let written = 0
  while (written < requests) {
    const chunk = Math.min(REQUESTS_PER_CHUNK, requests - written)
    await db.transaction().execute((trx) => writeChunk(trx, book, written, chunk))
    written += chunk
  }
  const { rows, sampleRequestId } = book
  return { requests, sampleRequestId, rows, ms: Date.now() - started }
}
