import { CALENDAR_DAY_ZONE } from '#app/utils/dates.ts'
import { bakeryDateTimeFormat } from '#app/utils/local-settings.ts'
import { formatMoney } from '#app/utils/money.ts'
import type { AlertKind } from './alert-kinds.ts'

/**
 * An alert as it is queued: what happened (its `event`, named once so it is
 * queued once however often the code around it runs), and the few words the
 * phone shows. The words carry no customer's private data beyond her first
 * name and what she asked for; the rest is on the page the alert opens.
 */
export interface OwnerAlert {
  kind: AlertKind
  /** The event's name, unique for it: 'new-request:batch:12'. */
  event: string
  title: string
  body: string
  /** The owner's page to open, a path under /admin. */
  url: string
}

/** What the service worker receives, encrypted, in a push. */
export interface AlertPayload {
  title: string
  body: string
  url: string
  /** A notification replaces an earlier one with the same tag. */
  tag: string
}

/** The request an alert is about, as the order book has it. */
export interface AlertRequest {
  id: number
  name: string
  productType: string
  /** YYYY-MM-DD */
  dueDate: string
}

/** 'Priya Sharma' → 'Priya'; a name of one word stays itself. */
export function firstName(name: string): string {
  const first = name.trim().split(/\s+/)[0] ?? ''
  return first.slice(0, 40)
}

const shortDate = () =>
  bakeryDateTimeFormat({
    timeZone: CALENDAR_DAY_ZONE,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
  })

/** '2026-12-12' → 'Sat, Dec 12'; anything else as it is. */
export function alertDate(date: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(date) ? shortDate().format(new Date(`${date}T00:00:00Z`)) : date
}

const about = (request: AlertRequest, joiner: 'from' | 'for') =>
  `${request.productType} ${joiner} ${firstName(request.name)}, ${alertDate(request.dueDate)}`

/** A send of one or more requests: one alert for the send. */
export function newRequestAlert(batchId: number, requests: readonly AlertRequest[]): OwnerAlert {
  const first = requests[0]
  if (!first) throw new Error('owner-alerts: a send without requests')
  const more = requests.length - 1
  return {
    kind: 'new-request',
    event: `new-request:batch:${batchId}`,
    title: more > 0 ? `${requests.length} new requests` : 'New request',
    body: more > 0 ? `${about(first, 'from')}, and ${more} more` : about(first, 'from'),
    url: more > 0 ? '/admin/orders' : `/admin/orders/${first.id}`,
  }
}

export function quoteAnswerAlert(
  request: AlertRequest,
  answer: 'accept' | 'decline',
  quoteId: number,
): OwnerAlert {
  return {
    kind: 'quote-answer',
    event: `quote-answer:${quoteId}`,
    title: answer === 'accept' ? 'Quote accepted' : 'Quote declined',
    body: about(request, 'for'),
    url: `/admin/orders/${request.id}`,
  }
}

export function paymentAlert(
  request: AlertRequest,
  payment: { amountCents: number; kind: 'deposit' | 'balance'; reference: string },
): OwnerAlert {
  return {
    kind: 'payment',
    event: `payment:${payment.reference}`,
    title: 'Payment received',
    body: `${formatMoney(payment.amountCents)} ${payment.kind} by card: ${about(request, 'for')}`,
    url: `/admin/orders/${request.id}`,
  }
}

export function messageAlert(messageId: number, name: string): OwnerAlert {
  return {
    kind: 'message',
    event: `message:${messageId}`,
    title: 'New message',
    body: `From ${firstName(name)}`,
    url: '/admin/inbox',
  }
}

export function depositOverdueAlert(request: AlertRequest, depositDue: string): OwnerAlert {
  return {
    kind: 'deposit-overdue',
    event: `deposit-overdue:${request.id}:${depositDue}`,
    title: 'Deposit overdue',
    body: `${about(request, 'for')}: the deposit was due ${alertDate(depositDue)}`,
    url: `/admin/orders/${request.id}`,
  }
}
