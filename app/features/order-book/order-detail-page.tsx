import { useState } from 'react'
import { Form, Link, useNavigation } from 'react-router'
import { FormField } from '#app/components/form-field.tsx'
import type { RequestStatus } from '#app/db/schema.ts'
import { formatCalendarDate } from '#app/utils/dates.ts'
import { fulfilmentLabel } from '../orders/order-summary.ts'
import {
  STATUS_LABELS,
  canMove,
  formatMoney,
  refusedPaymentMessage,
  refusedWaiveMessage,
} from './lifecycle.ts'
import { LIMITS, type OrderActionResult, type OrderIntent, centsToInput } from './order-actions.ts'
import type { OrderDetail } from './order-detail.server.ts'
import { StatusBadge } from './status-badge.tsx'

const ACTOR_LABELS = { owner: 'You', customer: 'The customer', site: 'The website' } as const

const TOPIC_LABELS: Record<string, string> = {
  request_confirmation: 'Request received',
  request_update: 'Update',
  request_reminder: 'Reminder',
}

const DELIVERY_LABELS = {
  queued: 'Queued',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
} as const

/** What a timeline step says happened: 'Sent in', 'Quoted', 'Quoted → Confirmed'. */
function stepLabel(from: RequestStatus | null, to: RequestStatus): string {
  if (from === null) return 'Request sent in'
  if (from === to) return STATUS_LABELS[to]
  return `${STATUS_LABELS[from]} → ${STATUS_LABELS[to]}`
}

/**
 * One request in the owner's order book: its details, photos, money,
 * timeline and emails, and the forms that move it along. Every form posts
 * with an `intent`; the server's answer shows beside the form that sent it.
 */
export function OrderDetailPage({
  detail,
  result,
  today,
}: {
  detail: OrderDetail
  result: OrderActionResult | undefined
  today: string
}) {
  const { request, quote, money } = detail
  const status = request.status
  const given = (value: string | null) => (value?.trim() ? value : null)
  const details: [string, string | null][] = [
    ['Due date', formatCalendarDate(request.dueDate)],
    ['Event/Theme', given(request.eventTheme)],
    ['Servings/Quantity', given(request.servings)],
    ['Allergies/Dietary needs', given(request.allergies)],
    ['Pickup or delivery', request.fulfilment ? fulfilmentLabel(request.fulfilment) : null],
    ['Comments', given(request.comments)],
    ['Heard about us', given(request.hearAboutUs)],
    ['Effort', String(request.effort)],
    ['Received', request.receivedLabel],
  ]
  return (
    <section className="page-section">
      <p>
        <Link to="/admin/orders" className="text-link">
          ← All orders
        </Link>
      </p>
      <p className="eyebrow mt-4">Order request #{request.id}</p>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <h1 className="page-heading">{request.productType}</h1>
        <StatusBadge status={status} />
      </div>
      <p className="lede mt-2">
        For {request.name}, {formatCalendarDate(request.dueDate)}
      </p>

      {/*
        On a phone, one column in the order the owner works: the request, its
        money, what to do next, then its history. On a wide screen the actions
        take the right column beside it all; the last row takes the slack.
      */}
      <div className="mt-8 grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1.3fr)_minmax(0,1fr)] lg:grid-rows-[auto_auto_auto_1fr]">
        <section
          className="card min-w-0 p-5 sm:p-7 lg:col-start-1"
          aria-labelledby="customer-heading"
        >
          <h2 id="customer-heading" className="font-display text-2xl font-semibold">
            Customer
          </h2>
          <p className="mt-2 font-bold">{request.name}</p>
          <p className="mt-1 flex flex-wrap gap-x-5 gap-y-1">
            <a className="text-link break-all" href={`mailto:${request.email}`}>
              {request.email}
            </a>
            <a className="text-link" href={`tel:${request.phoneNumber.replace(/[^0-9+]/g, '')}`}>
              {request.phoneNumber}
            </a>
          </p>
          <h2 className="mt-6 font-display text-2xl font-semibold">The request</h2>
          <dl className="mt-3 grid gap-3">
            {details
              .filter((detail): detail is [string, string] => detail[1] !== null)
              .map(([label, value]) => (
                <div key={label} className="grid gap-x-4 gap-y-0.5 sm:grid-cols-[11rem_1fr]">
                  <dt className="text-sm font-bold text-chocolate sm:pt-0.5">{label}</dt>
                  <dd className="whitespace-pre-wrap break-words">{value}</dd>
                </div>
              ))}
            {request.declineReason ? (
              <div className="grid gap-x-4 gap-y-0.5 sm:grid-cols-[11rem_1fr]">
                <dt className="text-sm font-bold text-chocolate sm:pt-0.5">Declined because</dt>
                <dd className="whitespace-pre-wrap break-words">{request.declineReason}</dd>
              </div>
            ) : null}
          </dl>
          {detail.photos.length > 0 ? (
            <>
              <h3 className="mt-5 text-sm font-bold text-chocolate">Inspiration photos</h3>
              <ul className="cart-photos" aria-label="Inspiration photos">
                {detail.photos.map((photo, index) => (
                  <li key={photo.key}>
                    <a href={`/admin/photos/${photo.key}`} target="_blank" rel="noreferrer">
                      <img
                        src={photo.preview}
                        alt={`Inspiration ${index + 1} of ${detail.photos.length}, full size`}
                        width={56}
                        height={56}
                      />
                    </a>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </section>

        <MoneyCard detail={detail} />

        <div className="grid min-w-0 grid-cols-1 gap-6 lg:col-start-2 lg:row-span-4 lg:row-start-1">
          {/* An answer to a form no longer on the page (it changed meanwhile) shows here. */}
          {result && (result.intent === null || !formsShown(detail).includes(result.intent)) ? (
            <ActionResult result={result} intent={result.intent ?? null} />
          ) : null}
          {status === 'new' || status === 'quoted' ? (
            // A new quote starts the form afresh from what was sent.
            <QuoteForm
              key={quote?.expiresAt ?? 'first'}
              detail={detail}
              result={result}
              today={today}
            />
          ) : null}
          {quote && !['declined', 'cancelled', 'expired', 'new'].includes(status) ? (
            <PaymentForm detail={detail} result={result} today={today} />
          ) : null}
          <StatusActions status={status} money={money} result={result} />
        </div>

        <Timeline detail={detail} />
        <Emails detail={detail} />
      </div>
    </section>
  )
}

/** The forms the page shows for the request as it stands. */
function formsShown({ request, quote, money }: OrderDetail): OrderIntent[] {
  const status = request.status
  const shown: OrderIntent[] = []
  if (status === 'new' || status === 'quoted') shown.push('quote')
  if (quote && !refusedPaymentMessage(status)) {
    shown.push('payment')
    if (!refusedWaiveMessage(status) && !money.depositWaived && money.depositOwed > 0) {
      shown.push('waive')
    }
  }
  // 'Move it along' shows the answer to Mark ready and Mark completed beside its
  // buttons for as long as it is on the page: after Mark ready, beside Mark completed.
  const moves = ['ready', 'completed', 'cancelled', 'declined'] as const
  if (moves.some((to) => canMove(status, to))) shown.push('ready', 'complete')
  if (canMove(status, 'cancelled')) shown.push('cancel')
  if (canMove(status, 'declined')) shown.push('decline')
  return shown
}

function MoneyCard({ detail }: { detail: OrderDetail }) {
  const { quote, money } = detail
  if (!quote) return null
  // A deposit's due date sits under its amount, so the amounts line up across the cards.
  const rows: { label: string; value: string; note?: string }[] = [
    { label: 'Price', value: formatMoney(money.priceCents) },
    money.depositWaived
      ? { label: 'Deposit', value: 'Waived' }
      : {
          label: 'Deposit',
          value: formatMoney(money.depositCents),
          note: quote.depositDue ? `due ${formatCalendarDate(quote.depositDue)}` : undefined,
        },
    { label: 'Paid', value: formatMoney(money.paidCents) },
    { label: 'Deposit owed', value: formatMoney(money.depositOwed) },
    { label: 'Balance owed', value: formatMoney(money.balanceOwed) },
  ]
  return (
    <section className="card min-w-0 p-5 sm:p-7 lg:col-start-1" aria-labelledby="money-heading">
      <h2 id="money-heading" className="font-display text-2xl font-semibold">
        Quote and payments
      </h2>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3" data-testid="money">
        {rows.map(({ label, value, note }) => (
          <div key={label} className="rounded-xl bg-paper px-3 py-2">
            <dt className="text-sm font-bold text-chocolate">{label}</dt>
            <dd className="text-lg font-bold">
              {value}
              {note ? (
                <span className="block text-sm font-normal text-chocolate">{note}</span>
              ) : null}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-sm text-chocolate">
        {/* The labels end in 'a.m.' or 'p.m.': no full stop after them. */}
        {quote.acceptedLabel
          ? `Accepted by the customer: ${quote.acceptedLabel}`
          : `Waiting for the customer’s answer (the quote expires ${quote.expiresLabel})`}
      </p>
      {quote.paymentInstructions ? (
        <p className="mt-2 whitespace-pre-wrap text-sm">
          <span className="font-bold">How to pay: </span>
          {quote.paymentInstructions}
        </p>
      ) : null}
    </section>
  )
}

function Timeline({ detail }: { detail: OrderDetail }) {
  return (
    <section className="card min-w-0 p-5 sm:p-7 lg:col-start-1" aria-labelledby="timeline-heading">
      <h2 id="timeline-heading" className="font-display text-2xl font-semibold">
        Timeline
      </h2>
      <ol className="mt-4 grid gap-4 border-l-2 border-blush pl-5" data-testid="timeline">
        {detail.timeline.map((entry) => (
          <li key={entry.id}>
            <p className="font-bold">{stepLabel(entry.from, entry.to)}</p>
            <p className="text-sm text-chocolate">
              <time dateTime={new Date(entry.at).toISOString()}>{entry.atLabel}</time> ·{' '}
              {ACTOR_LABELS[entry.actor]}
            </p>
            {entry.note ? <p className="mt-1 whitespace-pre-wrap">{entry.note}</p> : null}
          </li>
        ))}
      </ol>
    </section>
  )
}

function Emails({ detail }: { detail: OrderDetail }) {
  return (
    <section className="card min-w-0 p-5 sm:p-7 lg:col-start-1" aria-labelledby="emails-heading">
      <h2 id="emails-heading" className="font-display text-2xl font-semibold">
        Emails to the customer
      </h2>
      {detail.emails.length === 0 ? (
        <p className="mt-3">None yet.</p>
      ) : (
        <ul className="mt-3 grid gap-3" data-testid="emails">
          {detail.emails.map((email) => (
            <li
              key={email.id}
              className="min-w-0 rounded-xl bg-paper px-4 py-3 [overflow-wrap:anywhere]"
            >
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="font-bold">{email.subject || TOPIC_LABELS[email.topic]}</p>
                <span className={`delivery-badge delivery-${email.status}`}>
                  {DELIVERY_LABELS[email.status]}
                </span>
              </div>
              <p className="text-sm text-chocolate">
                {TOPIC_LABELS[email.topic]} · to {email.to || 'the customer'} · {email.createdLabel}
              </p>
              {email.status === 'failed' && email.error ? (
                <p className="mt-1 text-sm text-raspberry-dark">{email.error}</p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/** The server's answer to a form, shown beside it; `intent` null for answers to no known form. */
function ActionResult({
  result,
  intent,
}: {
  result: OrderActionResult | undefined
  intent: OrderIntent | OrderIntent[] | null
}) {
  if (!result) return null
  const mine =
    intent === null
      ? result.intent === null
      : Array.isArray(intent)
        ? result.intent !== null && intent.includes(result.intent)
        : result.intent === intent
  if (!mine) return null
  return result.ok ? (
    <p className="status-success mt-4" role="status">
      {result.message}
    </p>
  ) : (
    <p className="status-error mt-4" role="alert">
      {result.error}
    </p>
  )
}

function errorOf(result: OrderActionResult | undefined, intent: OrderIntent, field: string) {
  return result && !result.ok && result.intent === intent ? result.fieldErrors?.[field] : undefined
}

function useBusy(intent: OrderIntent): boolean {
  const navigation = useNavigation()
  return navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
}

function QuoteForm({
  detail,
  result,
  today,
}: {
  detail: OrderDetail
  result: OrderActionResult | undefined
  today: string
}) {
  const { quote } = detail
  const busy = useBusy('quote')
  const [depositKind, setDepositKind] = useState<'amount' | 'percent'>('amount')
  const err = (field: string) => errorOf(result, 'quote', field)
  return (
    <section className="card p-5 sm:p-7" aria-labelledby="quote-heading">
      <h2 id="quote-heading" className="font-display text-2xl font-semibold">
        {quote ? 'Send a new quote' : 'Send a quote'}
      </h2>
      <p className="mt-1 text-sm text-chocolate">
        The customer gets it by email with their link to accept or decline.
      </p>
      <Form method="post" className="mt-4 grid gap-4" noValidate>
        <FormField name="price" label="Price ($)" error={err('price')}>
          {(props) => (
            <input
              {...props}
              inputMode="decimal"
              required
              defaultValue={quote ? centsToInput(quote.priceCents) : ''}
            />
          )}
        </FormField>
        <fieldset className="grid gap-2">
          <legend className="form-label">Deposit</legend>
          <div className="flex flex-wrap gap-4">
            <label className="choice-label">
              <input
                type="radio"
                name="deposit_kind"
                value="amount"
                checked={depositKind === 'amount'}
                onChange={() => setDepositKind('amount')}
              />
              In dollars
            </label>
            <label className="choice-label">
              <input
                type="radio"
                name="deposit_kind"
                value="percent"
                checked={depositKind === 'percent'}
                onChange={() => setDepositKind('percent')}
              />
              Percent of the price
            </label>
          </div>
          <FormField
            name="deposit"
            label={depositKind === 'percent' ? 'Deposit (%)' : 'Deposit ($)'}
            optional
            hint="Leave empty for no deposit."
            error={err('deposit')}
          >
            {(props) => (
              <input
                {...props}
                inputMode="decimal"
                defaultValue={quote && quote.depositCents ? centsToInput(quote.depositCents) : ''}
              />
            )}
          </FormField>
        </fieldset>
        <FormField name="deposit_due" label="Deposit due by" optional error={err('deposit_due')}>
          {(props) => (
            <input {...props} type="date" min={today} defaultValue={quote?.depositDue ?? ''} />
          )}
        </FormField>
        <FormField
          name="payment_instructions"
          label="How to pay"
          optional
          hint="Interac e-Transfer instructions or a payment link."
          error={err('payment_instructions')}
        >
          {(props) => (
            <textarea
              {...props}
              rows={2}
              maxLength={LIMITS.paymentInstructions}
              defaultValue={quote?.paymentInstructions ?? ''}
            />
          )}
        </FormField>
        <FormField name="message" label="Message to the customer" optional error={err('message')}>
          {(props) => (
            <textarea
              {...props}
              rows={3}
              maxLength={LIMITS.message}
              defaultValue={quote?.message ?? ''}
            />
          )}
        </FormField>
        <FormField
          name="expires_in_days"
          label="Expires in (days)"
          hint="The date stays held until then."
          error={err('expires_in_days')}
        >
          {(props) => (
            <input
              {...props}
              type="number"
              min={LIMITS.expiryDays.min}
              max={LIMITS.expiryDays.max}
              required
              defaultValue={detail.quoteExpiryDays}
            />
          )}
        </FormField>
        <div>
          <button
            type="submit"
            name="intent"
            value="quote"
            className="button-primary"
            disabled={busy}
          >
            {busy ? 'Sending…' : 'Send quote'}
          </button>
        </div>
        <ActionResult result={result} intent="quote" />
      </Form>
    </section>
  )
}

function PaymentForm({
  detail,
  result,
  today,
}: {
  detail: OrderDetail
  result: OrderActionResult | undefined
  today: string
}) {
  const busy = useBusy('payment')
  const { money } = detail
  const err = (field: string) => errorOf(result, 'payment', field)
  const suggested = money.depositOwed || money.balanceOwed
  return (
    <section className="card p-5 sm:p-7" aria-labelledby="payment-heading">
      <h2 id="payment-heading" className="font-display text-2xl font-semibold">
        Record a payment
      </h2>
      <Form method="post" className="mt-4 grid gap-4 sm:grid-cols-2" noValidate>
        <FormField name="amount" label="Amount ($)" error={err('amount')}>
          {(props) => (
            <input
              {...props}
              inputMode="decimal"
              required
              defaultValue={suggested ? centsToInput(suggested) : ''}
            />
          )}
        </FormField>
        <FormField name="received_on" label="Received on" error={err('received_on')}>
          {(props) => <input {...props} type="date" required defaultValue={today} />}
        </FormField>
        <div className="sm:col-span-2">
          <FormField
            name="method"
            label="How it was paid"
            hint="e-Transfer, cash, card…"
            error={err('method')}
          >
            {(props) => (
              <input {...props} required maxLength={LIMITS.method} defaultValue="e-Transfer" />
            )}
          </FormField>
        </div>
        <div className="sm:col-span-2">
          <button
            type="submit"
            name="intent"
            value="payment"
            className="button-primary"
            disabled={busy}
          >
            {busy ? 'Saving…' : 'Record payment'}
          </button>
        </div>
        <div className="sm:col-span-2">
          <ActionResult result={result} intent="payment" />
        </div>
      </Form>
      {!money.depositWaived && money.depositOwed > 0 ? (
        <Form method="post" className="mt-4 border-t border-blush pt-4">
          <p className="text-sm text-chocolate">
            Confirm without the deposit: an accepted quote is booked at once.
          </p>
          <button type="submit" name="intent" value="waive" className="button-secondary mt-2">
            Waive deposit
          </button>
          <ActionResult result={result} intent="waive" />
        </Form>
      ) : null}
    </section>
  )
}

function StatusActions({
  status,
  money,
  result,
}: {
  status: RequestStatus
  money: OrderDetail['money']
  result: OrderActionResult | undefined
}) {
  const canReady = canMove(status, 'ready')
  const canComplete = canMove(status, 'completed')
  const canCancel = canMove(status, 'cancelled')
  const canDecline = canMove(status, 'declined')
  const err = (intent: OrderIntent, field: string) => errorOf(result, intent, field)
  if (!canReady && !canComplete && !canCancel && !canDecline) {
    return (
      <section className="card p-5 sm:p-7" aria-labelledby="status-heading">
        <h2 id="status-heading" className="font-display text-2xl font-semibold">
          Status
        </h2>
        <p className="mt-2">
          This request is {STATUS_LABELS[status].toLowerCase()}; nothing more to do.
        </p>
      </section>
    )
  }
  return (
    <section className="card grid gap-5 p-5 sm:p-7" aria-labelledby="status-heading">
      <h2 id="status-heading" className="font-display text-2xl font-semibold">
        Move it along
      </h2>
      {canReady || canComplete ? (
        <Form method="post" className="flex flex-wrap gap-3">
          {canReady ? (
            <button type="submit" name="intent" value="ready" className="button-primary">
              Mark ready
            </button>
          ) : null}
          {canComplete ? (
            <button type="submit" name="intent" value="complete" className="button-primary">
              Mark completed
            </button>
          ) : null}
          {canComplete && money.balanceOwed > 0 ? (
            <p className="w-full text-sm text-chocolate">
              {formatMoney(money.balanceOwed)} still owed: record it above when paid.
            </p>
          ) : null}
        </Form>
      ) : null}
      <ActionResult result={result} intent={['ready', 'complete']} />
      {canDecline ? (
        <Form method="post" className="grid gap-3 border-t border-blush pt-4">
          <FormField
            name="reason"
            label="Reason for declining"
            hint="The customer reads this in their email."
            error={err('decline', 'reason')}
          >
            {(props) => <textarea {...props} rows={2} required maxLength={LIMITS.reason} />}
          </FormField>
          <div>
            <button type="submit" name="intent" value="decline" className="button-danger">
              Decline
            </button>
          </div>
          <ActionResult result={result} intent="decline" />
        </Form>
      ) : null}
      {canCancel ? (
        <Form method="post" className="grid gap-3 border-t border-blush pt-4">
          <FormField
            name="note"
            label="Note on cancelling"
            optional
            hint="Included in the customer’s email."
            error={err('cancel', 'note')}
          >
            {(props) => <textarea {...props} rows={2} maxLength={LIMITS.note} />}
          </FormField>
          <div>
            <button type="submit" name="intent" value="cancel" className="button-danger">
              Cancel request
            </button>
          </div>
          <ActionResult result={result} intent="cancel" />
        </Form>
      ) : null}
    </section>
  )
}
