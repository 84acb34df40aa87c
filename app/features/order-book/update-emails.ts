import { type IdentityWords, SEED_WORDS } from '#app/content/site-words.ts'
import type { RequestStatus } from '#app/db/schema.ts'
import { formatWindow } from '#app/features/availability/pickup-windows.ts'
import type { OutgoingEmail } from '#app/features/mail/email.ts'
import {
  EMAIL_COLORS,
  type Markup,
  customerEmail,
  emailButton,
  emailHeading,
  markup,
} from '#app/features/mail/html.ts'
import { heldUntil } from '#app/features/order-status/date-hold.ts'
import {
  type Money,
  OWING_STATUSES,
  amountsOwed,
  depositOf,
  formatLine,
  isIn,
  paymentSchedule,
  totalOf,
} from '#app/features/order-status/order-status.ts'
import type { UpdateKind } from '#app/features/order-status/owner-intents.ts'
import { formatCalendarDate } from '#app/utils/dates.ts'
import { bakeryDateTimeFormat } from '#app/utils/local-settings.ts'
import { formatMoney } from '#app/utils/money.ts'
import type { ChangedPart } from './change-parts.ts'
import { requestPageUrl } from './customer-links.ts'
import { referenceInstruction } from './payment-reference.ts'
import { scheduleLines, scheduleSentence } from './payment-schedule-text.ts'

/** The request as the email needs it (an order_request row has all of these). */
export interface UpdateRequest {
  name: string
  email: string
  product_type: string
  /** YYYY-MM-DD */
  due_date: string
  fulfilment: 'pickup' | 'delivery' | null
  customer_token: string | null
  /** The handover window, HH:MM-HH:MM. */
  pickup_window?: string | null
  /** 'BB-4821'; null for requests stored before references. */
  payment_reference?: string | null
  /** Where it stands, for what is overdue; absent, nothing reads as overdue. */
  status?: RequestStatus
  /** Its place in its send: a quote's links open her page at the quote to answer. */
  position?: number | null
}

/** The quote an email about a quote describes. */
export interface UpdateQuote {
  /** YYYY-MM-DD, or null for no set date. */
  depositDue: string | null
  /** YYYY-MM-DD, or null/absent for none (due at handover). */
  balanceDue?: string | null
  paymentInstructions: string
  message: string
  /** Epoch ms */
  expiresAt: number
}

export interface UpdateDetails {
  request: UpdateRequest
  /** Her name and the bakery's (Settings › Your site): the subject, the sign-off, the head and foot. */
  bakery?: IdentityWords
  money: Money
  /** SITE_URL, for the customer's private link. */
  siteUrl: string
  /** Needed for 'quoted'. */
  quote?: UpdateQuote
  /** Why the bakery declined (for 'declined'), or the owner's note on a cancellation. */
  note?: string | null
  /**
   * Where the handover is, for 'confirmed': her delivery address, or the
   * bakery's private pickup address, which a customer learns only now.
   */
  place?: string | null
  /** The bakery's today (YYYY-MM-DD), for what is overdue. */
  today?: string
  /** Card payments on: the quote links her page's "Pay the deposit now" (decision 045). */
  cardPayments?: boolean
  /** The refund a 'refunded' email announces. */
  refund?: UpdateRefund
  /** What her own cancellation gives back, for 'self_cancelled' (decision 054). */
  cancellation?: { refundCents: number; cardCents: number }
  /** What accepting her change changed, from what to what, for 'change_accepted' (decision 081). */
  changes?: readonly ChangedPart[]
  /** A party's treats handed over together, for 'ready': each is listed (decision 087). */
  treats?: readonly string[]
}

/** Money handed back, as the customer's email tells it. */
export interface UpdateRefund {
  amountCents: number
  /** YYYY-MM-DD */
  refundedOn: string
  method: string
  reason: string
  /** The order's new total when the refund lowered the price (decision 060); null otherwise. */
  loweredToCents?: number | null
}

const expiryFormat = () =>
  bakeryDateTimeFormat({
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  })

/** When a quote expires, as the customer reads it, in the bakery's time zone. */
export function formatExpiry(at: number): string {
  return expiryFormat().format(new Date(at))
}

/** A paragraph: text in the email and the same words in its HTML. */
type Block = { text: string; html: Markup }

function paragraph(text: string): Block {
  return { text, html: markup`<p style="margin:0 0 16px;white-space:pre-wrap">${text}</p>` }
}

function heading(text: string): Block {
  return { text: `${text}\n${'-'.repeat(text.length)}`, html: emailHeading(text, 2) }
}

/** Labelled amounts or dates, one per line. */
function lines(rows: readonly (readonly [string, string])[]): Block {
  const c = EMAIL_COLORS
  return {
    text: rows.map(([label, value]) => `${label}: ${value}`).join('\n'),
    html: markup`<div style="margin:0 0 16px;padding:14px 16px;border-radius:14px;background:${c.paper}">${rows.map(
      ([label, value]) =>
        markup`<p style="margin:2px 0;white-space:pre-wrap"><span style="color:${c.muted};font-weight:bold">${label}:</span> ${value}</p>`,
    )}</div>`,
  }
}

/** The owner's own words, set apart so the customer sees they are hers. */
function quoted(text: string): Block {
  const c = EMAIL_COLORS
  return {
    text: text
      .split('\n')
      .map((line) => `> ${line}`)
      .join('\n'),
    html: markup`<p style="margin:0 0 16px;padding:12px 14px;border-left:4px solid ${c.accent};background:${c.cream};white-space:pre-wrap">${text}</p>`,
  }
}

function linkBlock(url: string, label: string, lead: string): Block {
  const c = EMAIL_COLORS
  return {
    text: `${lead}\n${url}`,
    html: markup`<p style="margin:0">${lead}</p>${emailButton({ href: url, label })}<p style="margin:0 0 20px;font-size:14px;word-break:break-all"><a href="${url}" style="color:${c.accentDark}">${url}</a></p>`,
  }
}

/**
 * The price, and for a delivery with a fee, the fee and the total on lines
 * of their own: what the customer owes in all is never left to add up.
 */
export function priceRows(money: Money): [string, string][] {
  // A party's quote lists each request's line, then what they come to (decision 049).
  if (money.lines && money.lines.length > 1) {
    return [
      ...money.lines.map((line): [string, string] => [line.label, formatLine(line.cents)]),
      ...(money.deliveryFeeCents > 0
        ? [['Delivery fee', formatMoney(money.deliveryFeeCents)] as [string, string]]
        : []),
      ['Total', formatMoney(totalOf(money))],
    ]
  }
  if (money.deliveryFeeCents === 0) return [['Price', formatMoney(money.priceCents)]]
  return [
    ['Price', formatMoney(money.priceCents)],
    ['Delivery fee', formatMoney(money.deliveryFeeCents)],
    ['Total', formatMoney(totalOf(money))],
  ]
}

/** What is still owed, or that nothing is. */
function owedRows(money: Money): [string, string][] {
  const { depositOwed, balanceOwed, stillOwed } = amountsOwed(money)
  if (stillOwed === 0) return [['Still owed', 'Nothing: it is all paid. Thank you!']]
  return [
    ...(depositOwed > 0
      ? [['Deposit still owed', formatMoney(depositOwed)] as [string, string]]
      : []),
    ...(balanceOwed > 0 ? [['Balance owed', formatMoney(balanceOwed)] as [string, string]] : []),
  ]
}

/**
 * The quote's payments, when each is due and what is left of it, then the
 * reference to pay with: the same lines the customer's page shows.
 */
export function scheduleRows(
  details: Pick<UpdateDetails, 'request' | 'money' | 'quote' | 'today'>,
): [string, string][] {
  const { request, money, quote, today = '' } = details
  const schedule = paymentSchedule(money, {
    status: request.status ?? 'quoted',
    depositDue: quote?.depositDue ?? null,
    balanceDue: quote?.balanceDue ?? null,
    today,
  })
  return [
    ...scheduleLines(schedule, { delivery: request.fulfilment === 'delivery' }).map(
      scheduleSentence,
    ),
    ...(money.paidCents > 0
      ? [['Paid so far', formatMoney(money.paidCents)] as [string, string]]
      : []),
    ...(request.payment_reference
      ? [['Payment reference', request.payment_reference] as [string, string]]
      : []),
  ]
}

/**
 * How a customer's email names what she asked for, grammatical whatever the
 * treat is called: 'cakes order', 'Wedding Cake order', and plain 'order'
 * for "Other", which names no treat. A name with capitals only at its start
 * reads as a common noun in a sentence ("your cakes order"); one with more
 * ("French Macarons") is kept as the owner wrote it; one with a comma
 * follows the word: 'order (Cake and Cupcakes, a dozen)'.
 */
export function orderName(product: string): string {
  const name = product.trim()
  if (name === '' || name.toLowerCase() === 'other') return 'order'
  // A name with a comma of its own ("Cupcakes, a dozen") cannot lead "order":
  // "your Cake and Cupcakes, a dozen order" reads as a list. It follows it instead.
  if (name.includes(',')) return `order (${name})`
  const rest = name.slice(1)
  const asNoun = rest === rest.toLowerCase() ? name[0]!.toLowerCase() + rest : name
  return `${asNoun} order`
}

const subjects: Record<UpdateKind, (order: string) => string> = {
  quoted: (order) => `A quote for your ${order}`,
  confirmed: (order) => `Your ${order} is booked`,
  ready: (order) => `Your ${order} is ready`,
  declined: (order) => `About your ${order}`,
  cancelled: (order) => `Your ${order} is cancelled`,
  paid: (order) => `Your ${order} is paid in full`,
  refunded: (order) => `A refund for your ${order}`,
  change_accepted: (order) => `Your change to your ${order} is made`,
  change_declined: (order) => `About the change to your ${order}`,
  self_cancelled: (order) => `Your ${order} is cancelled`,
}

/**
 * The email a customer gets when their request changes: a quote, its
 * confirmation, the day it is ready, or the bakery declining or cancelling.
 * Each greets her once and links her private page. Text and HTML say the
 * same; the customer's and the owner's words are escaped by `markup`. It
 * names no Reply-To, so it comes from the site (MAIL_FROM) and the
 * customer's Reply reaches the owner (MAIL_TO).
 */
export function composeRequestUpdate(kind: UpdateKind, details: UpdateDetails): OutgoingEmail {
  const { request, money, siteUrl, quote, note, place, bakery = SEED_WORDS.identity } = details
  const firstName = request.name.trim().split(/\s+/)[0] || request.name
  const order = orderName(request.product_type)
  const date = formatCalendarDate(request.due_date)
  const statusUrl = request.customer_token
    ? `${siteUrl}/requests/${request.customer_token}`
    : undefined
  const subject = `${subjects[kind](order)} — ${bakery.name}`
  const delivery = request.fulfilment === 'delivery'
  let title: string
  const blocks: Block[] = []
  const seeRequest = () => {
    if (statusUrl) blocks.push(linkBlock(statusUrl, 'See your order', 'Your order’s page:'))
  }
  switch (kind) {
    case 'quoted': {
      if (!quote) throw new Error('A quote email needs its quote.')
      title = 'Here is your quote'
      blocks.push(paragraph(`Thank you for asking us to bake your ${order} for ${date}.`))
      if (quote.message.trim()) blocks.push(quoted(quote.message))
      const depositCents = depositOf(money)
      const deposit: [string, string][] =
        depositCents > 0
          ? [
              [
                'Deposit',
                `${formatMoney(depositCents)}${quote.depositDue ? `, due by ${formatCalendarDate(quote.depositDue)}` : ''}`,
              ],
            ]
          : [['Deposit', 'None needed']]
      const rest = totalOf(money) - depositCents
      const balance: [string, string][] =
        rest > 0
          ? [
              [
                'Balance',
                `${formatMoney(rest)}, ${quote.balanceDue ? `due by ${formatCalendarDate(quote.balanceDue)}` : delivery ? 'due on delivery' : 'due at pickup'}`,
              ],
            ]
          : []
      blocks.push(
        lines([
          ...priceRows(money),
          ...deposit,
          ...balance,
          ...(request.payment_reference
            ? [['Payment reference', request.payment_reference] as [string, string]]
            : []),
          ['Answer by', formatExpiry(quote.expiresAt)],
        ]),
      )
      // Both open her page at the quote: she accepts it there, then may pay by card.
      const answerUrl = request.customer_token
        ? requestPageUrl(siteUrl, request.customer_token, {
            kind: 'quote',
            position: request.position,
          })
        : undefined
      const payByCard =
        details.cardPayments && answerUrl && money.depositCents > 0 && !money.depositWaived
      const howToPay = [
        payByCard
          ? `Pay the deposit now: ${answerUrl}\nBy card, once you accept the quote on your page.`
          : '',
        quote.paymentInstructions.trim(),
        request.payment_reference ? referenceInstruction(request.payment_reference) : '',
      ].filter(Boolean)
      if (howToPay.length > 0) {
        blocks.push(heading('How to pay'), paragraph(howToPay.join('\n\n')))
      }
      blocks.push(paragraph(heldUntil(formatExpiry(quote.expiresAt)).join('')))
      if (answerUrl) {
        blocks.push(
          linkBlock(answerUrl, 'Accept or decline', 'Accept or decline the quote on your page:'),
        )
      }
      break
    }
    case 'confirmed':
      title = 'You are booked!'
      blocks.push(
        paragraph(`Your ${order} for ${date} is booked. We look forward to making it.`),
        lines([
          ['Date booked', date],
          ...(request.pickup_window
            ? [
                [
                  delivery ? 'Delivery time' : 'Pickup time',
                  formatWindow(request.pickup_window),
                ] as [string, string],
              ]
            : []),
          ...(place ? [[delivery ? 'Delivery to' : 'Pickup at', place] as [string, string]] : []),
          ...owedRows(money),
        ]),
        heading('Your payments'),
        lines(scheduleRows(details)),
      )
      seeRequest()
      break
    case 'ready': {
      const { stillOwed } = amountsOwed(money)
      title = delivery ? `Your ${order} is out for delivery` : `Your ${order} is ready for pickup`
      blocks.push(
        paragraph(
          delivery
            ? `Good news: your ${order} for ${date} is on its way to you.`
            : `Good news: your ${order} for ${date} is baked and waiting for you.`,
        ),
        ...(details.treats && details.treats.length > 1
          ? [
              paragraph(
                [
                  delivery ? 'On its way together:' : 'Ready together:',
                  ...details.treats.map((treat) => `• ${treat}`),
                ].join('\n'),
              ),
            ]
          : []),
        lines([
          [
            delivery ? 'Owed on delivery' : 'Owed at pickup',
            stillOwed > 0 ? formatMoney(stillOwed) : 'Nothing: it is all paid.',
          ],
          ...(stillOwed > 0 && request.payment_reference
            ? [['Payment reference', request.payment_reference] as [string, string]]
            : []),
        ]),
      )
      seeRequest()
      break
    }
    case 'paid':
      // A booked order's last payment; a part payment sends nothing (decision 047).
      title = 'Paid in full — thank you!'
      blocks.push(
        paragraph(
          `We received your payment: your ${order} for ${date} is paid in full. Nothing more is owed.`,
        ),
        lines([
          ...priceRows(money),
          ['Paid', formatMoney(money.paidCents)],
          ...owedRows(money),
          ...(request.pickup_window
            ? [
                [
                  delivery ? 'Delivery time' : 'Pickup time',
                  formatWindow(request.pickup_window),
                ] as [string, string],
              ]
            : []),
        ]),
      )
      seeRequest()
      break
    case 'declined':
      title = 'We are sorry'
      blocks.push(
        paragraph(`We are not able to make your ${order} for ${date}.`),
        ...(note?.trim() ? [quoted(note)] : []),
        paragraph('Nothing is owed. We hope to bake for you another time.'),
      )
      seeRequest()
      break
    case 'refunded': {
      const refund = details.refund
      if (!refund) throw new Error('A refund email needs its refund.')
      const { stillOwed } = amountsOwed(money)
      title = `We have refunded ${formatMoney(refund.amountCents)}`
      const by = refund.method.trim() ? ` by ${refund.method.trim()}` : ''
      // A card refund goes back to the card she paid with (decision 050).
      const sent =
        refund.method.trim() === 'card'
          ? `We refunded ${formatMoney(refund.amountCents)} to your card on ${formatCalendarDate(refund.refundedOn)}, for your ${order} for ${date}. Your bank usually shows it within 5 to 10 days.`
          : `We sent you ${formatMoney(refund.amountCents)}${by} on ${formatCalendarDate(refund.refundedOn)}, for your ${order} for ${date}.`
      const lowered = refund.loweredToCents ?? null
      blocks.push(
        paragraph(sent),
        // A refund that lowered the price (decision 060): nothing of it is owed again.
        ...(lowered !== null
          ? [
              paragraph(
                `Your order’s price is lowered by the same ${formatMoney(refund.amountCents)}, to ${formatMoney(lowered)}.`,
              ),
            ]
          : []),
        ...(refund.reason.trim() ? [quoted(refund.reason)] : []),
        lines([
          ...(lowered !== null
            ? ([['New total', formatMoney(lowered)]] as [string, string][])
            : []),
          ['Refunded', formatMoney(refund.amountCents)],
          ['Paid, after refunds', formatMoney(money.paidCents)],
          ...(request.status && isIn(OWING_STATUSES, request.status) && stillOwed > 0
            ? ([['Still to pay', formatMoney(stillOwed)]] as [string, string][])
            : []),
        ]),
      )
      seeRequest()
      if (statusUrl) {
        blocks.push(
          linkBlock(
            `${statusUrl}/receipt`,
            'See your receipt',
            'Your receipt lists every payment and refund:',
          ),
        )
      }
      break
    }
    case 'change_accepted': {
      // Each part that changed, from what to what; her words when nothing on the order did.
      const changes = details.changes ?? []
      title = 'Your change is made'
      blocks.push(
        ...(changes.length > 0
          ? [
              paragraph(`We changed your ${order} as you asked:`),
              lines(changes.map((part) => [part.label, `from ${part.from} to ${part.to}`])),
            ]
          : [paragraph(`We’re happy to make the change you asked for your ${order} for ${date}.`)]),
        ...(note?.trim() ? [quoted(note)] : []),
      )
      seeRequest()
      break
    }
    case 'change_declined':
      title = 'We can’t make that change'
      blocks.push(
        paragraph(
          `We’re sorry: we can’t make the change you asked for. Your ${order} stays as it was, for ${date}.`,
        ),
        ...(note?.trim() ? [quoted(note)] : []),
      )
      seeRequest()
      break
    case 'self_cancelled': {
      const back = details.cancellation ?? { refundCents: 0, cardCents: 0 }
      const manual = back.refundCents - back.cardCents
      title = `Your ${order} is cancelled`
      blocks.push(
        paragraph(`As you asked, your ${order} for ${date} is cancelled and its date released.`),
        lines([
          ['Coming back to you', formatMoney(back.refundCents)],
          ...(back.cardCents > 0
            ? [['To your card', formatMoney(back.cardCents)] as [string, string]]
            : []),
          ...(manual > 0
            ? [
                [
                  'By e-Transfer or cash',
                  `${formatMoney(manual)}, sent by ${bakery.ownerName} shortly`,
                ] as [string, string],
              ]
            : []),
        ]),
        paragraph(
          back.refundCents === 0
            ? 'Under our cancellation policy nothing is refunded at this point.'
            : back.cardCents > 0
              ? 'A card refund usually shows on your statement within 5 to 10 days.'
              : 'Under our cancellation policy, this is what comes back to you.',
        ),
      )
      seeRequest()
      break
    }
    case 'cancelled':
      title = `Your ${order} is cancelled`
      blocks.push(
        paragraph(`Your ${order} for ${date} is cancelled.`),
        ...(note?.trim() ? [quoted(note)] : []),
      )
      seeRequest()
      break
  }

  const reply = `Questions? Just reply to this email; it reaches ${bakery.ownerName} at ${bakery.name}.`
  blocks.push(paragraph(reply))
  const text = [
    `Hi ${firstName},`,
    '',
    title,
    '',
    ...blocks.flatMap((block) => [block.text, '']),
    'Warmly,',
    `${bakery.ownerName}, ${bakery.name}`,
  ].join('\n')
  const content = markup`${emailHeading(title)}<p style="margin:0 0 16px">Hi ${firstName},</p>${blocks.map((block) => block.html)}<p style="margin:0">Warmly,<br>${bakery.ownerName}</p>`

  return customerEmail({
    to: { name: request.name, address: request.email },
    subject,
    text,
    preview: blocks[0]!.text,
    content,
    statusUrl,
    bakery,
  })
}
