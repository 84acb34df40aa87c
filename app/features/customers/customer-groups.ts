/**
 * Her customers, made from the requests of her book (decision 107): the
 * requests sent from one email address, or with one phone number, are one
 * customer's, and so are two groups that share either. Pure; the server
 * reads the rows, this joins them.
 */
import { formatPhoneNumber, phoneDigits } from '#app/utils/phone-number.ts'

/** The few fields of a request that say who sent it. */
export interface SenderRow {
  id: number
  name: string
  email: string
  phone_number: string
}

/** One customer: her requests' ids, oldest first, and how she is reached. */
export interface CustomerGroup {
  /** The oldest of her requests: her page's address, /admin/customers/<key>. */
  key: number
  requestIds: number[]
  /** The name on her newest request. */
  name: string
  /** Every address and number she has used, newest first: a number by its ten digits when it has them. */
  emails: string[]
  phones: string[]
}

/** Her own corrections to the book (decision 112): customers she joined, handles she keeps apart. */
export interface BookCorrections {
  /** A request of each of two customers she says are one. */
  joins: readonly (readonly [number, number])[]
  /** Handles that tie no one person: 'phone:4165550101', 'email:family@example.com'. */
  apart: ReadonlySet<string>
}

export const NO_CORRECTIONS: BookCorrections = { joins: [], apart: new Set() }

/**
 * Joins requests into customers by email (as written, whatever its case)
 * or phone (its ten digits), less the handles she keeps apart, plus the
 * customers she joined by hand. Union by the smaller id keeps a customer's
 * key the oldest request's, so her page's address lasts as her book grows.
 */
export function groupCustomers(
  rows: readonly SenderRow[],
  corrections: BookCorrections = NO_CORRECTIONS,
): CustomerGroup[] {
  const parent = new Map<number, number>()
  const find = (id: number): number => {
    let root = id
    while (parent.get(root) !== root) root = parent.get(root)!
    // Paths are shortened as they are walked, so a long book stays quick.
    for (let at = id; at !== root;) {
      const next = parent.get(at)!
      parent.set(at, root)
      at = next
    }
    return root
  }
  const union = (a: number, b: number) => {
    const [rootA, rootB] = [find(a), find(b)]
    if (rootA !== rootB) parent.set(Math.max(rootA, rootB), Math.min(rootA, rootB))
  }
  const firstBy = new Map<string, number>()
  for (const row of rows) parent.set(row.id, row.id)
  for (const row of rows) {
    for (const handle of handlesOf(row)) {
      if (corrections.apart.has(handle)) continue
      const seen = firstBy.get(handle)
      if (seen === undefined) firstBy.set(handle, row.id)
      else union(seen, row.id)
    }
  }
  // A join whose request is gone from the book (erased) joins nothing.
  for (const [a, b] of corrections.joins) if (parent.has(a) && parent.has(b)) union(a, b)
  const groups = new Map<number, SenderRow[]>()
  for (const row of [...rows].sort((a, b) => a.id - b.id)) {
    const root = find(row.id)
    const members = groups.get(root)
    if (members) members.push(row)
    else groups.set(root, [row])
  }
  return [...groups.entries()].map(([key, members]) => {
    const newestFirst = [...members].reverse()
    return {
      key,
      requestIds: members.map((member) => member.id),
      name: newestFirst[0]!.name,
      emails: distinct(newestFirst.map((member) => member.email.toLowerCase())),
      // Each number once, by its digits however it was written.
      phones: distinct(
        newestFirst
          .map((member) => phoneDigits(member.phone_number) ?? member.phone_number.trim())
          .filter(Boolean),
      ),
    }
  })
}

/** What ties a request to others of the same customer: its email, its phone's digits. */
export function handlesOf(row: Pick<SenderRow, 'email' | 'phone_number'>): string[] {
  const digits = phoneDigits(row.phone_number)
  return [`email:${row.email.trim().toLowerCase()}`, ...(digits ? [`phone:${digits}`] : [])]
}

function distinct(values: string[]): string[] {
  return [...new Set(values)]
}

/**
 * The handles that tie two or more of a customer's requests together, most
 * used first: what she may keep apart when they are two people.
 */
export function sharedHandles(members: readonly SenderRow[]): string[] {
  const uses = new Map<string, number>()
  for (const row of members) {
    for (const handle of handlesOf(row)) uses.set(handle, (uses.get(handle) ?? 0) + 1)
  }
  return [...uses].filter(([, count]) => count > 1).map(([handle]) => handle)
}

/** A handle as her page writes it: the address, or the number as people write it. */
export function handleWords(handle: string): string {
  const [kind, value = ''] = handle.split(/:(.*)/s)
  return kind === 'phone' ? formatPhoneNumber(value) : value
}
