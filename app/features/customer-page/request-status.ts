import { site } from '#app/content/site.ts'
import type { RequestStatus } from '#app/db/schema.ts'
import { ACCEPTED_DATE_HOLD, QUOTED_DATE_HOLD } from '#app/features/order-status/date-hold.ts'
import type { ScheduleLine } from '#app/features/order-status/payment-schedule-text.ts'
import type { CustomerCardOffer, GiftCardOffer } from '#app/features/payments/card-offer.ts'

/**
 * An inspiration photo the customer sent with a request, served at
 * /requests/<token>/photos/<key>. The photo store fills these in; until it
 * does the list is empty and the page shows no photos.
 */
export interface RequestPhoto {
  key: string
  /** The position of the request it was sent with, in its send. */
  requestPosition: number
  width: number
  height: number
  /** A tiny blurred image (a data: URL) shown while the photo loads. */
  preview: string
}

/** One request as its customer sees it: what they asked for and where it stands. */
export interface CustomerRequest {
  /**
   * Its place in the send (1-based): how the page and its answers name it.
   * Never the database id, which would tell anyone how many orders the
   * bakery takes.
   */
  position: number
  productType: string
  /** YYYY-MM-DD */
  dueDate: string
  eventTheme: string
  /** What eventTheme is called: her event, or what she chose at a set price (themeLabel). */
  eventThemeLabel: string
  servings: string | null
  allergies: string | null
  fulfilment: 'pickup' | 'delivery' | null
  /** The handover window chosen, HH:MM-HH:MM. */
  window: string | null
  /** Her delivery address on one line, for a delivery. */
  deliveryAddress: string | null
  /**
   * Where to collect: the bakery's private address, given only once the
   * request is confirmed (or ready) and is picked up; null before then.
   */
  pickupAddress: string | null
  comments: string | null
  status: RequestStatus
}

/** Everything the private status page shows for one link. */
export interface RequestStatusView {
  token: string
  /** The name the customer gave, to greet them by. */
  customerName: string
  /** ISO timestamp of the send. */
  sentAt: string
  /** The send's date as people write it, in the bakery's time zone: 'November 21, 2026'. */
  sentLabel: string
  requests: CustomerRequest[]
  /**
   * The order policies as they read when the customer ticked them, as safe
   * HTML (rendered when the owner saved them, decision 076); null before
   * there were any.
   */
  acceptedPoliciesHtml: string | null
  photos: RequestPhoto[]
}

/** How a status reads to the customer, and how its badge looks. */
export interface StatusCopy {
  label: string
  explanation: string
  tone: 'waiting' | 'good' | 'done' | 'closed'
}

/**
 * Each status in the customer's words: a short label for the badge and one
 * or two sentences on what it means for them and what comes next.
 */
export const STATUS_COPY: Record<RequestStatus, StatusCopy> = {
  new: {
    label: 'Received',
    explanation: `We’ll reply ${site.replyTime}. We read every order ourselves, and will write with a quote or any questions.`,
    tone: 'waiting',
  },
  quoted: {
    label: 'Quote sent',
    explanation: `We’ve sent you a quote with the price and the deposit. ${QUOTED_DATE_HOLD}`,
    tone: 'waiting',
  },
  confirmed: {
    label: 'Confirmed',
    explanation: 'Your date is booked. We’re planning your bake!',
    tone: 'good',
  },
  ready: {
    label: 'Ready',
    explanation: 'Your order is baked and ready for pickup or delivery as we agreed.',
    tone: 'good',
  },
  completed: {
    label: 'Completed',
    explanation: 'Handed over — we hope it was a hit. Thank you for celebrating with us!',
    tone: 'done',
  },
  declined: {
    label: 'Not possible this time',
    explanation:
      'We’re sorry: we can’t make this one. We’ve written to you about why, and you are always welcome to ask for another date or treat.',
    tone: 'closed',
  },
  cancelled: {
    label: 'Cancelled',
    explanation: 'This order was cancelled, and its date is no longer held for it.',
    tone: 'closed',
  },
  expired: {
    label: 'Expired',
    explanation:
      'The quote was not accepted in time, so the date was let go. Reply to our email if you would still like it, and we’ll see what we can do.',
    tone: 'closed',
  },
}

/**
 * How a request's status reads, told apart where the order book knows more:
 * a quote accepted but waiting for its deposit, or one the customer declined.
 */
export function statusCopyOf(status: RequestStatus, book?: CustomerBookEntry): StatusCopy {
  if (status === 'quoted' && (book?.quote?.accepted || book?.partyWith?.accepted)) {
    return {
      label: 'Accepted',
      explanation: `Thank you for accepting! ${ACCEPTED_DATE_HOLD}`,
      tone: 'waiting',
    }
  }
  if (status === 'quoted' && book?.quote?.expired) {
    // Past its time, in the minutes before the site moves it to expired.
    return STATUS_COPY.expired
  }
  if (status === 'declined' && book?.declinedByCustomer) {
    return {
      label: 'Declined',
      explanation:
        'You declined this quote, so its date was let go. You are always welcome to ask us again.',
      tone: 'closed',
    }
  }
  return STATUS_COPY[status]
}

/**
 * A customer's private page is for the holder of its link alone: search
 * engines must not list it or follow its links (the header also covers its
 * .data requests). Its other guards live with the server's own headers:
 * `Referrer-Policy: no-referrer` (server/security-headers.ts) and
 * `Cache-Control: private, no-store` (server/cache-policy.ts).
 */
export const PRIVATE_PAGE_HEADERS = {
  'X-Robots-Tag': 'noindex, nofollow',
} as const

/**
 * A request's quote as its customer reads it, every amount and date already
 * written out (the order book fills it in; this folder only shows it).
 */
export interface CustomerQuote {
  /** Which of the request's quotes this is (1 for the first), posted with an answer. */
  number: number
  /** '$120' */
  price: string
  /**
   * A party's lines, each request's treat and its price, when several
   * requests are quoted together (decision 049): [['Cake', '$120'], ['Cupcakes', '$45']].
   */
  lines?: [string, string][]
  /**
   * What comes between the price and the total (chargesAfterPrice): a
   * delivery's fee, what a code took off. Empty or absent for neither.
   */
  afterPrice?: [string, string][]
  /** What she owes in all, the price and the fee, less a code: '$135'. */
  total?: string
  /** '$60'; null when the quote asks no deposit or the bakery waived it. */
  deposit: string | null
  /** What the deposit is called (depositWord), as the owner's money card calls it. */
  depositLabel: string
  /** 'Tuesday, December 1, 2026'; null when no date was set. */
  depositDue: string | null
  /** The rest of the price after the deposit: '$60'; null when nothing is left. */
  balance?: string | null
  /** 'Saturday, December 5, 2026'; null when no date was set (due at handover). */
  balanceDue?: string | null
  /** The owner's words on how to pay, line breaks and all. */
  paymentInstructions: string
  message: string
  /** ISO timestamp of when the quote stops holding the date. */
  expiresAt: string
  /** 'Thursday, November 26, 2026 at 3:00 p.m.', in the bakery's time zone and locale. */
  expiresLabel: string
  /** The expiry has passed (the site has not moved the request yet). */
  expired: boolean
  accepted: boolean
}

/** What is still to pay on a quoted, confirmed or ready request; null amounts are settled. */
export interface CustomerOwed {
  deposit: string | null
  /** What the deposit is called: 'Deposit', or 'Full payment' when it is the whole total (depositWord). */
  depositLabel: string
  balance: string | null
}

/** What a quote asks, when, and what is paid: the customer's payment schedule. */
export interface CustomerSchedule {
  /** 'BB-4821', for her e-Transfer message; null for requests stored before references. */
  reference: string | null
  lines: ScheduleLine[]
  /**
   * For a delivery with a fee, what the payments add up to, line by line:
   * [['Price', '$120'], ['Delivery fee', '$15'], ['Total', '$135']]; empty otherwise.
   */
  charges?: [string, string][]
  /** '$60' paid so far; null when nothing is. */
  paid: string | null
}

/** A payment or refund on a request, as its customer reads it. */
export interface CustomerMoneyEntry {
  kind: 'payment' | 'refund'
  /** 'Thursday, November 26, 2026' */
  on: string
  /** '$40' */
  amount: string
  /** 'e-Transfer' */
  method: string
  /** A refund that lowered the price (decision 060): 'Price lowered to $95'. */
  lowered?: string
}

/** What has been paid and handed back on a request, once anything has been paid. */
export interface CustomerLedger {
  entries: CustomerMoneyEntry[]
  /** '$40' handed back in all; null when nothing was. */
  refunded: string | null
  /** '$60' paid, after refunds. */
  paid: string
}

/** The order book's side of one request, for its customer. */
export interface CustomerBookEntry {
  /** The quote waiting for an answer (or accepted, waiting for the deposit). */
  quote: CustomerQuote | null
  owed: CustomerOwed | null
  /** Each payment of the quote and when it is due; null before a quote and once closed. */
  schedule?: CustomerSchedule | null
  /** The customer said no to the quote themselves (not the bakery). */
  declinedByCustomer: boolean
  /** What she may pay by card now, when card payments are on (decision 045). */
  card?: CustomerCardOffer | null
  /** What a gift card may pay now, once any card was sold (decision 114). */
  giftCard?: GiftCardOffer | null
  /** Her payments and refunds, with a receipt to print; absent until something is paid. */
  ledger?: CustomerLedger | null
  /**
   * Quoted together with another request of the send, whose card shows the
   * party's one quote, money and answer (decision 049).
   */
  partyWith?: {
    position: number
    productType: string
    /** The party's quote is accepted, waiting for its deposit. */
    accepted: boolean
  } | null
}

/** How an answer to a quote went, as the page tells it. */
export type QuoteAnswerResult =
  | {
      ok: true
      position: number
      outcome: 'confirmed' | 'accepted' | 'declined'
      /** What became of the code she accepted with: what it took off, or why it could not. */
      code?: string
    }
  | { ok: false; error: string; position?: number; notFound?: true }
