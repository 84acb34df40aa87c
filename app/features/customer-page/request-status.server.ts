import type { Db } from '#app/db/db.server.ts'
import { tablesFor } from '#app/db/feature-tables.ts'
import { listInspirationPhotos } from '#app/features/inspiration/inspiration-photos.server.ts'
import {
  HANDOVER_COLUMNS,
  addressOf,
  formatDeliveryAddress,
} from '#app/features/order-book/handover.ts'
import { readPickupAddressLine } from '#app/features/order-book/pickup-address.server.ts'
import { BOOKED_STATUSES } from '#app/features/order-status/order-status.ts'
import { themeLabel } from '#app/features/order-status/theme-label.ts'
import { bakeryDateTimeFormat } from '#app/utils/local-settings.ts'
import { htmlToShow, renderMarkdown } from '#app/utils/markdown.server.ts'
import type { RequestStatusView } from './request-status.ts'

const ownTables = tablesFor('customer-page')

const isBooked = (status: string) => (BOOKED_STATUSES as readonly string[]).includes(status)

/**
 * What newCustomerToken makes (base64url), with room for longer ones. A path
 * that cannot be a token is not looked up; it gets the same 404 page as a
 * token nobody holds, so the answer tells nothing either way.
 */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{22,64}$/

const sentFormat = () =>
  bakeryDateTimeFormat({
    dateStyle: 'long',
  })

/**
 * The requests a private link shows: those of one customer in one send, and
 * never another customer's from the same send (each has their own token).
 * Undefined when no request holds the token.
 */
export async function readRequestStatus(
  db: Db,
  token: string,
): Promise<RequestStatusView | undefined> {
  if (!TOKEN_PATTERN.test(token)) return undefined
  const rows = await ownTables(db)
    .selectFrom('order_request')
    .innerJoin('order_batch', 'order_batch.id', 'order_request.batch_id')
    .select([
      'order_request.id',
      'order_request.position',
      'order_request.event_theme_holds',
      'order_request.name',
      'order_request.product_type',
      'order_request.due_date',
      'order_request.event_theme',
      'order_request.servings',
      'order_request.allergies',
      'order_request.fulfilment',
      ...HANDOVER_COLUMNS,
      'order_request.comments',
      'order_request.status',
      'order_batch.created_at',
      'order_batch.accepted_policies',
      'order_batch.accepted_policies_html',
    ])
    .where('order_request.customer_token', '=', token)
    .orderBy('order_request.position')
    .execute()
  const [first] = rows
  if (!first) return undefined
  const positionOf = new Map(rows.map((row) => [row.id, row.position]))
  const photos = await listInspirationPhotos(
    db,
    rows.map((row) => row.id),
  )
  // The bakery's address is private until the owner confirms: read only then.
  const collects = (row: (typeof rows)[number]) =>
    isBooked(row.status) && row.fulfilment !== 'delivery'
  const pickupAddress = rows.some(collects) ? (await readPickupAddressLine(db)) || null : null
  return {
    token,
    customerName: first.name,
    sentAt: first.created_at,
    sentLabel: sentFormat().format(new Date(first.created_at)),
    requests: rows.map((row) => ({
      position: row.position,
      productType: row.product_type,
      dueDate: row.due_date,
      eventTheme: row.event_theme,
      eventThemeLabel: themeLabel(row.event_theme_holds),
      servings: row.servings,
      allergies: row.allergies,
      fulfilment: row.fulfilment,
      window: row.pickup_window,
      deliveryAddress: formatDeliveryAddress(addressOf(row)),
      pickupAddress: collects(row) ? pickupAddress : null,
      comments: row.comments,
      status: row.status,
    })),
    acceptedPoliciesHtml:
      first.accepted_policies === null
        ? null
        : htmlToShow(first.accepted_policies, first.accepted_policies_html),
    photos: photos.map(({ requestId, ...photo }) => ({
      ...photo,
      requestPosition: positionOf.get(requestId)!,
    })),
  }
}

/** The ids of the requests a private link shows; none for a token nobody holds. */
export async function requestIdsOfToken(db: Db, token: string): Promise<number[]> {
  if (!TOKEN_PATTERN.test(token)) return []
  const rows = await ownTables(db)
    .selectFrom('order_request')
    .select('id')
    .where('customer_token', '=', token)
    .execute()
  return rows.map((row) => row.id)
}

/**
 * Renders the policies of sends stored before renderings were kept: run at
 * boot. Sends share a handful of texts (one per version of the policies), so
 * each is rendered once and written to every batch that accepted it. A text
 * that cannot be rendered keeps none: its page shows it as plain paragraphs.
 * Returns how many batches it wrote.
 */
export async function renderStoredAcceptedPolicies(db: Db): Promise<number> {
  const texts = await ownTables(db)
    .selectFrom('order_batch')
    .select('accepted_policies')
    .distinct()
    .where('accepted_policies', 'is not', null)
    .where('accepted_policies_html', 'is', null)
    .execute()
  let written = 0
  for (const { accepted_policies: markdown } of texts) {
    const rendered = renderMarkdown(markdown!)
    if (!rendered.ok) continue
    const result = await ownTables(db)
      .updateTable('order_batch')
      .set({ accepted_policies_html: rendered.html })
      .where('accepted_policies', '=', markdown)
      .where('accepted_policies_html', 'is', null)
      .executeTakeFirst()
    written += Number(result.numUpdatedRows)
  }
  return written
}
