import { OrderDateField } from '#app/features/date-choice/order-date-field.tsx'
import type { OptionGroup } from '#app/features/menu/option-prices.ts'
import { FulfilmentChoice } from '#app/features/orders/fulfilment-choice.tsx'
import {
  DeliveryAddressFields,
  PickupWindowField,
  type WeeklyWindow,
} from '#app/features/orders/handover-fields.tsx'
import type { OrderField } from '#app/features/orders/order-schema.ts'
import { ContactFields, HearAboutUsField } from '#app/features/orders/party-fields.tsx'
import { AllergiesField, CommentsField } from '#app/features/orders/treat-fields.tsx'
import {
  type PaymentTerms,
  type SetPricePayment,
  paymentsFor,
} from '#app/features/set-price-orders/payment-choices.ts'
import { isCalendarDate } from '#app/utils/dates.ts'
import type { FieldErrors } from '#app/utils/field-errors.ts'
import { formatMoney } from '#app/utils/money.ts'
import { GiftCardField, OptionGroupField } from './buy-now-options.tsx'
import type { WhenAndHow, useOpenDays } from './use-buy-now-form.ts'

/** What she typed, as the refusal sent it back, and what is wrong with it, by field. */
interface FieldState {
  values: Record<string, string>
  errors: FieldErrors<string>
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

/** "Your choices": one field for each of the treat's option groups. */
export function ChoicesFieldset({
  groups,
  values,
  errors,
}: FieldState & { groups: OptionGroup[] }) {
  return (
    <fieldset className="card grid gap-5 p-5 sm:p-6">
      <legend className="drop-form-legend">Your choices</legend>
      {groups.map((group) => (
        <OptionGroupField
          key={group.key}
          group={group}
          value={values[`option.${group.key}`]}
          error={errors[`option.${group.key}`]}
        />
      ))}
    </fieldset>
  )
}

/** "When and how": the date by the treat's open days, pickup or delivery, the window, the address. */
export function WhenAndHowFieldset({
  choice,
  open,
  handover,
  hydrated,
  values,
  errors,
}: FieldState & {
  choice: WhenAndHow
  open: ReturnType<typeof useOpenDays>
  handover: { deliveryEnabled: boolean; deliveryNote: string; pickupWindows: WeeklyWindow[] }
  hydrated: boolean
}) {
  const { date, fulfilment } = choice
  return (
    <fieldset className="card grid gap-5 p-5 sm:grid-cols-2 sm:p-6">
      <legend className="drop-form-legend">When and how</legend>
      <div className="sm:col-span-2">
        <OrderDateField
          value={date}
          onChange={choice.setDate}
          days={open.days}
          rules={open.rules}
          month={choice.month}
          nextAvailable={open.nextAvailable}
          onMonthChange={choice.setMonth}
          wanted={choice.calendarWanted}
          onWanted={choice.wantCalendar}
          error={errors.due_date}
          openWords="It is yours as soon as you order."
        />
      </div>
      <div className="sm:col-span-2">
        <FulfilmentChoice
          deliveryEnabled={handover.deliveryEnabled}
          deliveryNote={handover.deliveryNote}
          defaultValue={fulfilment}
          error={errors.fulfilment}
          onChange={choice.setFulfilment}
        />
      </div>
      <PickupWindowField
        hydrated={hydrated}
        dueDate={isCalendarDate(date) ? date : ''}
        day={open.days.get(date)}
        weekly={handover.pickupWindows}
        delivery={fulfilment === 'delivery'}
        defaultValue={values.pickup_window}
        error={errors.pickup_window}
      />
      <DeliveryAddressFields
        shown={handover.deliveryEnabled && (!hydrated || fulfilment === 'delivery')}
        values={values}
        errors={errors as FieldErrors<OrderField>}
      />
    </fieldset>
  )
}

/** "Your details": who she is, how she heard of the bakery, allergies and comments. */
export function DetailsFieldset({ values, errors }: FieldState) {
  const orderFieldErrors = errors as FieldErrors<OrderField>
  return (
    <fieldset className="card grid gap-5 p-5 sm:p-6">
      <legend className="drop-form-legend">Your details</legend>
      <div className="grid gap-5 sm:grid-cols-2">
        <ContactFields valueOf={(field) => values[field]} errors={orderFieldErrors} />
        <HearAboutUsField value={values.hear_about_us} error={errors.hear_about_us} />
        <AllergiesField values={values} errors={orderFieldErrors} />
        <CommentsField values={values} errors={orderFieldErrors} />
      </div>
    </fieldset>
  )
}

/**
 * "How you pay": the ways this total may be paid, a word when the card gives
 * way to pickup because the total is too small for it, and her gift card.
 */
export function PaymentFieldset({
  terms,
  total,
  giftCards,
  values,
  errors,
}: FieldState & {
  terms: PaymentTerms
  /** The total shown, which the ways to pay depend on; null before it is known. */
  total: number | null
  giftCards: boolean
}) {
  const payments = paymentsFor(terms, total)
  const cardTooSmall = terms.cardsOn && !payments.includes('card')
  return (
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
              (values.payment ?? payments[0]) === way || (payments.length === 1 && index === 0)
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
          ? `Card payments start at ${formatMoney(terms.cardMinimumCents)}, so this one is paid at pickup.`
          : ''}
      </p>
      {errors.payment ? (
        <p id="payment-error" className="form-error">
          {errors.payment}
        </p>
      ) : null}
      {giftCards ? (
        <GiftCardField defaultValue={values.gift_card ?? ''} error={errors.gift_card} />
      ) : null}
    </fieldset>
  )
}
