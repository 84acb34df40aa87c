import type { IdentityWords } from '#app/content/site-words.ts'
import { formatWindow } from '#app/features/availability/pickup-windows.ts'
import {
  type Block,
  heading,
  linkBlock,
  lines,
  paragraph,
  quoted,
} from '#app/features/mail/email-blocks.ts'
import { cardMinimumCents } from '#app/features/order-status/card-minimum.ts'
import { requestPageUrl } from '#app/features/order-status/customer-links.ts'
import { heldUntil } from '#app/features/order-status/date-hold.ts'
import { amountsOwed, depositOf, totalOf } from '#app/features/order-status/money-owed.ts'
import { OWING_STATUSES, isIn } from '#app/features/order-status/order-status.ts'
import type { UpdateKind } from '#app/features/order-status/owner-intents.ts'
import { onlineRefundWords } from '#app/features/order-status/payment-methods.ts'
import { referenceInstruction } from '#app/features/order-status/payment-reference.ts'
import { formatCalendarDate } from '#app/utils/dates.ts'
import { formatMoney } from '#app/utils/money.ts'
import {
  type UpdateDetails,
  type UpdateQuote,
  type UpdateRefund,
  formatExpiry,
  owedRows,
  priceRows,
  scheduleRows,
} from './update-details.ts'

/** What each kind's email is written from: the details, and the words they all use. */
export interface UpdateContext {
  details: UpdateDetails
  bakery: IdentityWords
  /** 'cakes order' (orderName). */
  order: string
  /** The order's date as she reads it. */
  date: string
  delivery: boolean
  /** Her private page, when she has one. */
  statusUrl: string | undefined
}

/** An email's heading and what follows it, down to the sign-off. */
export interface UpdateBody {
  title: string
  blocks: Block[]
}

type Row = [string, string]

/** The link to her page, when she has one: most updates end with it. */
const seeOrder = ({ statusUrl }: UpdateContext): Block[] =>
  statusUrl ? [linkBlock(statusUrl, 'See your order', 'Your order’s page:')] : []

/** The owner's words, quoted, when she wrote any. */
const theirWords = (note: string | null | undefined): Block[] =>
  note?.trim() ? [quoted(note)] : []

const referenceRow = (reference: string | null | undefined): Row[] =>
  reference ? [['Payment reference', reference]] : []

/** When she collects it or it comes to her, when a window is set. */
const timeRows = ({ details, delivery }: UpdateContext): Row[] =>
  details.request.pickup_window
    ? [[delivery ? 'Delivery time' : 'Pickup time', formatWindow(details.request.pickup_window)]]
    : []

/** The quote's price, deposit and balance, each with its date, and when to answer by. */
function quoteRows({ details, delivery }: UpdateContext, quote: UpdateQuote): Row[] {
  const { money, request } = details
  const depositCents = depositOf(money)
  const rest = totalOf(money) - depositCents
  const balanceDue = quote.balanceDue
    ? `due by ${formatCalendarDate(quote.balanceDue)}`
    : delivery
      ? 'due on delivery'
      : 'due at pickup'
  const depositDue = quote.depositDue ? `, due by ${formatCalendarDate(quote.depositDue)}` : ''
  return [
    ...priceRows(money),
    depositCents > 0
      ? ['Deposit', `${formatMoney(depositCents)}${depositDue}`]
      : ['Deposit', 'None needed'],
    ...(rest > 0 ? [['Balance', `${formatMoney(rest)}, ${balanceDue}`] as Row] : []),
    ...referenceRow(request.payment_reference),
    ['Answer by', formatExpiry(quote.expiresAt)],
  ]
}

/** Each way she may pay: by card from her page, the owner's instructions, the reference. */
function howToPay(details: UpdateDetails, quote: UpdateQuote, answerUrl?: string): string[] {
  const { request, money } = details
  // Her page offers the deposit by card once she accepts, if Stripe will charge that much.
  const payByCard = details.cardPayments && answerUrl && depositOf(money) >= cardMinimumCents()
  return [
    payByCard
      ? `Pay the deposit now: ${answerUrl}\nBy card, once you accept the quote on your page.`
      : '',
    quote.paymentInstructions.trim(),
    request.payment_reference ? referenceInstruction(request.payment_reference) : '',
  ].filter(Boolean)
}

function quotedBody(c: UpdateContext): UpdateBody {
  const { request, quote, siteUrl } = c.details
  if (!quote) throw new Error('A quote email needs its quote.')
  // Both open her page at the quote: she accepts it there, then may pay by card.
  const answerUrl = request.customer_token
    ? requestPageUrl(siteUrl, request.customer_token, { kind: 'quote', position: request.position })
    : undefined
  const pay = howToPay(c.details, quote, answerUrl)
  return {
    title: 'Here is your quote',
    blocks: [
      paragraph(`Thank you for asking us to bake your ${c.order} for ${c.date}.`),
      ...theirWords(quote.message),
      lines(quoteRows(c, quote)),
      ...(pay.length > 0 ? [heading('How to pay'), paragraph(pay.join('\n\n'))] : []),
      paragraph(heldUntil(formatExpiry(quote.expiresAt)).join('')),
      ...(answerUrl
        ? [linkBlock(answerUrl, 'Accept or decline', 'Accept or decline the quote on your page:')]
        : []),
    ],
  }
}

function readyBody(c: UpdateContext): UpdateBody {
  const { details, order, date, delivery } = c
  const { stillOwed } = amountsOwed(details.money)
  const treats = details.treats ?? []
  return {
    title: delivery ? `Your ${order} is out for delivery` : `Your ${order} is ready for pickup`,
    blocks: [
      paragraph(
        delivery
          ? `Good news: your ${order} for ${date} is on its way to you.`
          : `Good news: your ${order} for ${date} is baked and waiting for you.`,
      ),
      ...(treats.length > 1
        ? [
            paragraph(
              [
                delivery ? 'On its way together:' : 'Ready together:',
                ...treats.map((treat) => `• ${treat}`),
              ].join('\n'),
            ),
          ]
        : []),
      lines([
        [
          delivery ? 'Owed on delivery' : 'Owed at pickup',
          stillOwed > 0 ? formatMoney(stillOwed) : 'Nothing: it is all paid.',
        ],
        ...(stillOwed > 0 ? referenceRow(details.request.payment_reference) : []),
      ]),
      ...seeOrder(c),
    ],
  }
}

/** How the money went back: a card refund to the card she paid with (decision 050). */
function refundSentence({ order, date }: UpdateContext, refund: UpdateRefund): string {
  const amount = formatMoney(refund.amountCents)
  const on = formatCalendarDate(refund.refundedOn)
  const online = onlineRefundWords(refund.method, { amount, on, order, date })
  if (online) return online
  const by = refund.method.trim() ? ` by ${refund.method.trim()}` : ''
  return `We sent you ${amount}${by} on ${on}, for your ${order} for ${date}.`
}

function refundedBody(c: UpdateContext): UpdateBody {
  const { refund, money, request } = c.details
  if (!refund) throw new Error('A refund email needs its refund.')
  const { stillOwed } = amountsOwed(money)
  const owing = request.status && isIn(OWING_STATUSES, request.status) && stillOwed > 0
  const lowered = refund.loweredToCents ?? null
  return {
    title: `We have refunded ${formatMoney(refund.amountCents)}`,
    blocks: [
      paragraph(refundSentence(c, refund)),
      // A refund that lowered the price (decision 060): nothing of it is owed again.
      ...(lowered !== null
        ? [
            paragraph(
              `Your order’s price is lowered by the same ${formatMoney(refund.amountCents)}, to ${formatMoney(lowered)}.`,
            ),
          ]
        : []),
      ...theirWords(refund.reason),
      lines([
        ...(lowered !== null ? [['New total', formatMoney(lowered)] as Row] : []),
        ['Refunded', formatMoney(refund.amountCents)],
        ['Paid, after refunds', formatMoney(money.paidCents)],
        ...(owing ? [['Still to pay', formatMoney(stillOwed)] as Row] : []),
      ]),
      ...seeOrder(c),
      ...(c.statusUrl
        ? [
            linkBlock(
              `${c.statusUrl}/receipt`,
              'See your receipt',
              'Your receipt lists every payment and refund:',
            ),
          ]
        : []),
    ],
  }
}

/** Each part that changed, from what to what; her words when nothing on the order did. */
function changeAcceptedBody(c: UpdateContext): UpdateBody {
  const changes = c.details.changes ?? []
  return {
    title: 'Your change is made',
    blocks: [
      ...(changes.length > 0
        ? [
            paragraph(`We changed your ${c.order} as you asked:`),
            lines(changes.map((part) => [part.label, `from ${part.from} to ${part.to}`])),
          ]
        : [
            paragraph(
              `We’re happy to make the change you asked for your ${c.order} for ${c.date}.`,
            ),
          ]),
      ...theirWords(c.details.note),
      ...seeOrder(c),
    ],
  }
}

/** What her own cancellation gives back, and how (decision 054). */
function selfCancelledBody(c: UpdateContext): UpdateBody {
  const back = c.details.cancellation ?? { refundCents: 0, cardCents: 0, giftCardCents: 0 }
  const manual = back.refundCents - back.cardCents
  const bankCard = back.cardCents - back.giftCardCents
  return {
    title: `Your ${c.order} is cancelled`,
    blocks: [
      paragraph(`As you asked, your ${c.order} for ${c.date} is cancelled and its date released.`),
      lines([
        ['Coming back to you', formatMoney(back.refundCents)],
        ...(bankCard > 0 ? [['To your card', formatMoney(bankCard)] as Row] : []),
        ...(back.giftCardCents > 0
          ? [['Back on your gift card', formatMoney(back.giftCardCents)] as Row]
          : []),
        ...(manual > 0
          ? [
              [
                'By e-Transfer or cash',
                `${formatMoney(manual)}, sent by ${c.bakery.ownerName} shortly`,
              ] as Row,
            ]
          : []),
      ]),
      paragraph(
        back.refundCents === 0
          ? 'Under our cancellation policy nothing is refunded at this point.'
          : bankCard > 0
            ? 'A card refund usually shows on your statement within 5 to 10 days.'
            : back.giftCardCents > 0
              ? 'What went back on your gift card is there for your next order.'
              : 'Under our cancellation policy, this is what comes back to you.',
      ),
      ...seeOrder(c),
    ],
  }
}

/**
 * The customer's email for each change she hears about (UpdateKind): its
 * subject, given how her order is named, and what it says. Every kind has
 * its entry, or this does not compile.
 */
export const UPDATE_EMAILS: Readonly<
  Record<UpdateKind, { subject: (order: string) => string; body: (c: UpdateContext) => UpdateBody }>
> = {
  quoted: { subject: (order) => `A quote for your ${order}`, body: quotedBody },
  confirmed: {
    subject: (order) => `Your ${order} is booked`,
    body: (c) => ({
      title: 'You are booked!',
      blocks: [
        paragraph(`Your ${c.order} for ${c.date} is booked. We look forward to making it.`),
        lines([
          ['Date booked', c.date],
          ...timeRows(c),
          ...(c.details.place
            ? [[c.delivery ? 'Delivery to' : 'Pickup at', c.details.place] as Row]
            : []),
          ...owedRows(c.details.money),
        ]),
        heading('Your payments'),
        lines(scheduleRows(c.details)),
        ...seeOrder(c),
      ],
    }),
  },
  ready: { subject: (order) => `Your ${order} is ready`, body: readyBody },
  declined: {
    subject: (order) => `About your ${order}`,
    body: (c) => ({
      title: 'We are sorry',
      blocks: [
        paragraph(`We are not able to make your ${c.order} for ${c.date}.`),
        ...theirWords(c.details.note),
        paragraph('Nothing is owed. We hope to bake for you another time.'),
        ...seeOrder(c),
      ],
    }),
  },
  cancelled: {
    subject: (order) => `Your ${order} is cancelled`,
    body: (c) => ({
      title: `Your ${c.order} is cancelled`,
      blocks: [
        paragraph(`Your ${c.order} for ${c.date} is cancelled.`),
        ...theirWords(c.details.note),
        ...seeOrder(c),
      ],
    }),
  },
  // A booked order's last payment; a part payment sends nothing (decision 047).
  paid: {
    subject: (order) => `Your ${order} is paid in full`,
    body: (c) => ({
      title: 'Paid in full — thank you!',
      blocks: [
        paragraph(
          `We received your payment: your ${c.order} for ${c.date} is paid in full. Nothing more is owed.`,
        ),
        lines([
          ...priceRows(c.details.money),
          ['Paid', formatMoney(c.details.money.paidCents)],
          ...owedRows(c.details.money),
          ...timeRows(c),
        ]),
        ...seeOrder(c),
      ],
    }),
  },
  refunded: { subject: (order) => `A refund for your ${order}`, body: refundedBody },
  change_accepted: {
    subject: (order) => `Your change to your ${order} is made`,
    body: changeAcceptedBody,
  },
  change_declined: {
    subject: (order) => `About the change to your ${order}`,
    body: (c) => ({
      title: 'We can’t make that change',
      blocks: [
        paragraph(
          `We’re sorry: we can’t make the change you asked for. Your ${c.order} stays as it was, for ${c.date}.`,
        ),
        ...theirWords(c.details.note),
        ...seeOrder(c),
      ],
    }),
  },
  self_cancelled: { subject: (order) => `Your ${order} is cancelled`, body: selfCancelledBody },
}
