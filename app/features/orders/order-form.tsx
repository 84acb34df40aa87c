import { HoneypotField } from '#app/components/honeypot-field.tsx'
import { AddedToCart } from './added-to-cart.tsx'
import { OrderFields } from './order-fields.tsx'
import { loadOrderSchema } from './order-form-checks.ts'
import { type OrderFormProps, withDefaults } from './order-form-props.ts'
import { PoliciesTick } from './policies-tick.tsx'
import { useOrderForm } from './use-order-form.ts'

/**
 * The custom order form. With JavaScript, 'Add to Cart' checks every field
 * with the shared schema, shows each message beside its field and queues the
 * order in the cart; without it, the browser's checks run and the form posts
 * the single order itself, the server's messages arriving as `postedErrors`.
 * Once a treat is in the cart, her details fold into one line with "Change"
 * (still sent with each treat), so the next treat asks only for the treat.
 */
export function OrderForm(given: OrderFormProps) {
  const props = withDefaults(given)
  const form = useOrderForm(props)
  const { hydrated, date, formRef, handleSubmit } = form
  return (
    <form
      ref={formRef}
      method="post"
      noValidate={hydrated}
      // Sent before React runs, it waits for it and goes to the cart, as it would a moment later.
      data-replay-submit=""
      className="order-form"
      onFocus={() => {
        void loadOrderSchema()
        date.wantCalendar()
      }}
      onSubmit={(event) => void handleSubmit(event)}
    >
      <OrderFields props={props} form={form} />
      {/* The cart's tick is the one that counts with JavaScript; this one is for the form posting itself. */}
      <div className="without-script">
        <PoliciesTick policiesHtml={props.policiesHtml} error={props.postedPoliciesError} />
      </div>
      <HoneypotField inputRef={props.honeypotRef} />
      <div className="add-to-cart-row mt-6">
        <button type="submit" className="button-primary" disabled={props.disabled}>
          Add to Cart
        </button>
        <AddedToCart added={form.added} cartCount={props.cartCount} onViewCart={props.onViewCart} />
      </div>
    </form>
  )
}
