import { type FormEvent, useState } from 'react'
import { FormField } from '#app/components/form-field.tsx'
import { HoneypotField } from '#app/components/honeypot-field.tsx'
import { type FieldErrors, fieldErrorsOf } from '#app/utils/field-errors.ts'
import { HEAR_ABOUT_US_OPTIONS, PRODUCT_TYPES } from './order-options.ts'
import type { OrderField, OrderRequest } from './order-schema.ts'

// The schema (and zod with it) loads when the visitor first touches the form,
// not with the page: the browser's own checks cover typing until then.
const loadOrderSchema = () => import('./order-schema.ts')

/**
 * The custom order form. With JavaScript, 'Add to Cart' checks the order and
 * queues it in the cart; without it, the form posts the single order itself.
 */
export function OrderForm({
  today,
  disabled,
  onAdd,
}: {
  /** The bakery's date today, YYYY-MM-DD: the earliest order date offered. */
  today: string
  disabled: boolean
  onAdd: (order: OrderRequest) => void
}) {
  const [errors, setErrors] = useState<FieldErrors<OrderField>>({})

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const values = Object.fromEntries(new FormData(form))
    const { orderRequestSchema } = await loadOrderSchema()
    const parsed = orderRequestSchema(today).safeParse(values)
    if (!parsed.success) {
      setErrors(fieldErrorsOf<OrderField>(parsed.error))
      return
    }
    setErrors({})
    onAdd(parsed.data)
    form.reset()
  }

  return (
    <form
      method="post"
      className="order-form"
      onFocus={() => void loadOrderSchema()}
      onSubmit={(event) => void handleSubmit(event)}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField name="name" label="Name" error={errors.name}>
          {(props) => <input {...props} type="text" required maxLength={100} autoComplete="name" />}
        </FormField>
        <FormField name="email" label="Email" error={errors.email}>
          {(props) => (
            <input {...props} type="email" required maxLength={254} autoComplete="email" />
          )}
        </FormField>
        <FormField name="phone_number" label="Phone Number" error={errors.phone_number}>
          {(props) => <input {...props} type="tel" required maxLength={30} autoComplete="tel" />}
        </FormField>
        <FormField name="product_type" label="Product Type" error={errors.product_type}>
          {(props) => (
            <select {...props} required defaultValue="">
              <option value="" disabled>
                Select a product
              </option>
              {PRODUCT_TYPES.map((type) => (
                <option key={type}>{type}</option>
              ))}
            </select>
          )}
        </FormField>
        <FormField name="event_theme" label="Event / Theme" error={errors.event_theme}>
          {(props) => (
            <input
              {...props}
              type="text"
              required
              maxLength={200}
              placeholder="e.g. Baby shower, pastel florals"
            />
          )}
        </FormField>
        <FormField name="due_date" label="Order Date" error={errors.due_date}>
          {(props) => <input {...props} type="date" required min={today} />}
        </FormField>
        <FormField
          name="hear_about_us"
          label="How did you hear about us?"
          error={errors.hear_about_us}
        >
          {(props) => (
            <select {...props} required defaultValue="">
              <option value="" disabled>
                Select an option
              </option>
              {HEAR_ABOUT_US_OPTIONS.map((option) => (
                <option key={option}>{option}</option>
              ))}
            </select>
          )}
        </FormField>
        <div className="sm:col-span-2">
          <FormField name="comments" label="Comments" optional error={errors.comments}>
            {(props) => (
              <textarea
                {...props}
                rows={4}
                maxLength={2000}
                placeholder="Flavours, colours, allergies, number of guests…"
              />
            )}
          </FormField>
        </div>
      </div>
      <HoneypotField />
      <button type="submit" className="button-primary mt-6" disabled={disabled}>
        Add to Cart
      </button>
    </form>
  )
}
