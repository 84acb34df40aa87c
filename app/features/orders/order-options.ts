import { formatPriceFrom } from '#app/features/menu/product.ts'

/**
 * The order form's choices and limits. Kept apart from the schema so the page
 * can render the form without loading the validation library.
 */
export const HEAR_ABOUT_US_OPTIONS = [
  'Instagram',
  'TikTok',
  'Facebook',
  'Word of Mouth',
  'Other',
] as const

/**
 * The longest each free-text field may be: the schema (order-schema.ts) holds
 * a field to it, and the form's maxLength stops typing at it.
 */
export const ORDER_LIMITS = {
  name: 100,
  event_theme: 200,
  comments: 2000,
  servings: 100,
  allergies: 300,
  delivery_street: 200,
  delivery_city: 100,
  delivery_postal_code: 20,
  delivery_notes: 300,
} as const

/**
 * The choice offered beside the menu's products for anything else: always
 * there, never a product of its own.
 */
export const OTHER_PRODUCT = 'Other'

/** What an order's product_type may be: the menu's active product names, then 'Other'. */
export function productChoices(activeNames: readonly string[]): string[] {
  return [...activeNames.filter((name) => name !== OTHER_PRODUCT), OTHER_PRODUCT]
}

/**
 * Under the treat: 'From $45 · Needs 3 days' notice', what the price starts
 * at and how far ahead to order; nothing for a treat with neither.
 */
export function productHint(priceFromCents?: number | null, noticeDays = 0): string | undefined {
  const price = formatPriceFrom(priceFromCents ?? null)
  const parts = [
    price && price[0]!.toUpperCase() + price.slice(1),
    noticeDays === 1
      ? "Needs 1 day's notice"
      : noticeDays > 1
        ? `Needs ${noticeDays} days' notice`
        : '',
  ].filter(Boolean)
  return parts.length > 0 ? parts.join(' · ') : undefined
}

/** A treat as the choice lists it: 'Cakes — from $45', or its name alone without a price. */
export function productLabel(name: string, priceFromCents?: number | null): string {
  const price = formatPriceFrom(priceFromCents ?? null)
  return price ? `${name} — ${price}` : name
}

/** How an order reaches the customer; delivery only when the owner offers it. */
export const FULFILMENT_OPTIONS = ['pickup', 'delivery'] as const
export type Fulfilment = (typeof FULFILMENT_OPTIONS)[number]

/** The order request's text fields, as the form names them. The spec's first eight are required but comments. */
export const ORDER_FIELDS = [
  'name',
  'email',
  'phone_number',
  'product_type',
  'event_theme',
  'due_date',
  'hear_about_us',
  'comments',
  'servings',
  'allergies',
  'fulfilment',
  'pickup_window',
  'delivery_street',
  'delivery_city',
  'delivery_postal_code',
  'delivery_notes',
] as const

/** The fields a request may leave out. */
export const OPTIONAL_ORDER_FIELDS = [
  'comments',
  'servings',
  'allergies',
  'fulfilment',
  'pickup_window',
  'delivery_street',
  'delivery_city',
  'delivery_postal_code',
  'delivery_notes',
] as const

/** The delivery address's fields, as the form names them. */
export const DELIVERY_FIELDS = [
  'delivery_street',
  'delivery_city',
  'delivery_postal_code',
  'delivery_notes',
] as const

/** Inspiration photos one order may carry. */
export const MAX_PHOTOS_PER_ORDER = 3

/** A send is refused past this many orders; nobody queues more by hand. */
export const MAX_ORDERS_PER_SEND = 100

/** Largest order-send body the server reads (JSON of up to 100 orders fits well within). */
export const MAX_ORDER_BODY_BYTES = 64 * 1024

/**
 * Every send carries the customer's tick that they have read the order
 * policies. Here rather than in the schema so the cart can recognise the
 * message without loading the validation library.
 */
export const POLICIES_NOT_ACCEPTED = 'Please confirm that you have read our order policies.'
