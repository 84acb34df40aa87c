import { useId } from 'react'
import { Form, useNavigation } from 'react-router'
import { CodeInput } from '#app/features/discount-codes/code-input.tsx'
import type { HoldAnswer } from '#app/features/drops/drop-api.server.ts'
import { PoliciesTick } from '#app/features/orders/policies-tick.tsx'
import type { SetPricePayment } from '#app/features/set-price-orders/payment-choices.ts'
import type { HoldCode } from './hold-order-page.server.ts'

const CHOICE_WORDS: Record<SetPricePayment, { label: string; hint: (total: string) => string }> = {
  card: {
    label: 'Pay by card now',
    hint: () => 'On Stripe’s secure page. Your treats stay yours while you pay.',
  },
  pickup: {
    label: 'Pay at pickup',
    hint: (total) => `Bring ${total} when you collect them.`,
  },
}

interface OrderChoiceProps {
  payments: readonly SetPricePayment[]
  policiesHtml: string
  /** What she orders at: the treats' total, less a code she applied, with their taxes. */
  total: string
  /** The treats' total before any code: the order is made only at these prices. */
  totalCents: number
  /** What she pays, a code and taxes with it: the order is made only at this total. */
  payCents: number
  code: HoldCode | null
  /** Whether a gift card's code may be typed: once any card was sold. */
  giftCards: boolean
  /** Why the last tap on the order button made no order, said beside it. */
  answer?: HoldAnswer | undefined
}

/**
 * The hold's last step: how she pays and the policies she ticks, then one
 * button that makes the order. One way to pay is said, not offered.
 */
export function OrderChoice({
  payments,
  policiesHtml,
  total,
  totalCents,
  payCents,
  code,
  giftCards,
  answer,
}: OrderChoiceProps) {
  const id = useId()
  const sending = useNavigation().state !== 'idle'
  return (
    <>
      <CodeForm code={code} total={total} />
      <Form
        method="post"
        className="card mt-6 grid gap-5 p-6 sm:p-7"
        aria-labelledby={`${id}-heading`}
      >
        <h2 id={`${id}-heading`} className="font-display text-2xl font-semibold">
          Order them
        </h2>
        <input type="hidden" name="intent" value="order" />
        <input type="hidden" name="total_cents" value={totalCents} />
        <input type="hidden" name="pay_cents" value={payCents} />
        {code?.applied ? <AppliedCodeLine applied={code.applied} /> : null}
        <PaymentChoice id={id} payments={payments} total={total} />
        {giftCards ? (
          <GiftCardField
            id={`${id}-gift-card`}
            typed={answer?.giftCard}
            errorId={`${id}-order-error`}
          />
        ) : null}
        <PoliciesTick policiesHtml={policiesHtml} />
        {answer?.order && !answer.ok ? (
          <p id={`${id}-order-error`} className="form-error" role="alert">
            {answer.message}
          </p>
        ) : null}
        <button type="submit" className="button-primary justify-self-start" disabled={sending}>
          Order for {total}
        </button>
      </Form>
    </>
  )
}

/** The code she applied, sent with the order and shown with what it takes off. */
function AppliedCodeLine({ applied }: { applied: NonNullable<HoldCode['applied']> }) {
  return (
    <>
      <input type="hidden" name="code" value={applied.code} />
      <p className="hold-code-line" data-testid="hold-code-line">
        <span>{applied.line}</span> <strong>−{applied.off}</strong>
      </p>
    </>
  )
}

/** How she pays: the one way said outright, or several offered as radios, the first chosen. */
function PaymentChoice({
  id,
  payments,
  total,
}: {
  id: string
  payments: readonly SetPricePayment[]
  total: string
}) {
  const only = payments.length === 1 ? payments[0] : undefined
  if (only) {
    return (
      <>
        <input type="hidden" name="payment" value={only} />
        <p>
          <strong>{CHOICE_WORDS[only].label}.</strong> {CHOICE_WORDS[only].hint(total)}
        </p>
      </>
    )
  }
  return (
    <fieldset className="form-field fulfilment-choice">
      <legend className="form-label">How you will pay</legend>
      {payments.map((payment, index) => (
        <div key={payment} className="pay-choice">
          <label className="choice-label">
            <input
              type="radio"
              name="payment"
              value={payment}
              defaultChecked={index === 0}
              aria-describedby={`${id}-${payment}`}
            />
            <span>{CHOICE_WORDS[payment].label}</span>
          </label>
          <p id={`${id}-${payment}`} className="form-hint pay-choice-hint">
            {CHOICE_WORDS[payment].hint(total)}
          </p>
        </div>
      ))}
    </fieldset>
  )
}

/**
 * Her discount code: applied by opening the page again with it (a plain
 * link's query, no script needed), so the total she orders at is on the
 * page before she orders.
 */
function CodeForm({ code, total }: { code: HoldCode | null; total: string }) {
  const error = code?.error ?? null
  return (
    <Form method="get" className="card form-field mt-6 p-5 sm:p-6" preventScrollReset>
      <label htmlFor="hold-code" className="form-label">
        Discount code<span className="form-optional"> (optional)</span>
      </label>
      <div className="flex items-start gap-2">
        <CodeInput
          id="hold-code"
          className="min-w-0 flex-1"
          defaultValue={code?.typed ?? ''}
          aria-invalid={error ? true : undefined}
          aria-describedby={
            error ? 'hold-code-error' : code?.applied ? 'hold-code-applied' : undefined
          }
        />
        <button type="submit" className="button-secondary">
          Apply
        </button>
      </div>
      {error ? (
        <p id="hold-code-error" className="form-error" role="alert">
          {error}
        </p>
      ) : code?.applied ? (
        <p id="hold-code-applied" className="status-success" role="status">
          {`Code ${code.applied.code} takes ${code.applied.off} off: your total is ${total}.`}
        </p>
      ) : null}
    </Form>
  )
}

/**
 * A gift card's code, optional: it pays what the card holds as the order is
 * made. A code that could not pay comes back typed, marked and pointing at
 * the reason beside the order button.
 */
function GiftCardField({
  id,
  typed,
  errorId,
}: {
  id: string
  typed: string | undefined
  errorId: string
}) {
  return (
    <div className="form-field">
      <label htmlFor={id} className="form-label">
        Gift card<span className="form-optional"> (optional)</span>
      </label>
      <input
        id={id}
        name="gift_card"
        className="max-w-xs font-mono uppercase tracking-wider"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        placeholder="ABCD-EFGH-JKMN-PQRS"
        maxLength={40}
        defaultValue={typed ?? ''}
        aria-invalid={typed === undefined ? undefined : true}
        aria-describedby={typed === undefined ? `${id}-hint` : `${id}-hint ${errorId}`}
      />
      <p id={`${id}-hint`} className="form-hint">
        It pays what it holds as you order; you pay the rest as chosen above.
      </p>
    </div>
  )
}
