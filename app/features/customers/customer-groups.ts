/**
 * Her customers, made from the requests of her book and the messages sent
 * through her contact form (decision 107): those sent from one email
 * address, or with one phone number, are one customer's, and so are two
 * groups that share either. Pure; the server reads the rows, this joins them.
 */
import { formatPhoneNumber, phoneDigits } from '#app/utils/phone-number.ts'

/** The few fields of a request or a message that say who sent it. */
export interface SenderRow {
  /** A request's id; a contact message's id below 0 (message 7 is -7). */
  id: number
  name: string
  email: string
  phone_number: string
}

/** One customer: her requests' and messages' ids, oldest first, and how she is reached. */
export interface CustomerGroup {
  /**
   * The oldest of her requests, or for someone who has only written, her
   * oldest message below 0: her page's address (customerPath).
   */
  key: number
  requestIds: number[]
  messageIds: number[]
  /** The name on her newest request, or her newest message when she has no request. */
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
  // Her oldest request leads; a message leads only a customer with no request.
  const rank = (id: number) => (id > 0 ? id : 2 ** 40 - id)
  const union = (a: number, b: number) => {
    const [rootA, rootB] = [find(a), find(b)]
    if (rootA === rootB) return
    if (rank(rootA) < rank(rootB)) parent.set(rootB, rootA)
    else parent.set(rootA, rootB)
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
  for (const row of [...rows].sort((a, b) => rank(a.id) - rank(b.id))) {
    const root = find(row.id)
    const members = groups.get(root)
    if (members) members.push(row)
    else groups.set(root, [row])
  }
  return [...groups.entries()].map(([key, members]) => {
    // Her requests newest first, then her messages newest first.
    const requests = members.filter((member) => member.id > 0)
    const messages = members.filter((member) => member.id < 0)
    const newestFirst = [...requests.reverse(), ...messages.reverse()]
    return {
      key,
      requestIds: members.flatMap((member) => (member.id > 0 ? [member.id] : [])),
      messageIds: members.flatMap((member) => (member.id < 0 ? [-member.id] : [])),
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
 * The handles that tie rows sent under two or more names together (Ana and
 * Bea on the family's number), most used first: what she may keep apart
 * when they are two people. One person's own address, however often she
 * used it, is never offered.
 */
export function sharedHandles(members: readonly SenderRow[]): string[] {
  const names = new Map<string, Set<string>>()
  for (const row of members) {
    for (const handle of handlesOf(row)) {
      const known = names.get(handle) ?? new Set<string>()
      known.add(row.name.trim().toLowerCase())
      names.set(handle, known)
    }
  }
  return [...names].filter(([, named]) => named.size > 1).map(([handle]) => handle)
}

/** A handle as her page writes it: the address, or the number as people write it. */
export function handleWords(handle: string): string {
  const [kind, value = ''] = handle.split(/:(.*)/s)
  return kind === 'phone' ? formatPhoneNumber(value) : value
}

/** A customer's page: /admin/customers/12 by her oldest request, /admin/customers/m7 by a message. */
export function customerPath(key: number): string {
  return key > 0 ? `/admin/customers/${key}` : `/admin/customers/m${-key}`
}

/** Every row a customer is made of, as the rows are keyed: her requests' ids, her messages' below 0. */
export function senderIds(group: Pick<CustomerGroup, 'requestIds' | 'messageIds'>): number[] {
  return [...group.requestIds, ...group.messageIds.map((id) => -id)]
}

/** The longest email, number or reference her join field reads (decision 112). */
export const JOIN_TYPED_MAX = 120
