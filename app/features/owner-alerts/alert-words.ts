import { CALENDAR_DAY_ZONE } from '#app/utils/dates.ts'
import { bakeryDateTimeFormat } from '#app/utils/local-settings.ts'
import { formatMoney } from '#app/utils/money.ts'
import { partyName } from '#app/utils/party-name.ts'
import type { AlertKind } from './alert-kinds.ts'

/**
 * An alert as it is queued: what happened (its `event`, named once so it is
 * queued once however often the code around it runs), and the few words the
 * phone shows. The words carry no customer's private data beyond her first
 * name and what she asked for (each treat of a party); the rest is on the
 * page the alert opens.
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
  /**
   * For an alert about a whole party (decision 049), given by its lead:
   * every member's treat in the send's order. Absent for a request on its own.
   */
  party?: readonly string[]
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

/** The most of a party's treats an alert names; past it, the rest are counted. */
const ALERT_TREATS_MAX = 3

/**
 * What she asked for: a request's treat, or a party's treats named as its
 * emails name them ('Cakes and Cupcakes'). A lock screen has room for a few:
 * a bigger party names its first ones and counts the rest ('Cakes, Cupcakes
 * and 3 more'), never "and 1 more" where the one would fit.
 */
function treatsOf(request: AlertRequest): string {
  const treats = request.party ?? []
  if (treats.length < 2) return request.productType
  if (treats.length <= ALERT_TREATS_MAX) return partyName(treats)
  const named = treats.slice(0, ALERT_TREATS_MAX - 1)
  return partyName([...named, `${treats.length - named.length} more`])
}

// A party's alert gives its lead's day: its members' days may differ, and
// the order page it opens lists each.
const about = (request: AlertRequest, joiner: 'from' | 'for') =>
  `${treatsOf(request)} ${joiner} ${firstName(request.name)}, ${alertDate(request.dueDate)}`

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
  payment: {
    amountCents: number
    kind: 'deposit' | 'balance'
    reference: string
    /** How it was paid: by card through Stripe, or with a gift card. */
    way?: 'card' | 'gift card'
  },
): OwnerAlert {
  return {
    kind: 'payment',
    event: `payment:${payment.reference}`,
    title: 'Payment received',
    body:
      payment.way === 'gift card'
        ? `${formatMoney(payment.amountCents)} by gift card: ${about(request, 'for')}`
        : `${formatMoney(payment.amountCents)} ${payment.kind} by card: ${about(request, 'for')}`,
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

/** The most of a customer's own words an alert carries; the rest is on the order page. */
export const ALERT_QUOTE_MAX = 80

/** Her words on one line, cut at a word to ALERT_QUOTE_MAX characters, in quotes. */
export function quoteOf(words: string): string {
  const line = words.trim().replace(/\s+/g, ' ')
  if (line.length <= ALERT_QUOTE_MAX) return `“${line}”`
  const cut = line.slice(0, ALERT_QUOTE_MAX - 1)
  const atWord = cut.lastIndexOf(' ')
  return `“${(atWord > ALERT_QUOTE_MAX / 2 ? cut.slice(0, atWord) : cut).trimEnd()}…”`
}

/**
 * A customer asks for a change from her page (decision 054): a new day
 * (`window` as the bakery writes it, or null) and/or her words.
 */
export function changeAskedAlert(
  request: AlertRequest,
  change: { id: number; newDate: string | null; window: string | null; details: string },
): OwnerAlert {
  const asked: string[] = []
  if (change.newDate) {
    asked.push(`move to ${alertDate(change.newDate)}${change.window ? `, ${change.window}` : ''}`)
  }
  if (change.details.trim()) asked.push(quoteOf(change.details))
  return {
    kind: 'change-or-cancel',
    event: `change-asked:${change.id}`,
    title: 'Change asked',
    body: `${about(request, 'for')}: ${asked.join(' and ') || 'other details'}`,
    url: `/admin/orders/${request.id}`,
  }
}

/**
 * A customer cancels from her page: what goes back, and how much of it is
 * the owner's to send (the card part went back through Stripe already).
 */
export function cancelledAlert(
  request: AlertRequest,
  refund: { totalCents: number; cardCents: number; giftCardCents?: number },
): OwnerAlert {
  const manualCents = refund.totalCents - refund.cardCents
  // What went back on its own: to her card, onto her gift card, or both.
  const gift = refund.giftCardCents ?? 0
  const how =
    gift <= 0
      ? 'by card'
      : gift >= refund.cardCents
        ? 'onto her gift card'
        : 'by card and gift card'
  const back =
    refund.totalCents <= 0
      ? 'nothing to refund'
      : manualCents <= 0
        ? `${formatMoney(refund.totalCents)} refunded ${how}`
        : refund.cardCents <= 0
          ? `${formatMoney(refund.totalCents)} for you to send back`
          : `${formatMoney(refund.totalCents)} back: ${formatMoney(refund.cardCents)} ${how}, ${formatMoney(manualCents)} for you to send`
  return {
    kind: 'change-or-cancel',
    event: `cancelled:${request.id}`,
    title: 'Order cancelled',
    body: `${about(request, 'for')}: ${back}`,
    url: `/admin/orders/${request.id}`,
  }
}

/** A customer approves a design proof, or asks for a change to it (decision 055). */
export function proofAnswerAlert(
  request: AlertRequest,
  answer: { roundId: number; round: number; approved: boolean; change?: string },
): OwnerAlert {
  const proof = `${about(request, 'for')}, proof ${answer.round}`
  return {
    kind: 'proof-answer',
    event: `proof-answer:${answer.roundId}`,
    title: answer.approved ? 'Proof approved' : 'Proof change asked',
    body: answer.approved || !answer.change?.trim() ? proof : `${proof}: ${quoteOf(answer.change)}`,
    url: `/admin/orders/${request.id}`,
  }
}

/** '★★★★☆' for 4 of 5. */
export function starsOf(rating: number): string {
  const whole = Math.min(5, Math.max(0, Math.round(rating)))
  return '★'.repeat(whole) + '☆'.repeat(5 - whole)
}

/**
 * A customer leaves a review (decision 056): her stars, and what it was
 * for; never her words (they are read on the reviews page).
 */
export function reviewAlert(
  review: { id: number; rating: number; name: string },
  order?: { productType: string; dueDate: string },
): OwnerAlert {
  const stars = `${starsOf(review.rating)} ${review.rating} ${review.rating === 1 ? 'star' : 'stars'}`
  const what = order
    ? `${order.productType} from ${firstName(review.name)}, ${alertDate(order.dueDate)}`
    : `From ${firstName(review.name)}`
  return {
    kind: 'review',
    event: `review:${review.id}`,
    title: 'New review',
    body: `${stars} — ${what}`,
    url: '/admin/reviews',
  }
}
