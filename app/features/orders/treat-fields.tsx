import type { Ref } from 'react'
import { FormField } from '#app/components/form-field.tsx'
import type { FieldErrors } from '#app/utils/field-errors.ts'
import { ORDER_LIMITS, productChoices, productHint, productLabel } from './order-options.ts'
import type { OrderField } from './order-schema.ts'

/** What the form posted without JavaScript, and the messages for it. */
interface Posted {
  values: Partial<Record<OrderField, string>>
  errors: FieldErrors<OrderField>
}

/** The treat, each with its "from" price, and its price and notice under the list. */
export function ProductField({
  products,
  prices,
  notice,
  product,
  productRef,
  defaultValue,
  error,
  onChange,
}: {
  products: readonly string[]
  prices: Readonly<Record<string, number | null>>
  notice: Readonly<Record<string, number>>
  /** The treat chosen now. */
  product: string
  productRef: Ref<HTMLSelectElement>
  defaultValue: string
  error?: string
  onChange: (product: string) => void
}) {
  return (
    <FormField
      name="product_type"
      label="Product Type"
      hint={productHint(prices[product], notice[product])}
      error={error}
    >
      {(props) => (
        <select
          {...props}
          ref={productRef}
          required
          defaultValue={defaultValue}
          onChange={(event) => onChange(event.target.value)}
        >
          <option value="" disabled>
            Select a product
          </option>
          {productChoices(products).map((type) => (
            <option key={type} value={type}>
              {productLabel(type, prices[type])}
            </option>
          ))}
        </select>
      )}
    </FormField>
  )
}

export function EventThemeField({ values, errors }: Posted) {
  return (
    <FormField name="event_theme" label="Event / Theme" error={errors.event_theme}>
      {(props) => (
        <input
          {...props}
          type="text"
          required
          maxLength={ORDER_LIMITS.event_theme}
          placeholder="e.g. Baby shower, pastel florals"
          defaultValue={values.event_theme}
        />
      )}
    </FormField>
  )
}

export function ServingsField({ values, errors }: Posted) {
  return (
    <FormField name="servings" label="Servings or quantity" optional error={errors.servings}>
      {(props) => (
        <input
          {...props}
          type="text"
          maxLength={ORDER_LIMITS.servings}
          placeholder="e.g. 24 cupcakes, serves 40"
          defaultValue={values.servings}
        />
      )}
    </FormField>
  )
}

export function AllergiesField({ values, errors }: Posted) {
  return (
    <FormField
      name="allergies"
      label="Allergies or dietary needs"
      optional
      error={errors.allergies}
    >
      {(props) => (
        <input
          {...props}
          type="text"
          maxLength={ORDER_LIMITS.allergies}
          placeholder="e.g. nut-free, one vegan guest"
          defaultValue={values.allergies}
        />
      )}
    </FormField>
  )
}

export function CommentsField({ values, errors }: Posted) {
  return (
    <div className="sm:col-span-2">
      <FormField name="comments" label="Comments" optional error={errors.comments}>
        {(props) => (
          <textarea
            {...props}
            rows={4}
            maxLength={ORDER_LIMITS.comments}
            placeholder="Flavours, colours, design ideas…"
            defaultValue={values.comments}
          />
        )}
      </FormField>
    </div>
  )
}
