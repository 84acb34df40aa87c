import { Fragment } from 'react'
import { OrderDateField } from '#app/features/date-choice/order-date-field.tsx'
import { InspirationPhotoPicker } from '#app/features/inspiration/inspiration-photo-picker.tsx'
import { FulfilmentChoice } from './fulfilment-choice.tsx'
import { DeliveryAddressFields, PickupWindowField } from './handover-fields.tsx'
import type { OrderFormSettings } from './order-form-props.ts'
import { OTHER_PRODUCT } from './order-options.ts'
import { ContactFields, HearAboutUsField, PartyGroup, PartyLine } from './party-fields.tsx'
import {
  AllergiesField,
  CommentsField,
  EventThemeField,
  ProductField,
  ServingsField,
} from './treat-fields.tsx'
import type { useOrderForm } from './use-order-form.ts'

type OrderFormState = ReturnType<typeof useOrderForm>

/** The order form's fields, her details first (folded once the cart has a treat), then the treat's. */
export function OrderFields({ props, form }: { props: OrderFormSettings; form: OrderFormState }) {
  const { hydrated, errors, values, treat, date, fold } = form
  const { party, deliveryEnabled } = props
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      {fold.folded ? <PartyLine party={party!} onChange={fold.openContact} /> : null}
      {/* Folded, her details are still sent with each treat, as the cart keeps them. */}
      <PartyGroup folded={fold.folded} partyKey={fold.partyKey}>
        <ContactFields
          valueOf={fold.contactValue}
          errors={errors}
          onKeep={party && hydrated ? () => void fold.keepContact() : undefined}
        />
      </PartyGroup>
      <ProductField
        products={props.products}
        prices={props.prices}
        notice={props.notice}
        product={treat.product}
        productRef={treat.productRef}
        defaultValue={values.product_type ?? props.chosenProduct}
        error={errors.product_type}
        onChange={treat.setProduct}
      />
      <EventThemeField values={values} errors={errors} />
      <TreatDateField form={form} waitlist={props.dayWaitlist} />
      <ServingsField values={values} errors={errors} />
      <AllergiesField values={values} errors={errors} />
      <FulfilmentChoice
        deliveryEnabled={deliveryEnabled}
        deliveryNote={props.deliveryNote}
        defaultValue={values.fulfilment}
        error={errors.fulfilment}
        onChange={treat.setFulfilment}
      />
      <PickupWindowField
        hydrated={hydrated}
        dueDate={date.dueDate}
        day={date.days.get(date.dueDate)}
        weekly={props.pickupWindows}
        delivery={treat.fulfilment === 'delivery'}
        // Keyed by the date, so a time chosen for one day is not kept for another.
        key={date.dueDate}
        defaultValue={values.pickup_window}
        error={errors.pickup_window}
      />
      <DeliveryAddressFields
        shown={deliveryEnabled && (!hydrated || treat.fulfilment === 'delivery')}
        values={values}
        errors={errors}
      />
      <PartyGroup folded={fold.folded} partyKey={fold.partyKey}>
        <HearAboutUsField value={fold.contactValue('hear_about_us')} error={errors.hear_about_us} />
      </PartyGroup>
      <CommentsField values={values} errors={errors} />
      {/* Photos are uploaded as they are chosen, which takes JavaScript; without it the comments say it. */}
      {hydrated ? (
        <div className="sm:col-span-2">
          <InspirationPhotoPicker
            key={treat.pickerRound}
            value={treat.photos}
            onChange={treat.setPhotos}
            disabled={props.disabled}
          />
        </div>
      ) : null}
    </div>
  )
}

/**
 * The order date with its calendar of the chosen treat's open days, and
 * beside a fully booked day, its waitlist.
 */
function TreatDateField({
  form: { date, treat, errors, fold },
  waitlist,
}: {
  form: OrderFormState
  waitlist: OrderFormSettings['dayWaitlist']
}) {
  // "Other" is not a treat of the menu: the owner says what it takes when she replies.
  const full =
    treat.product !== '' &&
    treat.product !== OTHER_PRODUCT &&
    date.days.get(date.dueDate)?.status === 'full'
  return (
    <>
      <OrderDateField
        value={date.dueDate}
        onChange={date.setDueDate}
        days={date.days}
        rules={date.rules}
        month={date.month}
        nextAvailable={date.nextAvailable}
        onMonthChange={date.setMonth}
        wanted={date.calendarWanted}
        onWanted={date.wantCalendar}
        error={errors.due_date}
        treatChosen={treat.product !== ''}
      />
      {full && waitlist ? (
        // A new day or treat starts its waitlist afresh.
        <Fragment key={`${date.dueDate}|${treat.product}`}>
          {waitlist({
            date: date.dueDate,
            product: treat.product,
            email: fold.contactValue('email') ?? '',
          })}
        </Fragment>
      ) : null}
    </>
  )
}
