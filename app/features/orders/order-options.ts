import { site } from '#app/content/site.ts'
import { todayIn } from '#app/utils/dates.ts'

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
 * The choice offered beside the menu's products for anything else: always
 * there, never a product of its own.
 */
export const OTHER_PRODUCT = 'Other'

/** What an order's product_type may be: the menu's active product names, then 'Other'. */
export function productChoices(activeNames: readonly string[]): string[] {
  return [...activeNames.filter((name) => name !== OTHER_PRODUCT), OTHER_PRODUCT]
}

/** The order request's fields, as the form names them; all but comments are required. */
export const ORDER_FIELDS = [
  'name',
  'email',
  'phone_number',
  'product_type',
  'event_theme',
  'due_date',
  'hear_about_us',
  'comments',
] as const

/** A send is refused past this many orders; nobody queues more by hand. */
export const MAX_ORDERS_PER_SEND = 100

/** Largest order-send body the server reads (JSON of up to 100 orders fits well within). */
export const MAX_ORDER_BODY_BYTES = 64 * 1024

/** The bakery's date today (YYYY-MM-DD): the earliest date an order can be due. */
export function orderToday(now: Date = new Date()): string {
  return todayIn(site.timeZone, now)
}
