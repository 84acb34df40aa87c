import { site } from '#app/content/site.ts'
import { escapeHtml } from '#app/utils/html.ts'
import type { OutgoingEmail } from '../mail/email.ts'
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

  const orderTables = orders
    .map((order, index) => {
      const rows = orderLines(order)
        .map(
          ([label, value]) =>
            `<tr><th align="left" style="padding:4px 12px 4px 0;color:#6b3e2e;font-weight:600;vertical-align:top">${escapeHtml(label)}</th><td style="padding:4px 0;white-space:pre-wrap">${escapeHtml(value)}</td></tr>`,
        )
        .join('')
      return `<h2 style="font-size:18px;margin:24px 0 8px">Order ${index + 1}</h2><table role="presentation" style="border-collapse:collapse">${rows}</table>`
    })
    .join('<hr style="border:0;border-top:1px dashed #c9a99a;margin:20px 0">')

  return {
    subject: heading,
    text: `${heading}.\n\n${summary}\n\nReply to this email to answer ${first.name}.\n`,
    html: `<!doctype html><html><body style="font-family:Helvetica,Arial,sans-serif;color:#3b2418;line-height:1.5"><h1 style="font-size:22px">${escapeHtml(heading)}</h1>${orderTables}<p style="margin-top:24px;color:#6b3e2e">Reply to this email to answer ${escapeHtml(first.name)}. Sent by the ${escapeHtml(site.brandTitle)} website.</p></body></html>`,
    replyTo: { name: first.name, address: first.email },
    emailjs: {
      call: 'send',
      template: 'order',
      templateParams: { order_count: String(orders.length), orders_summary: summary },
    },
  }
}
