import { useEffect } from 'react'
import { Form, Link, useNavigation, useSearchParams } from 'react-router'
import {
  type CardAnswerWords,
  CardAnswer,
  answerFor,
  cardAction,
} from '#app/components/settings-card.tsx'
import type { MenuActionResult, TypedProduct } from './menu-action.server.ts'
import { ProductFields } from './product-fields.tsx'
import { MENU_INTENTS, formatPriceFrom, type Product } from './product.ts'
import { SetPriceLine } from './set-price-settings.tsx'

/** The menu's heading, which Settings' "On this page" links lead to. */
export const MENU_HEADING_ID = 'the-menu'

const SAVED: Record<MenuActionResult['intent'] & string, string> = {
  add: 'Product added.',
  update: 'Changes saved.',
  move: 'Menu order changed.',
  deactivate: 'Product taken off the menu.',
  activate: 'Product back on the menu.',
}

/** What a menu card says about her last post there. */
function menuAnswerWords(answer: MenuActionResult | undefined): CardAnswerWords | undefined {
  if (!answer) return undefined
  return answer.ok ? { ok: true, message: SAVED[answer.intent] } : answer
}

/** The forms one product's card posts; the answer names the product too. */
const PRODUCT_INTENTS = MENU_INTENTS.filter((intent) => intent !== 'add')

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
function AddProduct({
  count,
  answer,
  busy,
}: {
  count: number
  answer: MenuActionResult | undefined
  busy: boolean
}) {
  useEffect(() => document.getElementById('field-new-name')?.focus(), [])
  return (
    <section
      id={ADD_ANCHOR}
      aria-labelledby={`${ADD_ANCHOR}-heading`}
      className="mt-10 scroll-mt-24"
    >
      <h2 id={`${ADD_ANCHOR}-heading`} className="section-heading">
        Add a product
      </h2>
      {/* Keyed by the count, so a product once added leaves an empty form. */}
      <Form
        key={count}
        method="post"
        action={cardAction(ADD_ANCHOR, `?${ADD_PARAM}`)}
        className="card mt-4 p-5"
      >
        <input type="hidden" name="intent" value="add" />
        <ProductFields prefix="new" typed={answer && !answer.ok ? answer.typed : undefined} />
        <div className="mt-4 flex flex-wrap items-center gap-4">
          <button type="submit" className="button-primary">
            Add product
          </button>
          <Link
            to={`.#${MENU_HEADING_ID}`}
            preventScrollReset
            className="text-link inline-block py-2"
          >
            Close<span className="sr-only"> adding a product</span>
          </Link>
        </div>
        <CardAnswer
          cardId={ADD_ANCHOR}
          answer={menuAnswerWords(answer)}
          busy={busy}
          className="mt-3"
        />
      </Form>
    </section>
  )
}

/** One product's fields, opened by its Edit link; her next key goes to its name. */
function EditProduct({
  product,
  anchor,
  typed,
}: {
  product: Product
  anchor: string
  /** What she typed when her save was refused. */
  typed: TypedProduct | undefined
}) {
  // The id FormField gives the name field for this prefix (ProductFields).
  useEffect(() => document.getElementById(`field-${anchor}-name`)?.focus(), [anchor])
  return (
    // Refused, the fields stay open (`?edit=`) with the reason below them; saved,
    // they close and "Changes saved." shows in the product's card. Either way the
    // page opens at that answer.
    <Form
      method="post"
      action={cardAction(anchor, `?${EDIT_PARAM}=${product.id}`)}
      className="mt-4 border-t border-chocolate/20 pt-4"
    >
      <input type="hidden" name="intent" value="update" />
      <input type="hidden" name="id" value={product.id} />
      <ProductFields product={product} prefix={anchor} typed={typed} />
      <div className="mt-4 flex flex-wrap items-center gap-4">
        <button type="submit" className="button-primary">
          Save {product.name}
        </button>
        <Link to={`.#${anchor}`} preventScrollReset className="text-link inline-block py-2">
          Cancel<span className="sr-only"> editing {product.name}</span>
        </Link>
      </div>
    </Form>
  )
}

/** A small form of one product's card: its intent, and what it changes. */
function ProductButton({
  product,
  intent,
  direction,
  label,
  children,
  disabled = false,
}: {
  product: Product
  intent: string
  direction?: 'up' | 'down'
  label: string
  children: string
  disabled?: boolean
}) {
  return (
    <Form method="post" action={cardAction(`product-${product.id}`)}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={product.id} />
      {direction ? <input type="hidden" name="direction" value={direction} /> : null}
      <button
        type="submit"
        className="filter-chip disabled:cursor-not-allowed disabled:opacity-50"
        disabled={disabled}
        aria-label={label}
      >
        {children}
      </button>
    </Form>
  )
}

/** One product's card: what it is, its buttons, its fields or Edit link, and the answer to her last post. */
function ProductItem({
  product,
  first,
  last,
  editing,
  answer,
  busy,
}: {
  product: Product
  first: boolean
  last: boolean
  editing: boolean
  /** The answer to her last post about this product. */
  answer: MenuActionResult | undefined
  busy: boolean
}) {
  const anchor = `product-${product.id}`
  return (
    <li
      id={anchor}
      className={`card scroll-mt-24 p-5 ${product.active ? '' : 'border-dashed bg-paper'}`}
    >
      <ProductSummary product={product} />
      <ProductButtons product={product} first={first} last={last} />
      {/* Only the product she is editing carries its fields: six products'
          forms were a third of Settings, drawn on every visit for none. */}
      {editing ? (
        <EditProduct
          product={product}
          anchor={anchor}
          typed={answer && !answer.ok ? answer.typed : undefined}
        />
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
      <CardAnswer cardId={anchor} answer={menuAnswerWords(answer)} busy={busy} className="mt-2" />
    </li>
  )
}

/** Its name, whether it is on the menu, its price, notice and effort, its description and set price. */
function ProductSummary({ product }: { product: Product }) {
  const price = formatPriceFrom(product.priceFromCents)
  return (
    <>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-display text-xl font-bold">{product.name}</h3>
        <p className="text-sm">
          {product.active ? 'On the menu' : 'Off the menu'}
          {price ? ` · ${price}` : ''} · {product.noticeDays} days’ notice · effort {product.effort}
        </p>
      </div>
      {product.description ? <p className="mt-1">{product.description}</p> : null}
      {product.active ? <SetPriceLine product={product} /> : null}
    </>
  )
}

/** Move it up or down the menu, or take it off and put it back. */
function ProductButtons({
  product,
  first,
  last,
}: {
  product: Product
  first: boolean
  last: boolean
}) {
  return (
    <div className="mt-3 flex flex-wrap gap-2">
      <ProductButton
        product={product}
        intent="move"
        direction="up"
        label={`Move up: ${product.name}`}
        disabled={first}
      >
        Move up
      </ProductButton>
      <ProductButton
        product={product}
        intent="move"
        direction="down"
        label={`Move down: ${product.name}`}
        disabled={last}
      >
        Move down
      </ProductButton>
      <ProductButton
        product={product}
        intent={product.active ? 'deactivate' : 'activate'}
        label={`${product.active ? 'Deactivate' : 'Reactivate'}: ${product.name}`}
      >
        {product.active ? 'Deactivate' : 'Reactivate'}
      </ProductButton>
    </div>
  )
}

/**
 * Settings' menu: every product as a card with its own buttons and answer,
 * one product's fields open at a time, and "Add a product".
 */
export function MenuSettings({ products, posted }: { products: Product[]; posted: unknown }) {
  const [searchParams] = useSearchParams()
  // A post on its way clears the answers, so the next one is announced afresh.
  const busy = useNavigation().state === 'submitting'
  const answerOf = (product: Product) =>
    answerFor<MenuActionResult>(posted, { intents: PRODUCT_INTENTS, subject: { id: product.id } })
  const editing = Number(searchParams.get(EDIT_PARAM))
  const edited = products.find((product) => product.id === editing)
  // Saved: her product's fields close; refused: they stay open, as she typed them.
  const saved = edited && answerOf(edited)?.ok
  // An answer about a product no longer listed shows above the list.
  const elsewhere = answerFor<MenuActionResult>(posted, { intents: PRODUCT_INTENTS })
  const orphan =
    elsewhere && !products.some((product) => product.id === elsewhere.id) ? elsewhere : undefined
  return (
    <>
      <h2 id={MENU_HEADING_ID} className="section-heading mt-8 scroll-mt-24">
        The menu
      </h2>
      <p className="mt-2">
        What customers see on About and can choose in the order form. “Other” is always offered for
        special requests.
      </p>
      <CardAnswer
        cardId={MENU_HEADING_ID}
        answer={menuAnswerWords(orphan)}
        busy={busy}
        className="mt-2"
      />
      <ul className="mt-4 space-y-4">
        {products.map((product, index) => (
          <ProductItem
            key={product.id}
            product={product}
            first={index === 0}
            last={index === products.length - 1}
            editing={!saved && editing === product.id}
            answer={answerOf(product)}
            busy={busy}
          />
        ))}
      </ul>

      {searchParams.has(ADD_PARAM) ? (
        <AddProduct
          count={products.length}
          answer={answerFor<MenuActionResult>(posted, { intents: ['add'] })}
          busy={busy}
        />
      ) : (
        <p className="mt-6">
          <Link to={`?${ADD_PARAM}#${ADD_ANCHOR}`} preventScrollReset className="button-secondary">
            Add a product
          </Link>
        </p>
      )}
    </>
  )
}
