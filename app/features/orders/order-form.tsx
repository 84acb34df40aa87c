import { type FormEvent, type Ref, useState } from 'react'
import { flushSync } from 'react-dom'
import { FormField } from '#app/components/form-field.tsx'
import { HoneypotField } from '#app/components/honeypot-field.tsx'
import { type FieldErrors, fieldErrorsOf, focusFirstInvalid } from '#app/utils/field-errors.ts'
import { useHydrated } from '#app/utils/use-hydrated.ts'
import { HEAR_ABOUT_US_OPTIONS, productChoices } from './order-options.ts'
import type { OrderField, OrderRequest } from './order-schema.ts'

// The schema (and zod with it) loads when the visitor first touches the form,
// not with the page.
const loadOrderSchema = () => import('./order-schema.ts')

/**
 * The custom order form. With JavaScript, 'Add to Cart' checks every field
 * with the shared schema, shows each message beside its field and queues the
 * order in the cart; without it, the browser's checks run and the form posts
 * the single order itself, the server's messages arriving as `postedErrors`.
 */
export function OrderForm({
  today,
  products,
  deliveryEnabled = false,
  disabled,
  onAdd,
  postedErrors,
  postedValues,
  honeypotRef,
}: {
  /** The bakery's date today, YYYY-MM-DD: the earliest order date offered. */
  today: string
  /** The menu's active product names, as the page's loader read them. */
  products: readonly string[]
  deliveryEnabled?: boolean
  disabled: boolean
  onAdd: (order: OrderRequest) => void
  postedErrors?: FieldErrors<OrderField>
  /** What the form posted without JavaScript, when the server refused it. */
  postedValues?: Partial<Record<OrderField, string>>
  honeypotRef?: Ref<HTMLInputElement>
}) {
  const hydrated = useHydrated()
  const [clientErrors, setClientErrors] = useState<FieldErrors<OrderField> | null>(null)
  const errors = clientErrors ?? postedErrors ?? {}
  const values = postedValues ?? {}

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const form = event.currentTarget
    const values = Object.fromEntries(new FormData(form))
    const { orderRequestSchema } = await loadOrderSchema()
    const parsed = orderRequestSchema({ today, products, deliveryEnabled }).safeParse(values)
    if (!parsed.success) {
      const found = fieldErrorsOf<OrderField>(parsed.error)
      // Rendered before focus moves, so the field is announced with its message.
      flushSync(() => setClientErrors(found))
      focusFirstInvalid(form, found)
      return
    }
    setClientErrors({})
    onAdd(parsed.data)
    form.reset()
  }

  return (
    <form
      method="post"
      noValidate={hydrated}
      className="order-form"
      onFocus={() => void loadOrderSchema()}
      onSubmit={(event) => void handleSubmit(event)}
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField name="name" label="Name" error={errors.name}>
          {(props) => (
            <input
              {...props}
              type="text"
              required
              maxLength={100}
              autoComplete="name"
              defaultValue={values.name}
            />
          )}
        </FormField>
        <FormField name="email" label="Email" error={errors.email}>
          {(props) => (
            <input
              {...props}
              type="email"
              required
              maxLength={254}
              autoComplete="email"
              defaultValue={values.email}
            />
          )}
        </FormField>
        <FormField name="phone_number" label="Phone Number" error={errors.phone_number}>
          {(props) => (
            <input
              {...props}
              type="tel"
              required
              maxLength={30}
              autoComplete="tel"
              defaultValue={values.phone_number}
            />
          )}
        </FormField>
        <FormField name="product_type" label="Product Type" error={errors.product_type}>
          {(props) => (
            <select {...props} required defaultValue={values.product_type ?? ''}>
              <option value="" disabled>
                Select a product
              </option>
              {productChoices(products).map((type) => (
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
              defaultValue={values.event_theme}
            />
          )}
        </FormField>
        <FormField name="due_date" label="Order Date" error={errors.due_date}>
          {(props) => (
            <input {...props} type="date" required min={today} defaultValue={values.due_date} />
          )}
        </FormField>
        <FormField
          name="hear_about_us"
          label="How did you hear about us?"
          error={errors.hear_about_us}
        >
          {(props) => (
            <select {...props} required defaultValue={values.hear_about_us ?? ''}>
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
                defaultValue={values.comments}
              />
            )}
          </FormField>
        </div>
      </div>
      <HoneypotField inputRef={honeypotRef} />
      <button type="submit" className="button-primary mt-6" disabled={disabled}>
        Add to Cart
      </button>
    </form>
  )
}
