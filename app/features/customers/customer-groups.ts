/**
 * Her customers, made from the requests of her book (decision 107): the
 * requests sent from one email address, or with one phone number, are one
 * customer's, and so are two groups that share either. Pure; the server
 * reads the rows, this joins them.
 */
import { phoneDigits } from '#app/utils/phone-number.ts'

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

/**
 * Joins requests into customers by email (as written, whatever its case)
 * or phone (its ten digits). Union by the smaller id keeps a customer's key
 * the oldest request's, so her page's address lasts as her book grows.
 */
export function groupCustomers(rows: readonly SenderRow[]): CustomerGroup[] {
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
      const seen = firstBy.get(handle)
      if (seen === undefined) firstBy.set(handle, row.id)
      else union(seen, row.id)
    }
  }
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
function handlesOf(row: SenderRow): string[] {
  const digits = phoneDigits(row.phone_number)
  return [`email:${row.email.trim().toLowerCase()}`, ...(digits ? [`phone:${digits}`] : [])]
}

function distinct(values: string[]): string[] {
  return [...new Set(values)]
}
