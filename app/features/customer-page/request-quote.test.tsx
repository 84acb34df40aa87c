import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { createRoutesStub } from 'react-router'
import { expect, test } from 'vitest'
import { OwedPanel } from './owed-panel.tsx'
import { ANSWER_MESSAGES, QuotePanel } from './request-quote.tsx'
import type { CustomerQuote } from './request-status.ts'
import { SchedulePanel } from './schedule-panel.tsx'

/** Drawn inside a data router, as the private page is: the answers are its forms. */
function draw(panel: ReactNode) {
  const Stub = createRoutesStub([{ path: '/requests/:token', Component: () => panel }])
  return renderToStaticMarkup(<Stub initialEntries={['/requests/AbCdEfGhIjKlMnOpQrStUvWx']} />)
}

const quote: CustomerQuote = {
  number: 2,
  price: '$120',
  deposit: '$60',
  depositLabel: 'Deposit',
  depositDue: 'Tuesday, December 1, 2026',
  paymentInstructions:
    'Interac e-Transfer to hello@butterandbloom.ca\nor pay here: https://pay.example/bb',
  message: '  Two tiers, <b>lemon</b> and raspberry.\n',
  expiresAt: '2026-11-26T20:00:00.000Z',
  expiresLabel: 'Thursday, November 26, 2026 at 3:00 p.m.',
  expired: false,
  accepted: false,
}

test('the words after an answer', () => {
  expect(ANSWER_MESSAGES).toMatchInlineSnapshot(`
    {
      "accepted": "Quote accepted — we’ll confirm once your deposit arrives",
      "confirmed": "Thank you — your date is booked",
      "declined": "You declined this quote",
    }
  `)
})

test('a party’s quote waiting for an answer: its lines and fee, the total, how to pay, a refused answer', () => {
  expect(
    draw(
      <QuotePanel
        position={3}
        quote={{
          ...quote,
          lines: [
            ['Cakes', '$120'],
            ['Cupcakes', '$45'],
          ],
          afterPrice: [['Delivery fee', '$15']],
          total: '$180',
        }}
        reference="BB-4821"
        error="Something changed; try again."
      />,
    ),
  ).toMatchInlineSnapshot(`
    "<section class="mt-6 rounded-2xl border-2 border-butter bg-cream p-5 sm:p-6" aria-labelledby="quote-3" data-testid="quote"><h3 id="quote-3" class="font-display text-xl font-semibold">Your quote</h3><p class="mt-1 text-sm text-chocolate">One quote for the 2 orders you sent together, with one answer for all of them.</p><dl class="mt-4 grid gap-1 rounded-xl bg-white px-4 py-3" data-testid="quote-charges"><div class="flex justify-between gap-4 "><dt>Cakes</dt><dd class="font-bold text-cocoa">$120</dd></div><div class="flex justify-between gap-4 "><dt>Cupcakes</dt><dd class="font-bold text-cocoa">$45</dd></div><div class="flex justify-between gap-4 "><dt>Delivery fee</dt><dd class="font-bold text-cocoa">$15</dd></div></dl><dl class="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-[1fr_1fr_1.5fr]"><div class="rounded-xl bg-white px-4 py-3 "><dt class="text-sm font-bold text-chocolate">Total</dt><dd class="mt-0.5 font-bold text-cocoa text-xl">$180</dd></div><div class="rounded-xl bg-white px-4 py-3 "><dt class="text-sm font-bold text-chocolate">Deposit</dt><dd class="mt-0.5 font-bold text-cocoa text-xl">$60</dd></div><div class="rounded-xl bg-white px-4 py-3 col-span-2 sm:col-span-1"><dt class="text-sm font-bold text-chocolate">Deposit due by</dt><dd class="mt-0.5 font-bold text-cocoa text-base">Tuesday, December 1, 2026</dd></div></dl><div class="mt-5"><h4 class="text-sm font-bold text-chocolate">A note from us</h4><p class="mt-1 whitespace-pre-line break-words">Two tiers, &lt;b&gt;lemon&lt;/b&gt; and raspberry.</p></div><div class="mt-5"><h4 class="text-sm font-bold text-chocolate">How to pay</h4><p class="mt-1 whitespace-pre-line break-words"><span>Interac e-Transfer to hello@butterandbloom.ca
    or pay here: </span><a href="https://pay.example/bb" class="text-link break-all" rel="noopener noreferrer" target="_blank">https://pay.example/bb</a></p><p class="mt-1" data-testid="reference-instruction">Put BB-4821 in the e-Transfer message, so we know the payment is yours.</p></div><p role="alert" class="mt-5 rounded-xl bg-blush-100 px-4 py-3 text-raspberry-dark">Something changed; try again.</p><p class="mt-5">Your date is held for you until <time dateTime="2026-11-26T20:00:00.000Z" class="font-bold">Thursday, November 26, 2026 at 3:00 p.m.</time> After that the quote expires and the date may go to someone else.</p><div class="mt-5 flex flex-wrap items-start gap-3"><form class="grid gap-3" data-discover="true" action="/requests/AbCdEfGhIjKlMnOpQrStUvWx" method="post"><input type="hidden" name="request" value="3"/><input type="hidden" name="quote" value="2"/><div class="form-field"><label for="quote-code-3" class="form-label">Discount code<span class="form-optional"> (optional)</span></label><input class="uppercase max-w-56" autoComplete="off" autoCapitalize="characters" spellCheck="false" maxLength="24" id="quote-code-3" name="code"/></div><button type="submit" value="accept" class="button-primary justify-self-start" name="intent">Accept quote</button></form><details class="quote-decline group"><summary class="button-secondary cursor-pointer list-none [&amp;::-webkit-details-marker]:hidden">Decline quote</summary><div class="mt-3 max-w-sm rounded-xl bg-white p-4 shadow-sm"><p class="font-bold">Are you sure?</p><p class="mt-1 text-sm text-chocolate">Declining lets your date go to other orders. You can always ask us again.</p><form class="mt-3" data-discover="true" action="/requests/AbCdEfGhIjKlMnOpQrStUvWx" method="post"><input type="hidden" name="request" value="3"/><input type="hidden" name="quote" value="2"/><button type="submit" value="decline" class="button-danger" name="intent">Yes, decline the quote</button></form></div></details></div></section>"
  `)
})

test('a delivery’s quote, expired, with no deposit and nothing on how to pay', () => {
  expect(
    draw(
      <QuotePanel
        position={1}
        quote={{
          ...quote,
          afterPrice: [['Delivery fee', '$15']],
          total: '$135',
          deposit: null,
          depositDue: null,
          paymentInstructions: ' ',
          message: '',
          expired: true,
        }}
        error={undefined}
      />,
    ),
  ).toMatchInlineSnapshot(
    `"<section class="mt-6 rounded-2xl border-2 border-butter bg-cream p-5 sm:p-6" aria-labelledby="quote-1" data-testid="quote"><h3 id="quote-1" class="font-display text-xl font-semibold">Your quote</h3><dl class="mt-4 grid gap-1 rounded-xl bg-white px-4 py-3" data-testid="quote-charges"><div class="flex justify-between gap-4 "><dt>Price</dt><dd class="font-bold text-cocoa">$120</dd></div><div class="flex justify-between gap-4 "><dt>Delivery fee</dt><dd class="font-bold text-cocoa">$15</dd></div></dl><dl class="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-[1fr_1fr_1.5fr]"><div class="rounded-xl bg-white px-4 py-3 "><dt class="text-sm font-bold text-chocolate">Total</dt><dd class="mt-0.5 font-bold text-cocoa text-xl">$135</dd></div></dl><p class="mt-5 font-bold text-raspberry-dark">This quote expired on <time dateTime="2026-11-26T20:00:00.000Z">Thursday, November 26, 2026 at 3:00 p.m.</time>. Reply to our email if you would still like it.</p></section>"`,
  )
})

test('an accepted quote with a deposit but no date for it, paid by reference only', () => {
  expect(
    draw(
      <QuotePanel
        position={2}
        quote={{ ...quote, accepted: true, depositDue: null, paymentInstructions: '' }}
        reference="BB-0007"
        error={undefined}
      />,
    ),
  ).toMatchInlineSnapshot(
    `"<section class="mt-6 rounded-2xl border-2 border-butter bg-cream p-5 sm:p-6" aria-labelledby="quote-2" data-testid="quote"><h3 id="quote-2" class="font-display text-xl font-semibold">Your accepted quote</h3><dl class="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-[1fr_1fr_1.5fr]"><div class="rounded-xl bg-white px-4 py-3 "><dt class="text-sm font-bold text-chocolate">Price</dt><dd class="mt-0.5 font-bold text-cocoa text-xl">$120</dd></div><div class="rounded-xl bg-white px-4 py-3 "><dt class="text-sm font-bold text-chocolate">Deposit</dt><dd class="mt-0.5 font-bold text-cocoa text-xl">$60</dd></div></dl><div class="mt-5"><h4 class="text-sm font-bold text-chocolate">A note from us</h4><p class="mt-1 whitespace-pre-line break-words">Two tiers, &lt;b&gt;lemon&lt;/b&gt; and raspberry.</p></div><div class="mt-5"><h4 class="text-sm font-bold text-chocolate">How to pay</h4><p class="mt-1" data-testid="reference-instruction">Put BB-0007 in the e-Transfer message, so we know the payment is yours.</p></div></section>"`,
  )
})

test('what is still to pay, and that nothing is', () => {
  expect(
    draw(<OwedPanel owed={{ deposit: '$60', depositLabel: 'Deposit', balance: '$120' }} />),
  ).toMatchInlineSnapshot(
    `"<section class="mt-6 rounded-2xl bg-paper p-5" aria-label="Still to pay"><dl class="grid gap-2"><div class="flex flex-wrap justify-between gap-x-4"><dt class="font-bold text-chocolate">Deposit still to pay</dt><dd class="font-bold text-cocoa">$60</dd></div><div class="flex flex-wrap justify-between gap-x-4"><dt class="font-bold text-chocolate">Total still to pay</dt><dd class="font-bold text-cocoa">$120</dd></div></dl></section>"`,
  )
  expect(
    draw(<OwedPanel owed={{ deposit: null, depositLabel: 'Deposit', balance: '$60' }} />),
  ).toMatchInlineSnapshot(
    `"<section class="mt-6 rounded-2xl bg-paper p-5" aria-label="Still to pay"><dl class="grid gap-2"><div class="flex flex-wrap justify-between gap-x-4"><dt class="font-bold text-chocolate">Total still to pay</dt><dd class="font-bold text-cocoa">$60</dd></div></dl></section>"`,
  )
  expect(
    draw(<OwedPanel owed={{ deposit: null, depositLabel: 'Deposit', balance: null }} />),
  ).toMatchInlineSnapshot(
    `"<section class="mt-6 rounded-2xl bg-paper p-5" aria-label="Still to pay"><p class="font-bold">Paid in full — thank you!</p></section>"`,
  )
})

test('the payments with their reference, charges, each state, the ledger and its receipt', () => {
  expect(
    draw(
      <SchedulePanel
        position={3}
        token="AbCdEfGhIjKlMnOpQrStUvWx"
        schedule={{
          reference: 'BB-4821',
          charges: [
            ['Price', '$120'],
            ['Delivery fee', '$15'],
            ['Total', '$135'],
          ],
          paid: '$60',
          lines: [
            {
              label: 'Deposit',
              amount: '$60',
              due: 'Tuesday, December 1, 2026',
              state: 'paid',
              owed: null,
            },
            { label: 'Balance', amount: '$75', due: 'At pickup', state: 'to-pay', owed: '$75' },
            {
              label: 'Extra',
              amount: '$10',
              due: 'Saturday, December 5, 2026',
              state: 'overdue',
              owed: '$10',
            },
          ],
        }}
        ledger={{
          entries: [
            {
              kind: 'payment',
              on: 'Thursday, November 26, 2026',
              amount: '$60',
              method: 'e-Transfer',
            },
            {
              kind: 'refund',
              on: 'Friday, November 27, 2026',
              amount: '$20',
              method: '',
              lowered: 'Price lowered to $115',
            },
          ],
          refunded: '$20',
          paid: '$40',
        }}
      >
        <p>The card form</p>
      </SchedulePanel>,
    ),
  ).toMatchInlineSnapshot(
    `"<section class="mt-6 rounded-2xl bg-paper p-5" aria-labelledby="payments-3" data-testid="payment-schedule"><h3 id="payments-3" class="font-display text-xl font-semibold">Your payments</h3><p class="mt-2">Your payment reference: <strong class="font-mono text-lg text-cocoa" data-testid="customer-reference">BB-4821</strong><span class="block text-sm text-chocolate">Put it in the e-Transfer message, so we know the payment is yours.</span></p><dl class="mt-4 grid gap-1 rounded-xl bg-white px-4 py-3" data-testid="charges"><div class="flex justify-between gap-4 "><dt>Price</dt><dd class="font-bold text-cocoa">$120</dd></div><div class="flex justify-between gap-4 "><dt>Delivery fee</dt><dd class="font-bold text-cocoa">$15</dd></div><div class="flex justify-between gap-4 mt-1 border-t border-butter pt-2 font-bold text-cocoa"><dt>Total</dt><dd class="font-bold text-cocoa">$135</dd></div></dl><ol class="mt-4 grid gap-2"><li class="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-xl bg-white px-4 py-3"><div><p class="font-bold text-cocoa">Deposit · $60</p><p class="text-sm text-chocolate">Due Tuesday, December 1, 2026</p></div><span class="rounded-full px-3 py-1 text-sm font-bold whitespace-nowrap bg-[#d7ead9] text-[#1f4f29]">Paid</span></li><li class="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-xl bg-white px-4 py-3"><div><p class="font-bold text-cocoa">Balance · $75</p><p class="text-sm text-chocolate">At pickup</p></div><span class="rounded-full px-3 py-1 text-sm font-bold whitespace-nowrap bg-butter text-cocoa">$75 to pay</span></li><li class="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-xl bg-white px-4 py-3"><div><p class="font-bold text-cocoa">Extra · $10</p><p class="text-sm text-chocolate">Due Saturday, December 5, 2026</p></div><span class="rounded-full px-3 py-1 text-sm font-bold whitespace-nowrap bg-raspberry-dark text-white">Overdue: $10</span></li></ol><div class="mt-4" data-testid="customer-ledger"><ul class="grid gap-1 text-sm" aria-label="Payments and refunds"><li class="flex flex-wrap justify-between gap-x-4"><span>Paid Thursday, November 26, 2026<span class="text-chocolate"> · e-Transfer</span></span><span class="font-bold text-cocoa">$60</span></li><li class="flex flex-wrap justify-between gap-x-4"><span>Refunded to you Friday, November 27, 2026<span class="block text-chocolate" data-testid="price-lowered">Price lowered to $115</span></span><span class="font-bold text-cocoa">−$20</span></li></ul><div class="mt-3 grid gap-1 border-t border-chocolate/20 pt-3 text-sm"><p><span class="font-bold text-chocolate">Refunded:</span> $20</p><p><span class="font-bold text-chocolate">Paid, after refunds:</span> $40</p></div><p class="mt-4 flex flex-wrap gap-3"><a class="button-secondary" href="/requests/AbCdEfGhIjKlMnOpQrStUvWx/receipt?request=3">Receipt</a><a class="text-link inline-flex min-h-11 items-center" href="/requests/AbCdEfGhIjKlMnOpQrStUvWx/receipt.pdf?request=3" download="">Download the receipt (PDF)</a></p></div><p>The card form</p></section>"`,
  )
})

test('the payments before a reference, paid so far without a ledger; a closed request’s ledger alone', () => {
  expect(
    draw(
      <SchedulePanel
        position={1}
        token="AbCdEfGhIjKlMnOpQrStUvWx"
        schedule={{
          reference: null,
          paid: '$60',
          lines: [
            { label: 'Deposit', amount: '$60', due: 'On delivery', state: 'to-pay', owed: '$60' },
          ],
        }}
      />,
    ),
  ).toMatchInlineSnapshot(
    `"<section class="mt-6 rounded-2xl bg-paper p-5" aria-labelledby="payments-1" data-testid="payment-schedule"><h3 id="payments-1" class="font-display text-xl font-semibold">Your payments</h3><ol class="mt-4 grid gap-2"><li class="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 rounded-xl bg-white px-4 py-3"><div><p class="font-bold text-cocoa">Deposit · $60</p><p class="text-sm text-chocolate">On delivery</p></div><span class="rounded-full px-3 py-1 text-sm font-bold whitespace-nowrap bg-butter text-cocoa">$60 to pay</span></li></ol><p class="mt-3 text-sm"><span class="font-bold text-chocolate">Paid so far:</span> $60</p></section>"`,
  )
  expect(
    draw(
      <SchedulePanel
        position={2}
        token="AbCdEfGhIjKlMnOpQrStUvWx"
        schedule={null}
        ledger={{
          entries: [
            { kind: 'payment', on: 'Monday, November 23, 2026', amount: '$45', method: '' },
          ],
          refunded: null,
          paid: '$45',
        }}
      />,
    ),
  ).toMatchInlineSnapshot(
    `"<section class="mt-6 rounded-2xl bg-paper p-5" aria-labelledby="payments-2" data-testid="payment-schedule"><h3 id="payments-2" class="font-display text-xl font-semibold">Your payments</h3><div class="mt-4" data-testid="customer-ledger"><ul class="grid gap-1 text-sm" aria-label="Payments and refunds"><li class="flex flex-wrap justify-between gap-x-4"><span>Paid Monday, November 23, 2026</span><span class="font-bold text-cocoa">$45</span></li></ul><div class="mt-3 grid gap-1 border-t border-chocolate/20 pt-3 text-sm"><p><span class="font-bold text-chocolate">Paid so far:</span> $45</p></div><p class="mt-4 flex flex-wrap gap-3"><a class="button-secondary" href="/requests/AbCdEfGhIjKlMnOpQrStUvWx/receipt?request=2">Receipt</a><a class="text-link inline-flex min-h-11 items-center" href="/requests/AbCdEfGhIjKlMnOpQrStUvWx/receipt.pdf?request=2" download="">Download the receipt (PDF)</a></p></div></section>"`,
  )
})
