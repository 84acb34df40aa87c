import { use, useState } from 'react'
import { Form } from 'react-router'
import { FormField } from '#app/components/form-field.tsx'
import type { OrderActionResult } from '#app/features/order-page/order-actions.ts'
import { ORDER_ANSWER_ACTION } from '#app/features/order-page/order-answer.ts'
import type { OrderDetail } from '#app/features/order-page/order-detail.server.ts'
import { LIMITS, centsToInput } from '#app/features/order-page/order-form-limits.ts'
import { addDays } from '#app/utils/calendar-days.ts'
import { AmountField, SendButton } from './money-fields.tsx'
import { Outcome } from './outcome.tsx'
import { VersionField, errorOf } from './page-forms.tsx'
import { PriceNote } from './price-note.ts'
import { DeliveryFeeField, DepositFields, TaxNote } from './quote-charges.tsx'
import { QUOTE_HEADING_ID, QuoteHeading } from './quote-heading.tsx'
import { QuotePartyLines } from './quote-party-lines.tsx'
import { DepositDueWarning, ExpiryField, QuoteDueDates } from './quote-schedule.tsx'

/**
 * A quote for the request, or for a party of the send's requests quoted
 * together: price, delivery fee, deposit, when each is due, how to pay, a
 * message, and how long it stands.
 */
export function QuoteForm({
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
  const [depositDue, setDepositDue] = useState(quote?.depositDue ?? '')
  const priceNote = use(PriceNote)
  const ownPrice = detail.ownPriceCents ? centsToInput(detail.ownPriceCents) : ''
  const [priceText, setPriceText] = useState(ownPrice)
  const [expiresIn, setExpiresIn] = useState(String(detail.quoteExpiryDays))
  const err = (field: string) => errorOf(result, 'quote', field)
  // Roughly the day the quote expires (the server, which asks again, knows the hour).
  const expiresOn = /^\d{1,2}$/.test(expiresIn) ? addDays(today, Number(expiresIn)) : null
  const dueAfterExpiry = Boolean(depositDue && expiresOn && depositDue > expiresOn)
  const tick = (id: number, checked: boolean) =>
    setTicked((current) => {
      const next = new Set(current)
      if (checked) next.add(id)
      else next.delete(id)
      return next
    })
  return (
    <section className="card p-5 sm:p-7" aria-labelledby={QUOTE_HEADING_ID}>
      <QuoteHeading>{quote ? 'Send a new quote' : 'Send a quote'}</QuoteHeading>
      <Outcome result={result} intents={['quote']} />
      <p className="mt-1 text-sm text-chocolate">
        The customer gets it by email with their link to accept or decline.
      </p>
      <Form method="post" action={ORDER_ANSWER_ACTION} className="mt-4 grid gap-4" noValidate>
        <VersionField />
        <AmountField
          name="price"
          label={party ? `${detail.request.productType}: price` : 'Price'}
          error={err('price')}
          defaultValue={ownPrice}
          onChange={setPriceText}
        />
        {priceNote?.(priceText)}
        <TaxNote taxes={detail.taxesNow} priceText={priceText} party={party} />
        {choices.length > 0 ? (
          <QuotePartyLines detail={detail} ticked={ticked} onTick={tick} err={err} />
        ) : null}
        {delivery ? (
          <DeliveryFeeField quote={quote} party={party} error={err('delivery_fee')} />
        ) : null}
        <DepositFields quote={quote} ofTotal={delivery || party} error={err('deposit')} />
        <QuoteDueDates detail={detail} today={today} onDepositDue={setDepositDue} err={err} />
        {dueAfterExpiry && expiresOn ? <DepositDueWarning expiresOn={expiresOn} /> : null}
        <QuoteWords quote={quote} err={err} />
        <ExpiryField detail={detail} onChange={setExpiresIn} error={err('expires_in_days')} />
        <div>
          <SendButton intent="quote" className="button-primary" sending="Sending…">
            {party ? `Send one quote for ${ticked.size + 1}` : 'Send quote'}
          </SendButton>
        </div>
      </Form>
    </section>
  )
}

/** What the quote says to her beside its figures: how to pay, and a message. */
function QuoteWords({
  quote,
  err,
}: {
  quote: OrderDetail['quote']
  err: (field: string) => string | undefined
}) {
  return (
    <>
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
    </>
  )
}
