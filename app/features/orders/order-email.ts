import type { OutgoingEmail } from '../mail/email.ts'
import { detailsTable, markup, ownerEmailHtml } from '../mail/html.ts'
import type { OrderRequest } from './order-schema.ts'
import { orderLines, ordersSummary } from './order-summary.ts'

/** '1 new order request' / '3 new order requests' */
export function orderCountPhrase(count: number): string {
  return `${count} new order request${count === 1 ? '' : 's'}`
}

/** The email that tells the owner about a batch of order requests. */
export function composeOrderEmail(orders: OrderRequest[]): OutgoingEmail {
  const [first] = orders
  if (!first) throw new Error('An order email needs at least one order.')
  const summary = ordersSummary(orders)
  const heading = `${orderCountPhrase(orders.length)} from ${first.name}`

  const separator = markup`<hr style="border:0;border-top:1px dashed #c9a99a;margin:20px 0">`
  const orderTables = orders.map(
    (order, index) =>
      markup`${index > 0 ? separator : null}<h2 style="font-size:18px;margin:24px 0 8px">Order ${index + 1}</h2>${detailsTable(orderLines(order))}`,
  )

  return {
    subject: heading,
    text: `${heading}.\n\n${summary}\n\nReply to this email to answer ${first.name}.\n`,
    html: ownerEmailHtml({ heading, content: orderTables, replyName: first.name }),
    replyTo: { name: first.name, address: first.email },
    emailjs: {
      call: 'send',
      template: 'order',
      templateParams: { order_count: String(orders.length), orders_summary: summary },
    },
  }
}
