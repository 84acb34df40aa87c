import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import checkFile from 'eslint-plugin-check-file'
import importX from 'eslint-plugin-import-x'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/**
 * Imports flow one way: routes → features → shared (components, content,
 * config, db, utils). A feature never reaches into a route, shared code never
 * reaches into a feature, and features stay out of each other except along
 * the edges written here: what each feature uses and why (an empty why: it
 * uses only the kernels, if anything). docs/architecture.md's map of the
 * features is made from these (npm run docs:architecture).
 */
export const featureEdges = {
  auth: {
    uses: ['site-content'],
    why: "An admin's link to set a new password goes out through the outbox. Its emails say her bakery's name (site-content).",
  },
  backups: {
    uses: [],
    why: "A backup copies the local media store's folder, where the media module says it is.",
  },
  contact: {
    uses: ['owner-alerts', 'site-content'],
    why: "A message is stored with its email to the owner and an alert to her phone; the email's footer says her bakery's name (site-content).",
  },
  gallery: {
    uses: ['site-content'],
    why: "The gallery's photos go through the shared image pipeline, store and quota; a photo without her words is described with her bakery's name (site-content).",
  },
  'gift-cards': {
    uses: ['site-content'],
    why: "Her gift cards (decision 114): each card's code and ledger, read and moved under the card's lock, the emails a sale sends (naming her bakery, from site-content), her list of cards and whether she sells them.",
  },
  home: {
    uses: [],
    why: 'The public Home page: her words and pictures, her treats and reviews, read from shared content.',
  },
  moving: {
    uses: [
      'availability',
      'gift-cards',
      'kitchen',
      'labels',
      'menu',
      'site-content',
      'taxes',
      'texts',
    ],
    why: "Exporting and importing the site (moving house) reads and replaces the owner's words, the booking settings, the menu, her kitchen, her labels' and texts' settings, her taxes and whether she sells gift cards, each through its owner.",
  },
  setup: {
    uses: ['auth', 'menu', 'site-content'],
    why: 'The first-run setup makes the first admin, names the bakery and, without the demo, empties the menu and writes plain words, in one transaction.',
  },
  inbox: {
    uses: ['contact'],
    why: "The owner's inbox lists the contact form's messages and their emails' delivery.",
  },
  inspiration: {
    uses: [],
    why: "A customer's inspiration photos go through the shared image pipeline, store and quota.",
  },
  mail: {
    uses: [],
    why: 'The outbox: every email queued in the transaction that caused it and delivered once by the worker; the emails’ shared layout.',
  },
  media: {
    uses: [],
    why: 'Photos in a store: where they live, how an upload arrives and is re-encoded, the quota. It knows no feature; each kind of photo (gallery, inspiration) is built on it.',
  },
  menu: {
    uses: [],
    why: "The menu's active products are what an order may name.",
  },
  availability: {
    uses: ['menu'],
    why: "Availability weighs each request by its product's notice and effort, and counts the requests whose status holds a day (order-status's HELD_STATUSES).",
  },
  'date-choice': {
    uses: ['availability'],
    why: 'Choosing an order date: the date field, its calendar of open days with why the others cannot be had, the next open day, and the rules of notice and horizon it says (availability answers which days are open). The order form, a treat bought now and a change of day all choose their date with it.',
  },
  orders: {
    uses: [
      'availability',
      'date-choice',
      'inspiration',
      'menu',
      'order-book/request-intake.server.ts',
      'owner-alerts',
      'site-content',
    ],
    why: "An order sent with inspiration photos attaches them in its own transaction. A send's requests enter the order book through its one door, the intake module (it imports nothing from orders, see `oneWayDoors`): the book owns the request tables and writes each request's first timeline entry. A send queues the owner's alert of a new request beside her email. Its confirmation email says the owner's name and reply time (site-content).",
  },
  drops: {
    uses: ['availability'],
    why: 'Batch sales that open and close at set moments: their stock, sections and pickup windows (written as every window is, by availability), and the holds that reserve stock for a few minutes (decision 099).',
  },
  'discount-codes': {
    uses: [],
    why: 'Her discount codes (decision 109): their terms, what one takes off a price (one rounding rule), and its uses, each taken in the transaction that makes its order. The orders sold at a set price use it; it reads her earlier orders by address for a first-order or once-each code.',
  },
  'set-price-orders': {
    uses: [
      'availability',
      'discount-codes',
      'menu',
      'order-book',
      'owner-alerts',
      'site-content',
      'taxes',
    ],
    why: "Orders sold at a set price, with no quote to wait for (decisions 100 and 102): the price of what she chose (the menu's option prices, availability's delivery fees) and the taxes of its classes (taxes), stored through the book's intake, priced by the site with the quote already accepted, and confirmed at once when paid at pickup, with her email, the owner's and an alert to her phone.",
  },
  'buy-now': {
    uses: [
      'availability',
      'date-choice',
      'discount-codes',
      'gift-cards',
      'menu',
      'order-book',
      'orders',
      'payments',
      'set-price-orders',
      'taxes',
    ],
    why: "A treat bought now at its set price (decision 103): priced by the menu's one rule with availability's delivery fees and taxed by its class (taxes), booked under availability's capacity and pickup-time rules, stored as a set-price order and paid by card through payments' Checkout or at pickup, with a gift card paying what it holds first (through payments; the form takes a card's code once any was sold, gift-cards). A choice that needs a quote is sent as the order form sends a request (orders), whose fields and tick the page reuses.",
  },
  waitlist: {
    uses: ['availability', 'drops', 'menu', 'orders', 'site-content'],
    why: "A drop's waitlist (decision 101): who waits for a sold-out item or a full pickup time, and the offer of what came free, kept by drops as a hold for her and told by email through the outbox in her bakery's words. It reads the drop's post once, and hands a reservation back to drops. A full day of the custom-order calendar is waited for the same way (decision 104): its room is kept for the one offered it by availability's count, and her request is sent by the order form's own rules and send (orders), for the menu's treat.",
  },
  'drop-desk': {
    uses: ['availability', 'drops', 'order-book'],
    why: "The owner's drops: her form makes a drop (pickup times checked as availability writes them), a drop is copied to next week, and its page counts sold, held and left and lists the orders to pack, each paid or owing by the book's money rule.",
  },
  'drop-orders': {
    uses: [
      'availability',
      'discount-codes',
      'drops',
      'gift-cards',
      'order-book',
      'orders',
      'payments',
      'set-price-orders',
      'taxes',
    ],
    why: "A drop's hold becomes an order of the book (decision 100): claimed from drops, its total shown with the taxes of its items' classes (taxes), stored as a set-price order with the policies she ticked (availability, and the order form's tick from orders), paid by card through payments' Checkout or booked to pay at pickup, with a gift card paying what it holds first (through payments; the form takes a card's code once any was sold, gift-cards).",
  },
  'order-book': {
    uses: ['availability', 'owner-alerts', 'site-content', 'taxes'],
    why: "The order book's core: a request from its intake through its status moves, quotes and party quotes, timeline, payments recorded by hand and the emails each change sends (what each status and change means is order-status's table). A quote keeps the taxes of its treats' classes (taxes); its emails go through the outbox with an alert to the owner's phone and say her bakery's name; a day's notice and capacity come from availability. The rooms around it (payments, receipts, proof-steps, customer-page, customer-changes, order-page, owner-desk, erasure, scheduled-work) use the core; the core uses none of them.",
  },
  payments: {
    uses: ['gift-cards', 'order-book', 'owner-alerts', 'set-price-orders', 'site-content'],
    why: "Money that moves on its own: card checkout on Stripe's page, Stripe's webhook, refunds to the card, payment notices, and when a quote's balance falls due (its Settings card). It settles the core's requests and queues their emails. A set-price order's card payment ends by the time the order is given up (set-price-orders). Gift cards are bought through its Checkout, spent as an order's payment and refunded back onto the card (gift-cards keeps each card's code and ledger).",
  },
  'proof-steps': {
    uses: ['order-book', 'owner-alerts', 'proofs', 'site-content'],
    why: "A design proof's steps on the request: the owner sends a round, the customer approves it or asks for a change, each moving the request and noting it on its timeline (order-book) in the transaction that keeps the round (proofs), with the emails it sends in her bakery's words (site-content) and an alert of her answer to the owner's phone.",
  },
  receipts: {
    uses: ['order-book', 'site-content'],
    why: "A paid request's receipt, on its page and as a PDF: what was paid and refunded, by which way, against the quote and its taxes, by the book's money rules (order-book), under her bakery's name and address (site-content).",
  },
  'customer-changes': {
    uses: [
      'availability',
      'date-choice',
      'menu',
      'order-book',
      'orders',
      'owner-alerts',
      'payments',
      'site-content',
    ],
    why: "What a customer asks of her order from her page: a change of day, time or details, a cancellation with what it gives back (a refund to her card goes through payments), and the owner's answer. Its forms reuse the order form's fields (orders) and choose the new day as it does (date-choice); the menu says what may be asked for.",
  },
  'customer-page': {
    uses: [
      'customer-changes',
      'discount-codes',
      'inspiration',
      'order-book',
      'payments',
      'receipts',
      'site-content',
    ],
    why: "The customer's private page: each request, what waits on her (a quote to answer, with a discount code if she has one, money to pay by card through payments, a proof), her receipts (receipts), her photos (inspiration) and her changes and cancelling (customer-changes).",
  },
  'order-page': {
    uses: [
      'customer-changes',
      'inspiration',
      'order-book',
      'orders',
      'payments',
      'receipts',
      'taxes',
    ],
    why: "The owner's page of one order, card by card: quotes (with what its treat's class adds in tax, from taxes), payments and card refunds (payments) and the receipt's number (receipts), the change a customer asked for (customer-changes), details, proofs, her photos (inspiration) and the order form's options (orders).",
  },
  'owner-desk': {
    uses: [
      'availability',
      'contact',
      'customers',
      'order-book',
      'payments',
      'proof-steps',
      'proofs',
      'reviews',
      'site-content',
    ],
    why: "The owner's desk: Today (with the messages, proofs and reviews waiting on her, card payments to look at and customers to ask again), the order list, the calendar with each day's capacity, closed days and pickup times (availability), the CSV and the calendar feed under her bakery's name (site-content), all read across the order book.",
  },
  erasure: {
    uses: [
      'contact',
      'customers',
      'drops',
      'gift-cards',
      'inspiration',
      'proofs',
      'reviews',
      'texts',
      'waitlist',
    ],
    why: 'Erasing a customer everywhere she is stored (decision 031): her requests and their money kept as numbers without her, her contact messages, holds on drops and places on their waitlists, photos in the media store, proofs and review, her notes in the customer book, her consent to texts and the texts to her number, the gift cards she bought or was given, each through its owner.',
  },
  'scheduled-work': {
    uses: ['availability', 'order-book', 'owner-alerts', 'payments', 'reviews', 'site-content'],
    why: "Work the clock starts: the owner's morning digest, customers' reminders and payment notices (payments), quotes that lapse, and the day after a completion the link that invites a review (reviews).",
  },
  reviews: {
    uses: ['owner-alerts', 'site-content'],
    why: "A customer's review of her order: its emails (the invitation, the owner's news of it) go through the outbox, and a new review alerts the owner's phone beside her email. It knows no request: the order book hands it the links it asks about and erases a customer's review through it. Its emails say her name and her bakery's (site-content).",
  },
  'owner-alerts': {
    uses: [],
    why: "The owner's phone: its app (manifest, service worker) and the alerts other features (contact, orders, order-book, reviews) queue where they queue her emails. It uses no other feature.",
  },
  proofs: {
    uses: [],
    why: "A design proof's images go through the shared image pipeline, store and quota.",
  },
  'site-content': {
    uses: [],
    why: "The owner's words (name, reply time, banner, FAQ, the FAQ's stored rendering; the Markdown renderer is shared, app/utils/markdown.server.ts); her pictures go through the shared image pipeline and store. Pages, emails and the settings page read it.",
  },
  kitchen: {
    uses: ['menu', 'drops'],
    why: "Her ingredients and recipes, what each costs her and what a price leaves her (decision 105). What she sells is made of recipes: the menu's treats and their choices and the drops' items are named here by their ids and keys, read through their owners.",
  },
  'bake-sheets': {
    uses: ['kitchen'],
    why: "Her prep sheet and shopping list for the days she picks (decision 105): the orders to make and her recipes, walked and added up in exact amounts by the kitchen's rules, less what her pantry holds, bought in whole packs.",
  },
  labels: {
    uses: ['kitchen', 'reports'],
    why: 'The labels the law asks for, made from her recipes and kept per order and drop (decision 106): the kitchen says what each thing is made of and weighs; the orders and drops it labels are read by their ids; her year’s sales, for her sales cap, come from the reports.',
  },
  customers: {
    uses: ['contact', 'order-book', 'site-content'],
    why: "Her customer book (decisions 107 and 112): each customer made from the book's requests and the contact form's messages (contact), joined by email or phone and by her own corrections (joined by hand, kept apart), the requests read only; what each has paid is the order book's sum (paymentTotals); the messages they sent (contact); her notes on them; and Today's \"Again this year?\", signed with her name (site-content).",
  },
  reports: {
    uses: ['gift-cards', 'kitchen'],
    why: "Her year's numbers (decision 108), read across the book's money (payments and refunds) in a query each, by month, channel and treat; what her made orders cost her comes from the kitchen; the gift cards sold, no sale until spent but a card fee the day bought, from gift-cards.",
  },
  taxes: {
    uses: ['menu'],
    why: "Her taxes (decision 113): the rates she charges and the classes of what she sells, each with its rule; the menu's treats are put in a class through the menu, and an order priced now is given the taxes of its treats' classes.",
  },
  texts: {
    uses: ['availability', 'drops', 'site-content'],
    why: "Texts through her own Twilio account (decision 111): each phone's consent and its STOP, the clock's reminders and \"ready\" texts read from the booked orders (the statuses from order-status), written with the window's words (availability) and her bakery's name (site-content), news of a drop opening (its name, address and hours read through drops), and sent once through a leased queue of their own.",
  },
  'order-status': {
    uses: [],
    why: "The one home of a request's statuses, transitions, status sets and what each change moves and emails, and how a status and a payment schedule read (its badge, the schedule's lines): it uses no other feature, so every feature may read it.",
  },
}

// A new feature folder must say which features it may use before it lints.
const featureFolders = readdirSync(new URL('./app/features', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
const unlisted = featureFolders.filter((name) => !(name in featureEdges))
if (unlisted.length > 0) {
  throw new Error(`eslint.config.js: add ${unlisted.join(', ')} to featureEdges`)
}

// Kernels: features that use no other feature, which every feature may build
// on: the outbox every email goes through (mail), the one media store and its
// image pipeline (media), and what each status of a request means (order-status).
export const kernels = ['mail', 'media', 'order-status']
for (const kernel of kernels) {
  if (featureEdges[kernel].uses.length > 0) {
    throw new Error(`eslint.config.js: the kernel ${kernel} must use no other feature`)
  }
}

const featureZones = Object.entries(featureEdges).map(([feature, { uses }]) => {
  const allowed = kernels.includes(feature) ? [] : [...uses, ...kernels]
  return {
    target: `./app/features/${feature}`,
    from: './app/features',
    except: [`./${feature}`, ...allowed.map((other) => `./${other}`)],
    message: kernels.includes(feature)
      ? `The ${feature} feature is a kernel: it stays out of the other features; move what both need to shared code.`
      : uses.length > 0
        ? `The ${feature} feature may use only ${uses.join(', ')} and the kernels among the other features; move what both need to shared code, or add the edge with its reason.`
        : `The ${feature} feature may use only the kernels (${kernels.join(', ')}) among the other features; move what both need to shared code.`,
  }
})

// A door another feature may use opens one way: it never imports that feature back.
const oneWayDoors = [
  {
    target: './app/features/order-book/request-intake.server.ts',
    from: './app/features/orders',
    message:
      'The order book’s intake is the orders’ door into the book; it must not import orders.',
  },
]

const boundaries = [
  { target: './app/features', from: './app/routes', message: 'Features must not import routes.' },
  {
    target: ['./app/components', './app/content', './app/config', './app/db', './app/utils'],
    from: ['./app/routes', './app/features'],
    message: 'Shared code must not import features or routes.',
  },
  { target: './server', from: './app/routes', message: 'The server uses features, not routes.' },
  ...featureZones,
  ...oneWayDoors,
]

// Test support (databases, sample orders, SMTP servers) is for tests only;
// the browser's launch flags are shared with the benchmark, and the notes of
// which test files open a database with the PostgreSQL pass's script.
const noTestSupport = {
  target: ['./app', './server', './scripts'],
  from: './tests',
  except: ['./chromium.ts'],
  message: 'Production code must not import test support.',
}

// Reaching up a folder spells the place by its root, so a file reads the same
// wherever it moves: `#app/features/mail/outbox.server.ts`, never `../mail/…`.
const oneImportSpelling = {
  patterns: [
    {
      regex: '^\\.\\./',
      message: 'Import from outside this folder by its root: #app/…, #server/… or #tests/….',
    },
  ],
}

// Files are kebab-case words with lowercase role suffixes (`.server`, `.test`);
// route modules spell their URL the way React Router's file routes do.
const kebabFileName = '+([a-z0-9])*(-+([a-z0-9]))*(.+([a-z]))'
const routeFileName = '+([a-z0-9$_.-])'

export default tseslint.config(
  {
    ignores: [
      'build/',
      'data/',
      'node_modules/',
      '.react-router/',
      'test-results/',
      'playwright-report/',
      'bench-results/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver()],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...boundaries, noTestSupport] }],
      'import-x/no-cycle': 'error',
      // Node's modules, then packages, then the app's (#app, #server, #tests), then relative.
      'import-x/order': [
        'error',
        {
          groups: ['builtin', 'external', 'internal', 'parent', 'sibling', 'index'],
          pathGroups: [{ pattern: '#*/**', group: 'internal' }],
          'newlines-between': 'never',
          alphabetize: { order: 'asc', caseInsensitive: true },
        },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-imports': ['error', oneImportSpelling],
    },
  },
  {
    files: ['{app,server,scripts,tests}/**/*.{ts,tsx}'],
    ignores: ['app/routes/**'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': ['error', { '**/*.{ts,tsx}': kebabFileName }],
      'check-file/folder-naming-convention': [
        'error',
        { '{app,server,scripts,tests}/**/': 'KEBAB_CASE' },
      ],
    },
  },
  {
    // A page's render writes no moment in the bakery's time zone: the browser's
    // time-zone data can differ from the server's, and the words would not
    // match as React hydrates (writeBakeryMoment in app/utils/dates.ts says
    // more). Loaders send moments written; calendar days use calendarDayFormat.
    files: ['app/{features,components}/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          ...oneImportSpelling,
          paths: [
            {
              name: '#app/utils/local-settings.ts',
              importNames: ['bakeryDateTimeFormat'],
              message: 'Write the moment in the loader (writeBakeryMoment) and show the words.',
            },
            {
              name: '#app/utils/dates.ts',
              importNames: ['bakeryToday', 'bakeryTimeOf', 'bakeryDateOf', 'writeBakeryMoment'],
              message: 'Decide the bakery’s day or time in the loader and pass it to the page.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['app/routes/**/*.{ts,tsx}'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/filename-naming-convention': ['error', { '**/*.{ts,tsx}': routeFileName }],
    },
  },
  {
    // A test may set up what its feature works with (an inbox test stores an
    // order), and uses the shared test support.
    files: ['**/*.test.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaries.slice(0, 3) }],
    },
  },
  {
    files: ['app/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ['app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
)
