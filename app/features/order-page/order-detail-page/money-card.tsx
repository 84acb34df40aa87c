import type { ReactNode } from 'react'
import { Link } from 'react-router'
import type { OrderDetail } from '#app/features/order-page/order-detail.server.ts'
import {
  chargesAfterPrice,
  depositWord,
  formatLine,
  paidInOne,
  totalOf,
} from '#app/features/order-status/money-owed.ts'
import { formatCalendarDate } from '#app/utils/dates.ts'
import { formatMoney } from '#app/utils/money.ts'

type Quote = NonNullable<OrderDetail['quote']>
type Party = NonNullable<OrderDetail['party']>

/**
 * The quote's money as it stands: its price (a party's, line by line),
 * deposit, what is paid and refunded and what is still owed, with the
 * payment reference, how to pay and the receipt; `cardRefunds` last.
 * Nothing before a quote.
 */
export function MoneyCard({
  detail,
  cardRefunds,
}: {
  detail: OrderDetail
  cardRefunds: ReactNode
}) {
  const { quote } = detail
  if (!quote) return null
  const rows = moneyRows(detail, quote)
  return (
    <section className="card min-w-0 p-5 sm:p-7 lg:col-start-1" aria-labelledby="money-heading">
      <h2 id="money-heading" className="font-display text-2xl font-semibold">
        {detail.party ? 'The party’s quote and payments' : 'Quote and payments'}
      </h2>
      {detail.party ? <PartyMembers party={detail.party} /> : null}
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
      <PayingNotes detail={detail} quote={quote} />
      {cardRefunds}
    </section>
  )
}

/**
 * The figures, in the order she reads them. A deposit's due date sits under
 * its amount, so the amounts line up across the cards.
 */
function moneyRows(
  detail: OrderDetail,
  quote: Quote,
): { label: string; value: string; note?: string }[] {
  const { money } = detail
  const lines = detail.party
    ? detail.party.members.map((member) => ({
        label: `${member.position}. ${member.productType}`,
        value: formatMoney(member.lineCents),
      }))
    : null
  // A delivery's fee (shown at $0 too, so she sees none was asked) and a
  // code's part, each on its own line, then what they all come to.
  const afterPrice = [
    ...(money.deliveryFeeCents === 0 && detail.request.fulfilment === 'delivery'
      ? [{ label: 'Delivery fee', value: formatMoney(0) }]
      : []),
    ...chargesAfterPrice(money).map((line) => ({
      label: line.label,
      value: formatLine(line.cents),
    })),
  ]
  return [
    ...(lines ?? [{ label: 'Price', value: formatMoney(money.priceCents) }]),
    ...afterPrice,
    ...(lines || afterPrice.length > 0
      ? [{ label: 'Total', value: formatMoney(totalOf(money)) }]
      : []),
    money.depositWaived
      ? { label: 'Deposit', value: 'Waived' }
      : {
          label: depositWord(money),
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
    // Paid in one, there is no balance: what is left of the one payment is all that is owed.
    ...(paidInOne(money)
      ? [{ label: 'Still owed', value: formatMoney(money.stillOwed) }]
      : [
          { label: 'Deposit owed', value: formatMoney(money.depositOwed) },
          {
            label: 'Balance owed',
            value: formatMoney(money.balanceOwed),
            note: quote.balanceDue
              ? `due ${formatCalendarDate(quote.balanceDue)}`
              : 'due at handover',
          },
        ]),
  ]
}

/** A party's requests, each a link but this one: quoted, paid and refunded together. */
function PartyMembers({ party }: { party: Party }) {
  return (
    <div className="mt-2 text-sm" data-testid="party-members">
      <p>
        Quoted together: one total, one deposit, one answer. Payments and refunds are recorded once,
        for the party.
      </p>
      <ul className="mt-1 flex flex-wrap gap-x-5">
        {party.members.map((member) => (
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
  )
}

/** How she pays: the reference she quotes, the owner's instructions, and her receipt once paid. */
function PayingNotes({ detail, quote }: { detail: OrderDetail; quote: Quote }) {
  return (
    <>
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
    </>
  )
}
