import { z } from 'zod/mini'
import { OUTSIDE_DATE_WINDOW, isCalendarDate, isRealDate } from '#app/utils/dates.ts'
import {
  emailAddress,
  noControlCharacters,
  optionalLine,
  personName,
  phoneNumber,
  plainText,
  singleLine,
  unreadableText,
} from '#app/utils/form-fields.ts'
import {
  FULFILMENT_OPTIONS,
  HEAR_ABOUT_US_OPTIONS,
  MAX_ORDERS_PER_SEND,
  MAX_PHOTOS_PER_ORDER,
  ORDER_LIMITS,
  OTHER_PRODUCT,
  POLICIES_NOT_ACCEPTED,
  productChoices,
} from './order-options.ts'

export { POLICIES_NOT_ACCEPTED }

export interface OrderRules {
  /** The bakery's date today (YYYY-MM-DD): an order cannot be due before it. */
  today: string
  /** The menu's active product names; 'Other' is always allowed besides. */
  products: readonly string[]
  /** Whether the owner offers delivery; without it, every order is picked up. */
  deliveryEnabled: boolean
}

/**
 * A request's details in her words: what she writes on the order form, what
 * she may ask to change from her page and what the owner may edit on the
 * order page, each read by these same rules.
 */
export const requestDetailsShape = {
  event_theme: singleLine('Event / theme', ORDER_LIMITS.event_theme),
  comments: z.optional(
    z
      .string(unreadableText('Comments'))
      .check(
        ...plainText(
          'Comments',
          'lines',
          z.maxLength(
            ORDER_LIMITS.comments,
            `Comments must be at most ${ORDER_LIMITS.comments} characters.`,
          ),
        ),
      ),
  ),
  servings: optionalLine('Servings or quantity', ORDER_LIMITS.servings),
  allergies: optionalLine('Allergies or dietary needs', ORDER_LIMITS.allergies),
}

/**
 * Who is ordering, asked once for the party however many treats she adds:
 * the order checks each of these fields by the same rules, and so does the
 * form when she changes them for the treats already in her cart.
 */
export const partyShape = {
  name: personName('Name', ORDER_LIMITS.name),
  email: emailAddress,
  phone_number: phoneNumber,
  hear_about_us: z.enum(HEAR_ABOUT_US_OPTIONS, 'Tell us how you heard about us.'),
}

export const partyContactSchema = z.object(partyShape)

/**
 * One order request. Whether its date can still be booked is the server's
 * to say when it is sent (features/availability); this checks the rest.
 */
export function orderRequestSchema({ today, products, deliveryEnabled }: OrderRules) {
  const allowed = new Set(productChoices(products))
  return z
    .object(
      {
        name: partyShape.name,
        email: partyShape.email,
        phone_number: partyShape.phone_number,
        product_type: productField(allowed),
        event_theme: requestDetailsShape.event_theme,
        due_date: dueDateField(today),
        hear_about_us: partyShape.hear_about_us,
        comments: requestDetailsShape.comments,
        servings: requestDetailsShape.servings,
        allergies: requestDetailsShape.allergies,
        fulfilment: fulfilmentField(deliveryEnabled),
        // Whether the day has this window is the server's to say on send (features/availability).
        pickup_window: z.optional(
          z
            .string(PICKUP_WINDOW_MESSAGE)
            .check(z.trim(), z.regex(/^\d{2}:\d{2}-\d{2}:\d{2}$/, PICKUP_WINDOW_MESSAGE)),
        ),
        delivery_street: optionalLine('Street address', ORDER_LIMITS.delivery_street),
        delivery_city: optionalLine('Town or city', ORDER_LIMITS.delivery_city),
        delivery_postal_code: optionalLine('Postal code', ORDER_LIMITS.delivery_postal_code),
        delivery_notes: optionalLine('Delivery notes', ORDER_LIMITS.delivery_notes),
        photos: PHOTOS_FIELD,
      },
      UNREADABLE_ORDER,
    )
    .check(...deliveryAddressChecks)
}

/** What she would like made: one of the menu's treats, or Other. */
function productField(allowed: Set<string>) {
  return z.string('Choose what you would like us to make.').check(
    z.minLength(1, {
      error: 'Choose what you would like us to make.',
      abort: true,
    }),
    z.refine((value) => allowed.has(value), {
      error: (issue) =>
        typeof issue.input === 'string' && /^[^\p{Cc}]{1,60}$/u.test(issue.input)
          ? `“${issue.input}” is not on our menu now. Please choose another treat, or ${OTHER_PRODUCT} and tell us about it.`
          : 'Choose what you would like us to make.',
    }),
  )
}

/** The order date: a real calendar date, today or later (whether it is open is the server's). */
function dueDateField(today: string) {
  return z.string('Order date is required.').check(
    z.minLength(1, 'Order date is required.'),
    noControlCharacters('Order date'),
    // abort: a date that does not exist gets one message, not a second about the past.
    z.refine(isRealDate, {
      error: 'Enter the order date as a date, e.g. 2026-12-24.',
      abort: true,
    }),
    z.refine(isCalendarDate, { error: OUTSIDE_DATE_WINDOW, abort: true }),
    z.refine((value) => value >= today, 'The order date cannot be in the past.'),
  )
}

/** Pickup or delivery: delivery only while the bakery delivers. */
function fulfilmentField(deliveryEnabled: boolean) {
  return z.optional(
    z
      .enum(FULFILMENT_OPTIONS, 'Choose pickup or delivery.')
      .check(
        z.refine(
          (value) => deliveryEnabled || value !== 'delivery',
          'We are not delivering at the moment; please choose pickup.',
        ),
      ),
  )
}

/** The inspiration photos' upload keys, at most MAX_PHOTOS_PER_ORDER. */
const PHOTOS_FIELD = z.optional(
  z
    .array(
      z
        .string('A photo could not be read; please add it again.')
        .check(
          z.regex(/^[A-Za-z0-9_-]{22,64}$/, 'A photo could not be read; please add it again.'),
        ),
      'The inspiration photos could not be read; please add them again.',
    )
    .check(
      z.maxLength(
        MAX_PHOTOS_PER_ORDER,
        `Add at most ${MAX_PHOTOS_PER_ORDER} inspiration photos to an order.`,
      ),
    ),
)

/** A delivery's street, town and postal code, each asked for beside the other fields' messages. */
const deliveryAddressChecks = (
  [
    ['delivery_street', 'Enter the street address for the delivery.'],
    ['delivery_city', 'Enter the town or city for the delivery.'],
    ['delivery_postal_code', 'Enter the postal code for the delivery.'],
  ] as const
).map(([field, message]) =>
  z.refine(
    (order) => {
      const given = order as Record<string, unknown>
      return given.fulfilment !== 'delivery' || Boolean(given[field])
    },
    // Beside the other fields' messages, so the customer sees all at once;
    // not when delivery itself is refused (the bakery is not delivering).
    {
      error: message,
      path: [field],
      // A custom `when` replaces zod's own guard, which skips refinements
      // once the type check fails: so this one checks the order is an
      // object itself (null is an object to typeof, and used to throw).
      when: ({ value, issues }) =>
        isRecord(value) && !issues.some((issue) => issue.path?.[0] === 'fulfilment'),
    },
  ),
)

/** Said of an order that is not an object of fields at all (null, a number, a list). */
const UNREADABLE_ORDER = 'We could not read this order. Please fill it in again.'

/** Said when `orders` is missing or not a list: the same words as a body that is not JSON. */
export const UNREADABLE_ORDERS = 'We could not read your orders. Please try again.'

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Said when `pickup_window` is not written as a window. */
export const PICKUP_WINDOW_MESSAGE = 'Choose a pickup time from the list for your date.'

export function orderBatchSchema(options: OrderRules) {
  return z.object({
    accept_policies: z.union([z.literal(true), z.literal('on')], POLICIES_NOT_ACCEPTED),
    orders: z
      .array(orderRequestSchema(options), UNREADABLE_ORDERS)
      .check(
        z.minLength(1, 'Your cart is empty.'),
        z.maxLength(
          MAX_ORDERS_PER_SEND,
          `You can send at most ${MAX_ORDERS_PER_SEND} orders at once. Please send the rest separately.`,
        ),
      ),
  })
}

export type OrderRequest = z.infer<ReturnType<typeof orderRequestSchema>>
export type OrderField = keyof OrderRequest
/** An order's fields as she typed them, to fill the form again. */
export type OrderValues = Partial<Record<OrderField, string>>
