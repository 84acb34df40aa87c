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

/** Requests written per transaction: a few thousand rows across the tables, well under either database's parameter limit per statement. */
const REQUESTS_PER_CHUNK = 1000
/** Rows per insert statement: 1,000 × ~20 columns stays under SQLite's 32,766 parameters. */
const ROWS_PER_INSERT = 1000

const DAY_MS = 86_400_000
/** How far back the book's sends go, and how far ahead their dates. */
const PAST_DAYS = 3 * 365
const MAX_LEAD_DAYS = 120

const FIRST_NAMES = [
  'Priya',
  'Marcus',
  'Zoë',
  'José',
  'Renée',
  'Łukasz',
  'Søren',
  'Chloé',
  'Nguyễn',
  'Aisha',
  'Emily',
  'Liam',
  'Olivia',
  'Noah',
  'Ava',
  'Mateo',
  'Sofia',
  'Ethan',
  'Maya',
  'Lucas',
  'Hannah',
  'Omar',
  'Grace',
  'Daniel',
]
const LAST_NAMES = [
  'Sharma',
  'Lee',
  'García',
  'Müller',
  'O’Brien',
  'Nováková',
  'Smith',
  'Brown',
  'Wilson',
  'Tremblay',
  'Roy',
  'Gagnon',
  'Côté',
  'Martin',
  'Chen',
  'Singh',
  'Patel',
  'Nguyen',
  'Kowalski',
  'Johansson',
]
const THEMES = [
  'Unicorn birthday',
  'Baby shower, pastel',
  'Wedding, white and gold',
  'Graduation',
  'Dinosaur party',
  'Retirement',
  'Anniversary, 25 years',
  'Gender reveal',
  'Christmas',
  'Just because',
]
const PRODUCTS = [
  { name: 'Cakes', effort: 2 },
  { name: 'Cupcakes', effort: 1 },
  { name: 'Chocolate Covered Strawberries', effort: 1 },
  { name: 'Cake Pops', effort: 1 },
  { name: 'Smash Cakes', effort: 1 },
  { name: 'Other', effort: 1 },
]

/** A small seeded generator (mulberry32): the same book every run. */
function randomFrom(seed: number) {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]!,
  }
}
type Random = ReturnType<typeof randomFrom>

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/** Weighted choice: [value, weight][]. */
function weighted<T>(random: Random, choices: readonly (readonly [T, number])[]): T {
  const total = choices.reduce((sum, [, weight]) => sum + weight, 0)
  let roll = random.next() * total
  for (const [value, weight] of choices) {
    roll -= weight
    if (roll < 0) return value
  }
  return choices.at(-1)![0]
}

/** Past dates are mostly done with; future ones are still being worked on. */
function statusFor(random: Random, dueInPast: boolean): RequestStatus {
  return dueInPast
    ? weighted(random, [
        ['completed', 62],
        ['expired', 11],
        ['declined', 9],
        ['cancelled', 6],
        ['confirmed', 5],
        ['ready', 2],
        ['quoted', 2],
        ['new', 3],
      ])
    : weighted(random, [
        ['new', 30],
        ['quoted', 25],
        ['confirmed', 32],
        ['ready', 3],
        ['declined', 5],
        ['cancelled', 3],
        ['expired', 2],
      ])
}

/**
 * Effort a day of the book holds at most. The site refuses a send for a full
 * day, so a real book never holds (or completed) more than its capacity on
 * one date, however many requests it has: a book of 100,000 over three
 * years turned most of them away, and each day's bake list stays a day's.
 */
const DAILY_CAPACITY = 12
/** What became of a request its day had no room for. */
const TURNED_AWAY: readonly (readonly [RequestStatus, number])[] = [
  ['declined', 6],
  ['expired', 3],
  ['cancelled', 1],
]
const TAKES_ROOM = new Set<RequestStatus>(['new', 'quoted', 'confirmed', 'ready', 'completed'])

/** `status`, unless the day is full: then one of the statuses that hold nothing. */
function withinCapacity(
  random: Random,
  heldByDay: Map<string, number>,
  dueDate: string,
  effort: number,
  status: RequestStatus,
): RequestStatus {
  if (!TAKES_ROOM.has(status)) return status
  const held = heldByDay.get(dueDate) ?? 0
  if (held + effort > DAILY_CAPACITY) return weighted(random, TURNED_AWAY)
  heldByDay.set(dueDate, held + effort)
  return status
}

/** The path a request took to its status, after arriving as new. */
const PATH: Record<RequestStatus, RequestStatus[]> = {
  new: [],
  quoted: ['quoted'],
  confirmed: ['quoted', 'confirmed'],
  ready: ['quoted', 'confirmed', 'ready'],
  completed: ['quoted', 'confirmed', 'ready', 'completed'],
  declined: ['declined'],
  cancelled: ['quoted', 'confirmed', 'cancelled'],
  expired: ['quoted', 'expired'],
}

function emailPayload(subject: string, to: { name: string; address: string } | undefined) {
  const text = `${subject}\n\nThank you for thinking of Butter & Bloom. Your request is in our book; we read every one and answer within two days.\n`
  return JSON.stringify({
    subject,
    text,
    html: `<p>${subject}</p><p>Thank you for thinking of Butter &amp; Bloom. Your request is in our book; we read every one and answer within two days.</p>`,
    ...(to ? { to } : {}),
    emailjs: { call: 'send', template: to ? 'customer' : 'order', templateParams: { subject } },
  })
}

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
  const random = randomFrom(seed)
  const today = isoDay(now)
  const rows = { batches: 0, events: 0, quotes: 0, payments: 0, emails: 0 }
  const heldByDay = new Map<string, number>()
  let written = 0
  let sampleRequestId: number | null = null
  let sampleEvents = 0
  // Oldest sends first, so ids rise with time as the site's own do.
  const firstSentAt = now - PAST_DAYS * DAY_MS
  const step = requests > 0 ? (PAST_DAYS * DAY_MS) / requests : 0

  while (written < requests) {
    const chunk = Math.min(REQUESTS_PER_CHUNK, requests - written)
    await db.transaction().execute(async (trx) => {
      // The chunk's sends: one to three requests each, from one customer.
      const sends: { sentAt: number; size: number; customer: { name: string; email: string } }[] =
        []
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
          sentAt: Math.round(firstSentAt + (written + planned) * step),
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
      const batchIds = (
        await trx
          .insertInto('order_batch')
          .values(
            sends.map((send) => ({
              created_at: new Date(send.sentAt).toISOString(),
              order_count: send.size,
              handled_at:
                send.sentAt < now - 7 * DAY_MS
                  ? new Date(send.sentAt + DAY_MS).toISOString()
                  : null,
              accepted_policies: 'Deposits: 50% holds your date.',
            })),
          )
          .returning('id')
          .execute()
      ).map((row) => Number(row.id))
      rows.batches += sends.length

      const requestRows: Insertable<Database['order_request']>[] = []
      const lives: { sentAt: number; status: RequestStatus; dueDate: string; price: number }[] = []
      const emails: Insertable<Database['outbox']>[] = []
      sends.forEach((send, index) => {
        const batchId = batchIds[index]!
        for (let position = 0; position < send.size; position++) {
          const product = random.pick(PRODUCTS)
          const dueMs = send.sentAt + random.int(5, MAX_LEAD_DAYS) * DAY_MS
          const dueDate = isoDay(dueMs)
          const status = withinCapacity(
            random,
            heldByDay,
            dueDate,
            product.effort,
            statusFor(random, dueDate < today),
          )
          requestRows.push({
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
          })
          lives.push({ sentAt: send.sentAt, status, dueDate, price: random.int(40, 400) * 100 })
        }
        // The owner's news of the send and the customer's confirmation.
        const delivered = {
          status: 'sent' as const,
          attempts: 1,
          created_at: send.sentAt,
          next_attempt_at: send.sentAt,
          sent_at: send.sentAt + 2_000,
        }
        emails.push(
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
        )
      })
      const requestIds: number[] = []
      for (let start = 0; start < requestRows.length; start += ROWS_PER_INSERT) {
        const inserted = await trx
          .insertInto('order_request')
          .values(requestRows.slice(start, start + ROWS_PER_INSERT))
          .returning('id')
          .execute()
        requestIds.push(...inserted.map((row) => Number(row.id)))
      }

      const events: Insertable<Database['request_event']>[] = []
      const quotes: Insertable<Database['request_quote']>[] = []
      const payments: Insertable<Database['payment']>[] = []
      lives.forEach((life, index) => {
        const requestId = requestIds[index]!
        const path = PATH[life.status]
        // The steps fall between the send and the due date (or today).
        const end = Math.min(Date.parse(`${life.dueDate}T18:00:00Z`), now)
        const stepMs = Math.max(60_000, (end - life.sentAt) / (path.length + 1))
        events.push({
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
          events.push({
            request_id: requestId,
            at,
            from_status: from,
            to_status: to,
            actor: to === 'expired' ? 'site' : to === 'confirmed' ? 'customer' : 'owner',
            note: to === 'declined' ? 'Fully booked' : null,
          })
          if (to === 'quoted') {
            const deposit = Math.round(life.price / 2)
            const accepted = life.status !== 'quoted' || random.next() < 0.5
            quotes.push({
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
            emails.push({
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
            payments.push({
              request_id: requestId,
              amount_cents: Math.round(life.price / 2),
              received_on: isoDay(at),
              method: 'e-Transfer',
              created_at: at,
            })
          }
          if (to === 'completed') {
            payments.push({
              request_id: requestId,
              amount_cents: life.price - Math.round(life.price / 2),
              received_on: isoDay(at),
              method: 'Cash',
              created_at: at,
            })
          }
          from = to
        })
        // The newest of the longest lives still open: what the owner opens most.
        if (path.length + 1 >= sampleEvents && life.status !== 'completed') {
          sampleEvents = path.length + 1
          sampleRequestId = requestId
        }
      })
      await insertAll(trx, 'request_event', events)
      await insertAll(trx, 'request_quote', quotes)
      await insertAll(trx, 'payment', payments)
      await insertAll(trx, 'outbox', emails)
      rows.events += events.length
      rows.quotes += quotes.length
      rows.payments += payments.length
      rows.emails += emails.length
    })
    written += chunk
  }
  return { requests, sampleRequestId, rows, ms: Date.now() - started }
}
