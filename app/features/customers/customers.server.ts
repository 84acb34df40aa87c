/**
 * Her customer book (decision 107): every customer made from the requests
 * of her book, joined by email or phone (customer-groups.ts), with what each
 * has ordered and paid. Read only: a customer is her requests, so a change
 * to a request is the book's at once, and an erased customer is gone from
 * it with her requests' names and addresses.
 */
import type { Db } from '#app/db/db.server.ts'
import { tablesFor } from '#app/db/feature-tables.ts'
import type { RequestStatus } from '#app/db/schema.ts'
import { listSenders } from '#app/features/contact/contact-messages.server.ts'
import { type PaymentTotals, paymentTotals } from '#app/features/order-book/money.server.ts'
import { phoneDigits } from '#app/utils/phone-number.ts'
import {
  type BookCorrections,
  type CustomerGroup,
  groupCustomers,
  handlesOf,
  senderIds,
  sharedHandles,
} from './customer-groups.ts'

const ownTables = tablesFor('customers')

/** The newest requests read to make the book: far above a home bakery's lifetime of orders. */
export const BOOK_ROWS = 20_000
/** Customers a page of the book lists. */
export const CUSTOMERS_PER_PAGE = 25
/** The longest search read; longer is cut. */
const MAX_SEARCH = 100

interface BookRow {
  id: number
  name: string
  email: string
  phone_number: string
  /** When it was sent (its send's time, ISO): the book lists the latest first. */
  at: string
  product_type: string
  due_date: string
  status: RequestStatus
  allergies: string | null
  payment_reference: string | null
}

/** One customer as her book lists her. */
export interface CustomerSummary {
  key: number
  name: string
  emails: string[]
  phones: string[]
  orders: number
  /** The date of her latest order, YYYY-MM-DD; null for someone who has only written. */
  lastDate: string | null
  /** The messages she sent through the contact form. */
  messages: number
  /** What she has paid, less what was refunded, in cents. */
  paidCents: number
}

export interface CustomerList {
  customers: CustomerSummary[]
  /** How many customers the search found (all of them without one). */
  matching: number
  page: number
  pages: number
  q: string
}

/** One customer's page: who she is, each of her requests, and what she told us about allergies. */
export interface CustomerRecord extends CustomerSummary {
  requests: {
    id: number
    productType: string
    dueDate: string
    status: RequestStatus
    reference: string | null
    paidCents: number
  }[]
  /** Every allergy or dietary need she wrote, newest first, each once. */
  allergies: string[]
  /** The emails and phones that tie two or more of her orders: what may be kept apart. */
  shared: string[]
  /** Of those the owner keeps apart, the ones this customer's orders carry. */
  keptApart: string[]
  /** The joins the owner made into this customer, each by its id and its two sides' orders. */
  joined: { id: number; words: string }[]
}

/**
 * The book's page `page` (from 1), newest customer first, of those whose
 * name, email or phone holds `q`, or whose payment reference is `q`.
 */
export async function listCustomers(
  db: Db,
  { q = '', page = 1 }: { q?: string; page?: number } = {},
): Promise<CustomerList> {
  const search = q.trim().slice(0, MAX_SEARCH)
  const { rows, groups } = await readGroups(db)
  const found = groups.filter((group) => matches(group, rows, search)).sort(newestFirst(rows))
  const pages = Math.max(1, Math.ceil(found.length / CUSTOMERS_PER_PAGE))
  const shown = Math.min(Math.max(1, Math.floor(page)), pages)
  const onPage = found.slice((shown - 1) * CUSTOMERS_PER_PAGE, shown * CUSTOMERS_PER_PAGE)
  const paid = await paymentTotals(
    db,
    onPage.flatMap((group) => group.requestIds),
  )
  return {
    customers: onPage.map((group) => summaryOf(group, rows, paid)),
    matching: found.length,
    page: shown,
    pages,
    q: search,
  }
}

/** The customer one of whose requests is `requestId`, or undefined when there is none. */
export async function readCustomer(db: Db, requestId: number): Promise<CustomerRecord | undefined> {
  const { rows, groups, corrections } = await readGroups(db)
  // An id below 0 is a message's: someone who has only written.
  const group = groups.find((candidate) =>
    requestId > 0
      ? candidate.requestIds.includes(requestId)
      : candidate.messageIds.includes(-requestId),
  )
  if (!group) return undefined
  const paid = await paymentTotals(db, group.requestIds)
  const requests = group.requestIds.map((id) => rows.get(id)!).reverse()
  const senders = senderIds(group).map((id) => rows.get(id)!)
  const inGroup = (id: number) =>
    id > 0 ? group.requestIds.includes(id) : group.messageIds.includes(-id)
  return {
    ...summaryOf(group, rows, paid),
    shared: sharedHandles(senders).filter((handle) => !corrections.apart.has(handle)),
    keptApart: [...corrections.apart].filter((handle) =>
      senders.some((row) => handlesOf(row).includes(handle)),
    ),
    joined: corrections.joinRows
      .filter(({ a, b }) => inGroup(a) && inGroup(b))
      .map(({ id, a, b }) => ({
        id,
        words: `${sideOf(rows.get(a)!)} and ${sideOf(rows.get(b)!)}`,
      })),
    requests: requests.map((row) => ({
      id: row.id,
      productType: row.product_type,
      dueDate: row.due_date,
      status: row.status,
      reference: row.payment_reference,
      paidCents: paid.get(row.id)?.paidCents ?? 0,
    })),
    allergies: allergiesOf(requests),
  }
}

/**
 * The customers a typed email, phone number or order reference (BB-4821)
 * names exactly: each customer's key, and the request or message that
 * matched (the row a join ties), newest first.
 */
export async function customersNamed(
  db: Db,
  typed: string,
): Promise<{ key: number; rowId: number }[]> {
  const words = typed.trim().toLowerCase()
  if (!words) return []
  const digits = phoneDigits(typed)
  const { rows, groups } = await readGroups(db)
  return groups.flatMap((group) => {
    const rowId = senderIds(group)
      .reverse()
      .find((id) => {
        const row = rows.get(id)!
        return (
          row.email.toLowerCase() === words ||
          row.payment_reference?.toLowerCase() === words ||
          (digits !== null && phoneDigits(row.phone_number) === digits)
        )
      })
    return rowId === undefined ? [] : [{ key: group.key, rowId }]
  })
}

/** Request ids per read of their payments: far inside both databases' limits on a query's values. */
const PAYMENTS_PER_READ = 500

/** Every customer, newest first, with the allergies noted on their orders: for her download. */
export async function readEveryCustomer(
  db: Db,
): Promise<(CustomerSummary & { allergies: string[] })[]> {
  const { rows, groups } = await readGroups(db)
  const ids = groups.flatMap((group) => group.requestIds)
  const paid = new Map<number, PaymentTotals>()
  for (let from = 0; from < ids.length; from += PAYMENTS_PER_READ) {
    const some = await paymentTotals(db, ids.slice(from, from + PAYMENTS_PER_READ))
    for (const [id, totals] of some) paid.set(id, totals)
  }
  return groups.sort(newestFirst(rows)).map((group) => ({
    ...summaryOf(group, rows, paid),
    allergies: allergiesOf(group.requestIds.map((id) => rows.get(id)!).reverse()),
  }))
}

/** Every allergy or dietary need written on `requests`, in their order, each once. */
function allergiesOf(requests: readonly BookRow[]): string[] {
  return [...new Set(requests.map((row) => row.allergies?.trim() ?? '').filter(Boolean))]
}

async function readGroups(db: Db) {
  const rows = await ownTables(db)
    .selectFrom('order_request')
    .innerJoin('order_batch', 'order_batch.id', 'order_request.batch_id')
    .select([
      'order_request.id',
      'order_request.name',
      'order_request.email',
      'order_request.phone_number',
      'order_batch.created_at as at',
      'product_type',
      'due_date',
      'status',
      'allergies',
      'payment_reference',
    ])
    // An erased customer's requests keep an address at .invalid, which no one can have.
    .where('order_request.email', 'not like', '%@invalid')
    .orderBy('order_request.id', 'desc')
    .limit(BOOK_ROWS)
    .execute()
  const byId = new Map<number, BookRow>(
    rows.map((row) => [Number(row.id), { ...row, id: Number(row.id) }]),
  )
  // Who has written through the contact form, by minus the message's id (customer-groups.ts).
  for (const sender of await listSenders(db, BOOK_ROWS)) {
    byId.set(-sender.id, {
      ...sender,
      id: -sender.id,
      product_type: '',
      due_date: '',
      status: 'new',
      allergies: null,
      payment_reference: null,
    })
  }
  const corrections = await readCorrections(db)
  return { rows: byId, groups: groupCustomers([...byId.values()], corrections), corrections }
}

/** Her corrections to the book (decision 112), each join with its id for her Undo. */
async function readCorrections(
  db: Db,
): Promise<BookCorrections & { joinRows: { id: number; a: number; b: number }[] }> {
  const joins = await ownTables(db)
    .selectFrom('customer_join')
    .select(['id', 'request_a', 'request_b'])
    .orderBy('id')
    .execute()
  const apart = await ownTables(db).selectFrom('customer_apart').select('handle').execute()
  const joinRows = joins.map((join) => ({
    id: Number(join.id),
    a: Number(join.request_a),
    b: Number(join.request_b),
  }))
  return {
    joins: joinRows.map(({ a, b }) => [a, b] as const),
    joinRows,
    apart: new Set(apart.map((row) => row.handle)),
  }
}

/** One side of a join as her page names it: 'Ana Costa (ana@example.com)'. */
function sideOf(row: BookRow): string {
  return `${row.name} (${row.email.toLowerCase()})`
}

/** The customer who sent or wrote most lately first; of sends at one moment, the later request. */
function newestFirst(rows: ReadonlyMap<number, BookRow>) {
  const latest = (group: CustomerGroup) =>
    senderIds(group).reduce((at, id) => {
      const sent = rows.get(id)!.at
      return sent > at ? sent : at
    }, '')
  const lastRequest = (group: CustomerGroup) => group.requestIds.at(-1) ?? 0
  return (a: CustomerGroup, b: CustomerGroup) =>
    latest(b).localeCompare(latest(a)) || lastRequest(b) - lastRequest(a)
}

function matches(group: CustomerGroup, rows: Map<number, BookRow>, search: string): boolean {
  if (!search) return true
  const words = search.toLowerCase()
  const digits =
    phoneDigits(search) ?? (/^[\d\s().+-]{4,}$/.test(search) ? search.replace(/\D/g, '') : null)
  return senderIds(group).some((id) => {
    const row = rows.get(id)!
    return (
      row.name.toLowerCase().includes(words) ||
      row.email.toLowerCase().includes(words) ||
      row.payment_reference?.toLowerCase() === words ||
      (digits !== null && row.phone_number.replace(/\D/g, '').includes(digits))
    )
  })
}

function summaryOf(
  group: CustomerGroup,
  rows: Map<number, BookRow>,
  paid: ReadonlyMap<number, PaymentTotals>,
): CustomerSummary {
  const dates = group.requestIds.map((id) => rows.get(id)!.due_date)
  return {
    key: group.key,
    name: group.name,
    emails: group.emails,
    phones: group.phones,
    orders: group.requestIds.length,
    lastDate: dates.reduce<string | null>(
      (latest, date) => (latest === null || date > latest ? date : latest),
      null,
    ),
    messages: group.messageIds.length,
    paidCents: group.requestIds.reduce((sum, id) => sum + (paid.get(id)?.paidCents ?? 0), 0),
  }
}
