import { expect, test } from 'vitest'
import { DISPLAY_LABELS, DISPLAY_STATES, displayStateOf, isDisplayState } from './display-state.ts'
import {
  BOOKED_STATUSES,
  CALLED_OFF_STATUSES,
  CLOSED_STATUSES,
  FEED_STATUSES,
  HELD_STATUSES,
  LIVE_STATUSES,
  OWING_STATUSES,
  PAYABLE_STATUSES,
  QUOTABLE_STATUSES,
  QUOTE_FOLLOW_UP_STATUSES,
  REQUEST_STATUSES,
  STATUS_LABELS,
  TRANSITIONS,
  canMove,
  isIn,
} from './order-status.ts'
import { formsFor } from './owner-forms.ts'
import {
  type ChangeEmail,
  MOVE_INTENTS,
  ORDER_INTENTS,
  OWNER_INTENTS,
  QUOTE_ANSWERS,
  QUOTE_EXPIRY,
} from './owner-intents.ts'
import { depositOverdue } from './payment-schedule.ts'

test('a quote accepted with its deposit still owed reads "Accepted, awaiting the deposit"', () => {
  expect(displayStateOf({ status: 'quoted', accepted: true, depositOwed: 6_000 })).toBe('accepted')
  expect(DISPLAY_LABELS.accepted).toBe('Accepted, awaiting the deposit')
  // Not yet answered: still quoted.
  expect(displayStateOf({ status: 'quoted', accepted: false, depositOwed: 6_000 })).toBe('quoted')
  // Accepted with nothing owed becomes confirmed in the book; until then it reads quoted.
  expect(displayStateOf({ status: 'quoted', accepted: true, depositOwed: 0 })).toBe('quoted')
  // Every stored status reads as itself.
  for (const status of ['new', 'confirmed', 'ready', 'completed', 'declined'] as const) {
    expect(displayStateOf({ status, accepted: true, depositOwed: 100 })).toBe(status)
  }
  expect(isDisplayState('accepted')).toBe(true)
  expect(isDisplayState('paid')).toBe(false)
})

test('a deposit is overdue from the day after it fell due, while it is owed and the request open', () => {
  const owed = { status: 'quoted', depositDue: '2026-11-25', depositOwed: 6_000 } as const
  expect(depositOverdue({ ...owed, today: '2026-11-25' })).toBe(false)
  expect(depositOverdue({ ...owed, today: '2026-11-26' })).toBe(true)
  expect(depositOverdue({ ...owed, depositOwed: 0, today: '2026-11-26' })).toBe(false)
  expect(depositOverdue({ ...owed, depositDue: null, today: '2026-11-26' })).toBe(false)
  expect(depositOverdue({ ...owed, status: 'expired', today: '2026-11-26' })).toBe(false)
})

test('every status set agrees with the others and with the transitions', () => {
  const all = new Set<string>(REQUEST_STATUSES)
  // The stored statuses are the transitions' and the labels', no more, no fewer.
  expect(Object.keys(TRANSITIONS).sort()).toEqual([...REQUEST_STATUSES].sort())
  expect(Object.keys(STATUS_LABELS).sort()).toEqual([...REQUEST_STATUSES].sort())
  for (const targets of Object.values(TRANSITIONS)) {
    for (const target of targets) expect(all.has(target)).toBe(true)
  }
  // A closed status goes nowhere, and every open one goes somewhere.
  for (const status of REQUEST_STATUSES) {
    expect(TRANSITIONS[status].length === 0).toBe(isIn(CLOSED_STATUSES, status))
  }
  // What holds a day is live, and what is live is open: the feed and the digest show it.
  for (const status of HELD_STATUSES) expect(isIn(LIVE_STATUSES, status)).toBe(true)
  for (const status of LIVE_STATUSES) expect(isIn(CLOSED_STATUSES, status)).toBe(false)
  expect([...FEED_STATUSES].sort()).toEqual([...LIVE_STATUSES].sort())
  // A closed request holds no day and owes nothing; a called-off one takes no payment.
  for (const status of CLOSED_STATUSES) {
    expect(isIn(HELD_STATUSES, status)).toBe(false)
    expect(isIn(OWING_STATUSES, status)).toBe(false)
  }
  for (const status of CALLED_OFF_STATUSES) {
    expect(isIn(CLOSED_STATUSES, status)).toBe(true)
    expect(isIn(PAYABLE_STATUSES, status)).toBe(false)
  }
  // Open statuses are live or called off, never both; closed ones not called off were made.
  for (const status of REQUEST_STATUSES) {
    expect(isIn(LIVE_STATUSES, status) && isIn(CALLED_OFF_STATUSES, status)).toBe(false)
  }
  // What is owed, followed up or reminded of is a request that takes payments and is live.
  for (const set of [OWING_STATUSES, QUOTE_FOLLOW_UP_STATUSES, BOOKED_STATUSES]) {
    for (const status of set) {
      expect(isIn(PAYABLE_STATUSES, status)).toBe(true)
      expect(isIn(LIVE_STATUSES, status)).toBe(true)
    }
  }
  // Only a status that can be quoted has the quote form.
  for (const status of QUOTABLE_STATUSES) expect(canMove(status, 'quoted')).toBe(true)
  // Every display state but the derived one is a stored status.
  for (const state of DISPLAY_STATES) expect(DISPLAY_LABELS[state]).toBeTruthy()
  expect(DISPLAY_STATES.filter((state) => !all.has(state))).toEqual(['accepted'])
})

test('a ready order still holds its day; a completed or called-off one lets it go', () => {
  expect(isIn(HELD_STATUSES, 'ready')).toBe(true)
  for (const status of ['completed', 'declined', 'cancelled', 'expired'] as const) {
    expect(isIn(HELD_STATUSES, status)).toBe(false)
  }
})

test('every owner intent moves to a status its form can reach from where the form shows', () => {
  for (const intent of ORDER_INTENTS) {
    const plan = OWNER_INTENTS[intent]
    const target = plan.target
    expect(plan.from.length).toBeGreaterThan(0)
    for (const from of plan.from) {
      // It is made only from statuses where the page shows its form…
      expect(formsFor(from)).toContain(plan.form)
    }
    if (target === null) {
      // A change to the money alone moves nothing, and its form shows exactly where it is taken.
      expect(plan.moves).toBe('never')
      const shown = REQUEST_STATUSES.filter((status) => formsFor(status).includes(plan.form))
      expect([...plan.from].sort()).toEqual([...shown].sort())
      continue
    }
    expect(REQUEST_STATUSES).toContain(target)
    // …and TRANSITIONS allow the move from each of them.
    for (const from of plan.from) expect(canMove(from, target)).toBe(true)
    if (plan.moves === 'always') {
      // A plain move is offered from exactly the statuses the transitions allow it from.
      const allowed = REQUEST_STATUSES.filter((status) => canMove(status, target))
      expect([...plan.from].sort()).toEqual([...allowed].sort())
    }
    expect(plan.done).toMatch(/\.$/)
  }
  // The status card's buttons are the plain moves.
  expect([...MOVE_INTENTS].sort()).toEqual(['cancel', 'complete', 'decline', 'ready'])
  // A closed request shows the status card alone ("nothing more to do") and, once made, the payments.
  expect(formsFor('completed')).toEqual(['payment', 'refund', 'status'])
  // A cancelled order takes no payments, but its deposit may be refunded.
  expect(formsFor('cancelled')).toEqual(['refund', 'status'])
  // A request still to be made keeps its details editable.
  expect(formsFor('new')).toEqual(['quote', 'details', 'status'])
  expect(formsFor('ready')).toEqual(['payment', 'refund', 'details', 'status'])
})

test('each change emails the person the bakery means it for', () => {
  const emailOf = (plan: { email: { send: ChangeEmail } | null }) => plan.email?.send ?? null
  // The owner's changes email the customer an update of their own kind, but completing one.
  expect(emailOf(OWNER_INTENTS.complete)).toBeNull()
  expect(emailOf(OWNER_INTENTS.edit_details)).toBeNull()
  for (const intent of ORDER_INTENTS.filter(
    (name) => name !== 'complete' && name !== 'edit_details',
  )) {
    expect(emailOf(OWNER_INTENTS[intent])).toMatchObject({
      to: 'customer',
      template: 'request-update',
    })
  }
  expect(emailOf(OWNER_INTENTS.decline)).toMatchObject({ kind: 'declined' })
  expect(emailOf(OWNER_INTENTS.ready)).toMatchObject({ kind: 'ready' })
  // A refund always tells the customer, and moves nothing.
  expect(emailOf(OWNER_INTENTS.refund)).toMatchObject({ kind: 'refunded' })
  expect(OWNER_INTENTS.refund.email?.when).toBe('always')
  expect(OWNER_INTENTS.refund.target).toBeNull()
  // A payment or a waiver emails only when it confirms the order.
  expect(OWNER_INTENTS.payment.email?.when).toBe('moved')
  expect(OWNER_INTENTS.waive.email?.when).toBe('moved')
  // The customer's answer goes to the owner; the site's expiry to the customer.
  expect(emailOf(QUOTE_ANSWERS.accept)).toEqual({ to: 'owner', template: 'quote-answer' })
  expect(emailOf(QUOTE_ANSWERS.decline)).toEqual({ to: 'owner', template: 'quote-answer' })
  expect(emailOf(QUOTE_EXPIRY)).toEqual({ to: 'customer', template: 'quote-expired' })
  for (const plan of [QUOTE_ANSWERS.accept, QUOTE_ANSWERS.decline, QUOTE_EXPIRY]) {
    for (const from of plan.from) expect(canMove(from, plan.target)).toBe(true)
  }
})
