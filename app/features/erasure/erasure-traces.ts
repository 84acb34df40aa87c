/**
 * What names or reaches an erased customer in the words the site keeps
 * (emails, the owner's digests, payment and refund notes), and those words
 * without her. Pure: erase-customer.server.ts reads and writes.
 */
import { escapeHtml } from '#app/features/mail/html.ts'

export const ERASED_NAME = 'Erased customer'

/** What names or reaches her: found in emails, replaced in the owner's digests. */
export interface Traces {
  address: string
  tokens: string[]
  /** Her names, as she typed them on each request and message. */
  names: string[]
  /** Her phone numbers, allergies and delivery address: shown in the owner's emails beside her name. */
  details: string[]
}

export function tracesOf(
  address: string,
  records: readonly {
    name: string
    phone_number: string
    allergies?: string | null
    customer_token?: string | null
    delivery_street?: string | null
    delivery_postal_code?: string | null
    delivery_notes?: string | null
  }[],
): Traces {
  const distinct = (values: (string | null | undefined)[]) => [
    ...new Set(values.map((value) => value?.trim() ?? '').filter((value) => value.length >= 2)),
  ]
  return {
    address,
    tokens: distinct(records.map((record) => record.customer_token)),
    names: distinct(records.map((record) => record.name)),
    details: distinct(
      records.flatMap((record) => [
        record.phone_number,
        record.allergies,
        record.delivery_street,
        record.delivery_postal_code,
        record.delivery_notes,
      ]),
    ),
  }
}

/**
 * Her requests' and messages' own emails, the owner's email of each send she
 * was in (a send shared with another customer, a gift, names both and goes;
 * the other customer's confirmation stays), and any other email that
 * carries her address or private link.
 */
export function isAboutHer(
  row: { topic: string; subjectId: number; payload: string },
  {
    requestIds,
    batchIds,
    messageIds,
    giftCardIds = [],
    traces,
  }: {
    requestIds: number[]
    batchIds: number[]
    messageIds: number[]
    /** The gift cards she bought or was given: their emails name her. */
    giftCardIds?: number[]
    traces: Traces
  },
): boolean {
  const subject = row.subjectId
  if (
    row.topic === 'request_update' ||
    row.topic === 'request_reminder' ||
    row.topic === 'payment_notice'
  ) {
    if (requestIds.includes(subject)) return true
  }
  if (row.topic === 'order_batch' && batchIds.includes(subject)) return true
  if (row.topic === 'contact_message' && messageIds.includes(subject)) return true
  if (row.topic === 'gift_card' && giftCardIds.includes(subject)) return true
  return (
    wholeAddress(traces.address).test(row.payload) ||
    traces.tokens.some((token) => row.payload.includes(token))
  )
}

/** Her address and not one it ends or starts: erasing n@example.com leaves erin@example.com. */
function wholeAddress(address: string): RegExp {
  return new RegExp(`(?<![\\w.%+-])${escapeRegExp(address)}(?![\\w-]|\\.\\w)`, 'i')
}

/**
 * A digest without her: her name becomes "Erased customer" and her phone
 * and allergies go, in the text, the HTML (as escaped there) and the EmailJS
 * parameters alike; the other customers' lines stay as they were.
 */
export function scrubPayload(payload: string, traces: Traces): string {
  let email: unknown
  try {
    email = JSON.parse(payload)
  } catch {
    // Unreadable, so unsendable and unreadable by anyone: nothing to keep.
    return '{}'
  }
  const scrubbed = JSON.stringify(
    scrubStrings(email, (text, key) => scrubText(text, traces, { html: key === 'html' })),
  )
  return scrubbed === JSON.stringify(email) ? payload : scrubbed
}

function scrubStrings(
  value: unknown,
  scrub: (text: string, key: string) => string,
  key = '',
): unknown {
  if (typeof value === 'string') return scrub(value, key)
  if (Array.isArray(value)) return value.map((item) => scrubStrings(item, scrub, key))
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([name, item]) => [name, scrubStrings(item, scrub, name)]),
    )
  }
  return value
}

/** Whole words only: erasing "Al" leaves "Almond" alone. */
export function scrubText(text: string, traces: Traces, { html = false } = {}): string {
  const replacements: [string, string][] = [
    ...traces.names.map((name): [string, string] => [name, ERASED_NAME]),
    ...[traces.address, ...traces.tokens, ...traces.details].map((trace): [string, string] => [
      trace,
      '(erased)',
    ]),
  ]
  let result = text
  for (const [trace, replacement] of replacements) {
    for (const form of html ? [trace, escapeHtml(trace)] : [trace]) {
      result = result.replace(wholeWords(form), html ? escapeHtml(replacement) : replacement)
    }
  }
  return result
}

function wholeWords(text: string): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(text)}(?![\\p{L}\\p{N}])`, 'giu')
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** "Erin Walsh" → Erin Walsh, Erin, Walsh: the owner may write either. */
export function nameWords(names: readonly string[]): string[] {
  const words = names.flatMap((name) => name.split(/\s+/).filter((word) => word.length >= 2))
  // Longest first, so the whole name is replaced before its parts.
  return [...new Set([...names, ...words])].sort((a, b) => b.length - a.length)
}
