import { useCallback, useEffect, useMemo, useRef, useState } from 'react'
import { Form, useNavigation } from 'react-router'
import { HoneypotField } from '#app/components/honeypot-field.tsx'
import { codeOf, withCode } from '#app/features/discount-codes/discount-rules.ts'
import {
  type DeliveryFee,
  type PriceAnswer,
  type SetPrice,
  optionsOf,
  priceOf,
} from '#app/features/menu/option-prices.ts'
import { withTaxes } from '#app/features/order-status/tax-rules.ts'
import { FulfilmentChoice } from '#app/features/orders/fulfilment-choice.tsx'
import {
  DeliveryAddressFields,
  PickupWindowField,
  type WeeklyWindow,
} from '#app/features/orders/handover-fields.tsx'
import { OrderDateField } from '#app/features/orders/order-date-field.tsx'
import type { OrderField } from '#app/features/orders/order-schema.ts'
import { ContactFields, HearAboutUsField } from '#app/features/orders/party-fields.tsx'
import { PoliciesTick } from '#app/features/orders/policies-tick.tsx'
import { AllergiesField, CommentsField } from '#app/features/orders/treat-fields.tsx'
import { useAvailability, useNextAvailable } from '#app/features/orders/use-availability.ts'
import {
  type PaymentTerms,
  type SetPricePayment,
  paymentsFor,
} from '#app/features/set-price-orders/payment-choices.ts'
import { addDays } from '#app/utils/calendar-days.ts'
import { isCalendarDate } from '#app/utils/dates.ts'
import { type FieldErrors, focusFirstInvalid } from '#app/utils/field-errors.ts'
import { formatMoney } from '#app/utils/money.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { CodeField, GiftCardField, OptionGroupField, TotalBox } from './buy-now-options.tsx'
import type { BuyNowRefusal } from './buy-now-send.server.ts'

/** What the buy-now page's loader hands the page: nothing private. */
export interface BuyNowPageData {
  productId: number
  description: string
  noticeDays: number
  setPrice: SetPrice
  /** Its class's taxes, added after a code (decision 113); none for most. */
  taxes: { name: string; ppm: number }[]
  fees: DeliveryFee[]
  today: string
  horizonDays: number
  deliveryEnabled: boolean
  deliveryNote: string
  pickupWindows: WeeklyWindow[]
  /** What the ways to pay depend on; the total chooses among them (paymentsFor). */
  paymentTerms: PaymentTerms
  policiesHtml: string
  /** This page's own send id: the same form sent twice makes one order. */
  sendId: string
  /** Whether a gift card's code may be typed: once any card was sold. */
  giftCards: boolean
}

const PAYMENT_WORDS: Record<SetPricePayment, { label: string; hint: string }> = {
  card: {
    label: 'Pay by card now',
    hint: 'On Stripe’s secure page; your order is confirmed once paid.',
  },
  pickup: {
    label: 'Pay at pickup',
    hint: 'Your order is confirmed now; you pay when you collect it.',
  },
}

/** The price of the form as it stands: the same rule the server charges by. */
function priceOfForm(
  form: HTMLFormElement | null,
  data: BuyNowPageData,
  values: Record<string, string>,
) {
  const fields = form
    ? new URLSearchParams(new FormData(form) as unknown as string[][])
    : new URLSearchParams(values)
  const fulfilment = fields.get('fulfilment') === 'delivery' ? 'delivery' : 'pickup'
  const date = fields.get('due_date') ?? ''
  return priceOf(data.setPrice, data.fees, {
    options: optionsOf(fields) ?? {},
    // Before a date is chosen, the total is shown as for a day beyond any rush.
    date: isCalendarDate(date) ? date : addDays(data.today, 365),
    today: data.today,
    fulfilment,
    postalCode: fields.get('delivery_postal_code') ?? '',
  })
}

/**
 * The buy-now form of one treat (decision 103): its options with what each
 * adds, the date and handover by the same rules as a request, her details,
 * how she pays, and the total of what she chose, recomputed as she changes
 * it. Without scripts the form posts as it is, and the server answers with
 * the total to confirm.
 */
export function BuyNowForm({ data, refusal }: { data: BuyNowPageData; refusal?: BuyNowRefusal }) {
  const formRef = useRef<HTMLFormElement>(null)
  const hydrated = useHydrated()
  const sending = useNavigation().state !== 'idle'
  const values = useMemo(() => refusal?.values ?? {}, [refusal])
  const errors: FieldErrors<string> = Object.fromEntries(
    (refusal?.problems ?? []).map((problem) => [problem.field, problem.message]),
  )
  const [priced, setAnswer] = useState<PriceAnswer>(() => priceOfForm(null, data, values))
  // A code the server found for her takes its part off as she changes her choices, until she changes the code.
  const [typedCode, setTypedCode] = useState(values.code ?? '')
  const applied =
    refusal?.appliedCode && codeOf(typedCode) === refusal.appliedCode.code
      ? refusal.appliedCode
      : null
  // The answer to her Apply: said beside the code, not at the top of the form.
  const appliedNow = refusal?.values.intent === 'apply_code'
  const answer: PriceAnswer =
    priced.ok && !priced.quoteNeeded ? withTaxes(withCode(priced, applied), data.taxes) : priced
  const [fulfilment, setFulfilment] = useState(
    values.fulfilment === 'delivery' ? 'delivery' : 'pickup',
  )
  const [date, setDate] = useState(values.due_date ?? '')
  const [month, setMonth] = useState(
    isCalendarDate(values.due_date ?? '') ? values.due_date! : data.today,
  )
  const [calendarWanted, setCalendarWanted] = useState(false)
  const wantCalendar = useCallback(() => setCalendarWanted(true), [])
  const reprice = useCallback(
    () => setAnswer(priceOfForm(formRef.current, data, values)),
    [data, values],
  )
  // The date is controlled: a change made by the calendar is priced once it is drawn.
  useEffect(reprice, [date, fulfilment, reprice])
  useEffect(() => {
    // Her code's answer is beside the code, where she tapped Apply.
    if (appliedNow) document.getElementById('code')?.focus()
    else if (refusal && formRef.current) focusFirstInvalid(formRef.current, errors)
    // Only when a refusal arrives.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [refusal])
  const product = data.setPrice.name
  const rules = {
    today: data.today,
    lastBookable: addDays(data.today, data.horizonDays),
    noticeDays: data.noticeDays,
  }
  const days = useAvailability({
    product,
    month,
    extraDate: isCalendarDate(date) ? date : undefined,
    enabled: calendarWanted,
  })
  const nextAvailable = useNextAvailable({
    product,
    today: data.today,
    lastBookable: rules.lastBookable,
    enabled: calendarWanted,
  })
  // The total her page shows is the one the order is made at; without scripts, the server's.
  const shown = hydrated
    ? answer.ok
      ? answer.totalCents
      : null
    : (refusal?.priced?.totalCents ?? null)
  const quoteNeeded = answer.ok && answer.quoteNeeded
  const payments = paymentsFor(data.paymentTerms, shown)
  const cardTooSmall = data.paymentTerms.cardsOn && !payments.includes('card')
  const { rush } = data.setPrice
  const rushNote = rush
    ? `Orders for a date fewer than ${rush.withinDays} days away add a rush fee of ${formatMoney(rush.feeCents)}.`
    : ''
  const orderFieldErrors = errors as FieldErrors<OrderField>
  return (
    <Form
      method="post"
      ref={formRef}
      className="buy-now-form grid gap-6 lg:grid-cols-[2fr_1fr] lg:items-start"
      onChange={reprice}
      onFocus={wantCalendar}
      noValidate={hydrated}
    >
      <div className="grid gap-6">
        {refusal && !appliedNow ? (
          <div
            className={
              refusal.priced && refusal.problems[0]?.field === 'total'
                ? 'status-success'
                : 'status-error'
            }
            role="alert"
          >
            {refusal.error}
          </div>
        ) : null}
        {data.setPrice.groups.length > 0 ? (
          <fieldset className="card grid gap-5 p-5 sm:p-6">
            <legend className="drop-form-legend">Your choices</legend>
            {data.setPrice.groups.map((group) => (
              <OptionGroupField
                key={group.key}
                group={group}
                value={values[`option.${group.key}`]}
                error={errors[`option.${group.key}`]}
              />
            ))}
          </fieldset>
        ) : null}
        <fieldset className="card grid gap-5 p-5 sm:grid-cols-2 sm:p-6">
          <legend className="drop-form-legend">When and how</legend>
          <div className="sm:col-span-2">
            <OrderDateField
              value={date}
              onChange={setDate}
              days={days}
              rules={rules}
              month={month}
              nextAvailable={nextAvailable}
              onMonthChange={setMonth}
              wanted={calendarWanted}
              onWanted={wantCalendar}
              error={errors.due_date}
              openWords="It is yours as soon as you order."
            />
          </div>
          <div className="sm:col-span-2">
            <FulfilmentChoice
              deliveryEnabled={data.deliveryEnabled}
              deliveryNote={data.deliveryNote}
              defaultValue={fulfilment}
              error={errors.fulfilment}
              onChange={setFulfilment}
            />
          </div>
          <PickupWindowField
            hydrated={hydrated}
            dueDate={isCalendarDate(date) ? date : ''}
            day={days.get(date)}
            weekly={data.pickupWindows}
            delivery={fulfilment === 'delivery'}
            defaultValue={values.pickup_window}
            error={errors.pickup_window}
          />
          <DeliveryAddressFields
            shown={data.deliveryEnabled && (!hydrated || fulfilment === 'delivery')}
            values={values}
            errors={orderFieldErrors}
          />
        </fieldset>
        <fieldset className="card grid gap-5 p-5 sm:p-6">
          <legend className="drop-form-legend">Your details</legend>
          <div className="grid gap-5 sm:grid-cols-2">
            <ContactFields valueOf={(field) => values[field]} errors={orderFieldErrors} />
            <HearAboutUsField value={values.hear_about_us} error={errors.hear_about_us} />
            <AllergiesField values={values} errors={orderFieldErrors} />
            <CommentsField values={values} errors={orderFieldErrors} />
          </div>
        </fieldset>
        <HoneypotField />
      </div>
      <div className="grid gap-4 lg:sticky lg:top-24">
        <TotalBox answer={answer} rushNote={rushNote} />
        {quoteNeeded ? null : (
          <fieldset
            className="card grid gap-3 p-5"
            aria-describedby={
              errors.payment ? 'payment-card-minimum payment-error' : 'payment-card-minimum'
            }
          >
            <legend className="drop-form-legend">How you pay</legend>
            {payments.map((way, index) => (
              <label key={way} className="choice-label">
                <input
                  type="radio"
                  name="payment"
                  value={way}
                  defaultChecked={
                    (values.payment ?? payments[0]) === way ||
                    (payments.length === 1 && index === 0)
                  }
                />
                <span>
                  {PAYMENT_WORDS[way].label}
                  <span className="form-hint block">{PAYMENT_WORDS[way].hint}</span>
                </span>
              </label>
            ))}
            {/* Always there, so the card giving way is announced as the total drops. */}
            <p id="payment-card-minimum" className="form-hint" aria-live="polite">
              {cardTooSmall
                ? `Card payments start at ${formatMoney(data.paymentTerms.cardMinimumCents)}, so this one is paid at pickup.`
                : ''}
            </p>
            {errors.payment ? (
              <p id="payment-error" className="form-error">
                {errors.payment}
              </p>
            ) : null}
            {data.giftCards ? (
              <GiftCardField defaultValue={values.gift_card ?? ''} error={errors.gift_card} />
            ) : null}
          </fieldset>
        )}
        <PoliciesTick
          policiesHtml={data.policiesHtml}
          error={errors.accept_policies}
          defaultChecked={values.accept_policies === 'on'}
        />
        {shown !== null ? <input type="hidden" name="total_cents" value={shown} /> : null}
        <input type="hidden" name="send_id" value={data.sendId} />
        <button type="submit" className="button-primary w-full" disabled={sending}>
          {quoteNeeded
            ? 'Send for a quote'
            : shown !== null
              ? `Order for ${formatMoney(shown)}`
              : 'See my total'}
        </button>
        {quoteNeeded ? null : (
          <CodeField
            value={typedCode}
            onChange={setTypedCode}
            applied={applied}
            error={errors.code}
            disabled={sending}
          />
        )}
      </div>
    </Form>
  )
}
