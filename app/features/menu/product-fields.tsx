import { FormField } from '#app/components/form-field.tsx'
import { currencySymbol, formatMoney } from '#app/utils/money.ts'
import type { TypedProduct } from './menu-action.server.ts'
import { PRODUCT_LIMITS, type Product } from './product.ts'

/** The product's fields, empty for a new one; ids are made unique by `prefix`. */
export function ProductFields({
  product,
  prefix,
  typed,
}: {
  product?: Product
  prefix: string
  /** What she typed, when a save was refused: it wins over what is stored. */
  typed?: TypedProduct
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <NameAndPriceFields product={product} prefix={prefix} typed={typed} />
      <div className="sm:col-span-2">
        <FormField name={`${prefix}-description`} label="Short description" optional>
          {(props) => (
            <textarea
              {...props}
              name="description"
              rows={2}
              maxLength={PRODUCT_LIMITS.description}
              defaultValue={typed?.description ?? product?.description ?? ''}
            />
          )}
        </FormField>
      </div>
      <NoticeAndEffortFields product={product} prefix={prefix} typed={typed} />
    </div>
  )
}

/** Its name, and the price it is shown "from". */
function NameAndPriceFields({
  product,
  prefix,
  typed,
}: {
  product: Product | undefined
  prefix: string
  typed: TypedProduct | undefined
}) {
  return (
    <>
      <FormField name={`${prefix}-name`} label="Name">
        {(props) => (
          <input
            {...props}
            name="name"
            required
            maxLength={PRODUCT_LIMITS.name}
            defaultValue={typed?.name ?? product?.name ?? ''}
          />
        )}
      </FormField>
      <FormField
        name={`${prefix}-price`}
        label={`From price (${currencySymbol()})`}
        optional
        hint={`Shown as “from ${formatMoney(4500)}”. Leave empty for no price.`}
      >
        {(props) => (
          <input
            {...props}
            name="price"
            inputMode="decimal"
            pattern="\d{1,5}(\.\d{1,2})?"
            defaultValue={
              typed?.price ??
              (product?.priceFromCents == null ? '' : String(product.priceFromCents / 100))
            }
          />
        )}
      </FormField>
    </>
  )
}

/** How many days' notice it needs, and its share of a day's work. */
function NoticeAndEffortFields({
  product,
  prefix,
  typed,
}: {
  product: Product | undefined
  prefix: string
  typed: TypedProduct | undefined
}) {
  return (
    <>
      <FormField name={`${prefix}-notice`} label="Notice (days)" hint="Days of notice needed.">
        {(props) => (
          <input
            {...props}
            name="notice_days"
            type="number"
            min={0}
            max={365}
            required
            defaultValue={typed?.notice_days ?? product?.noticeDays ?? 0}
          />
        )}
      </FormField>
      <FormField name={`${prefix}-effort`} label="Effort" hint="Share of a day’s work; 1 or more.">
        {(props) => (
          <input
            {...props}
            name="effort"
            type="number"
            min={1}
            max={100}
            required
            defaultValue={typed?.effort ?? product?.effort ?? 1}
          />
        )}
      </FormField>
    </>
  )
}
