import {
  type ReactNode,
  createContext,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react'
import { Form, Link, useNavigation, useSearchParams } from 'react-router'
import { FormField } from '#app/components/form-field.tsx'
import type { RequestStatus } from '#app/db/schema.ts'
import { formatDeliveryAddress, handoverLabel } from '#app/features/order-book/handover.ts'
import {
  STATUS_LABELS,
  canMove,
  formsFor,
  refusedPaymentMessage,
  totalOf,
} from '#app/features/order-status/order-status.ts'
import {
  MOVE_INTENTS,
  ORDER_INTENTS,
  OWNER_INTENTS,
  type OrderIntent,
} from '#app/features/order-status/owner-intents.ts'
import {
  OverdueFlag,
  PaymentReference,
  StatusBadge,
} from '#app/features/order-status/status-badge.tsx'
import { CardLooksNote } from '#app/features/payments/card-payments-to-look.tsx'
import { addDays } from '#app/utils/calendar-days.ts'
import { formatCalendarDate } from '#app/utils/dates.ts'
import { currencyName, currencySymbol, formatMoney } from '#app/utils/money.ts'
import { formatPhoneNumber } from '#app/utils/phone-number.ts'
import { CardRefunds, RefundPriceChoice } from './card-refund-form.tsx'
import { ChangeRequestCard } from './change-request-card.tsx'
import { DetailsEditForm } from './details-edit-form.tsx'
import type { OrderActionResult, OrderQuestion } from './order-actions.ts'
import { ORDER_ANSWER_ACTION, ORDER_ANSWER_ID } from './order-answer.ts'
import type { OrderDetail } from './order-detail.server.ts'
import { LIMITS, centsToInput, partyLineName, partyTickName } from './order-form-limits.ts'

/** The version of the request the page shows; every form posts it back. */
const VersionContext = createContext(0)

function useVersion(): number {
  return useContext(VersionContext)
}

function VersionField() {
  return <input type="hidden" name="version" value={useVersion()} />
}

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
  proof,
}: {
  detail: OrderDetail
  result: OrderActionResult | undefined
  today: string
  /** The design proof's card (features/proofs), last among the actions. */
  proof?: ReactNode
}) {
  const { request } = detail
  const given = (value: string | null) => (value?.trim() ? value : null)
  const details: [string, string | null][] = [
    ['Due date', formatCalendarDate(request.dueDate)],
    ['Event/Theme', given(request.eventTheme)],
    ['Servings/Quantity', given(request.servings)],
    ['Allergies/Dietary needs', given(request.allergies)],
    [
      'Pickup or delivery',
      request.fulfilment || request.window
        ? handoverLabel(request.fulfilment, request.window)
        : null,
    ],
    ['Delivery address', formatDeliveryAddress(request.delivery)],
    ['Delivery notes', given(request.delivery.notes)],
    ['Comments', given(request.comments)],
    ['Heard about us', given(request.hearAboutUs)],
    ['Effort', String(request.effort)],
    ['Received', request.receivedLabel],
  ]
  return (
    <VersionContext value={detail.version}>
      <section className="page-section">
        <p>
          <Link to="/admin/orders" className="text-link">
            ← All orders
          </Link>
        </p>
        <p className="eyebrow mt-4">Order request #{request.id}</p>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <h1 className="page-heading">{request.productType}</h1>
          <StatusBadge state={detail.state} />
          {detail.depositOverdue ? <OverdueFlag /> : null}
          {detail.balanceOverdue ? <OverdueFlag what="balance" /> : null}
          <PaymentReference reference={request.paymentReference} />
        </div>
        <p className="lede mt-2">
          For {request.name}, {formatCalendarDate(request.dueDate)}
        </p>
        <CardLooksNote items={detail.card.looks} />

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
                {formatPhoneNumber(request.phoneNumber)}
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
            {/* After what she sent, photos included: the keyboard meets her words first. */}
            {formsShown(detail).includes('edit_details') ? (
              <DetailsEditForm
                key={`details-${detail.version}`}
                detail={detail}
                result={result}
                outcome={<Outcome result={result} intents={['edit_details']} />}
              />
            ) : null}
          </section>

          <MoneyCard
            detail={detail}
            cardRefunds={
              <CardRefunds
                detail={detail}
                result={result}
                outcome={<Outcome result={result} intents={['card_refund']} />}
              />
            }
          />

          {/*
          The forms are keyed by the request's version: after a change they
          start afresh from what is stored (an amount just recorded is not
          offered again), while a refused post keeps what was typed. When
          money is due, recording it comes first, on a phone above it all.
        */}
          <div
            className={`grid min-w-0 grid-cols-1 gap-6 lg:col-start-2 lg:row-span-4 lg:row-start-1 ${moneyDue(detail) ? 'order-first lg:order-none' : ''}`}
          >
            {/* An answer to a form no longer on the page (it changed meanwhile) shows here. */}
            {result && (result.intent === null || !formsShown(detail).includes(result.intent)) ? (
              <Outcome result={result} intents={result.intent ? [result.intent] : null} />
            ) : null}
            <ChangeRequestCard
              key={`change-${detail.version}`}
              detail={detail}
              result={result}
              outcome={<Outcome result={result} intents={['accept_change', 'decline_change']} />}
            />
            {moneyDue(detail) ? (
              <>
                <PaymentForm key={detail.version} detail={detail} result={result} today={today} />
                <StatusActions key={`move-${detail.version}`} detail={detail} result={result} />
                {formsShown(detail).includes('refund') ? (
                  <RefundForm
                    key={`refund-${detail.version}`}
                    detail={detail}
                    result={result}
                    today={today}
                  />
                ) : null}
                {formsShown(detail).includes('quote') ? (
                  <QuoteCard
                    key={`quote-${detail.version}`}
                    detail={detail}
                    result={result}
                    today={today}
                  />
                ) : null}
              </>
            ) : (
              <>
                {formsShown(detail).includes('quote') ? (
                  <QuoteCard
                    key={`quote-${detail.version}`}
                    detail={detail}
                    result={result}
                    today={today}
                  />
                ) : null}
                {formsShown(detail).includes('payment') ? (
                  <PaymentForm key={detail.version} detail={detail} result={result} today={today} />
                ) : null}
                <StatusActions key={`move-${detail.version}`} detail={detail} result={result} />
                {formsShown(detail).includes('refund') ? (
                  <RefundForm
                    key={`refund-${detail.version}`}
                    detail={detail}
                    result={result}
                    today={today}
                  />
                ) : null}
              </>
            )}
            {proof}
          </div>

          <Timeline detail={detail} />
          <Emails detail={detail} />
        </div>
      </section>
    </VersionContext>
  )
}

/**
 * Where the quote's balance date comes from, and a word when that default
 * lands on the day the quote goes out: an order sooner than her rule's days
 * would otherwise owe its balance the moment it is sent.
 */
function balanceDueHint(detail: OrderDetail, today: string): string {
  const days = detail.balanceDueDays
  const rule =
    days === 0
      ? 'Set from Settings: on the order date.'
      : `Set from Settings: ${days} day${days === 1 ? '' : 's'} before the order date.`
  if (
    !detail.quote?.balanceDue &&
    detail.defaultBalanceDue === today &&
    today < detail.request.dueDate
  ) {
    return `${rule} This order is sooner than that, so the balance would be due today, the day the quote goes out: choose a later date up to the order date if you like.`
  }
  return `${rule} Change it for this quote if you like.`
}

/**
 * Whether money is owed that the owner can record now: an accepted quote's
 * deposit, or the balance of a booked order.
 */
function moneyDue({ state, request, quote, money }: OrderDetail): boolean {
  if (!quote || refusedPaymentMessage(request.status)) return false
  if (state === 'accepted') return true
  return request.status !== 'quoted' && money.stillOwed > 0
}

/**
 * The intents whose forms the page shows for the request as it stands, as
 * the order-status table says (formsFor); the payment card needs a quote to
 * record against. A card answers for all its intents, shown or not: the
 * payment card for its Waive button, the status card (always on the page)
 * for all its buttons at its top, after Mark completed above "nothing more
 * to do".
 */
function formsShown({ request, quote, money, card, pendingChange }: OrderDetail): OrderIntent[] {
  const forms = formsFor(request.status).filter(
    (form) =>
      (form !== 'payment' || quote) &&
      // A refund gives back money held: the form shows once something is paid.
      (form !== 'refund' || money.paidCents > 0) &&
      // The customer's change answers while one waits (decision 054).
      (form !== 'change' || pendingChange !== null),
  )
  return ORDER_INTENTS.filter(
    (intent) =>
      forms.includes(OWNER_INTENTS[intent].form) ||
      // The money card's card payments answer for their refunds while they show.
      (intent === 'card_refund' && card.payments.length > 0),
  )
}

function MoneyCard({ detail, cardRefunds }: { detail: OrderDetail; cardRefunds: ReactNode }) {
  const { quote, money } = detail
  if (!quote) return null
  // A deposit's due date sits under its amount, so the amounts line up across the cards.
  const lines = detail.party
    ? detail.party.members.map((member) => ({
        label: `${member.position}. ${member.productType}`,
        value: formatMoney(member.lineCents),
      }))
    : null
  const rows: { label: string; value: string; note?: string }[] = [
    ...(lines ?? [{ label: 'Price', value: formatMoney(money.priceCents) }]),
    // A delivery's fee, and what the two come to, each on its own line.
    ...(lines && money.deliveryFeeCents === 0
      ? [{ label: 'Total', value: formatMoney(totalOf(money)) }]
      : money.deliveryFeeCents > 0 || detail.request.fulfilment === 'delivery'
        ? [
            { label: 'Delivery fee', value: formatMoney(money.deliveryFeeCents) },
            { label: 'Total', value: formatMoney(totalOf(money)) },
          ]
        : []),
    money.depositWaived
      ? { label: 'Deposit', value: 'Waived' }
      : {
          label: 'Deposit',
          value: formatMoney(money.depositCents),
          note: quote.depositDue ? `due ${formatCalendarDate(quote.depositDue)}` : undefined,
        },
    ...(money.refundedCents > 0
      ? [
          { label: 'Paid', value: formatMoney(money.receivedCents) },
          { label: 'Refunded', value: formatMoney(money.refundedCents) },
          { label: 'Net paid', value: formatMoney(money.paidCents) },
        ]
      : [{ label: 'Paid', value: formatMoney(money.paidCents) }]),
    // Her cancellation from her page promised a refund: what is not yet sent (decision 054).
    ...(detail.selfCancellation
      ? [
          {
            label: 'To send back',
            value: formatMoney(detail.selfCancellation.owedBackCents),
            note:
              detail.selfCancellation.owedBackCents > 0
                ? 'by e-Transfer or cash; record it as a refund'
                : `all of the ${formatMoney(detail.selfCancellation.refundCents)} promised`,
          },
        ]
      : []),
    { label: 'Deposit owed', value: formatMoney(money.depositOwed) },
    {
      label: 'Balance owed',
      value: formatMoney(money.balanceOwed),
      note: quote.balanceDue ? `due ${formatCalendarDate(quote.balanceDue)}` : 'due at handover',
    },
  ]
  return (
    <section className="card min-w-0 p-5 sm:p-7 lg:col-start-1" aria-labelledby="money-heading">
      <h2 id="money-heading" className="font-display text-2xl font-semibold">
        {detail.party ? 'The party’s quote and payments' : 'Quote and payments'}
      </h2>
      {detail.party ? (
        <div className="mt-2 text-sm" data-testid="party-members">
          <p>
            Quoted together: one total, one deposit, one answer. Payments and refunds are recorded
            once, for the party.
          </p>
          <ul className="mt-1 flex flex-wrap gap-x-5">
            {detail.party.members.map((member) => (
              <li key={member.id}>
                {member.here ? (
                  <span className="inline-flex min-h-11 items-center font-bold">
                    {member.position}. {member.productType} (this one)
                  </span>
                ) : (
                  <Link
                    className="text-link inline-flex min-h-11 items-center"
                    to={`/admin/orders/${member.id}`}
                  >
                    {member.position}. {member.productType}, {formatCalendarDate(member.dueDate)}
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3" data-testid="money">
        {rows.map(({ label, value, note }) => (
          <div key={label} className="min-w-0 rounded-xl bg-paper px-3 py-2">
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
      {(detail.party?.reference ?? detail.request.paymentReference) ? (
        <p className="mt-2 text-sm">
          <span className="font-bold">
            {detail.party ? 'The party’s payment reference: ' : 'Payment reference: '}
          </span>
          <span className="font-mono">
            {detail.party?.reference ?? detail.request.paymentReference}
          </span>{' '}
          (the customer puts it in her e-Transfer message)
        </p>
      ) : null}
      {quote.paymentInstructions ? (
        <p className="mt-2 whitespace-pre-wrap text-sm">
          <span className="font-bold">How to pay: </span>
          {quote.paymentInstructions}
        </p>
      ) : null}
      {detail.receipt ? (
        <p className="mt-3 flex flex-wrap gap-x-5 gap-y-1 text-sm">
          <a className="text-link inline-flex min-h-11 items-center" href={detail.receipt.href}>
            Receipt{detail.receipt.number ? ` ${detail.receipt.number}` : ''}
          </a>
          <a
            className="text-link inline-flex min-h-11 items-center"
            href={detail.receipt.pdfHref}
            download
          >
            PDF
          </a>
        </p>
      ) : null}
      {cardRefunds}
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

/**
 * The server's answer to the owner's last post, at the top of the card she
 * used: focused, so a phone scrolls it into view and a screen reader reads
 * it, whether the card is above or below where she tapped. A question
 * (decline? mark ready early?) opens the confirmation dialog instead.
 * `intents` null shows answers to no known form.
 */
function Outcome({
  result,
  intents,
}: {
  result: OrderActionResult | undefined
  intents: readonly OrderIntent[] | null
}) {
  const ref = useRef<HTMLParagraphElement>(null)
  const mine =
    result !== undefined &&
    (intents === null
      ? result.intent === null
      : result.intent !== null && intents.includes(result.intent))
  useEffect(() => {
    if (mine) ref.current?.focus()
  }, [mine, result])
  if (!mine) return null
  if (!result.ok && result.ask && result.intent) {
    // A question asked again (after "No, keep it") is a new answer: the dialog opens afresh.
    return <ConfirmStep key={answerKey(result)} ask={result.ask} intent={result.intent} />
  }
  return (
    <p
      ref={ref}
      id={ORDER_ANSWER_ID}
      tabIndex={-1}
      className={`${result.ok ? 'status-success' : 'status-error'} outcome scroll-mt-24`}
      role={result.ok ? 'status' : 'alert'}
      data-testid="outcome"
    >
      {result.ok ? result.message : result.error}
    </p>
  )
}

const answerKeys = new WeakMap<object, number>()
let lastAnswerKey = 0

/** One key for each answer the server gave (each post's answer is a new object). */
function answerKey(answer: object): number {
  let key = answerKeys.get(answer)
  if (key === undefined) {
    key = ++lastAnswerKey
    answerKeys.set(answer, key)
  }
  return key
}

/**
 * The question the server asked before a change, in the site's own modal:
 * "Yes" posts the same fields again with confirm=yes (and the version, so
 * a request changed meanwhile is still refused); "No, keep it" changes
 * nothing and starts there, being the safe choice. Without JavaScript the
 * dialog is already open in the page, and both buttons work as they are
 * (a plain post, and the browser's own dialog form).
 */
function ConfirmStep({ ask, intent }: { ask: OrderQuestion; intent: OrderIntent }) {
  const [closed, setClosed] = useState(false)
  const version = useVersion()
  const ref = useRef<HTMLDialogElement>(null)
  const keepRef = useRef<HTMLButtonElement>(null)
  const titleId = useId()
  const busy = useBusy(intent)
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    // Rendered open for pages without JavaScript; here it becomes modal.
    if (dialog.open) dialog.close()
    dialog.showModal()
    keepRef.current?.focus()
    return () => {
      if (dialog.open) dialog.close()
    }
  }, [])
  if (closed) return null
  return (
    <dialog
      ref={ref}
      id={ORDER_ANSWER_ID}
      open
      role="alertdialog"
      aria-labelledby={titleId}
      className="modal confirm-dialog"
      data-testid="confirm-dialog"
      // The close that made it modal arrives while it is open again: only a real close counts.
      onClose={(event) => {
        if (!event.currentTarget.open) setClosed(true)
      }}
    >
      <div className="modal-panel grid gap-5">
        <p id={titleId} className="text-lg font-bold [overflow-wrap:anywhere]">
          {ask.question}
        </p>
        <div className="modal-actions">
          <form method="dialog" className="contents">
            <button ref={keepRef} type="submit" className="button-secondary">
              No, keep it
            </button>
          </form>
          <Form method="post" action={ORDER_ANSWER_ACTION} className="contents">
            {Object.entries(ask.fields).map(([name, value]) => (
              <input key={name} type="hidden" name={name} value={value} />
            ))}
            <input type="hidden" name="version" value={version} />
            <input type="hidden" name="confirm" value="yes" />
            <button
              type="submit"
              name="intent"
              value={intent}
              className={
                intent === 'decline' || intent === 'cancel' ? 'button-danger' : 'button-primary'
              }
              disabled={busy}
            >
              {busy ? 'Working…' : ask.yes}
            </button>
          </Form>
        </div>
      </div>
    </dialog>
  )
}

function errorOf(result: OrderActionResult | undefined, intent: OrderIntent, field: string) {
  return result && !result.ok && result.intent === intent ? result.fieldErrors?.[field] : undefined
}

function useBusy(intent: OrderIntent): boolean {
  const navigation = useNavigation()
  return navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
}

/** `?requote` opens a quoted request's folded quote form (a link that works without JavaScript). */
const REQUOTE_PARAM = 'requote'

/**
 * The quote form, folded while the quote sent stands (the request is quoted
 * and no change from the customer waits): a new quote is the rarer step then,
 * and on a phone the full form stood between her and the rest of the order.
 * Folded, the card keeps its heading and says what a new quote does, and its
 * link opens the form in place. A quote refused or just sent keeps the form
 * open with its answer. Opened, focus goes to its heading, where she is
 * looking (decision 074).
 */
function QuoteCard(props: {
  detail: OrderDetail
  result: OrderActionResult | undefined
  today: string
}) {
  const { detail, result } = props
  const [searchParams] = useSearchParams()
  const folded =
    detail.request.status === 'quoted' &&
    detail.pendingChange === null &&
    result?.intent !== 'quote' &&
    !searchParams.has(REQUOTE_PARAM)
  // Focus follows only her opening it: the card folds again after another
  // card's answer, whose own focus must stay where it put it.
  const wasFolded = useRef(folded)
  useEffect(() => {
    if (wasFolded.current && !folded) document.getElementById(QUOTE_HEADING_ID)?.focus()
    wasFolded.current = folded
  }, [folded])
  if (!folded) return <QuoteForm {...props} />
  return (
    <section className="card p-5 sm:p-7" aria-labelledby={QUOTE_HEADING_ID}>
      <QuoteHeading>Send a new quote</QuoteHeading>
      <p className="mt-1 text-chocolate">
        A new quote replaces the one sent, and the customer gets it by email with their link to
        accept or decline.
      </p>
      <p className="mt-4">
        <Link
          to={`?${REQUOTE_PARAM}#${QUOTE_HEADING_ID}`}
          preventScrollReset
          className="button-secondary"
        >
          Write a new quote
        </Link>
      </p>
    </section>
  )
}

const QUOTE_HEADING_ID = 'quote-heading'

function QuoteHeading({ children }: { children: ReactNode }) {
  return (
    <h2
      id={QUOTE_HEADING_ID}
      tabIndex={-1}
      className="font-display text-2xl font-semibold scroll-mt-24 outline-none"
    >
      {children}
    </h2>
  )
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
  const choices = detail.partyChoices
  // "Quote these together": the send's other requests, ticked as they stand.
  const [ticked, setTicked] = useState<ReadonlySet<number>>(
    () => new Set(choices.filter((choice) => choice.inParty).map((choice) => choice.id)),
  )
  const party = ticked.size > 0
  const delivery =
    detail.request.fulfilment === 'delivery' ||
    choices.some((choice) => ticked.has(choice.id) && choice.fulfilment === 'delivery')
  const busy = useBusy('quote')
  const [depositKind, setDepositKind] = useState<'amount' | 'percent'>('amount')
  const [depositDue, setDepositDue] = useState(quote?.depositDue ?? '')
  const [expiresIn, setExpiresIn] = useState(String(detail.quoteExpiryDays))
  const err = (field: string) => errorOf(result, 'quote', field)
  // Roughly the day the quote expires (the server, which asks again, knows the hour).
  const expiresOn = /^\d{1,2}$/.test(expiresIn) ? addDays(today, Number(expiresIn)) : null
  const dueAfterExpiry = Boolean(depositDue && expiresOn && depositDue > expiresOn)
  return (
    <section className="card p-5 sm:p-7" aria-labelledby={QUOTE_HEADING_ID}>
      <QuoteHeading>{quote ? 'Send a new quote' : 'Send a quote'}</QuoteHeading>
      <Outcome result={result} intents={['quote']} />
      <p className="mt-1 text-sm text-chocolate">
        The customer gets it by email with their link to accept or decline.
      </p>
      <Form method="post" action={ORDER_ANSWER_ACTION} className="mt-4 grid gap-4" noValidate>
        <VersionField />
        <FormField
          name="price"
          label={
            party
              ? `${detail.request.productType}: price (${currencySymbol()})`
              : `Price (${currencySymbol()})`
          }
          error={err('price')}
        >
          {(props) => (
            <input
              {...props}
              inputMode="decimal"
              required
              defaultValue={detail.ownPriceCents ? centsToInput(detail.ownPriceCents) : ''}
            />
          )}
        </FormField>
        {choices.length > 0 ? (
          <fieldset className="grid gap-3 rounded-xl bg-paper p-4" data-testid="party-choices">
            <legend className="form-label float-left mb-1 w-full">Quote these together</legend>
            <p className="text-sm text-chocolate">
              {detail.request.name.split(/\s+/)[0] || detail.request.name} sent these with this
              request. Tick one to put it on this quote with its own price: one total, one deposit,
              one answer. Leave them unticked to quote each separately.
            </p>
            {choices.map((choice) => (
              <div key={choice.id} className="grid gap-2">
                <label className="choice-label min-h-11">
                  <input
                    type="checkbox"
                    name={partyTickName(choice.id)}
                    value="yes"
                    checked={ticked.has(choice.id)}
                    disabled={choice.refused !== null}
                    onChange={(event) => {
                      const checked = event.currentTarget.checked
                      setTicked((current) => {
                        const next = new Set(current)
                        if (checked) next.add(choice.id)
                        else next.delete(choice.id)
                        return next
                      })
                    }}
                  />
                  <span>
                    <span className="font-bold">
                      {choice.position}. {choice.productType}
                    </span>{' '}
                    · {formatCalendarDate(choice.dueDate)} ·{' '}
                    <Link className="text-link" to={`/admin/orders/${choice.id}`}>
                      #{choice.id}
                    </Link>
                  </span>
                </label>
                {choice.refused ? (
                  <p className="text-sm text-chocolate">{choice.refused}</p>
                ) : ticked.has(choice.id) ? (
                  <FormField
                    name={partyLineName(choice.id)}
                    label={`${choice.productType}: price (${currencySymbol()})`}
                    error={err(partyLineName(choice.id))}
                  >
                    {(props) => (
                      <input
                        {...props}
                        inputMode="decimal"
                        required
                        defaultValue={choice.lineCents ? centsToInput(choice.lineCents) : ''}
                      />
                    )}
                  </FormField>
                ) : null}
              </div>
            ))}
          </fieldset>
        ) : null}
        {delivery ? (
          <FormField
            name="delivery_fee"
            label={`Delivery fee (${currencySymbol()})`}
            optional
            hint={
              party
                ? 'One fee for the party, added to its total. Leave empty for free delivery.'
                : 'Added to the price. Leave empty for free delivery.'
            }
            error={err('delivery_fee')}
          >
            {(props) => (
              <input
                {...props}
                inputMode="decimal"
                defaultValue={
                  quote && quote.deliveryFeeCents ? centsToInput(quote.deliveryFeeCents) : ''
                }
              />
            )}
          </FormField>
        ) : null}
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
              In {currencyName()}
            </label>
            <label className="choice-label">
              <input
                type="radio"
                name="deposit_kind"
                value="percent"
                checked={depositKind === 'percent'}
                onChange={() => setDepositKind('percent')}
              />
              {delivery || party ? 'Percent of the total' : 'Percent of the price'}
            </label>
          </div>
          <FormField
            name="deposit"
            label={depositKind === 'percent' ? 'Deposit (%)' : `Deposit (${currencySymbol()})`}
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
            <input
              {...props}
              type="date"
              min={today}
              defaultValue={quote?.depositDue ?? ''}
              onChange={(event) => setDepositDue(event.currentTarget.value)}
            />
          )}
        </FormField>
        <FormField
          name="balance_due"
          label="Balance due by"
          optional
          hint={balanceDueHint(detail, today)}
          error={err('balance_due')}
        >
          {(props) => (
            <input
              {...props}
              type="date"
              min={today}
              max={detail.request.dueDate}
              defaultValue={quote?.balanceDue ?? detail.defaultBalanceDue ?? ''}
            />
          )}
        </FormField>
        {dueAfterExpiry && expiresOn ? (
          <p className="status-error text-sm" role="status" data-testid="deposit-due-warning">
            The deposit would be due after the quote expires ({formatCalendarDate(expiresOn)}).
          </p>
        ) : null}
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
              onChange={(event) => setExpiresIn(event.currentTarget.value)}
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
            {busy ? 'Sending…' : party ? `Send one quote for ${ticked.size + 1}` : 'Send quote'}
          </button>
        </div>
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
  // Said, not typed in: a field that fills itself after each payment would be
  // recorded twice by a second tap.
  const owed =
    money.depositOwed > 0
      ? `Deposit owed: ${formatMoney(money.depositOwed)}`
      : money.balanceOwed > 0
        ? `Balance owed: ${formatMoney(money.balanceOwed)}`
        : undefined
  return (
    <section className="card p-5 sm:p-7" aria-labelledby="payment-heading">
      <h2 id="payment-heading" className="font-display text-2xl font-semibold">
        Record a payment
      </h2>
      <Outcome result={result} intents={['payment', 'waive']} />
      <Form
        method="post"
        action={ORDER_ANSWER_ACTION}
        className="mt-4 grid gap-4 sm:grid-cols-2"
        noValidate
      >
        <VersionField />
        <FormField
          name="amount"
          label={`Amount (${currencySymbol()})`}
          hint={owed}
          error={err('amount')}
        >
          {(props) => <input {...props} inputMode="decimal" required defaultValue="" />}
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
      </Form>
      {!money.depositWaived && money.depositOwed > 0 ? (
        <Form
          method="post"
          action={ORDER_ANSWER_ACTION}
          className="mt-4 border-t border-blush pt-4"
        >
          <VersionField />
          <p className="text-sm text-chocolate">
            Confirm without the deposit: an accepted quote is booked at once.
          </p>
          <button type="submit" name="intent" value="waive" className="button-secondary mt-2">
            Waive deposit
          </button>
        </Form>
      ) : null}
    </section>
  )
}

/**
 * Money handed back to the customer: never more than is paid net (the
 * server refuses more, with a 409 that says how much), asked about before
 * the customer is emailed.
 */
function RefundForm({
  detail,
  result,
  today,
}: {
  detail: OrderDetail
  result: OrderActionResult | undefined
  today: string
}) {
  const busy = useBusy('refund')
  const { money } = detail
  const err = (field: string) => errorOf(result, 'refund', field)
  return (
    <section className="card p-5 sm:p-7" aria-labelledby="refund-heading">
      <h2 id="refund-heading" className="font-display text-2xl font-semibold">
        Record a refund
      </h2>
      <Outcome result={result} intents={['refund']} />
      <Form
        method="post"
        action={ORDER_ANSWER_ACTION}
        className="mt-4 grid gap-4 sm:grid-cols-2"
        noValidate
      >
        <VersionField />
        <FormField
          name="refund_amount"
          label={`Refund (${currencySymbol()})`}
          hint={`Up to ${formatMoney(money.paidCents)}, what is paid`}
          error={err('refund_amount')}
        >
          {(props) => <input {...props} inputMode="decimal" required defaultValue="" />}
        </FormField>
        <FormField name="refunded_on" label="Sent on" error={err('refunded_on')}>
          {(props) => <input {...props} type="date" required defaultValue={today} />}
        </FormField>
        <div className="sm:col-span-2">
          <FormField
            name="refund_method"
            label="How it was refunded"
            hint="e-Transfer, cash…"
            error={err('refund_method')}
          >
            {(props) => (
              <input {...props} required maxLength={LIMITS.method} defaultValue="e-Transfer" />
            )}
          </FormField>
        </div>
        <div className="sm:col-span-2">
          <FormField
            name="refund_reason"
            label="Reason (optional)"
            hint="The customer reads it in her email."
            error={err('refund_reason')}
          >
            {(props) => <textarea {...props} rows={2} maxLength={LIMITS.reason} defaultValue="" />}
          </FormField>
        </div>
        <div className="sm:col-span-2">
          <RefundPriceChoice
            name="refund_lowers_price"
            idPrefix="refund-price"
            detail={detail}
            error={err('refund_lowers_price')}
          />
        </div>
        <div className="sm:col-span-2">
          <button
            type="submit"
            name="intent"
            value="refund"
            className="button-secondary"
            disabled={busy}
          >
            {busy ? 'Saving…' : 'Record refund'}
          </button>
        </div>
      </Form>
    </section>
  )
}

function StatusActions({
  detail,
  result,
}: {
  detail: OrderDetail
  result: OrderActionResult | undefined
}) {
  const { money } = detail
  const status = detail.request.status
  const can = (intent: OrderIntent) => {
    const target = OWNER_INTENTS[intent].target
    return target !== null && canMove(status, target)
  }
  const canReady = can('ready')
  const canComplete = can('complete')
  const canCancel = can('cancel')
  const canDecline = can('decline')
  const err = (intent: OrderIntent, field: string) => errorOf(result, intent, field)
  if (!canReady && !canComplete && !canCancel && !canDecline) {
    return (
      <section className="card p-5 sm:p-7" aria-labelledby="status-heading">
        <h2 id="status-heading" className="font-display text-2xl font-semibold">
          Status
        </h2>
        <Outcome result={result} intents={MOVE_INTENTS} />
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
      <Outcome result={result} intents={MOVE_INTENTS} />
      {canReady || canComplete ? (
        <Form method="post" action={ORDER_ANSWER_ACTION} className="flex flex-wrap gap-3">
          <VersionField />
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
          {canComplete && money.stillOwed > 0 ? (
            <p className="w-full text-sm text-chocolate">
              {formatMoney(money.stillOwed)} still owed: record it above when paid.
            </p>
          ) : null}
        </Form>
      ) : null}
      {canDecline ? (
        <Form
          method="post"
          action={ORDER_ANSWER_ACTION}
          className="grid gap-3 border-t border-blush pt-4"
        >
          <VersionField />
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
        </Form>
      ) : null}
      {canCancel ? (
        <Form
          method="post"
          action={ORDER_ANSWER_ACTION}
          className="grid gap-3 border-t border-blush pt-4"
        >
          <VersionField />
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
        </Form>
      ) : null}
    </section>
  )
}
