import type { Database } from './schema.ts'

/**
 * Which feature owns each table: the one place that says it (decision 038).
 * A feature queries only its own tables (and the shared ones); what it needs
 * of another's table it asks that feature's functions for, along the edges
 * in eslint.config.js (`featureEdges`). table-owners.test.ts scans every
 * feature's source and fails on a query outside this map and its
 * grants below, so a new query across rooms is a decision, not a slip.
 *
 * `shared` marks tables kept by shared code (app/db, app/utils) that any
 * feature may use for its own rows. A new table in schema.ts must be added
 * here before the types check.
 */
export const tableOwners = {
  // The order book owns a request from the moment it is stored: the orders
  // feature's send hands its requests to the book's intake
  // (order-book/request-intake.server.ts), which writes these rows.
  order_batch: { owner: 'order-book', holds: 'one send: when it came, the policies ticked' },
  // With it, on SQLite, its search index order_request_search (FTS5, kept by
  // triggers, read in raw SQL by order-list.server.ts only).
  order_request: { owner: 'order-book', holds: 'each request, its status and its private link' },
  order_status_count: { owner: 'order-book', holds: 'requests per status, kept by triggers' },
  request_event: { owner: 'order-book', holds: "each request's timeline" },
  request_quote: { owner: 'order-book', holds: "the owner's quotes and the customer's answers" },
  payment: { owner: 'order-book', holds: 'the payments the owner records, and card payments' },
  card_checkout: { owner: 'payments', holds: 'each Stripe Checkout session opened to pay' },
  stripe_event: { owner: 'payments', holds: 'each verified Stripe webhook event, once' },
  refund: { owner: 'order-book', holds: 'money handed back to a customer' },
  receipt: { owner: 'order-book', holds: "each paid request's receipt number" },
  customer_change: {
    owner: 'customer-changes',
    holds: 'changes and cancellations a customer asked for',
  },
  customer_change_detail: { owner: 'customer-changes', holds: 'the details a change asks for' },

  contact_message: { owner: 'contact', holds: 'the contact form’s messages; the inbox lists them' },
  outbox: { owner: 'mail', holds: 'every email, queued until delivered' },
  gallery_image: { owner: 'gallery', holds: 'the gallery’s photos and their variants' },
  inspiration_photo: { owner: 'inspiration', holds: 'photos a customer sends with a request' },
  proof_round: { owner: 'proofs', holds: "each design proof round and the customer's answer" },
  proof_image: { owner: 'proofs', holds: "a proof round's private images and their variants" },
  product: { owner: 'menu', holds: 'the treats an order may name' },
  product_option_group: {
    owner: 'menu',
    holds: 'a set-price treat’s groups of options: size, flavour, a message on top',
  },
  product_option_choice: {
    owner: 'menu',
    holds: 'each option’s choices and what they add to the price',
  },
  delivery_fee_rule: {
    owner: 'availability',
    holds: 'delivery fees by postal-code prefix',
  },
  day_waitlist_entry: {
    owner: 'waitlist',
    holds: 'who waits for a full day of the custom-order calendar, and the room kept for an offer',
  },
  set_price_order: {
    owner: 'set-price-orders',
    holds: 'each order sold at a set price, and when an unpaid card order is given up',
  },
  set_price_choice: {
    owner: 'set-price-orders',
    holds: 'the choices a treat bought now was made with',
  },
  customer_note: { owner: 'customers', holds: 'her private notes on a customer, by address' },
  customer_join: { owner: 'customers', holds: 'two customers she joined by hand into one' },
  customer_apart: { owner: 'customers', holds: 'an email or phone she says ties no one person' },
  discount_code: { owner: 'discount-codes', holds: 'her discount codes, their terms and uses' },
  discount_code_use: { owner: 'discount-codes', holds: 'which order took each use of a code' },
  gift_card: { owner: 'gift-cards', holds: 'each gift card sold, its code and who it is for' },
  gift_card_entry: {
    owner: 'gift-cards',
    holds: 'what each gift card was bought with, spent on and given back',
  },
  tax_rate: { owner: 'taxes', holds: 'the tax rates she charges' },
  tax_class: { owner: 'taxes', holds: 'the classes of what she sells, each with its rule' },
  tax_class_rate: { owner: 'taxes', holds: 'which rates each class carries' },
  text_consent: { owner: 'texts', holds: "each phone's consent to texts, given and withdrawn" },
  text_message: { owner: 'texts', holds: 'each text queued until Twilio takes it' },
  push_subscription: { owner: 'owner-alerts', holds: 'each device that turned on alerts' },
  push_alert: { owner: 'owner-alerts', holds: 'each alert queued for a device until sent' },
  site_content: {
    owner: 'site-content',
    holds: "the owner's words, banner, FAQ and local settings, by section",
  },
  review: { owner: 'reviews', holds: 'customers’ reviews and whether the owner shows each' },
  drop_sale: { owner: 'drops', holds: 'each drop: when it opens and closes, its pickup day' },
  drop_section: { owner: 'drops', holds: "a drop's sections that share one stock" },
  drop_item: { owner: 'drops', holds: "a drop's items, their prices, stock and limits" },
  drop_window: { owner: 'drops', holds: "a drop's pickup windows and their caps" },
  drop_hold: {
    owner: 'drops',
    holds: 'each reservation of a drop’s stock, until ordered or let go',
  },
  drop_hold_line: { owner: 'drops', holds: 'what each hold reserves, item by item' },
  waitlist_entry: {
    owner: 'waitlist',
    holds: 'who waits for a sold-out item or a full pickup time of a drop, and their offer',
  },

  ingredient: { owner: 'kitchen', holds: 'what she buys: its pack, price, allergens, pantry' },
  recipe: { owner: 'kitchen', holds: 'her recipes: what a batch makes, her minutes, packaging' },
  recipe_line: { owner: 'kitchen', holds: "each recipe's ingredients and sub-recipes" },
  recipe_use: {
    owner: 'kitchen',
    holds: 'the recipes each treat, choice and drop item is made of',
  },
  kitchen_settings: { owner: 'kitchen', holds: 'the one row: her hourly rate and target margin' },
  label_settings: { owner: 'labels', holds: 'the one row: her region, permit and printed name' },
  label_net: { owner: 'kitchen', holds: 'what one of each treat or drop item weighs' },
  label_sheet: { owner: 'labels', holds: "each order's or drop's labels as first made" },

  weekday_capacity: { owner: 'availability', holds: 'effort units the bakery makes per weekday' },
  closed_period: { owner: 'availability', holds: 'the days the bakery is closed' },
  pickup_window: { owner: 'availability', holds: 'pickup windows per weekday and their caps' },
  booking_settings: { owner: 'availability', holds: 'the one settings row: horizon, policies…' },

  sign_in_failure: { owner: 'auth', holds: 'failed sign-ins, for the throttle' },
  // better-auth's own tables, created and queried by better-auth inside auth.
  user: { owner: 'auth', holds: 'admin accounts (better-auth)' },
  session: { owner: 'auth', holds: 'admin sessions (better-auth)' },
  account: { owner: 'auth', holds: 'admin passwords (better-auth)' },
  verification: { owner: 'auth', holds: 'better-auth’s one-time values' },

  app_state: { owner: 'shared', holds: 'one value per key, each feature under keys of its own' },
  rate_limit: { owner: 'shared', holds: 'utils/rate-limit.server.ts: hits per key' },
  lease: { owner: 'shared', holds: 'db/lease.server.ts: who runs scheduled work' },
  page_version: { owner: 'shared', holds: 'db triggers: the public pages’ cache token' },
  booking_version: { owner: 'shared', holds: 'db triggers: the availability cache token' },
} as const satisfies Record<keyof Database | BetterAuthTable, { owner: string; holds: string }>

type BetterAuthTable = 'user' | 'session' | 'account' | 'verification'

export type TableName = keyof typeof tableOwners

const BOOK = ['order_batch', 'order_request', 'request_event', 'request_quote', 'payment'] as const

/**
 * Queries across rooms that are deliberate, each with its reason: a feature
 * may query its own tables, the shared ones and those granted here. The
 * rooms around the order book's core (decision 091) read and move the
 * book's own rows, the request and its money, as one book split by purpose;
 * everything else is a place where going through the owner's functions
 * would cost more than it protects. Keep this list short.
 */
export const tableGrants = [
  {
    feature: 'availability',
    tables: [
      'order_request',
      'drop_sale',
      'drop_hold',
      'drop_hold_line',
      'drop_item',
      'day_waitlist_entry',
    ],
    reason:
      'Capacity is the booked requests’ effort, that of drop baskets held now and that of a full day’s waitlist offers kept now, summed per day in grouped queries run inside the booking lock; the order book, drops and the waitlist use availability, so asking them would turn those edges round.',
  },
  {
    feature: 'set-price-orders',
    tables: ['order_request', 'request_quote'],
    reason:
      'A set-price order is priced as it is stored: its quote is written already accepted, in the transaction that stores the request, and her page’s link is read back for the page that sent her.',
  },
  {
    feature: 'drops',
    tables: ['order_request'],
    reason:
      'What a drop has left is counted from its holds in one query under the drop’s lock; a hold that became an order takes its stock while its request is still to be made, so that query reads the request’s status beside the hold.',
  },
  {
    feature: 'order-book',
    tables: ['booking_settings'],
    reason:
      'The settings row also keeps the order book’s own settings (how long a quote waits, the calendar feed’s key), which the owner edits in Settings beside the booking rules.',
  },
  {
    feature: 'order-book',
    tables: ['customer_change'],
    reason:
      'The email that tells her a cancellation is done says what it gave back, which the cancellation row holds; it is written in the transaction that cancels.',
  },
  {
    feature: 'payments',
    tables: ['order_request', 'payment', 'refund', 'booking_settings'],
    reason:
      'A card payment settles its request: the payment row is written and the request moved in the transaction that records the Stripe event, once; a card refund and the receipt read the refunds beside the payments; when a balance falls due is kept in the settings row.',
  },
  {
    feature: 'proof-steps',
    tables: ['order_request'],
    reason:
      'A proof sent or answered moves its request in the transaction that keeps the round, under the proof lock.',
  },
  {
    feature: 'receipts',
    tables: ['order_request', 'payment', 'refund'],
    reason:
      'A receipt reads its request with the payments and refunds made against it, in one read per page.',
  },
  {
    feature: 'customer-changes',
    tables: ['order_request', 'refund', 'booking_settings'],
    reason:
      'A change or a cancellation moves her request in the transaction that takes it, reads what was refunded to say what a cancellation gives back, and reads the change policy kept in the settings row.',
  },
  {
    feature: 'customer-page',
    tables: [...BOOK, 'refund'],
    reason:
      'Her page reads her requests, their timeline, quotes, payments and refunds through her private link, in one read per page.',
  },
  {
    feature: 'order-page',
    tables: ['order_request', 'order_batch', 'request_event', 'receipt', 'booking_settings'],
    reason:
      'The order page reads the request, its send, timeline and receipt number in one read, and the quote rules kept in the settings row.',
  },
  {
    feature: 'owner-desk',
    tables: [
      'order_batch',
      'order_request',
      'request_quote',
      'payment',
      'order_status_count',
      'refund',
      'customer_change',
      'booking_settings',
    ],
    reason:
      'Today, the list, the calendar, the CSV and the feed are reads across the whole book (counts, money, waiting changes) in a query each.',
  },
  {
    feature: 'erasure',
    tables: [
      'order_request',
      'request_event',
      'request_quote',
      'payment',
      'refund',
      'customer_change',
      'customer_change_detail',
    ],
    reason:
      'Erasing a customer blanks her words in her requests, their timeline, quotes, money and changes in one transaction, keeping the numbers the books need.',
  },
  {
    feature: 'scheduled-work',
    tables: ['order_request', 'request_event', 'request_quote'],
    reason:
      'The digest, reminders and lapsing quotes pick their requests in one query each and mark each step on the request’s timeline, once.',
  },
  {
    feature: 'kitchen',
    tables: [
      'product',
      'drop_sale',
      'drop_item',
      'order_request',
      'request_quote',
      'set_price_order',
      'set_price_choice',
      'product_option_group',
      'product_option_choice',
      'drop_hold',
      'drop_hold_line',
    ],
    reason:
      'The kitchen reads, never writes, what she sells (the menu’s treats, the drops’ items and their prices) to cost it, a date range of booked orders with what each is made of (a drop basket’s lines, a treat bought now and the names of its choices) for the prep sheet and the shopping list, and the open quotes’ prices to flag those under her margin, in one query each rather than one per order.',
  },
  {
    feature: 'discount-codes',
    tables: ['order_request'],
    reason:
      'Whether a code is her first order, or her second use of it, is asked of her earlier orders by address in the transaction that takes the use, under the code’s own row lock; the same transaction writes on the order what the code took off.',
  },
  {
    feature: 'texts',
    tables: ['order_request'],
    reason:
      'The clock’s texts read today’s and tomorrow’s booked orders joined to the phones that consented, in one query a minute, rather than asking the book for every order and dropping most.',
  },
  {
    feature: 'customers',
    tables: ['order_request', 'order_batch'],
    reason:
      'Her customer book is made from the requests themselves, read in one query with when each was sent (its send) and joined by email or phone, so it never drifts from the book and an erased customer is gone from it with her requests.',
  },
  {
    feature: 'reports',
    tables: ['payment', 'refund', 'order_request', 'set_price_order', 'request_quote'],
    reason:
      'Her year’s numbers add up the book’s payments and refunds by their days, each with its order’s treat and channel (a set-price order is a drop’s or bought now) and its part of the order’s tax (its quote’s), and cost the year’s made orders by their dates, in one query each rather than one per order.',
  },
  {
    feature: 'labels',
    tables: ['order_request', 'drop_sale', 'drop_hold', 'drop_hold_line', 'drop_item'],
    reason:
      'A drop’s labels count the pieces of each item in its booked orders in one query, and a sheet names the order or drop it is for.',
  },
  // mediaUsageBytes (media/media-quota.server.ts) loops over PHOTO_TABLES,
  // the tables whose rows hold stored bytes: the media quota counts the
  // gallery's photos and the customers' inspiration photos together.
  {
    feature: 'media',
    tables: ['?'],
    reason:
      'The media quota (mediaUsageBytes) sums the stored bytes of gallery_image, inspiration_photo and proof_image, the tables of the one media store, looping over their names.',
  },
] as const satisfies readonly {
  feature: string
  /** '?': a query whose table is held in a variable, allowed only with its reason. */
  tables: readonly (TableName | '?')[]
  reason: string
}[]

/** Whether a feature may query a table: its own, a shared one, or one granted it. */
export function mayQuery(feature: string, table: string): boolean {
  const granted = tableGrants.some(
    (grant) => grant.feature === feature && (grant.tables as readonly string[]).includes(table),
  )
  if (granted) return true
  if (!(table in tableOwners)) return false
  const { owner } = tableOwners[table as TableName]
  return owner === feature || owner === 'shared'
}

/** Kysely's calls that name a table, and sql.table(): the first argument is the table. */
const TABLE_CALLS =
  /\b(?:selectFrom|insertInto|replaceInto|mergeInto|updateTable|deleteFrom|(?:inner|left|right|full|cross)Join(?:Lateral)?|table)\(\s*/g

/**
 * The tables a source file queries: named in Kysely's calls (`selectFrom('x')`,
 * `innerJoin('x as y', …)`, `updateTable(['x'])`…) or written in raw `sql`
 * text. A call whose table is not written out (`updateTable(table)`) is
 * returned as '?', so a query cannot hide its table from the check.
 */
export function queriedTables(source: string): Set<string> {
  const tables = new Set<string>()
  for (const match of source.matchAll(TABLE_CALLS)) {
    const rest = source.slice(match.index + match[0].length)
    const list = /^\[([^\]]*)\]/.exec(rest)
    const names = list
      ? [...list[1]!.matchAll(/(['"`])([^'"`]+)\1/g)].map((name) => name[2]!)
      : [/^(['"`])([^'"`]+)\1/.exec(rest)?.[2]]
    for (const name of names) {
      if (name !== undefined) {
        tables.add(name.trim().split(/\s+as\s+|\s/)[0]!)
      } else if (/^[A-Za-z_$][\w$.]*\s*[,)]/.test(rest)) {
        tables.add('?')
      }
    }
  }
  for (const text of sqlTexts(source)) {
    for (const table of Object.keys(tableOwners)) {
      if (new RegExp(`(?<![\\w.])${table}(?![\\w])`).test(text)) tables.add(table)
    }
  }
  return tables
}

/** The text of each raw sql`…` template (its ${…} parts included, so sql.ref('x.y') counts). */
function sqlTexts(source: string): string[] {
  const texts: string[] = []
  for (const match of source.matchAll(/\bsql(?:<[^`>]*>)?`/g)) {
    let depth = 0
    let end = match.index + match[0].length
    for (; end < source.length; end++) {
      const character = source[end]
      if (character === '\\') end++
      else if (depth === 0 && character === '`') break
      else if (character === '$' && source[end + 1] === '{') depth++
      else if (character === '}' && depth > 0) depth--
    }
    texts.push(source.slice(match.index + match[0].length, end))
  }
  return texts
}

/** Why a feature's query of a table is not allowed; undefined when it is. */
export function refusedQuery(feature: string, table: string): string | undefined {
  if (mayQuery(feature, table)) return undefined
  if (!(table in tableOwners)) {
    return table === '?'
      ? 'names its table in a variable: write the table out so its owner can be checked'
      : `queries ${table}, which app/db/table-owners.ts does not list`
  }
  const { owner } = tableOwners[table as TableName]
  return `queries ${table}, owned by ${owner}: use ${owner}'s functions, or grant it with its reason in app/db/table-owners.ts`
}

/** Every refused query in one feature's source file. */
export function refusedQueries(feature: string, source: string): string[] {
  return [...queriedTables(source)].flatMap((table) => refusedQuery(feature, table) ?? [])
}
