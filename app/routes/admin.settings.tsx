import { useEffect } from 'react'
import { Form, Link, useActionData, useNavigation, useSearchParams } from 'react-router'
import { ANSWER_SCROLL_MARGIN, answeredAt } from '#app/components/action-status.tsx'
import { FormField } from '#app/components/form-field.tsx'
import { bakeryNameFrom } from '#app/components/page-meta.ts'
import { getEnv } from '#app/config/env.server.ts'
import { pageTitle } from '#app/content/format.ts'
import { getDb } from '#app/db/db.server.ts'
import { AvailabilitySettings } from '#app/features/availability/availability-settings.tsx'
import { bakeryToday, readBookingSettings } from '#app/features/availability/availability.server.ts'
import {
  OPEN_CARD_PARAM,
  isBookingCard,
  isSettingsIntent,
} from '#app/features/availability/booking-settings-fields.ts'
import {
  MAX_SETTINGS_FORM_BYTES,
  receiveSettingsAction,
} from '#app/features/availability/settings-action.server.ts'
import { getMediaStore } from '#app/features/media/open-media-store.server.ts'
import { type TypedProduct, receiveMenuAction } from '#app/features/menu/menu-action.server.ts'
import { listProducts } from '#app/features/menu/menu.server.ts'
import { formatPriceFrom, PRODUCT_LIMITS, type Product } from '#app/features/menu/product.ts'
import {
  CalendarFeedSettings,
  ROTATE_ICAL_KEY,
  asIcalKeyResult,
} from '#app/features/order-book/calendar-feed-settings.tsx'
import {
  ensureIcalKey,
  feedUrls,
  receiveIcalKeyAction,
} from '#app/features/order-book/calendar-feed.server.ts'
import {
  ERASE_CUSTOMER,
  EraseCustomerSettings,
  asEraseCustomerResult,
} from '#app/features/order-book/erase-customer-settings.tsx'
import { receiveEraseCustomerAction } from '#app/features/order-book/erase-customer.server.ts'
import { readAdminForm } from '#app/utils/admin-form.server.ts'
import { currencySymbol, formatMoney } from '#app/utils/money.ts'
import { respond } from '#app/utils/reply.ts'
import type { Route } from './+types/admin.settings'

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: pageTitle('Settings', bakeryNameFrom(matches)) },
  { name: 'robots', content: 'noindex' },
]

export async function loader() {
  const db = getDb()
  const [products, booking, icalKey] = await Promise.all([
    listProducts(db),
    readBookingSettings(db),
    // Made the first time this page shows it.
    ensureIcalKey(db),
  ])
  const today = bakeryToday()
  return {
    products,
    calendarFeed: feedUrls(getEnv().SITE_URL, icalKey),
    availability: {
      ...booking,
      today,
      // Periods already over change nothing; they are left out.
      closedPeriods: booking.closedPeriods.filter((period) => period.end >= today),
    },
  }
}

/**
 * The menu's forms, the availability forms, the calendar feed's "Rotate key"
 * and the erasure post here, each with its own intent.
 */
export async function action({ request }: Route.ActionArgs) {
  const db = getDb()
  // A copy is read for the intent; the feature reads the request itself.
  const { intent } = (await readAdminForm(request.clone(), MAX_SETTINGS_FORM_BYTES)) ?? {}
  if (intent === ROTATE_ICAL_KEY) return respond(await receiveIcalKeyAction({ request, db }))
  if (intent === ERASE_CUSTOMER) {
    return respond(
      await receiveEraseCustomerAction({
        request,
        db,
        store: getMediaStore(),
        dataDir: getEnv().DATA_DIR,
      }),
    )
  }
  return isSettingsIntent(intent)
    ? respond(await receiveSettingsAction({ request, db }))
    : respond(await receiveMenuAction({ request, db }))
}

const SAVED: Record<string, string> = {
  add: 'Product added.',
  update: 'Changes saved.',
  move: 'Menu order changed.',
  deactivate: 'Product taken off the menu.',
  activate: 'Product back on the menu.',
}

/** The product's fields, empty for a new one; ids are made unique by `prefix`. */
function ProductFields({
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
    </div>
  )
}

/** A refused save of a product: why, and what she typed. */
interface ProductRefusal {
  error: string
  typed?: TypedProduct
}

/** The product whose fields are open: `?edit=<id>`, from its Edit link. */
const EDIT_PARAM = 'edit'

/** A new product's fields are open: `?add`, from "Add a product". */
const ADD_PARAM = 'add'
const ADD_ANCHOR = 'add-product'

/**
 * A new product's fields, opened by "Add a product" and ready for her to type.
 * They post to the same address, so they stay open: empty again once a product
 * is added (for the next), as she typed them if it was refused.
 */
function AddProduct({ count }: { count: number }) {
  useEffect(() => document.getElementById('field-new-name')?.focus(), [])
  return (
    <>
      <h2 id={ADD_ANCHOR} className="section-heading mt-10 scroll-mt-24">
        Add a product
      </h2>
      {/* Keyed by the count, so a product once added leaves an empty form. */}
      <Form key={count} method="post" className="card mt-4 p-5">
        <input type="hidden" name="intent" value="add" />
        <ProductFields prefix="new" />
        <div className="mt-4 flex flex-wrap items-center gap-4">
          <button type="submit" className="button-primary">
            Add product
          </button>
          <Link to=".#the-menu" preventScrollReset className="text-link inline-block py-2">
            Close<span className="sr-only"> adding a product</span>
          </Link>
        </div>
      </Form>
    </>
  )
}

/** One product's fields, opened by its Edit link; her next key goes to its name. */
function EditProduct({
  product,
  anchor,
  refusal,
}: {
  product: Product
  anchor: string
  /** Why her save was refused, shown beside the button she pressed, with what she typed. */
  refusal: ProductRefusal | null
}) {
  // The id FormField gives the name field for this prefix (ProductFields).
  useEffect(() => document.getElementById(`field-${anchor}-name`)?.focus(), [anchor])
  const refusalId = `${anchor}-refusal`
  return (
    // Saved, the fields close, the fragment finds nothing and a new page opens
    // at "Changes saved." at the top, as before.
    <Form
      method="post"
      action={`?${EDIT_PARAM}=${product.id}${answeredAt(refusalId)}`}
      className="mt-4 border-t border-chocolate/20 pt-4"
    >
      <input type="hidden" name="intent" value="update" />
      <input type="hidden" name="id" value={product.id} />
      <ProductFields product={product} prefix={anchor} typed={refusal?.typed} />
      <div className="mt-4 flex flex-wrap items-center gap-4">
        <button type="submit" className="button-primary">
          Save {product.name}
        </button>
        <Link to={`.#${anchor}`} preventScrollReset className="text-link inline-block py-2">
          Cancel<span className="sr-only"> editing {product.name}</span>
        </Link>
      </div>
      {refusal ? (
        <p id={refusalId} className={`status-error mt-3 ${ANSWER_SCROLL_MARGIN}`} role="alert">
          {refusal.error}
        </p>
      ) : null}
    </Form>
  )
}

function ProductItem({
  product,
  first,
  last,
  editing,
  refusal,
}: {
  product: Product
  first: boolean
  last: boolean
  editing: boolean
  /** Why her save of this product was refused; shown only with its fields open. */
  refusal: ProductRefusal | null
}) {
  const price = formatPriceFrom(product.priceFromCents)
  const anchor = `product-${product.id}`
  return (
    <li
      id={anchor}
      className={`card scroll-mt-24 p-5 ${product.active ? '' : 'border-dashed bg-paper'}`}
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-display text-xl font-bold">{product.name}</h3>
        <p className="text-sm">
          {product.active ? 'On the menu' : 'Off the menu'}
          {price ? ` · ${price}` : ''} · {product.noticeDays} days’ notice · effort {product.effort}
        </p>
      </div>
      {product.description ? <p className="mt-1">{product.description}</p> : null}
      <div className="mt-3 flex flex-wrap gap-2">
        <Form method="post">
          <input type="hidden" name="intent" value="move" />
          <input type="hidden" name="id" value={product.id} />
          <input type="hidden" name="direction" value="up" />
          <button
            type="submit"
            className="filter-chip disabled:cursor-not-allowed disabled:opacity-50"
            disabled={first}
            aria-label={`Move up: ${product.name}`}
          >
            Move up
          </button>
        </Form>
        <Form method="post">
          <input type="hidden" name="intent" value="move" />
          <input type="hidden" name="id" value={product.id} />
          <input type="hidden" name="direction" value="down" />
          <button
            type="submit"
            className="filter-chip disabled:cursor-not-allowed disabled:opacity-50"
            disabled={last}
            aria-label={`Move down: ${product.name}`}
          >
            Move down
          </button>
        </Form>
        <Form method="post">
          <input type="hidden" name="intent" value={product.active ? 'deactivate' : 'activate'} />
          <input type="hidden" name="id" value={product.id} />
          <button
            type="submit"
            className="filter-chip disabled:cursor-not-allowed disabled:opacity-50"
            aria-label={`${product.active ? 'Deactivate' : 'Reactivate'}: ${product.name}`}
          >
            {product.active ? 'Deactivate' : 'Reactivate'}
          </button>
        </Form>
      </div>
      {/* Only the product she is editing carries its fields: six products'
          forms were a third of Settings, drawn on every visit for none. */}
      {editing ? (
        <EditProduct product={product} anchor={anchor} refusal={refusal} />
      ) : (
        <p className="mt-3">
          <Link
            to={`?${EDIT_PARAM}=${product.id}#${anchor}`}
            preventScrollReset
            className="text-link inline-block py-2"
          >
            Edit<span className="sr-only"> {product.name}</span>
          </Link>
        </p>
      )}
    </li>
  )
}

/** The pages under Settings, each a row: its name, then what it holds. */
const MORE_SETTINGS = [
  ['/admin/settings/site', 'Your site', 'Name, words, banner, FAQ and policies'],
  ['/admin/settings/alerts', 'Alerts on your phone', 'Which news reaches this phone'],
  [
    '/admin/settings/payments',
    'Payments, changes and design proofs',
    'When balances are due, refunds, proof rounds',
  ],
  ['/admin/settings/account', 'Your account', 'Sign-in email, admins and password'],
  ['/admin/settings/moving', 'Move your site', 'Export and import'],
  ['/admin/reviews', 'Reviews from your customers', 'Choose which ones to show'],
] as const

/** A list, not a row of buttons: on her phone the menu starts a screen sooner. */
function MoreSettings() {
  return (
    <nav aria-label="More settings" className="mt-6">
      <ul className="card grid overflow-hidden sm:grid-cols-2">
        {MORE_SETTINGS.map(([to, name, holds]) => (
          <li key={to} className="border-b border-chocolate/10">
            <Link
              to={to}
              className="flex min-h-14 items-center justify-between gap-3 px-5 py-3 hover:bg-paper"
            >
              <span>
                <span className="block font-bold text-raspberry-dark">{name}</span>
                <span className="block text-sm">{holds}</span>
              </span>
              <span aria-hidden="true" className="text-2xl text-raspberry-dark">
                ›
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

const SECTIONS = [
  ['the-menu', 'The menu'],
  ['weekly-capacity-heading', 'Weekly capacity'],
  ['closed-dates-heading', 'Closed dates'],
  ['booking-horizon-heading', 'Booking horizon'],
  ['delivery-heading', 'Delivery'],
  ['pickup-windows-heading', 'Pickup times'],
  ['order-policies-heading', 'Order policies'],
  ['calendar-feed-heading', 'Calendar on your phone'],
] as const

export default function Settings({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>()
  const navigation = useNavigation()
  const [searchParams] = useSearchParams()
  const { products, availability, calendarFeed } = loaderData
  const feedResult = asIcalKeyResult(result)
  const eraseResult = asEraseCustomerResult(result)
  // The availability forms, the calendar feed and the erasure show their own answers beside them.
  const menuResult =
    result && 'intent' in result && (isSettingsIntent(result.intent) || feedResult || eraseResult)
      ? undefined
      : result
  // Saved: her product's fields close; refused: they stay open, as she typed them.
  const saved = menuResult?.ok && menuResult.intent === 'update'
  const editing = saved ? null : Number(searchParams.get(EDIT_PARAM))
  const editedProduct = products.find((product) => product.id === editing)
  const openCard = searchParams.get(OPEN_CARD_PARAM)
  // A refusal while a product's fields are open answers beside them, not at the top.
  const refusal =
    navigation.state === 'idle' && editedProduct && menuResult && !menuResult.ok ? menuResult : null
  return (
    <section className="page-section">
      <p className="eyebrow">For the owner</p>
      <h1 className="page-heading mt-2">Settings</h1>
      <p className="lede mt-3">Your menu, the days you bake and how customers book.</p>
      <MoreSettings />
      <nav aria-label="On this page" className="mt-5">
        <ul className="flex flex-wrap gap-2">
          {SECTIONS.map(([id, label]) => (
            <li key={id}>
              <a href={`#${id}`} className="filter-chip inline-block">
                {label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div aria-live="polite" className="mt-4">
        {navigation.state === 'idle' && menuResult && !refusal ? (
          menuResult.ok ? (
            <p className="status-success">{SAVED[menuResult.intent]}</p>
          ) : (
            <p className="status-error" role="alert">
              {menuResult.error}
            </p>
          )
        ) : null}
      </div>

      <h2 id="the-menu" className="section-heading mt-8 scroll-mt-24">
        The menu
      </h2>
      <p className="mt-2">
        What customers see on About and can choose in the order form. “Other” is always offered for
        special requests.
      </p>
      <ul className="mt-4 space-y-4">
        {products.map((product, index) => (
          <ProductItem
            key={product.id}
            product={product}
            first={index === 0}
            last={index === products.length - 1}
            editing={editing === product.id}
            refusal={refusal}
          />
        ))}
      </ul>

      {searchParams.has(ADD_PARAM) ? (
        <AddProduct count={products.length} />
      ) : (
        <p className="mt-6">
          <Link to={`?${ADD_PARAM}#${ADD_ANCHOR}`} preventScrollReset className="button-secondary">
            Add a product
          </Link>
        </p>
      )}

      <h2 className="section-heading mt-12">Opening days and bookings</h2>
      <AvailabilitySettings
        data={availability}
        posted={result}
        open={isBookingCard(openCard) ? openCard : null}
      />

      <CalendarFeedSettings feed={calendarFeed} posted={feedResult} />
      <EraseCustomerSettings posted={eraseResult} />
    </section>
  )
}
