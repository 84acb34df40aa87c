import type { OutgoingEmail } from '#app/features/mail/email.ts'
import { detailsTable, emailButton, markup, ownerEmail } from '#app/features/mail/html.ts'
import type { OrderRequest } from './order-schema.ts'
import { orderLines, ordersSummary } from './order-summary.ts'

/** '1 new order request' / '3 new order requests' */
export function orderCountPhrase(count: number): string {
  return `${count} new order request${count === 1 ? '' : 's'}`
}

/** '1 inspiration photo attached' / '2 inspiration photos attached' */
export function photosAttachedPhrase(count: number): string {
  return `${count} inspiration photo${count === 1 ? '' : 's'} attached`
}

/**
 * The email that tells the owner about a batch of order requests. With the
 * stored requests' ids (in the orders' order) each order links to its page
 * in the order book, one tap from her inbox. `bakeryName` is hers (Settings ›
 * Your site), for the footer.
 */
export function composeOrderEmail(
  orders: OrderRequest[],
  {
    bakeryName,
    siteUrl,
    requestIds,
  }: { bakeryName: string; siteUrl?: string; requestIds?: readonly number[] },
): OutgoingEmail {
  const stored = siteUrl && requestIds ? { siteUrl, requestIds } : undefined
  const [first] = orders
  if (!first) throw new Error('An order email needs at least one order.')
  const summary = ordersSummary(orders)
  const heading = `${orderCountPhrase(orders.length)} from ${first.name}`
  const extrasOf = (order: OrderRequest, index: number) => {
    const photos = order.photos?.length ?? 0
    const id = stored?.requestIds[index]
    return {
      photos: photos > 0 ? photosAttachedPhrase(photos) : null,
      url: stored && id !== undefined ? `${stored.siteUrl}/admin/orders/${id}` : null,
    }
  }

  const separator = markup`<hr style="border:0;border-top:1px dashed #c9a99a;margin:20px 0">`
  const orderTables = orders.map((order, index) => {
    const { photos, url } = extrasOf(order, index)
    return markup`${index > 0 ? separator : null}<h2 style="font-size:18px;margin:24px 0 8px">Order ${index + 1}</h2>${photos ? markup`<p style="margin:0 0 8px;font-weight:700">${photos}.</p>` : null}${detailsTable(orderLines(order))}${url ? emailButton({ href: url, label: 'Open this request' }) : null}`
  })
  const extraLines = orders.flatMap((order, index) => {
    const { photos, url } = extrasOf(order, index)
    const parts = [photos ? `${photos}.` : null, url ? `Open this request: ${url}` : null]
    const line = parts.filter(Boolean).join(' ')
    return line ? [`Order ${index + 1}: ${line}`] : []
  })

  return ownerEmail({
    subject: heading,
    text: `${heading}.\n\n${summary}\n\n${extraLines.length ? `${extraLines.join('\n')}\n\n` : ''}Reply to this email to answer ${first.name}.\n`,
    content: orderTables,
    bakeryName,
    replyTo: { name: first.name, address: first.email },
    summary,
    orderCount: orders.length,
  })
}
